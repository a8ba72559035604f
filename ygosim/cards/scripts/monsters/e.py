"""Monsters: E."""
from __future__ import annotations

from ....engine.effects import script

script("Exodia the Forbidden One")   # the win is a rule of the duel (Duel.check_exodia)
