"""Traps: M."""
from __future__ import annotations

from ....engine import actions as A
from ....engine.actions import OPP
from ....engine.effects import Target, counter_trap, script
from ..common import attack_trap, can_discard, chained_to, discard, spell_card_activated


def _negate_and_burn(d, link):
    """Negate the targeted attacker's attack; the opponent takes damage equal to its ATK
    (its ATK when this resolves)."""
    for c in A.targets(d, link):
        if c in A.attacker(d, link) and d.faceup(c):
            d.negate_attack()
            d.damage(1 - link["player"], d.atk(c), by=link["player"])


# When a Spell Card is activated: discard one card (cost); negate the activation and destroy
# the Spell.
script("Magic Jammer", counter_trap(
    condition=chained_to(spell_card_activated), cost=discard(1, cost=True),
    can_pay=can_discard(1), operation=A.negate_activation()))


# When an opponent's monster declares an attack: target it; negate the attack and the
# opponent takes damage equal to its ATK. The negated attack still counts as its attack.
script("Magic Cylinder", attack_trap(
    target=Target(A.attacker, prompt="target the attacking monster"),
    operation=_negate_and_burn))

# When an opponent's monster declares an attack: destroy every Attack Position monster the
# opponent controls (no target; face-down and Defense Position monsters stay).
script("Mirror Force", attack_trap(
    operation=A.destroy(A.monsters(OPP, filter=lambda d, c: d.is_attack_pos(c)))))
