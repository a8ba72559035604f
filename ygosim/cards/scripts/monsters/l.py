"""Monsters: L."""
from __future__ import annotations

from ....engine.const import MZONE
from ....engine.effects import continuous, script
from ..extra_deck import link_monster

link_monster("LANphorhynchus", 2, 2)           # 2 monsters


def _faceup_dragon(d, c):
    return d.loc[c] == MZONE and d.faceup(c) and d.data[c].type == "Dragon"


script("Lord of D.", continuous("untargetable",
                                lambda d, src, c, link: _faceup_dragon(d, c)))
