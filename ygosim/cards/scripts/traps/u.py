"""Traps: U."""
from __future__ import annotations

from ....engine import actions as A
from ....engine.actions import OPP, YOU
from ....engine.const import BATTLE, MAIN1, MAIN2, SZONE
from ....engine.effects import during, quick, script, trap
from ....engine.flow import can_normal_summon_any


def _can_summon(d, link):
    """With a monster to Normal Summon or Set."""
    return can_normal_summon_any(d, link["player"])


# During your Main Phase or your opponent's Battle Phase.
script("Ultimate Offering", trap(),
       quick(A.normal_summon_now(), condition=_can_summon, cost=A.pay_lp(500),
             can_pay=A.lp_at_least(500), range=SZONE, label="Normal Summon/Set",
             periods=during((YOU, (MAIN1, MAIN2)), (OPP, (BATTLE,)))))
