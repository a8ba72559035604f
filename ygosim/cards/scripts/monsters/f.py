"""Monsters: F."""
from __future__ import annotations

from ....engine.effects import script
from ..extra_deck import pendulum_monster

# Pendulum Normal Monsters (scales in the card facts)
pendulum_monster("Fire Opalhead")
pendulum_monster("Flash Knight")


# Fusilier Dragon, the Dual-Mode Beast: it may be Normal Summoned or Set without Tributes (its
# player is asked when two Tributes could be made), and then its original ATK and DEF are halved
# (1400/1000) while it stays face-up (turned face-down, the halving is gone).
script("Fusilier Dragon, the Dual-Mode Beast", extra={"tribute_optional": True})
