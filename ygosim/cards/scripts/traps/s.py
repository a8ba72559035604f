"""Traps: S."""
from __future__ import annotations

from ....engine import actions as A
from ....engine.effects import counter_trap, script


def _trap_card_activated(d, link):
    if not d.chain:
        return False
    top = d.links[d.chain[-1]]
    return top["card_act"] and d.data[top["card"]].is_trap


script("Seven Tools of the Bandit", counter_trap(
    condition=_trap_card_activated, cost=A.pay_lp(1000), can_pay=A.lp_at_least(1000),
    operation=A.negate_activation()))
