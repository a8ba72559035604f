"""Monsters: C."""
from __future__ import annotations

from ....engine import actions as A
from ....engine.effects import continuous, script
from ..common import stat_aura

# Command Knight: its controller's Warriors gain 400 ATK (itself too); while its controller
# controls another monster, the opponent cannot choose it as an attack target.
script("Command Knight",
       stat_aura((A.is_type("Warrior"), 400, 0), who=A.YOU),
       continuous("no_attack_target",
                  lambda d, src, t: t == src and len(d.monsters(d.ctrl[src])) > 1))
