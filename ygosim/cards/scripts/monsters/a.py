"""Monsters: A."""
from __future__ import annotations

from ....engine import actions as A
from ....engine import const as K
from ....engine.effects import continuous, script, trigger
from ..common import spirit_return


def _this(d, src, c):
    return c == src


# Piercing; when it inflicts battle damage to the opponent, its controller draws 1 (mandatory).
script("Airknight Parshath",
       continuous("piercing", _this),
       trigger(K.EV_DAMAGE, A.draw(1), optional=False, condition=A.inflicts_battle_damage(),
               label="draw 1 card"))

# A Spirit (returns to the hand in the End Phase of the turn it was Normal Summoned or flipped;
# cannot be Special Summoned) that may attack each of the opponent's monsters once.
script("Asura Priest", spirit_return(), continuous("attack_all", _this),
       cannot_special_summon=True)
