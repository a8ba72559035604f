"""Monsters: Z."""
from __future__ import annotations

from ....engine import actions as A
from ....engine import const as K
from ....engine.actions import ANY
from ....engine.effects import Target, continuous, script, trigger
from ..common import itself


def _zombyra(event):
    """It cannot attack directly; when it destroys a monster by battle it loses 200 ATK for as
    long as it stays face-up (mandatory)."""
    return (continuous("no_direct_attack", itself),
            trigger(event, A.modify(A.this_card_here, atk=-200, until=K.FOREVER),
                    optional=False, condition=A.destroys_by_battle, label="lose 200 ATK"))


# Today: a trigger once the destroyed monster is sent to the Graveyard. 2005 (EDOPro's Goat
# version): at the end of that damage calculation, the destroyed monster still on the field.
script("Zombyra the Dark", *_zombyra(K.EV_BATTLE_DESTROYED))
script("Zombyra the Dark", *_zombyra(K.EV_AFTER_CALC), era="goat")


# Zaborg the Thunder Monarch: when Tribute Summoned, target a monster on the field (itself too:
# alone on the field it must destroy itself) and destroy it (mandatory).
script("Zaborg the Thunder Monarch", trigger(
    K.EV_NORMAL_SUMMONED, A.destroy(A.targets), optional=False, condition=A.tribute_summoned,
    target=Target(A.monsters(ANY), prompt="choose a monster to destroy"),
    label="destroy a monster"))
