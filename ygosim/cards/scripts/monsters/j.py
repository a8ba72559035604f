"""Monsters: J."""
from __future__ import annotations

from ....engine import actions as A
from ....engine import const as K
from ....engine.effects import continuous, ignition, rule, script, trigger

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


# Jowgen the Spiritualist: neither player can Special Summon while it is face-up; its
# controller may discard a card at random (a cost) to destroy every Special Summoned monster on
# the field (an Ignition effect, any number of times, only while there is one to destroy; 2005
# and today alike).
def _special_summoned(d, c):
    return d.summon[c] not in (K.SUM_NONE, K.SUM_NORMAL, K.SUM_TRIBUTE, K.SUM_FLIP, K.SUM_SET)


_special_monsters = A.monsters(A.ANY, filter=_special_summoned)

script("Jowgen the Spiritualist",
       continuous("special_lock", lambda d, src, p: True),
       ignition(A.destroy(_special_monsters), condition=A.exists(_special_monsters),
                cost=A.discard_random(1, who=A.YOU, cost=True),
                can_pay=lambda d, link: bool(d.hand[link["player"]]),
                label="discard at random: destroy the Special Summoned monsters"))
