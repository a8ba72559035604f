"""Traps: R."""
from __future__ import annotations

from ....engine import actions as A
from ....engine.actions import ANY
from ....engine.effects import Target, script, trap

# ATK/DEF changers may be activated in the Damage Step (until damage calculation).
script("Reinforcements", trap(
    target=Target(A.monsters(ANY, faceup=True), prompt="choose a face-up monster"),
    damage_step=True, operation=A.modify(A.targets, atk=500)))

# Every ATK/DEF increase or decrease applies reversed this turn (a second one changes nothing).
script("Reverse Trap", trap(operation=A.player_flag("reverse_stats", who=ANY)))
