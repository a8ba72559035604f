"""Traps: S."""
from __future__ import annotations

from ....engine import actions as A
from ....engine.effects import Target, counter_trap, script
from ..common import attack_trap

# When an opponent's monster declares an attack: target the attacker and destroy it.
script("Sakuretsu Armor", attack_trap(
    target=Target(A.attacker, prompt="target the attacking monster"),
    operation=A.destroy(A.targets)))


def _trap_card_activated(d, link):
    if not d.chain:
        return False
    top = d.links[d.chain[-1]]
    return top["card_act"] and d.data[top["card"]].is_trap


script("Seven Tools of the Bandit", counter_trap(
    condition=_trap_card_activated, cost=A.pay_lp(1000), can_pay=A.lp_at_least(1000),
    operation=A.negate_activation()))
