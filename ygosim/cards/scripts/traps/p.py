"""Traps: P."""
from __future__ import annotations

from ....engine import actions as A
from ....engine.actions import YOU
from ....engine.effects import script, trap

# For the rest of this turn, effect damage to you is 0.
script("Pikeru's Circle of Enchantment", trap(operation=A.player_flag("no_effect_damage",
                                                                      who=YOU)))
