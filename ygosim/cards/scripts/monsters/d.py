"""Monsters: D."""
from __future__ import annotations

from ....engine import actions as A
from ....engine import const as K
from ....engine.const import MZONE, DEFENSE
from ....engine.effects import script, trigger
from ..extra_deck import pendulum_monster

script("Darkfire Dragon", fusion_materials=("Firegrass", "Petit Dragon"))

pendulum_monster("Dragong")         # a Pendulum Normal Monster (scales in the card facts)


def _attack_target(d, link):
    """The monster this card's attack is aimed at, if it is still in that battle."""
    atk = d.attack
    if atk is None or atk[0] != link["card"] or atk[1] < 0:
        return []
    t = atk[1]
    return [t] if d.mid[t] == atk[4] and d.loc[t] == MZONE else []


def _attacks_defense(d, link):
    ev = link.get("event")
    if ev is None or ev[1] != link["card"]:
        return False
    t = ev[6]
    return t is not None and t >= 0 and d.loc[t] == MZONE and bool(d.pos[t] & DEFENSE)


script("Drillroid", trigger(
    K.EV_BATTLE_CONFIRM, A.destroy(lambda d, link: [c for c in _attack_target(d, link)
                                                     if d.pos[c] & DEFENSE]),
    optional=False, condition=_attacks_defense, label="destroy the Defense Position monster"))
