"""Traps: G."""
from __future__ import annotations

from ....engine.effects import continuous, script, trap


def _level_4_or_more(d, src, c):
    return d.level(c) >= 4


# A Continuous Trap: while it is face-up, no Level 4 or higher monster (either player's) can
# declare an attack.
script("Gravity Bind", trap(), continuous("cannot_attack", _level_4_or_more))
