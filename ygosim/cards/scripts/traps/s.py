"""Traps: S."""
from __future__ import annotations

from ....engine import actions as A
from ....engine import const as K
from ....engine.actions import OPP, YOU
from ....engine.const import SZONE
from ....engine.effects import Target, counter_trap, script, trap, trigger
from ..common import attack_trap

# When an opponent's monster declares an attack: target the attacker and destroy it.
script("Sakuretsu Armor", attack_trap(
    target=Target(A.attacker, prompt="target the attacking monster"),
    operation=A.destroy(A.targets)))


# The opponent takes 200 damage for each card in their hand and on their field.
script("Secret Barrel", trap(operation=A.damage(
    lambda d, link: 200 * (len(d.hand[1 - link["player"]]) +
                           len(d.field_cards(1 - link["player"]))), OPP)))


def _trap_card_activated(d, link):
    if not d.chain:
        return False
    top = d.links[d.chain[-1]]
    return top["card_act"] and d.data[top["card"]].is_trap


script("Seven Tools of the Bandit", counter_trap(
    condition=_trap_card_activated, cost=A.pay_lp(1000), can_pay=A.lp_at_least(1000),
    operation=A.negate_activation()))


def _first_draw_of_action(d, link):
    """Its player drew, and this is the first card of that draw (one gain per draw)."""
    ev = link.get("event")
    if ev is None or ev[0] != K.EV_DRAW or ev[3] != link["player"]:
        return False
    c = link["card"]
    return not any(t[0] == c and t[2][0] == K.EV_DRAW and t[2][5] == ev[5] for t in d.trig_q)


# A Continuous Trap: each time you draw (one or more cards at once), you gain 500 LP.
script("Solemn Wishes", trap(),
       trigger(K.EV_DRAW, A.gain_lp(500, YOU), optional=False, range=SZONE,
               condition=_first_draw_of_action, label="gain 500 LP"))
