"""Spells: Y."""
from __future__ import annotations

from ....engine import actions as A
from ....engine.effects import script
from ..common import field_spell

script("Yami", *field_spell((A.is_type("Fiend", "Spellcaster"), 200, 200),
                            (A.is_type("Fairy"), -200, -200)))
