"""Deck construction rules (Official Rulebook, Version 10), banlists, and what the engine can play."""
from __future__ import annotations

from collections import Counter

from ..cards.db import CardDB, normalize
from .deck import Deck
from .decklist import SECTION_TITLES
from .lflist import STATUS, Banlist
from .store import find_card

SIZES = {"main": (40, 60), "extra": (0, 15), "side": (0, 15)}
MAX_COPIES = 3
FRAME_TITLES = {"fusion": "Fusion", "synchro": "Synchro", "xyz": "Xyz", "link": "Link"}


def check_deck(deck: Deck, banlist: Banlist | None = None, db: CardDB | None = None) -> list[str]:
    """Every reason the deck cannot be used, in one list (empty: the deck is legal and playable)."""
    problems = [f"{e.where}: unknown passcode {e.code}" for _, e in deck.unknown]
    for section, (low, high) in SIZES.items():
        size = deck.size(section)
        if not low <= size <= high:
            problems.append(f"{SECTION_TITLES[section]}: {size} cards (must be {low} to {high})")
    for card in deck.main:
        if card.is_extra_deck:
            frame = next(FRAME_TITLES[f] for f in card.frames if f in FRAME_TITLES)
            problems.append(f"Main Deck: {card.name} is a {frame} Monster: "
                            "it belongs in the Extra Deck")
    for card in deck.extra:
        if not card.is_extra_deck:
            problems.append(f"Extra Deck: {card.name} is not a Fusion, Synchro, Xyz or Link "
                            "Monster: it belongs in the Main Deck")
    copies = Counter(normalize(c.name) for c in deck.cards())
    names = {normalize(c.name): c for c in deck.cards()}
    for key, count in copies.items():
        if count > MAX_COPIES:
            problems.append(f"{names[key].name}: {count} copies (at most {MAX_COPIES} across the "
                            "Main, Extra and Side Deck)")
    if banlist is not None:
        limits = _limits_by_name(banlist, db)
        for key, count in copies.items():
            if key in limits:
                limit, status = limits[key], STATUS[limits[key]]
            elif banlist.whitelist:
                limit, status = 0, "not on the whitelist"
            else:
                continue
            if count > limit:
                problems.append(f"{names[key].name}: {count} {'copy' if count == 1 else 'copies'}, "
                                f"{status} on banlist {banlist.name!r} ({limit} allowed)")
    for card in deck.not_playable():
        problems.append(f"{card.name}: not yet playable (the engine has no script for what "
                        "it does)")
    return problems


def _limits_by_name(banlist: Banlist, db: CardDB | None) -> dict[str, int]:
    """The banlist's limits by card name: a limit on any artwork applies to the card."""
    limits = {}
    for code, limit in banlist.limits.items():
        card = find_card(code, db)
        if card is not None:
            limits[normalize(card.name)] = limit
    return limits
