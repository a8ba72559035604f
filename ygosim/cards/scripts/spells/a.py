"""Spells: A."""
from __future__ import annotations

from ....engine import actions as A
from ....engine.actions import OPP, YOU
from ....engine.const import DECK, GY
from ....engine.effects import Target, script, spell
from ..common import can_discard, discard

# Discard one card (cost), then target a card in your Graveyard: put
# it on top of your Deck.
script("A Feather of the Phoenix", spell(
    cost=discard(1, cost=True), can_pay=can_discard(1),
    target=Target(A.pile(GY, YOU), prompt="choose a card in your Graveyard"),
    operation=A.send_to(A.targets, DECK)))

script("Ancient Telescope", spell(
    condition=A.exists(A.pile(DECK, OPP)),
    operation=A.reveal(lambda d, link: d.deck[1 - link["player"]][:5])))
