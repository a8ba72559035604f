"""Traps: W."""
from __future__ import annotations

from ....engine import actions as A
from ....engine.actions import YOU
from ....engine.effects import script, trap

script("Waboku", trap(operation=(A.player_flag("no_battle_damage", who=YOU),
                                 A.player_flag("battle_indestructible", who=YOU))))
