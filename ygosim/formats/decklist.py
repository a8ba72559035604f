"""A deck as a file states it: passcodes per section, each with where it was read."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

SECTIONS = ("main", "extra", "side")
SECTION_TITLES = {"main": "Main Deck", "extra": "Extra Deck", "side": "Side Deck"}
MAX_PASSCODE = 0xFFFFFFFF   # ydke:// stores passcodes as unsigned 32-bit integers
# The most cards a deck list may hold, all sections together: no format allows more than 90
# (60 + 15 + 15); Goat's Main Deck has no upper limit, but nobody plays 200 cards. A larger list
# is not a deck (and would make duels that never end).
MAX_DECK_CARDS = 300


class Entry(NamedTuple):
    code: int
    where: str          # "decks/x.ydk, line 7", "ydke URL, Main Deck, card 3"


@dataclass
class DeckList:
    source: str                                    # the file (or "ydke URL") it was read from
    main: list[Entry] = field(default_factory=list)
    extra: list[Entry] = field(default_factory=list)
    side: list[Entry] = field(default_factory=list)

    def section(self, name: str) -> list[Entry]:
        return getattr(self, name)

    def codes(self, name: str) -> list[int]:
        return [e.code for e in self.section(name)]
