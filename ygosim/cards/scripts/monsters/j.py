"""Monsters: J."""
from __future__ import annotations

from ....engine import actions as A
from ....engine import const as K
from ....engine.effects import continuous, rule, script, trigger

script("Jinzo", continuous("no_trap_activation"), continuous("negate_traps"))


# Jirai Gumo: when it declares an attack, its controller calls a coin toss; a wrong call halves
# their LP. Today a mandatory Trigger Effect; 2005: the toss is the cost of attacking with it
# (EDOPro's Goat script: applied as the attack is declared, no Chain Link, nothing can answer
# or negate it).
def _wrong(d, link):
    return not link["vars"].get("right")


_GUMO = (A.call_coin(), A.when(_wrong, A.halve_lp()))
script("Jirai Gumo", trigger(K.EV_ATTACK, _GUMO, optional=False,
                             condition=A.event_is(K.EV_ATTACK), label="toss a coin"))
script("Jirai Gumo", rule(K.EV_ATTACK, _GUMO, condition=A.event_is(K.EV_ATTACK),
                          label="toss a coin"), era="goat")
