"""Traps: D."""
from __future__ import annotations

from ....engine.effects import continuous, script, trap


def _is_dragon(d, src, c):
    return d.data[c].type == "Dragon" and d.faceup(c)


script("Dragon Capture Jar", trap(),
       continuous("force_defense", _is_dragon),
       continuous("no_position_change", _is_dragon))
