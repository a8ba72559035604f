"""Traps: D."""
from __future__ import annotations

from ....engine import actions as A
from ....engine import const as K
from ....engine.actions import OPP
from ....engine.const import DRAW, HAND, GY
from ....engine.effects import Target, continuous, counter_trap, script, trap
from ..common import can_discard, chained_to, discard, monster_effect_activated


# When a monster's effect is activated: discard one card (cost); negate the activation and
# destroy that monster (if it is on the field).
script("Divine Wrath", counter_trap(
    condition=chained_to(monster_effect_activated), cost=discard(1, cost=True),
    can_pay=can_discard(1), operation=A.negate_activation()))


def _is_dragon(d, src, c):
    return d.data[c].type == "Dragon" and d.faceup(c)


script("Dragon Capture Jar", trap(),
       continuous("force_defense", _is_dragon),
       continuous("no_position_change", _is_dragon))

# Target a Spell/Trap Card the opponent controls and destroy it; then (only if it was
# destroyed) you may Set a Spell/Trap Card from your hand.
script("Dust Tornado", trap(
    target=Target(A.spells_traps(OPP), prompt="choose a Spell/Trap Card your opponent controls"),
    operation=(A.destroy(A.targets),
               A.when(lambda d, link: not A.targets(d, link), A.set_from_hand()))))


def _drawn_now(d, link):
    """The cards the opponent just drew for their Draw Phase draw, still in their hand."""
    if d.phase != DRAW or d.tp == link["player"]:
        return []
    return [e[1] for e in A.answered(link, (K.EV_DRAW,))
            if d.mid[e[1]] == e[2] and d.loc[e[1]] == HAND and d.owner[e[1]] == d.tp]


# When the opponent draws for their Draw Phase: the card they drew is discarded.
script("Drop Off", trap(
    when=(K.EV_DRAW,), condition=A.exists(_drawn_now),
    operation=(A.reveal(_drawn_now, to=A.ANY),
               A.send_to(_drawn_now, GY, K.R_EFFECT | K.R_DISCARD))))
