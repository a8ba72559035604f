"""Spells: A."""
from __future__ import annotations

from ....engine import actions as A
from ....engine.actions import OPP
from ....engine.const import DECK
from ....engine.effects import script, spell

script("Ancient Telescope", spell(
    condition=A.exists(A.pile(DECK, OPP)),
    operation=A.reveal(lambda d, link: d.deck[1 - link["player"]][:5])))
