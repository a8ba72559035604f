"""Monsters: Y."""
from __future__ import annotations

from ....engine import actions as A
from ....engine.actions import OPP
from .x import discard_to_destroy, dragon_cannon

# YZ-Tank Dragon: a contact fusion of Y-Dragon Head and Z-Metal Tank (see x.dragon_cannon);
# discard 1 card to destroy a face-down monster the opponent controls.
dragon_cannon("YZ-Tank Dragon", discard_to_destroy(
    A.monsters(OPP, faceup=False), "choose a face-down monster your opponent controls"))
