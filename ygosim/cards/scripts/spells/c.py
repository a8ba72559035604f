"""Spells: C."""
from __future__ import annotations

from ....engine import actions as A
from ....engine import const as K
from ....engine.actions import OPP
from ....engine.const import GY
from ....engine.effects import Target, script, spell
from ..common import free_zone


def _discard_hands_and_draw(d, link):
    counts = [len(d.hand[0]), len(d.hand[1])]
    if counts[0] or counts[1]:
        d.send(d.hand[0] + d.hand[1], GY, K.R_EFFECT | K.R_DISCARD, link["player"])
    for p in (d.tp, 1 - d.tp):
        if counts[p]:
            d.draw(p, counts[p])
            d.check_exodia(p)


script("Card Destruction", spell(
    condition=lambda d, link: sum(1 for p in (0, 1) for c in d.hand[p]
                                  if c != link["card"]) > 0,
    operation=_discard_hands_and_draw))

script("Change of Heart", spell(
    condition=free_zone,
    target=Target(A.monsters(OPP), prompt="choose a monster your opponent controls"),
    operation=A.take_control(A.targets)))
