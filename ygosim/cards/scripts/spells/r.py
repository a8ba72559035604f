"""Spells: R."""
from __future__ import annotations

from ....engine import actions as A
from ....engine.actions import ANY, OPP
from ....engine.effects import Target, script, spell

script("Raigeki", spell(condition=A.exists(A.monsters(OPP)),
                        operation=A.destroy(A.monsters(OPP))))
script("Remove Trap", spell(
    target=Target(A.spells_traps(ANY, faceup=True, filter=A.is_trap),
                  prompt="choose a face-up Trap Card"),
    operation=A.destroy(A.targets)))
