"""Decks of cards: read from a built-in name, a .ydk file or a ydke:// URL.

Cards are sorted into the Main and Extra Deck by what they are, as YGOPro does: a Fusion,
Synchro, Xyz or Link Monster listed under #main goes to the Extra Deck (and the other way round);
each move is reported in Deck.notes.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

from ..cards.db import CardDB
from ..cards.model import CardData
from ..cards.errors import YgosimError
from ..cards.safetext import printable
from ..engine.rules import get_rules
from .decklist import SECTION_TITLES, SECTIONS, DeckList, Entry
from .store import find_card
from .ydk import format_ydk, parse_ydk, read_ydk
from .ydke import format_ydke, is_ydke, parse_ydke

UNKNOWN_HINT = "(cards the project does not know can be imported: ygosim cards import FILE)"
MAX_NAME = 60
BUILT_IN = {"yugi": "starter-yugi.ydk", "kaiba": "starter-kaiba.ydk", "masters": "masters.ydk",
            # Goat format (April 2005): six real lists (each file's first line gives its source)
            "goat-control": "goat-control-worlds-2020.ydk",
            "chaos-turbo": "chaos-turbo-worlds-2020.ydk",
            "warrior": "warrior-goat-control.ydk",
            "empty-jar": "empty-jar.ydk",
            "chaos-goat": "chaos-goat-suffridge-2005-us-nationals.ydk",
            "zombie": "zombie-metagame-gauntlet-2005.ydk"}

# The built-in decks that are not legal Goat decks (goat rules play them only with --casual):
# the 2002 starter decks hold cards Forbidden in April 2005, masters today's Extra Deck cards.
NOT_GOAT_LEGAL = ("yugi", "kaiba", "masters")

# The decks a duel uses when none is named: the starter decks, and under a format with lists
# (goat) two of its real lists, legal there (the starter decks hold Forbidden cards in goat).
DEFAULT_DECKS = {"goat": ("goat-control", "chaos-turbo")}
STARTER_DECKS = ("yugi", "kaiba")


def default_decks(rules=None) -> tuple[str, str]:
    """(your deck or deck A, the opponent's or deck B) when none is named, under `rules`."""
    return DEFAULT_DECKS.get(get_rules(rules).name, STARTER_DECKS)


@dataclass
class Deck:
    name: str
    main: list[CardData] = field(default_factory=list)
    extra: list[CardData] = field(default_factory=list)
    side: list[CardData] = field(default_factory=list)
    source: str = ""
    notes: list[str] = field(default_factory=list)            # cards moved between sections
    unknown: list[tuple[str, Entry]] = field(default_factory=list)   # (section, entry)

    def section(self, name: str) -> list[CardData]:
        return getattr(self, name)

    def size(self, name: str) -> int:
        """Cards in a section, unknown passcodes included."""
        return len(self.section(name)) + sum(1 for s, _ in self.unknown if s == name)

    def cards(self) -> list[CardData]:
        return [*self.main, *self.extra, *self.side]

    def not_playable(self, era: str = "current") -> list[CardData]:
        """The distinct cards of the deck the engine cannot play yet in card era `era`
        (effects with no script; see ygosim.formats.rules.not_playable)."""
        return list({id(c): c for c in self.cards() if not c.playable_in(era)}.values())

    def to_ydk(self) -> str:
        return format_ydk(*self._codes(), created_by=f"ygosim ({self.name})")

    def to_ydke(self) -> str:
        return format_ydke(*self._codes())

    def _codes(self):
        return ([c.passcode for c in self.section(s)] for s in SECTIONS)


def read_deck_list(ref) -> DeckList:
    """The passcodes a deck reference names: a built-in deck, a .ydk path or a ydke:// URL."""
    ref = str(ref).strip()
    if not ref:
        raise YgosimError("no deck given: name a built-in deck (" + ", ".join(BUILT_IN)
                          + "), a .ydk file or a ydke:// URL")
    if is_ydke(ref):
        return parse_ydke(ref)
    if ref.lower() in BUILT_IN:
        data = resources.files("ygosim") / "decks" / BUILT_IN[ref.lower()]
        return parse_ydk(data.read_text(encoding="utf-8"), f"built-in deck {ref.lower()}")
    return read_ydk(ref)


def deck_name(ref) -> str:
    ref = str(ref).strip()
    if is_ydke(ref):
        return "ydke deck"
    return ref.lower() if ref.lower() in BUILT_IN else printable(Path(ref).stem)[:MAX_NAME]


def build_deck(cards: DeckList, name: str, db: CardDB | None = None) -> Deck:
    """Resolve the passcodes of a deck list to cards, sorting the Main and Extra Deck."""
    deck = Deck(name, source=cards.source)
    for section in SECTIONS:
        for entry in cards.section(section):
            card = find_card(entry.code, db)
            if card is None:
                deck.unknown.append((section, entry))
                continue
            target = section
            if section != "side" and card.is_extra_deck != (section == "extra"):
                target = "extra" if card.is_extra_deck else "main"
                deck.notes.append(f"{entry.where}: {card.name} belongs in the "
                                  f"{SECTION_TITLES[target]}: moved there")
            deck.section(target).append(card)
    return deck


def load_deck(ref, db: CardDB | None = None, allow_unknown: bool = False) -> Deck:
    """The deck a reference names: 'yugi' or 'kaiba', a .ydk path or a ydke:// URL.

    A passcode no card is known for is a YgosimError naming where it was read (unless
    allow_unknown: then it is listed in Deck.unknown)."""
    deck = build_deck(read_deck_list(ref), deck_name(ref), db)
    if deck.unknown and not allow_unknown:
        raise YgosimError(unknown_message(deck))
    return deck


def unknown_message(deck: Deck, shown: int = 5) -> str:
    """One line naming the deck's unknown passcodes (the first few, with where each was read)."""
    entries = [e for _, e in deck.unknown]
    listed = "; ".join(f"{e.where}: unknown passcode {e.code}" for e in entries[:shown])
    more = f"; and {len(entries) - shown} more" if len(entries) > shown else ""
    return f"{listed}{more} {UNKNOWN_HINT}"
