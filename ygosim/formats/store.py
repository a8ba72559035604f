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

import json
import sqlite3
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from ..cards.db import (SCHEMA, SCHEMA_VERSION, CardDB, built_in_cards, card_db, normalize,
                        reset_card_db, store_path)
from ..cards.model import CardData, card_from_dict
from ..cards.errors import YgosimError
from ..cards.safetext import printable, quoted
from .cdb import MAX_NAME, CardRead, read_cdb
from .ygoprodeck import read_ygoprodeck

READERS = {".cdb": read_cdb, ".json": read_ygoprodeck}
FACT_TEXT_KEYS = ("attribute", "type")
MAX_FACT_TEXT = 40


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


def name_problem(name) -> str | None:
    """Why `name` cannot be a card's name in the store (None: it can). A name is printable
    text (no control characters, no lone surrogates, no bidirectional overrides), at most
    MAX_NAME characters, and not made of digits other than 0-9 ('²' is a digit to Python but
    no passcode; a card named '7' exists)."""
    if not isinstance(name, str) or not name.strip():
        return "no name"
    if len(name) > MAX_NAME:
        return f"the name is longer than {MAX_NAME} characters"
    if printable(name) != name:
        return f"the name {quoted(name)} holds control characters"
    if not name.isascii() and all(ch.isdigit() or ch.isspace() for ch in name):
        return f"the name {quoted(name)} is only digits that are not 0-9"
    return None


def checked_facts(facts: dict) -> tuple[dict | None, str | None]:
    """The facts to store for one card read from a database (its `_where` removed), or the
    reason it cannot be stored."""
    facts = dict(facts)
    facts.pop("_where", None)
    problem = name_problem(facts.get("name"))
    if problem:
        return None, problem
    for key in FACT_TEXT_KEYS:
        value = facts.get(key, "")
        if not isinstance(value, str) or len(value) > MAX_FACT_TEXT or printable(value) != value:
            return None, f"bad {key} {quoted(value)}"
    try:
        card = card_from_dict(facts)
        card.kind_line()
        json.dumps(facts, ensure_ascii=False).encode("utf-8")
    except (KeyError, TypeError, ValueError) as e:
        return None, f"its facts do not read back ({printable(str(e))[:60]})"
    if card.kind not in ("monster", "spell", "trap"):
        return None, f"kind {quoted(card.kind)} is not monster, spell or trap"
    return facts, None


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
    built_in = _built_in()
    with _Writer(store_path()) as w:
        for facts in _in_store_order(good):
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


def _in_store_order(rows):
    """Cards with no alias first: the card that stands for a name is the first stored of that
    name; the others (alternate artworks) lead to it."""
    return sorted(rows, key=lambda d: (bool(d.get("alias")), d["passcode"]))


def _built_in() -> dict:
    by_name, by_code = built_in_cards()
    return {"codes": set(by_code), "keys": set(by_name)}


class _Writer:
    """The store, open for one import transaction."""

    def __init__(self, path: Path):
        self.path = path
        self.where = printable(str(path))
        self.new = not path.exists()       # a store this import creates: removed if it fails

    def __enter__(self):
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self.con = sqlite3.connect(self.path, isolation_level=None)
            self.con.execute("BEGIN IMMEDIATE")
            tables = {n for (n,) in self.con.execute(
                "SELECT name FROM sqlite_master WHERE type='table'")}
            if (tables and "cards" not in tables) or ("cards" in tables and "meta" not in tables):
                raise sqlite3.DatabaseError("not a ygosim card store")
            if "meta" in tables:
                row = self.con.execute("SELECT value FROM meta WHERE key='schema'").fetchone()
                if row is None or row[0] != SCHEMA_VERSION:
                    raise sqlite3.DatabaseError(f"schema {row[0] if row else '?'}, expected "
                                                f"{SCHEMA_VERSION}")
            for statement in SCHEMA:
                self.con.execute(statement)
            self.con.execute("INSERT OR REPLACE INTO meta VALUES ('schema', ?)", (SCHEMA_VERSION,))
        except (sqlite3.Error, OSError, ValueError) as e:
            self._close()
            raise YgosimError(f"{self.where}: the imported card store cannot be read or "
                              f"written ({printable(str(e))[:80]}); it was left as it was") from None
        return self

    def first_code(self, key: str) -> int | None:
        row = self.con.execute("SELECT code FROM cards WHERE key = ? AND first = 1 LIMIT 1",
                               (key,)).fetchone()
        return row[0] if row else None

    def facts(self, code: int) -> dict | None:
        row = self.con.execute("SELECT facts FROM cards WHERE code = ?", (code,)).fetchone()
        return json.loads(row[0]) if row else None

    def put(self, code: int, key: str, first: bool, facts: dict) -> None:
        self.con.execute("INSERT OR REPLACE INTO cards VALUES (?, ?, ?, ?)",
                         (code, key, int(first), json.dumps(facts, ensure_ascii=False)))

    def __exit__(self, kind, error, tb):
        try:
            if kind is None:
                self.con.execute("COMMIT")
                self._close(committed=True)
                return False
            self.con.execute("ROLLBACK")
        except sqlite3.Error as e:
            try:
                self.con.execute("ROLLBACK")
            except sqlite3.Error:
                pass
            self._close()
            raise YgosimError(f"{self.where}: the import could not be written "
                              f"({printable(str(e))[:80]}); the store was left as it was") from None
        self._close()
        if isinstance(error, sqlite3.Error):
            raise YgosimError(f"{self.where}: the import could not be written "
                              f"({printable(str(error))[:80]}); the store was left as it "
                              "was") from None
        return False

    def _close(self, committed: bool = False):
        con = getattr(self, "con", None)
        if con is not None:
            con.close()
            self.con = None
        if self.new and not committed:
            for leftover in (self.path, self.path.with_name(self.path.name + "-journal")):
                try:
                    leftover.unlink()
                except OSError:
                    pass


def convert_old_store(yaml_path: Path) -> None:
    """Move the cards of a store of the YAML days (cards.yaml) into the SQLite store, once;
    the YAML file is left where it is."""
    from .textfile import parse_yaml, read_text
    where = printable(str(yaml_path))
    try:
        rows = parse_yaml(read_text(yaml_path, "json"), where) or []
    except YgosimError as e:
        raise YgosimError(f"{e} (the imported card store of an older ygosim: move it away and "
                          "import your card databases again)") from None
    if not isinstance(rows, list):
        raise YgosimError(f"{where}: the imported card store cannot be read: expected a list")
    good = []
    for row in rows:
        clean, problem = checked_facts(row) if isinstance(row, dict) else (None, "not a card")
        if clean is not None and isinstance(clean.get("passcode"), int):
            good.append(clean)
    built_in = _built_in()
    with _Writer(yaml_path.parent / store_path().name) as w:
        for facts in _in_store_order(good):
            code, key = facts["passcode"], normalize(facts["name"])
            if code in built_in["codes"]:
                continue
            first = key not in built_in["keys"] and w.first_code(key) in (None, code)
            w.put(code, key, first, facts)


def known_cards() -> CardDB:
    """The card store (ygosim.cards.db.card_db): built-in cards, then imported ones."""
    return card_db()


def find_card(code: int, db: CardDB | None = None) -> CardData | None:
    """The card with this passcode, alternate artworks included."""
    db = db if db is not None else card_db()
    return db.get(code)
