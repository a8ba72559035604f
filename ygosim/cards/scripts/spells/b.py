"""Spells: B."""
from __future__ import annotations

from ....engine import actions as A
from ....engine.effects import script
from ..common import equip_spell
from ..summoning import ritual_spell

script("Black Luster Ritual", ritual_spell(), ritual_monster="Black Luster Soldier",
       ritual_level=8)
script("Book of Secret Arts", *equip_spell(A.is_type("Spellcaster"), 300, 300))
