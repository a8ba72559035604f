"""Monsters: H."""
from __future__ import annotations

from ....engine import actions as A
from ....engine.actions import ANY
from ....engine.effects import Target, flip, script

script("Hane-Hane", flip(A.to_hand(A.targets),
                         target=Target(A.monsters(ANY),
                                       prompt="choose a monster to return to the hand"),
                         label="return a monster to the hand"))
