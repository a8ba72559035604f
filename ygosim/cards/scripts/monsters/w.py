"""Monsters: W."""
from __future__ import annotations

from ....engine import actions as A
from ....engine import const as K
from ....engine.effects import script, trigger


def _not_battle_destroyed(sel):
    def pick(d, link):
        return [c for c in sel(d, link) if (c, d.mid[c]) not in d.battle_destroyed]
    return pick


def _attacked_this(d, link):
    ev = link.get("event")
    return ev is not None and ev[6] == link["card"]


script("Wall of Illusion", trigger(
    K.EV_AFTER_CALC, A.to_hand(_not_battle_destroyed(A.event_cards)), optional=False,
    condition=_attacked_this, label="return the attacker to the hand"))
