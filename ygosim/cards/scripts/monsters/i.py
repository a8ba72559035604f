"""Monsters: I."""
from __future__ import annotations

from ....engine import actions as A
from ....engine import const as K
from ....engine.effects import quick, script


# Injection Fairy Lily: in a battle it is in (attacking or attacked, either player's turn),
# during damage calculation it may pay 2000 LP (once per battle) to gain 3000 ATK for that
# damage calculation only. The LP are a cost; a zero change made with them marks the battle
# as used (every change "during this damage calculation" ends with it).
def _in_battle(d, link):
    a = d.attack
    c = link["card"]
    if a is None or (c, d.mid[c]) not in ((a[0], a[3]), (a[1], a[4])):
        return False
    return not any(m[0] == c and m[1] == d.mid[c] and m[4] == K.DURING_CALC for m in d.mods)


def _mark_battle(d, link):
    c = link["card"]
    d.add_mod(c, 0, 0, K.DURING_CALC)


script("Injection Fairy Lily", quick(
    A.modify(A.this_card, atk=3000, until=K.DURING_CALC), condition=_in_battle,
    cost=(A.pay_lp(2000), _mark_battle), can_pay=A.lp_at_least(2000), damage_calc_only=True,
    label="pay 2000 LP: +3000 ATK during this damage calculation"))
