"""Monsters: B."""
from __future__ import annotations

from ....engine.effects import script

script("Black Luster Soldier")      # a Ritual Monster with no effect (Black Luster Ritual)
