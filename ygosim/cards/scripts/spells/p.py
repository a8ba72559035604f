"""Spells: P."""
from __future__ import annotations

from ....engine import actions as A
from ....engine import const as K
from ....engine.effects import continuous, quickplay, script, spell
from ..common import revive_equip
from ..summoning import fusion_spell

script("Polymerization", fusion_spell())
script("Pot of Greed", spell(condition=lambda d, link: len(d.deck[link["player"]]) >= 2,
                             operation=A.draw(2)))


# Pay 800 LP (a cost); target a monster in your Graveyard: Special Summon it in Attack Position
# and equip it with this card. When this card is destroyed, that monster is destroyed (the
# card-link; if this card leaves the field another way, the monster stays; if the monster
# leaves the field or is turned face-down, this card is destroyed as an Equip Card is).
script("Premature Burial", revive_equip(800, A.YOU), extra={"bind": K.BIND_KILL_ON_DESTROY})


def _declared_name(d, src):
    n = d.counter(src, "declared")
    return A.card_names(d, None)[n - 1] if n else None


def _prohibited(d, src, c):
    """A card of the declared name that was not on the field when Prohibition began to
    apply."""
    return d.data[c].name == _declared_name(d, src) and \
        not d.card_flag(c, "prohibition_exempt")


def _prohibit(d, link):
    """On resolution: keep the declared name on the card (as its number among the duel's
    names: actions.remember) and exempt the copies on the field now (face-down ones too)."""
    src, name = link["card"], link["vars"].get("declared")
    if name is None or not (d.loc[src] & K.FIELD) or d.mid[src] != link["cmid"]:
        return
    A.remember("declared", lambda d2, l2: A.card_names(d2, l2).index(name) + 1)(d, link)
    for p in (0, 1):
        for c in d.field_cards(p):
            if d.data[c].name == name:
                d.flag_card(c, "prohibition_exempt", K.FOREVER)


# Prohibition (Continuous Spell): declare a card name on activation; while it is face-up,
# cards of that name cannot be activated (nor their effects), Normal Summoned, Set or Special
# Summoned, from anywhere (flow.chain.prohibited); the copies already on the field when it
# resolved are not affected (face-down ones included: PSV-era text, docs/goat-cards.md).
# Our choices: a trigger of an exempt monster that has left the field still activates (the
# Mystic Tomato ruling); discarding a declared card as a cost is allowed (it is not "used").
script("Prohibition",
       spell(cost=A.declare(A.card_names, prompt="declare a card name"), operation=_prohibit),
       continuous("prohibited", _prohibited))


# Poison of the Old Man (Quick-Play), one of two uses chosen on activation: gain 1200 LP, or
# (`activate Poison of the Old Man effect 2`) deal 800 damage to the opponent.
script("Poison of the Old Man", quickplay(operation=A.gain_lp(1200)),
       quickplay(operation=A.damage(800, A.OPP)))
