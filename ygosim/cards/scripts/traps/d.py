"""Traps: D."""
from __future__ import annotations

from ....engine import actions as A
from ....engine.actions import OPP
from ....engine.effects import Target, continuous, script, trap


def _is_dragon(d, src, c):
    return d.data[c].type == "Dragon" and d.faceup(c)


script("Dragon Capture Jar", trap(),
       continuous("force_defense", _is_dragon),
       continuous("no_position_change", _is_dragon))

# Target a Spell/Trap Card the opponent controls and destroy it; then (only if it was
# destroyed) you may Set a Spell/Trap Card from your hand.
script("Dust Tornado", trap(
    target=Target(A.spells_traps(OPP), prompt="choose a Spell/Trap Card your opponent controls"),
    operation=(A.destroy(A.targets),
               A.when(lambda d, link: not A.targets(d, link), A.set_from_hand()))))
