"""Monsters: J."""
from __future__ import annotations

from ....engine.effects import continuous, script

script("Jinzo", continuous("no_trap_activation"), continuous("negate_traps"))
