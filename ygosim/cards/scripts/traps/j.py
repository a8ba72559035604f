"""Traps: J."""
from __future__ import annotations

from ....engine import actions as A
from ....engine.actions import OPP
from ....engine.effects import script, trap

script("Jar of Greed", trap(condition=lambda d, link: len(d.deck[link["player"]]) >= 1,
                            operation=A.draw(1)))

script("Just Desserts", trap(
    condition=A.exists(A.monsters(OPP)),
    operation=A.damage(lambda d, link: 500 * d.count_monsters(1 - link["player"]), OPP)))
