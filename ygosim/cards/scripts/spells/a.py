"""Spells: A."""
from __future__ import annotations

from ....engine import actions as A
from ....engine import const as K
from ....engine.actions import OPP, YOU
from ....engine.const import DECK, GY
from ....engine.const import SZONE
from ....engine.effects import Target, continuous, ignition, script, spell, trigger
from ..common import all_of, can_discard, discard, equip_spell, revive_equip

# Discard one card (cost), then target a card in your Graveyard: put
# it on top of your Deck.
script("A Feather of the Phoenix", spell(
    cost=discard(1, cost=True), can_pay=can_discard(1),
    target=Target(A.pile(GY, YOU), prompt="choose a card in your Graveyard"),
    operation=A.send_to(A.targets, DECK)))

script("Ancient Telescope", spell(
    condition=A.exists(A.pile(DECK, OPP)),
    operation=A.reveal(lambda d, link: d.top_cards(1 - link["player"], 5))))


def _oath_reveal(d, link):
    """Archfiend's Oath: show the top card of the Deck; the declared card goes to the hand,
    anything else to the Graveyard."""
    p = link["player"]
    if not d.deck[p]:
        return
    c = d.top_cards(p, 1)[0]
    d.reveal([c], head=f"{d.names[p]} turns over")      # shown to both
    if d.data[c].name == link["vars"].get("declared"):
        d.send([c], K.HAND, K.R_EFFECT, p)
    else:
        d.send([c], GY, K.R_EFFECT, p)


# Archfiend's Oath (Continuous Spell): once per turn, in your Main Phase (an Ignition-like
# effect of the face-up card, Spell Speed 1): pay 500 LP (cost) and declare a card name (on
# activation; any name of the duel's cards); turn over your top card: if it is the declared card it goes to
# your hand, otherwise to the Graveyard. It needs a card in the Deck.
script("Archfiend's Oath", spell(),
       ignition(_oath_reveal,
                cost=(A.pay_lp(500),) + A.declare(A.card_names, prompt="declare a card name"),
                can_pay=A.lp_at_least(500), once_per_turn=True,
                condition=lambda d, link: bool(d.deck[link["player"]]), range=SZONE,
                label="pay 500 LP, declare a card, turn over the top card"))


def _axe(misses_timing):
    return (*equip_spell(None, 1000, 0),
            trigger(K.EV_TO_GY, A.send_to(A.this_card_still, DECK), when=misses_timing,
                    range=GY, condition=all_of(A.from_field, A.exists(A.monsters(YOU))),
                    cost=A.tribute(A.monsters(YOU)),
                    label="Tribute a monster: back on top of the Deck"))


# Axe of Despair: Equip Spell, +1000 ATK. When it is sent from the field to the Graveyard, its
# player may Tribute one of their monsters (cost) to put it on top of their Deck. Today an
# optional "When ...: You can" trigger, so it can miss the timing. 2005: it does not (ruling
# chosen, no 2005 source settling it: EDOPro's Goat script, "doesn't miss timing", as for
# Horn of Light and Malevolent Nuzzler, the other Equip Spells that return to the top of the
# Deck; docs/rulings-choices.md).
script("Axe of Despair", *_axe(True))
script("Axe of Despair", *_axe(False), era="goat")

# Autonomous Action Unit (Equip Spell): pay 1500 LP (cost), target a monster in the opponent's
# Graveyard: Special Summon it to your field in Attack Position, equipped with this card; when
# this card is destroyed, that monster is destroyed.
script("Autonomous Action Unit", revive_equip(1500, OPP), extra={"bind": K.BIND_KILL_ON_DESTROY})

def _array_type(d, src):
    n = d.counter(src, "declared")
    return A.TYPES_2005[n - 1] if n else None


def _array_stops(d, src, c):
    """A monster of the declared Type Summoned (Normal, Flip or Special) this turn."""
    t = d.turn
    return d.data[c].type == _array_type(d, src) and (
        (d.turn_in[c] == t and d.summon[c] != K.SUM_SET and d.summon[c] != 0) or
        (d.flip_turn[c] == t and d.pos_turn[c] == t))


# Array of Revealing Light (Field Spell): declare a monster Type on activation; monsters of that
# Type cannot declare an attack in the turn they are Normal, Flip or Special Summoned.
script("Array of Revealing Light",
       spell(cost=A.declare(A.TYPES_2005, prompt="declare a Type"),
             operation=A.remember("declared",
                                  lambda d, link: A.TYPES_2005.index(link["vars"]["declared"]) + 1)),
       continuous("cannot_attack", _array_stops))
