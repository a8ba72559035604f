"""Traps: I."""
from __future__ import annotations

from ....engine import const as K
from ....engine.effects import continuous, script, trap


def _pay_or_destroy(d, src):
    """Imperial Order's maintenance: in each Standby Phase its controller must pay 700 LP if
    able; otherwise it is destroyed. Not a chain link."""
    p = d.ctrl[src]
    if d.lp[p] >= 700:
        d.pay_lp(p, 700)
    else:
        d.write(f"{d.names[p]} cannot pay for {d.card(src)}")
        d.destroy([src], K.R_RULE, p)


script("Imperial Order", trap(),
       continuous("negate_spells"),
       continuous("maintenance", _pay_or_destroy))
