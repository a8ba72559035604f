"""Monsters: K."""
from __future__ import annotations

from ....engine import actions as A
from ....engine import const as K
from ....engine.actions import OPP
from ....engine.const import BATTLE, GY, HAND
from ....engine.effects import during, quick, script


def _opponent_attacks(d, link):
    return d.attack is not None and d.tp != link["player"]


def _no_battle_damage(d, link):
    d.no_battle_damage[link["player"]] = True
    d.write(f"{d.names[link['player']]} takes no battle damage from this battle")


script("Kuriboh", quick(_no_battle_damage, condition=_opponent_attacks, range=HAND,
                        periods=during((OPP, (BATTLE,))),
                        cost=A.send_to(A.this_card, GY, K.R_COST | K.R_DISCARD),
                        damage_calc_only=True, label="take no battle damage"))
