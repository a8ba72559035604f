"""Spells: F."""
from __future__ import annotations

from ....engine import actions as A
from ....engine.actions import OPP
from ....engine.effects import script, spell

_opp_faceup = A.monsters(OPP, faceup=True)

# The face-up monster the opponent controls with the lowest ATK (you pick among ties).
script("Fissure", spell(
    condition=A.exists(_opp_faceup),
    operation=(A.choose(A.lowest_atk(_opp_faceup), prompt="choose the monster with the "
                                                          "lowest ATK to destroy"),
               A.destroy(A.chosen()))))
