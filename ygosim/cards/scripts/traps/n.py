"""Traps: N."""
from __future__ import annotations

from ....engine import actions as A
from ....engine import const as K
from ....engine.const import SZONE
from ....engine.effects import Target, activation, script

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
