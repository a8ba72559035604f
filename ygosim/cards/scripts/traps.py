"""Trap Cards."""
from __future__ import annotations

from ...engine import actions as A
from ...engine import const as K
from ...engine.effects import Target, script, trap


def _summoned_by_opponent(min_atk):
    def cands(d, link):
        out = []
        for e in A.recent(d, (K.EV_NORMAL_SUMMONED, K.EV_FLIP_SUMMONED)):
            c = e[1]
            if d.mid[c] == e[2] and d.ctrl[c] != link["player"] and d.atk(c) >= min_atk:
                out.append(c)
        return out
    return cands


script("Trap Hole", trap(
    target=Target(_summoned_by_opponent(1000), prompt="choose the summoned monster"),
    operation=A.destroy(A.targets)))
