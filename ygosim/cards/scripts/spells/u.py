"""Spells: U."""
from __future__ import annotations

from ....engine import actions as A
from ....engine.actions import OPP
from ....engine.effects import script, spell

# Draw one card, then the opponent gains 1000 LP.
script("Upstart Goblin", spell(condition=lambda d, link: len(d.deck[link["player"]]) >= 1,
                               operation=(A.draw(1), A.gain_lp(1000, OPP))))
