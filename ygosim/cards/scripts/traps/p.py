"""Traps: P."""
from __future__ import annotations

from ....engine import actions as A
from ....engine.actions import OPP, YOU
from ....engine.effects import Target, script, trap
from ..common import can_discard, discard

# For the rest of this turn, effect damage to you is 0.
script("Pikeru's Circle of Enchantment", trap(operation=A.player_flag("no_effect_damage",
                                                                      who=YOU)))

# Discard one card (cost), then target a card the opponent controls: it goes on top of its
# owner's Deck (a Fusion Monster to the Fusion Deck; a Token ceases to exist).
script("Phoenix Wing Wind Blast", trap(
    cost=discard(1, cost=True), can_pay=can_discard(1),
    target=Target(A.union(A.monsters(OPP), A.spells_traps(OPP)),
                  prompt="choose a card your opponent controls"),
    operation=A.to_deck(A.targets)))
