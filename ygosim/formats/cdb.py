"""YGOPro/EDOPro card databases (cards.cdb): SQLite tables `datas` (facts as numbers and bit
fields, decoded by ygosim.cards.codes) and `texts` (names; the official texts are not kept).

A database is read as EDOPro reads it: a row that is not a card (type 0, Speed Duel Skills,
Action Cards) is skipped and counted; a row that is broken (a number where text goes, a name
that is not UTF-8, no name at all) is left out and reported with its row and passcode, and
the other rows are read. A file that is not an SQLite database, or one too damaged to read,
is refused as a whole.

Only one thing is read from a card's text, never kept: whether a Normal Pendulum Monster has a
Pendulum Effect (the engine cannot play one until it is scripted).
"""
from __future__ import annotations

import re
import sqlite3
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from ..cards.codes import NOT_DECK_CARD_BITS, TYPE_BITS, facts_from_row
from ..cards.errors import YgosimError
from ..cards.safetext import printable, quoted
from .decklist import MAX_PASSCODE
from ..cards.textfile import LIMITS

SQLITE_MAGIC = b"SQLite format 3\0"
COLUMNS = ("id", "alias", "type", "atk", "def", "level", "race", "attribute")
CARD_BITS = TYPE_BITS["monster"] | TYPE_BITS["spell"] | TYPE_BITS["trap"]
MAX_ROWS = 200_000          # EDOPro's whole database has about 30,000


@dataclass
class CardRead:
    """What a card database gave: the cards (fact dicts, each with `_where`: the row or
    entry it came from), rows skipped because they are not cards (by kind), and rows left out
    because they are broken ("where: what is wrong")."""
    cards: list[dict] = field(default_factory=list)
    skipped: Counter = field(default_factory=Counter)
    rejected: list[str] = field(default_factory=list)


def read_cdb(path) -> CardRead:
    path = Path(path)
    where = printable(str(path))
    _check_file(path, where)
    try:
        con = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    except (sqlite3.Error, ValueError) as e:
        raise YgosimError(f"{where}: cannot be opened: {printable(str(e))}") from None
    con.text_factory = bytes            # names are decoded row by row: one bad name is one row
    try:
        tables = {_text(name) for (name,) in con.execute(
            "SELECT name FROM sqlite_master WHERE type='table'")}
        missing = [t for t in ("datas", "texts") if t not in tables]
        if missing:
            raise YgosimError(f"{where}: not a YGOPro card database: no table {' or '.join(missing)}")
        text_columns = {_text(row[1]) for row in con.execute("PRAGMA table_info(texts)")}
        desc = "t.desc" if "desc" in text_columns else "NULL"
        query = ("SELECT d.rowid, " + ", ".join(f'd."{c}"' for c in COLUMNS) +
                 f", t.name, {desc} FROM datas AS d LEFT JOIN texts AS t ON t.id = d.id "
                 f"ORDER BY d.rowid LIMIT {MAX_ROWS + 1}")
        rows = con.execute(query).fetchall()
    except (sqlite3.Error, ValueError) as e:      # a damaged file: bad UTF-8 in its schema
        raise YgosimError(f"{where}: not a readable YGOPro card database: "
                          f"{printable(str(e))[:100]}") from None
    finally:
        con.close()
    if len(rows) > MAX_ROWS:
        raise YgosimError(f"{where}: more than {MAX_ROWS:,} rows: larger than any real card "
                          "database")
    result = CardRead()
    for rowid, *values, name, text in rows:
        row_where = f"{where}, datas row {rowid}"
        try:
            facts = _row_facts(row_where, values, name, text, result.skipped)
        except _BadRow as e:
            result.rejected.append(str(e))
            continue
        if facts is not None:
            result.cards.append(facts)
    return result


class _BadRow(Exception):
    pass


