"""Importing card databases into the user's card store (ygosim.cards.db: an SQLite file in
the user's data folder), facts only, never the official texts.

An imported card whose name the store already knows (an alternate artwork, another printing)
is the same card: its passcode leads to the known card. A built-in card is never replaced.

Nothing poisons the store: every card is checked before it is written (a name must be
printable text that cannot be mistaken for a passcode, the facts must read back), a card that
fails is left out and reported, and the whole import is one SQLite transaction: any error (a
full disk, a damaged store) leaves the store as it was.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from ..cards.db import (CardDB, StoreWriter, built_in_keys, card_db, checked_facts,
                        in_store_order, normalize, reset_card_db, store_path)
from ..cards.model import CardData, card_from_dict
from ..cards.errors import YgosimError
from ..cards.safetext import printable
from .cdb import CardRead, read_cdb
from .ygoprodeck import read_ygoprodeck

READERS = {".cdb": read_cdb, ".json": read_ygoprodeck}


@dataclass
class ImportReport:
    source: Path
    store: Path
    cards: int = 0                      # cards read (alternate artworks included)
    added: int = 0
    updated: int = 0
    built_in: int = 0                   # the project's own data has these: left as they are
    alternate_artworks: int = 0
    playable: int = 0                   # Normal Monsters: the engine plays them as they are
    not_playable: int = 0               # effects with no script: known by their facts only
    tokens: int = 0                     # Tokens (known by their facts: no Deck holds them)
    skipped: Counter = field(default_factory=Counter)     # not cards a Deck holds, by kind
    rejected: list = field(default_factory=list)          # "where: what is wrong"


def import_cards(path) -> ImportReport:
    """Read a .cdb or YGOProDeck .json file and merge its cards into the store, in one
    transaction: any error leaves the store as it was. Broken rows are left out and listed in
    the report (`rejected`); if no card at all can be read, that is an error."""
    path = Path(path)
    reader = READERS.get(path.suffix.lower())
    if reader is None:
        raise YgosimError(f"{printable(str(path))}: unknown card database format: expected a "
                          "YGOPro/EDOPro .cdb or a YGOProDeck API .json file")
    read: CardRead = reader(path)
    report = ImportReport(path, store_path(), skipped=read.skipped, rejected=list(read.rejected))
    good = []
    for facts in read.cards:
        clean, problem = checked_facts(facts)
        if problem:
            report.rejected.append(f"{facts.get('_where', printable(str(path)))}: {problem}")
        else:
            good.append(clean)
    report.cards = len(good)
    if not good and report.rejected:
        raise YgosimError(f"{printable(str(path))}: no card could be imported: "
                          f"{len(report.rejected)} broken (first: {report.rejected[0]})")
    built_in = built_in_keys()
    with StoreWriter(store_path()) as w:
        for facts in in_store_order(good):
            code, key = facts["passcode"], normalize(facts["name"])
            if code in built_in["codes"]:
                report.built_in += 1
                continue
            first = key not in built_in["keys"] and w.first_code(key) in (None, code)
            card = card_from_dict(facts)
            if not first:
                report.alternate_artworks += 1
            elif card.has_frame("token"):
                report.tokens += 1
            elif card.playable:
                report.playable += 1
            else:
                report.not_playable += 1
            old = w.facts(code)
            if old is None:
                report.added += 1
            elif old != facts:
                report.updated += 1
            w.put(code, key, first, facts)
    reset_card_db()
    return report


def known_cards() -> CardDB:
    """The card store (ygosim.cards.db.card_db): built-in cards, then imported ones."""
    return card_db()


def find_card(code: int, db: CardDB | None = None) -> CardData | None:
    """The card with this passcode, alternate artworks included."""
    db = db if db is not None else card_db()
    return db.get(code)
