"""Monsters: O."""
from __future__ import annotations

from ....engine import actions as A
from ....engine.actions import OPP
from ....engine.effects import Target, flip, script

# Old Vindictive Magician: FLIP: target a monster the opponent controls and destroy it.
script("Old Vindictive Magician", flip(
    A.destroy(A.targets), target=Target(A.monsters(OPP), prompt="choose a monster to destroy"),
    label="destroy an opponent's monster"))
