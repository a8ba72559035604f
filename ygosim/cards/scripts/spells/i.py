"""Spells: I."""
from __future__ import annotations

from ....engine import actions as A
from ....engine.effects import script
from ..common import equip_spell

script("Invigoration", *equip_spell(A.is_attribute("EARTH"), 400, -200))
