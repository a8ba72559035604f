"""Spells: O."""
from __future__ import annotations

from ....engine import actions as A
from ....engine import const as K
from ....engine.actions import ANY, OPP, YOU
from ....engine.effects import Target, quickplay, script, spell
from ....engine.flow.turn import SKIP_DRAW

script("Ookazi", spell(operation=A.damage(800, OPP)))



# Offerings to the Doomed (Quick-Play): target a face-up monster on the field: destroy it; you
# skip your next Draw Phase (even if the monster is no longer there to destroy).
script("Offerings to the Doomed", quickplay(
    target=Target(A.monsters(ANY, faceup=True), prompt="choose a face-up monster"),
    operation=(A.destroy(A.targets), A.player_flag(SKIP_DRAW, who=YOU, turns=K.FOREVER))))
