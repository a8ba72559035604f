"""Traps: C."""
from __future__ import annotations

from ....engine import actions as A
from ....engine.actions import ANY
from ....engine.effects import Target, script, trap

# ATK/DEF changers may be activated in the Damage Step (until damage calculation).
script("Castle Walls", trap(
    target=Target(A.monsters(ANY, faceup=True), prompt="choose a face-up monster"),
    damage_step=True, operation=A.modify(A.targets, def_=500)))
