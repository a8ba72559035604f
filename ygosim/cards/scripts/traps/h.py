"""Traps: H."""
from __future__ import annotations

from ....engine import actions as A
from ....engine.actions import OPP, YOU
from ....engine.effects import script, trap
from ..common import can_discard, discard

_COST = dict(cost=discard(1, cost=True), can_pay=can_discard(1))

# Hallowed Life Barrier: discard a card (cost); for the rest of the turn, the damage you would
# take from the opponent becomes 0 (battle damage, and their cards' effect damage: Duel.damage
# reads the player flag `no_damage_from_opp`); today your monsters also cannot be destroyed by
# battle this turn ...
script("Hallowed Life Barrier", trap(
    operation=(A.player_flag("no_damage_from_opp", who=YOU),
               A.player_flag("battle_indestructible", who=YOU)), **_COST))
# ... in 2005 only the damage (Pojo's review, 2004-10-11: "it does not protect your monsters";
# EDOPro's Goat version).
script("Hallowed Life Barrier", trap(
    operation=A.player_flag("no_damage_from_opp", who=YOU), **_COST), era="goat")


# Heavy Slump: only while the opponent holds 8 or more cards: they shuffle their whole hand into
# the Deck, then draw 2 cards.
script("Heavy Slump", trap(condition=lambda d, link: len(d.hand[1 - link["player"]]) >= 8,
                           operation=A.hand_into_deck(OPP, then_draw=2)))
