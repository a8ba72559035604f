"""The user's card store: cards imported from card databases, kept in user_store_dir()/cards.yaml
in the project's fact format (see ygosim.cards.model), facts only, never the official texts.

An imported card whose name the store already knows (an alternate artwork, another printing)
is the same card: its passcode leads to the known card (see known_cards).
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from ..cards.db import DATA_DIR, CardDB, card_db, load_yaml_cards, normalize, reset_card_db
from ..cards.db import user_store_dir
from ..cards.model import CardData, card_from_dict
from ..errors import YgosimError
from .cdb import read_cdb
from .textfile import read_text, write_atomic
from .ygoprodeck import read_ygoprodeck

STORE_FILE = "cards.yaml"
HEADER = ("# Cards imported with `ygosim cards import`: facts only. Official card texts are not\n"
          "# kept; `text` holds the project's own description of a card once one is written.\n")
READERS = {".cdb": read_cdb, ".json": read_ygoprodeck}

try:
    _Loader, _Dumper = yaml.CSafeLoader, yaml.CSafeDumper
except AttributeError:  # pragma: no cover - libyaml missing
    _Loader, _Dumper = yaml.SafeLoader, yaml.SafeDumper


def store_path() -> Path:
    return user_store_dir() / STORE_FILE


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
    skipped: Counter = field(default_factory=Counter)


def import_cards(path) -> ImportReport:
    """Read a .cdb or YGOProDeck .json file and merge its cards into the store. The store is
    rewritten atomically, so any error leaves it as it was."""
    path = Path(path)
    reader = READERS.get(path.suffix.lower())
    if reader is None:
        raise YgosimError(f"{path}: unknown card database format: expected a YGOPro/EDOPro .cdb "
                          "or a YGOProDeck API .json file")
    cards, skipped = reader(path)
    report = ImportReport(path, store_path(), cards=len(cards), skipped=skipped)
    built_in = [c for f in sorted(DATA_DIR.glob("*.yaml")) for c in load_yaml_cards(f)]
    built_in_codes = {c.passcode for c in built_in}
    store = read_store()
    first_of_name: dict[str, int] = {}      # the passcode that stands for each card name
    for name, code in [(c.name, c.passcode) for c in built_in] + \
            [(d["name"], d["passcode"]) for d in _in_store_order([*store.values(), *cards])]:
        first_of_name.setdefault(normalize(name), code)
    for facts in cards:
        code = facts["passcode"]
        if code in built_in_codes:
            report.built_in += 1
            continue
        if first_of_name[normalize(facts["name"])] != code:
            report.alternate_artworks += 1
        elif card_from_dict(facts).playable:
            report.playable += 1
        else:
            report.not_playable += 1
        if code not in store:
            report.added += 1
        elif store[code] != facts:
            report.updated += 1
        store[code] = facts
    write_store(store)
    return report


def _in_store_order(rows):
    """Cards with no alias first: the card store keeps the first card of each name, and
    known_cards maps the passcodes of the others (alternate artworks) to it."""
    return sorted(rows, key=lambda d: (bool(d.get("alias")), d["passcode"]))


def read_store() -> dict[int, dict]:
    """The stored cards' facts by passcode (empty when nothing was imported yet)."""
    path = store_path()
    if not path.exists():
        return {}
    try:
        rows = yaml.load(read_text(path), Loader=_Loader) or []
        if not isinstance(rows, list):
            raise ValueError("expected a list of cards")
        store = {}
        for row in rows:
            code = card_from_dict(row).passcode
            store[code] = {**row, "passcode": code}
        return store
    except (yaml.YAMLError, KeyError, TypeError, ValueError) as e:
        raise YgosimError(f"{path}: the imported card store cannot be read: {e}") from None


def write_store(store: dict[int, dict]) -> None:
    text = HEADER + yaml.dump(_in_store_order(store.values()), Dumper=_Dumper, sort_keys=False, allow_unicode=True,
                              default_flow_style=None, width=100)
    write_atomic(store_path(), text)
    reset_card_db()


_linked: CardDB | None = None


def known_cards() -> CardDB:
    """The card store (ygosim.cards.db.card_db) in which every imported passcode leads to a card."""
    db = card_db()
    _link_same_names(db)
    return db


def find_card(code: int, db: CardDB | None = None) -> CardData | None:
    """The card with this passcode, alternate artworks included (the store is read again only
    when a passcode is not found at once)."""
    db = db if db is not None else card_db()
    card = db.get(code)
    if card is None and _link_same_names(db):
        card = db.get(code)
    return card


def _link_same_names(db: CardDB) -> bool:
    """The card store keeps one card per name: lead the passcodes of the other stored cards of
    that name (alternate artworks, reprints) to it. True when it was not done for `db` yet."""
    global _linked
    if _linked is db:
        return False
    for facts in read_store().values():
        if facts["passcode"] not in db.by_code:
            same = db.by_name.get(normalize(facts["name"]))
            if same is not None:
                db.add_alias(facts["passcode"], same)
    _linked = db
    return True