def _check_file(path: Path, where: str) -> None:
    try:
        size = path.stat().st_size
        with open(path, "rb") as f:
            head = f.read(len(SQLITE_MAGIC))
    except FileNotFoundError:
        raise YgosimError(f"{where}: no such file") from None
    except IsADirectoryError:
        raise YgosimError(f"{where}: is a directory, not a file") from None
    except (OSError, ValueError) as e:
        raise YgosimError(f"{where}: cannot be read: {getattr(e, 'strerror', None) or e}") from None
    if not path.is_file() or head != SQLITE_MAGIC:
        raise YgosimError(f"{where}: not an SQLite database (a YGOPro cards.cdb is one)")
    if size > LIMITS["cdb"]:
        raise YgosimError(f"{where}: larger than any real card database: refused")


def _text(value) -> str:
    return value.decode("utf-8", "replace") if isinstance(value, bytes) else str(value)


def _row_facts(where: str, values: list, name, text, skipped: Counter) -> dict | None:
    for column, value in zip(COLUMNS, values):
        if value is not None and (not isinstance(value, int) or isinstance(value, bool)):
            shown = quoted(_text(value)) if isinstance(value, bytes) else quoted(value)
            raise _BadRow(f"{where}: bad {column} {shown} (expected a whole number)")
    code, alias, type_, atk, def_, level, race, attribute = (v or 0 for v in values)
    if not 0 < code <= MAX_PASSCODE:
        raise _BadRow(f"{where}: bad id {quoted(code)} (a passcode is a positive 32-bit number)")
    where = f"{where} (id {code})"
    for kind, bit in NOT_DECK_CARD_BITS.items():
        if kind != "token" and type_ & bit:
            skipped[kind] += 1
            return None
    if type_ & TYPE_BITS["token"] and not type_ & TYPE_BITS["monster"]:
        skipped["not a card"] += 1              # unofficial rows: token bits on a non-monster
        return None
    if type_ == 0:
        skipped["not a card"] += 1              # unofficial databases hold rows of type 0
        return None
    if not type_ & CARD_BITS:
        raise _BadRow(f"{where}: type {type_:#x} is not a monster, spell or trap")
    if not 0 <= alias <= MAX_PASSCODE:
        raise _BadRow(f"{where}: bad alias {quoted(alias)}")
    if name is None:
        raise _BadRow(f"{where}: the card has no name in table texts")
    if not isinstance(name, bytes):
        raise _BadRow(f"{where}: the name is {quoted(name)}, not text")
    try:
        name = name.decode("utf-8")
    except UnicodeDecodeError:
        raise _BadRow(f"{where}: the name is not UTF-8 text") from None
    name = " ".join(name.split())
    if not name:
        raise _BadRow(f"{where}: the card has no name in table texts")
    for column, value in (("atk", atk), ("def", def_), ("level", level)):
        if not -2 ** 31 <= value < 2 ** 32:            # (race and attribute are bit masks: any
                                                        # 64-bit value; an unknown one reads '?')
            raise _BadRow(f"{where}: bad {column} {quoted(value)}")
    facts = facts_from_row(code, alias, type_, atk, def_, level, race, attribute)
    for stat in ("atk", "def"):            # -2 is '?': its value comes from the card's effect
        if stat in facts and facts[stat] == -2:
            facts[stat] = "?"
        elif stat in facts and facts[stat] < 0:
            raise _BadRow(f"{where}: bad {stat.upper()} {facts[stat]}")
    if facts["kind"] == "monster" and {"normal", "pendulum"} <= set(facts["frames"]) and \
            has_pendulum_effect(_text(text) if text is not None else None):
        facts["pendulum_effect"] = True
    return {"name": name, **facts, "text": "", "_where": where}


_PENDULUM_EFFECT = re.compile(r"\[\s*Pendulum Effect\s*\]\s*(.*?)\s*(?:-{5,}|\[\s*(?:Flavor Text|"
                              r"Monster Effect)\s*\]|\Z)", re.S | re.I)


def has_pendulum_effect(text: str | None) -> bool:
    """Does the text of a Normal Pendulum Monster give it a Pendulum Effect? EDOPro's texts
    open with "[ Pendulum Effect ]" and then the effect, or "-n/a-" when there is none. A text
    that does not say is taken to have one (the card is then not called playable)."""
    if not text:
        return True
    m = _PENDULUM_EFFECT.search(text)
    if m is None:
        return True
    return m.group(1).strip().lower() not in ("", "-n/a-", "n/a")
