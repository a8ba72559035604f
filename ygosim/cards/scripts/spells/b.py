"""Spells: B."""
from __future__ import annotations

from ....engine import actions as A
from ....engine import const as K
from ....engine.actions import ANY, OPP
from ....engine.const import ATTACK, BANISHED, DECK, GY
from ....engine.effects import Target, continuous, quickplay, script, spell, trigger
from ....engine.gy_lock import gy_lock_negates
from ..common import (can_discard, discard, equip_spell, equipped_only, free_zone, not_this,
                      summonable)

# An Equip Spell (+500 ATK); when it goes from the field to the Graveyard (destroyed, or its
# monster left, even Set), the opponent takes 500 damage (mandatory).
script("Black Pendant", *equip_spell(None, 500, 0),
       trigger(K.EV_TO_GY, A.damage(500, OPP), optional=False, range=GY,
               condition=A.from_field,
               label="500 damage"))


def _book_of_life_targets(d, link):
    p = link["player"]
    mine = [c for c in d.gy[p] if summonable(A.is_type("Zombie"))(d, c)]
    if gy_lock_negates(d):
        return mine     # (today's Necrovalley: nothing may be banished from a Graveyard)
    return mine + [c for c in d.gy[1 - p] if d.data[c].is_monster]


def _mine(d, link):
    return [c for c in A.targets(d, link) if d.owner[c] == link["player"]]


def _theirs(d, link):
    return [c for c in A.targets(d, link) if d.owner[c] != link["player"]]


# Target a Zombie in your Graveyard and a monster in the opponent's: Special Summon the first,
# banish the second (each part for the target that is still there).
script("Book of Life", spell(
    condition=free_zone,
    target=Target(_book_of_life_targets, count=2,
                  prompt="choose a Zombie in your Graveyard and a monster in your opponent's",
                  constraint=lambda d, link, cards: sum(
                      1 for c in cards if d.owner[c] == link["player"]) == 1),
    operation=(A.special_summon(_mine), A.send_to(_theirs, BANISHED))))

# Target a face-up monster on the field (not a Token) and change it to face-down Defense
# Position. (Not in the Damage Step: the Quick-Play default.)
script("Book of Moon", quickplay(
    target=Target(A.monsters(A.ANY, filter=A.can_turn_facedown),
                  prompt="choose a face-up monster to turn face-down"),
    operation=A.set_facedown(A.targets)))

script("Book of Secret Arts", *equip_spell(A.is_type("Spellcaster"), 300, 300))

# Target a face-down monster: it is turned face-up in Attack Position (not a Flip Summon; its
# FLIP effect activates).
script("Book of Taiyou", spell(
    target=Target(A.monsters(ANY, faceup=False), prompt="choose a face-down monster"),
    operation=A.flip_faceup(A.targets, ATTACK)))


def _brain_control(filter=None):
    """Pay 800 LP; target a face-up monster the opponent controls (matching filter): you control
    it until the End Phase."""
    return spell(condition=free_zone, cost=A.pay_lp(800), can_pay=A.lp_at_least(800),
                 target=Target(A.monsters(OPP, faceup=True, filter=filter),
                               prompt="choose a face-up monster your opponent controls"),
                 operation=A.take_control(A.targets))


# Today: only a monster that could be Normal Summoned or Set.
script("Brain Control", _brain_control(lambda d, c: d.ns_tributes[c] >= 0 and
                                       A.control_changeable(d, c)))
# 2005: any face-up monster (a Fusion Monster, Black Luster Soldier, a Token).
script("Brain Control", _brain_control(A.control_changeable), era="goat")


# Big Bang Shot: Equip Spell, +400 ATK and piercing battle damage. When it leaves the field the
# monster it was equipped to is banished (no Chain: a card-link, BIND_BANISH_ON_LEAVE; not when
# the monster left or was turned face-down first, which sends this card away).
script("Big Bang Shot", *equip_spell(None, 400, 0, bind=K.BIND_BANISH_ON_LEAVE),
       continuous("piercing", equipped_only), extra={"bind": K.BIND_BANISH_ON_LEAVE})

# Back to Square One: discard 1 card (cost), then target a card on the field: it goes on top of
# its owner's Deck (a Token ceases to exist; an Extra Deck monster goes to the Extra Deck).
script("Back to Square One", spell(
    cost=discard(1, cost=True), can_pay=can_discard(1),
    target=Target(not_this(A.union(A.monsters(ANY), A.spells_traps(ANY))),
                  prompt="choose a card on the field"),
    operation=A.send_to(A.targets, DECK)))
