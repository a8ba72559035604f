"""Spells: P."""
from __future__ import annotations

from ....engine import actions as A
from ....engine.effects import script, spell
from ..summoning import fusion_spell

script("Polymerization", fusion_spell())
script("Pot of Greed", spell(condition=lambda d, link: len(d.deck[link["player"]]) >= 2,
                             operation=A.draw(2)))
