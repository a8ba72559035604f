"""Traps: X."""
from __future__ import annotations

from ....engine import actions as A
from ....engine.actions import ANY
from ....engine.const import FACEDOWN
from ....engine.effects import Target, continuous, script, trap

_set_cards = A.spells_traps(ANY, faceup=False)


def _still_set(d, link):
    """The targets that are still Set (a target activated in answer is not held)."""
    return [c for c in A.targets(d, link) if d.pos[c] & FACEDOWN]


# Xing Zhen Hu (Continuous Trap): target two Set Spell/Trap Cards on the field (either side;
# not itself: it is face-up once activated); while it stays face-up, those cards cannot be
# activated. A target activated in answer, or gone, is not held; a held card that moves or is
# turned face-up is free (a new card); the hold ends when this card leaves the field.
script("Xing Zhen Hu", trap(
    target=Target(_set_cards, count=2, prompt="choose 2 Set Spell/Trap Cards"),
    operation=A.hold(_still_set)),
    continuous("cannot_activate", A.holds))
