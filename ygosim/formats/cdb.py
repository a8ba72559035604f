"""YGOPro/EDOPro card databases (cards.cdb): SQLite tables `datas` (facts as numbers and bit
fields, decoded by ygosim.cards.codes) and `texts` (names; the official texts are not read)."""
from __future__ import annotations

import sqlite3
from collections import Counter
from pathlib import Path

from ..cards.codes import NOT_DECK_CARD_BITS, TYPE_BITS, facts_from_row
from ..errors import YgosimError
from .decklist import MAX_PASSCODE
from .textfile import read_bytes

SQLITE_MAGIC = b"SQLite format 3\0"
COLUMNS = ("id", "alias", "type", "atk", "def", "level", "race", "attribute")
QUERY = ("SELECT d.rowid, " + ", ".join(f'd."{c}"' for c in COLUMNS) + ", t.name "
         "FROM datas AS d JOIN texts AS t ON t.id = d.id ORDER BY d.id")
CARD_BITS = TYPE_BITS["monster"] | TYPE_BITS["spell"] | TYPE_BITS["trap"]


def read_cdb(path) -> tuple[list[dict], Counter]:
    """The cards of a cards.cdb as fact dicts (see ygosim.cards.model), and how many rows were
    skipped, by reason (tokens, skills...)."""
    path = Path(path)
    if not read_bytes(path).startswith(SQLITE_MAGIC):
        raise YgosimError(f"{path}: not an SQLite database (a YGOPro cards.cdb is one)")
    try:
        con = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    except sqlite3.Error as e:
        raise YgosimError(f"{path}: cannot be opened: {e}") from None
    try:
        tables = {name for (name,) in con.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        missing = [t for t in ("datas", "texts") if t not in tables]
        if missing:
            raise YgosimError(f"{path}: not a YGOPro card database: no table {' or '.join(missing)}")
        rows = con.execute(QUERY).fetchall()
    except sqlite3.Error as e:
        raise YgosimError(f"{path}: not a readable YGOPro card database: {e}") from None
    finally:
        con.close()
    cards, skipped = [], Counter()
    for rowid, *values, name in rows:
        facts = _row_facts(f"{path}, datas row {rowid}", values, name, skipped)
        if facts is not None:
            cards.append(facts)
    return cards, skipped


def _row_facts(where: str, values: list, name, skipped: Counter) -> dict | None:
    for column, value in zip(COLUMNS, values):
        if value is not None and (not isinstance(value, int) or isinstance(value, bool)):
            raise YgosimError(f"{where}: bad {column} {value!r} (expected a whole number)")
    code, alias, type_, atk, def_, level, race, attribute = (v or 0 for v in values)
    if not 0 < code <= MAX_PASSCODE:
        raise YgosimError(f"{where}: bad id {code} (a passcode is a positive 32-bit number)")
    where = f"{where} (id {code})"
    if not isinstance(name, str) or not name.strip():
        raise YgosimError(f"{where}: the card has no name in table texts")
    for kind, bit in NOT_DECK_CARD_BITS.items():
        if type_ & bit:
            skipped[kind] += 1
            return None
    if not type_ & CARD_BITS:
        raise YgosimError(f"{where}: type {type_:#x} is not a monster, spell or trap")
    facts = facts_from_row(code, alias, type_, atk, def_, level, race, attribute)
    for stat in ("atk", "def"):            # -2 is '?': its value comes from the card's effect
        if facts.get(stat, 0) < 0:
            facts[stat] = 0
    return {"name": " ".join(name.split()), **facts, "text": ""}
