"""Monsters: M."""
from __future__ import annotations

from ....engine import actions as A
from ....engine import const as K
from ....engine.actions import ANY
from ....engine.effects import Target, flip, script, trigger
from ..extra_deck import pendulum_monster

script("Man-Eater Bug", flip(A.destroy(A.targets),
                             target=Target(A.monsters(ANY), prompt="choose a monster to destroy"),
                             label="destroy a monster"))

pendulum_monster("Mandragon")       # a Pendulum Normal Monster (scales in the card facts)

script("Mysterious Puppeteer", trigger(
    (K.EV_NORMAL_SUMMONED, K.EV_FLIP_SUMMONED), A.gain_lp(500), optional=False,
    condition=A.event_is(K.EV_NORMAL_SUMMONED, K.EV_FLIP_SUMMONED, own=False),
    label="gain 500 LP"))
