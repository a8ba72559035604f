"""Monsters: F."""
from __future__ import annotations

from ..extra_deck import pendulum_monster

# Pendulum Normal Monsters (scales in the card facts)
pendulum_monster("Fire Opalhead")
pendulum_monster("Flash Knight")
