"""Shared helpers for the formats tests (no tests here): an isolated card store, the command
line, and tiny cards.cdb files built with sqlite3."""
from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from click.testing import CliRunner

from ygosim.cards import db as cards_db
from ygosim.cards import scripts

DATA = Path(__file__).parent / "data" / "formats"

# Cards for tiny test databases; passcodes 9xxxxxxx are no real card's.
# (id, alias, type, atk, def, level, race, attribute, name)
NORMAL, EFFECT = 0x11, 0x21
TEST_ROWS = [
    (91000001, 0, NORMAL, 1800, 1200, 4, 0x1, 0x1, "Cdb Vanilla"),
    (91000011, 91000001, NORMAL, 1800, 1200, 4, 0x1, 0x1, "Cdb Vanilla"),   # alternate artwork
    (91000002, 0, EFFECT, -2, -2, 5, 0x2000, 0x20, "Cdb Effect"),           # ATK/DEF '?'
    (91000003, 0, 0x41, 2600, 2000, 7, 0x8, 0x20, "Cdb Fusion"),
    (91000004, 0, 0x800021, 2500, 2000, 4, 0x20, 0x8, "Cdb Xyz"),
    (91000005, 0, 0x4000021, 2300, 0x1 | 0x4 | 0x80, 3, 0x1000000, 0x20, "Cdb Link"),
    (91000006, 0, 0x1000011, 1500, 1000, (8 << 24) | (8 << 16) | 4, 0x2, 0x10, "Cdb Pendulum"),
    (91000007, 0, 0x10002, 0, 0, 0, 0, 0, "Cdb Quick Spell"),
    (91000008, 0, 0x100004, 0, 0, 0, 0, 0, "Cdb Counter Trap"),
    (91000009, 0, 0x4011, 0, 0, 1, 0x8, 0x20, "Cdb Token"),
    (91000010, 91000007, 0x10002, 0, 0, 0, 0, 0, "Cdb Other Spell"),         # alias, other name
]
OFFICIAL_TEXT = "OFFICIAL TEXT MUST NOT BE STORED"
# Card texts as EDOPro's databases write them, where the importer looks at one (does a Normal
# Pendulum Monster have a Pendulum Effect?); everything else gets OFFICIAL_TEXT.
TEXTS = {91000006: "[ Pendulum Effect ]\r\n-n/a-\r\n----------------------------------------"
                   "\r\n[ Flavor Text ]\r\n" + OFFICIAL_TEXT}


def make_cdb(path: Path, rows=TEST_ROWS) -> Path:
    """A minimal YGOPro cards.cdb holding `rows`."""
    con = sqlite3.connect(path)
    con.executescript(
        "CREATE TABLE datas (id INTEGER PRIMARY KEY, ot INTEGER, alias INTEGER, setcode INTEGER,"
        " type INTEGER, atk INTEGER, def INTEGER, level INTEGER, race INTEGER,"
        " attribute INTEGER, category INTEGER);"
        "CREATE TABLE texts (id INTEGER PRIMARY KEY, name TEXT, desc TEXT, str1 TEXT);")
    for code, alias, type_, atk, def_, level, race, attribute, name in rows:
        con.execute("INSERT INTO datas VALUES (?, 3, ?, 0, ?, ?, ?, ?, ?, ?, 0)",
                    (code, alias, type_, atk, def_, level, race, attribute))
        con.execute("INSERT INTO texts VALUES (?, ?, ?, '')",
                    (code, name, TEXTS.get(code, OFFICIAL_TEXT)))
    con.commit()
    con.close()
    return path


@pytest.fixture
def home(tmp_path, monkeypatch):
    """An empty card store in a temporary YGOSIM_HOME."""
    path = tmp_path / "ygosim-home"
    monkeypatch.setenv("YGOSIM_HOME", str(path))
    cards_db.reset_card_db()
    try:
        cards_db.card_db()
    except ImportError:
        # The engine's card scripts are still being written: test the formats on card facts.
        monkeypatch.setattr(scripts, "attach_scripts", lambda db: None)
    cards_db.reset_card_db()
    yield path
    cards_db.reset_card_db()


def run(*args):
    """Run `ygosim ARGS...`; the result has exit_code and output."""
    from ygosim.cli import main
    return CliRunner().invoke(main, [str(a) for a in args])


def normal_monsters(count: int):
    """`count` distinct Main Deck Normal Monsters the project knows."""
    found = [c for c in cards_db.card_db() if c.is_normal_monster and not c.is_extra_deck]
    assert len(found) >= count
    return sorted(found, key=lambda c: c.passcode)[:count]


def legal_main(size: int = 40) -> list[int]:
    """Passcodes of a legal Main Deck: 3 copies each of Normal Monsters."""
    cards = normal_monsters((size + 2) // 3)
    return [c.passcode for c in cards for _ in range(3)][:size]


def files_in(path: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in path.iterdir()} if path.exists() else {}


def stored() -> dict[int, dict]:
    """The imported card store's facts by passcode (read straight from its SQLite file)."""
    import json
    from ygosim.cards.db import store_path
    if not store_path().exists():
        return {}
    con = sqlite3.connect(store_path())
    try:
        return {code: json.loads(facts) for code, facts in con.execute("SELECT code, facts FROM cards")}
    finally:
        con.close()


def store_bytes() -> bytes:
    from ygosim.cards.db import store_path
    return store_path().read_bytes() if store_path().exists() else b""
