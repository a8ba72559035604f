"""Spells: O."""
from __future__ import annotations

from ....engine import actions as A
from ....engine.actions import OPP
from ....engine.effects import script, spell

script("Ookazi", spell(operation=A.damage(800, OPP)))
