"""Traps: B."""
from __future__ import annotations

from ....engine import actions as A
from ....engine import const as K
from ....engine.const import BANISHED, MZONE
from ....engine.effects import script, trap


def _summoned_by_opponent(min_atk):
    """The monsters the opponent Summoned in what the card answers (the events of its window:
    every Summon of a Chain that just resolved) that are still there with min_atk or more."""
    def sel(d, link):
        out = []
        for e in A.answered(link, K.EV_SUMMON_ANY):
            c = e[1]
            if d.mid[c] == e[2] and d.loc[c] == MZONE and d.ctrl[c] != link["player"] and \
                    d.faceup(c) and d.atk(c) >= min_atk and c not in out:
                out.append(c)
        return out
    return sel


def _destroy_and_banish(sel):
    def step(d, link):
        cards = sel(d, link)
        if cards:
            d.send(cards, BANISHED, K.R_EFFECT | K.R_DESTROY, link["player"], destroy=True)
    step.destroys = sel     # (actions.destroyed_by)
    return step


_big_summoned = _summoned_by_opponent(1500)

# When the opponent Summons (Normal, Flip or Special) monsters with 1500 or more ATK: destroy
# and banish them (no target). The 2005 ruling (every such monster Summoned in the Chain that
# just resolved) is what the window's events give under any rules, so one script serves both.
script("Bottomless Trap Hole", trap(
    when=K.EV_SUMMON_ANY, condition=A.exists(_big_summoned),
    operation=_destroy_and_banish(_big_summoned)))
