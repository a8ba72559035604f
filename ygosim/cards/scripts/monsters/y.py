"""Monsters: Y."""
from __future__ import annotations

from ....engine import actions as A
from ....engine import const as K
from ....engine.actions import OPP
from ....engine.effects import script, trigger
from ..common import battle_destroyed_in_gy
from .x import discard_to_destroy, dragon_cannon

# YZ-Tank Dragon: a contact fusion of Y-Dragon Head and Z-Metal Tank (see x.dragon_cannon);
# discard 1 card to destroy a face-down monster the opponent controls.
dragon_cannon("YZ-Tank Dragon", discard_to_destroy(
    A.monsters(OPP, faceup=False), "choose a face-down monster your opponent controls"))


# Yomi Ship: destroyed by battle and sent to the Graveyard, it destroys the monster that
# destroyed it (mandatory; nothing if that monster is gone too).
script("Yomi Ship", trigger(
    K.EV_BATTLE_DESTROYED, A.destroy(A.other_battler), optional=False, range=K.GY,
    condition=battle_destroyed_in_gy, label="destroy the monster that destroyed it"))
