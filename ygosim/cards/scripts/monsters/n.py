"""Monsters: N."""
from __future__ import annotations

from ....engine import actions as A
from ....engine import const as K
from ....engine.actions import OPP, YOU
from ....engine.const import GY, HAND
from ....engine.effects import Target, flip, script, trigger


def _flip_monster(d, c):
    data = d.data[c]
    return data.is_monster and "flip" in data.frames and data.name != "Night Assailant"


def _from_hand_to_gy(d, link):
    ev = link.get("event")
    return ev is not None and ev[1] == link["card"] and ev[6][0] == HAND


# FLIP: destroy a monster the opponent controls (targets). Sent from the hand to the Graveyard
# (a discard for a cost or by an effect, the hand size limit...): return a Flip monster other
# than Night Assailant from the Graveyard to the hand (mandatory; it targets, so with no such
# monster it does not activate).
script("Night Assailant",
       flip(A.destroy(A.targets), target=Target(A.monsters(OPP),
                                                prompt="choose a monster to destroy"),
            label="destroy an opponent's monster"),
       trigger(K.EV_TO_GY, A.to_hand(A.targets), optional=False, range=GY,
               condition=_from_hand_to_gy,
               target=Target(A.pile(GY, YOU, _flip_monster),
                             prompt="choose a Flip monster in your Graveyard"),
               label="return a Flip monster from the Graveyard to the hand"))
