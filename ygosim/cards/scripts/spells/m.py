"""Spells: M."""
from __future__ import annotations

from ....engine import actions as A
from ....engine.actions import ANY
from ....engine.effects import Target, quickplay, script, spell
from ..common import can_special_summon_from, free_zone, not_this

script("Monster Reborn", spell(
    condition=free_zone,
    target=Target(lambda d, link: (c for p in (0, 1) for c in d.gy[p]
                                   if can_special_summon_from(d, c, link["player"])),
                  prompt="choose a monster in either Graveyard"),
    operation=A.special_summon(A.targets)))

script("Mystical Space Typhoon", quickplay(
    target=Target(not_this(A.spells_traps(ANY)), prompt="choose a Spell/Trap Card"),
    operation=A.destroy(A.targets)))
