"""Traps: F."""
from __future__ import annotations

from ....engine.effects import continuous, script, trap


def _faceup(d, src, c):
    return d.faceup(c)


# A Continuous Trap: while it is face-up, every face-up monster is changed to Attack Position
# and cannot change its battle position.
script("Final Attack Orders", trap(),
       continuous("force_attack", _faceup),
       continuous("no_position_change", _faceup))
