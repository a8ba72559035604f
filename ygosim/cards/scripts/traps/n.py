"""Traps: N."""
from __future__ import annotations

from ....engine import actions as A
from ....engine import const as K
from ....engine.actions import ANY, OPP
from ....engine.const import SZONE
from ....engine.effects import Target, activation, continuous, script, trap, trigger

# Negate Attack: a Counter Trap for the window of an opponent's attack declaration (never in
# the Damage Step). Today it targets the attacking monster; negates the attack, then the Battle
# Phase ends (flow.battle: no more attacks, on to its End Step). A negated attack still counts
# as that monster's attack. The 2005 text has no target.
_WHEN = dict(speed=3, range=SZONE, when=(K.EV_ATTACK,), condition=A.opponent_attacks)
script("Negate Attack", activation(
    target=Target(A.attacker, prompt="target the attacking monster"),
    operation=(A.negate_attack, A.end_battle_phase), **_WHEN))
script("Negate Attack", activation(operation=(A.negate_attack, A.end_battle_phase), **_WHEN),
       era="goat")


_WHEEL = K.BIND_DIE_LEAVE


def _wheeled(d, src, c):
    """The monster this Nightmare Wheel holds."""
    return d.bound_to(src) == c


def _holding(d, link):
    return d.bound_to(link["card"]) >= 0


def _your_standby(d, link):
    return d.tp == link["player"] and _holding(d, link)


# Nightmare Wheel (Continuous Trap): target a monster the opponent controls; while this card is
# face-up it cannot attack or change its battle position (nor be Flip Summoned). During each of
# its controller's Standby Phases (a mandatory trigger, while it holds that monster, which must
# still be there as it resolves) the opponent takes 500 damage. When that monster leaves the
# field, this card is destroyed (a card-link, BIND_DIE_LEAVE; turned face-down, it is a new card
# and no longer held).
script("Nightmare Wheel", trap(
    target=Target(A.monsters(OPP), prompt="choose a monster your opponent controls"),
    operation=A.bind(A.targets, _WHEEL)),
    continuous("cannot_attack", _wheeled),
    continuous("no_position_change", _wheeled),
    trigger(K.EV_STANDBY, A.when(_holding, A.damage(500, OPP)), optional=False, range=SZONE,
            condition=_your_standby, label="500 damage"),
    extra={"bind": _WHEEL})


def _four_monsters(d, link):
    return len(d.mons[0]) + len(d.mons[1]) >= 4


_faceup_monsters = A.monsters(ANY, faceup=True)

# Only while there are four or more monsters on the field (and one is face-up): destroy every
# face-up monster on the field.
script("Needle Ceiling", trap(
    condition=lambda d, link: _four_monsters(d, link) and bool(_faceup_monsters(d, link)),
    operation=A.destroy(_faceup_monsters)))
