"""The card store: every card the project knows, by name and by passcode.

Built-in facts come from cards/data: hand-written ones in *.yaml, generated ones (the whole Goat
pool, tools/gen_facts.py --pool) in *.jsonl, one card a line (JSON parses ~20x faster than YAML:
three times the cards cost no start-up time); card scripts (what cards do) from the plug-in
ygosim.cards.scripts (SCRIPTS_PLUGIN). Cards imported from card databases (`ygosim cards
import`: ygosim.formats.store reads the files, StoreWriter writes the cards) are kept in an
SQLite file in the user's data folder (`store_path()`), indexed by passcode and by name, and
read lazily: a lookup reads the one card it needs, so a store of 10,000 imported cards costs
nothing at start-up. Built-in cards come first: an imported card of the same name is an
alternate artwork of the built-in one.
"""
from __future__ import annotations

import copyreg
import fnmatch
import importlib
import json
import os
import sqlite3
from importlib import resources
from pathlib import Path

import yaml

from .errors import YgosimError
from .safetext import printable, quoted
from .model import CURRENT, CardData, card_from_dict

# the built-in fact files, found as package data (a folder, or inside an archive)
DATA_DIR = resources.files(__package__) / "data"
STORE_FILE = "cards.sqlite3"
OLD_STORE_FILE = "cards.yaml"          # the store before SQLite: read once, then left alone
SCHEMA_VERSION = "1"
SCHEMA = (
    "CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    # code: the passcode; key: the name, normalized (normalize()); first: 1 for the card that
    # stands for its name, 0 for an alternate artwork or reprint of it (another passcode, the
    # same card); facts: the facts as JSON (the keys of cards.yaml)
    "CREATE TABLE IF NOT EXISTS cards (code INTEGER PRIMARY KEY, key TEXT NOT NULL, "
    "first INTEGER NOT NULL, facts TEXT NOT NULL)",
    "CREATE INDEX IF NOT EXISTS cards_by_key ON cards (key, first DESC, code)",
)

MAX_NAME = 100              # the longest real card name has 69 characters
FACT_TEXT_KEYS = ("attribute", "type")
MAX_FACT_TEXT = 40

try:
    _Loader = yaml.CSafeLoader
except AttributeError:  # pragma: no cover - libyaml missing
    _Loader = yaml.SafeLoader


def normalize(name: str) -> str:
    return " ".join(name.split()).casefold()


def _is_code(text: str) -> bool:
    """Does `text` read as a passcode (ASCII digits; '²' is a digit to Python, not to us)?"""
    return text.isascii() and text.isdigit() and len(text) <= 10


class CardDB:
    """Cards by name and passcode: the built-in ones in memory (`by_name`, `by_code`), the
    imported ones looked up in the SQLite store (`store`) when asked for and then kept."""

    def __init__(self, store: "CardStore | None" = None):
        self.by_name: dict[str, CardData] = {}
        self.by_code: dict[int, CardData] = {}
        self.store = store
        self._missing: set = set()        # lookups the store did not answer

    def add(self, card: CardData, replace: bool = True) -> None:
        key = normalize(card.name)
        if not replace and key in self.by_name:
            return
        self.by_name[key] = card
        self.by_code[card.passcode] = card

    def add_alias(self, code: int, card: CardData) -> None:
        self.by_code.setdefault(code, card)

    def get(self, ref) -> CardData | None:
        if isinstance(ref, int) and not isinstance(ref, bool):
            return self._by_code(ref)
        ref = str(ref).strip()
        key = normalize(ref)
        if _is_code(ref) and key not in self.by_name:   # a passcode, or a card named '7'
            return self._by_code(int(ref)) or self._by_key(key)
        return self._by_key(key)

    def _by_code(self, code: int) -> CardData | None:
        card = self.by_code.get(code)
        if card is None and self.store is not None and ("code", code) not in self._missing:
            row = self.store.row_by_code(code)
            if row is not None:
                card = self._by_key(row[0])
            if card is None:
                self._missing.add(("code", code))
            else:
                self.by_code[code] = card
        return card

    def _by_key(self, key: str) -> CardData | None:
        card = self.by_name.get(key)
        if card is None and self.store is not None and ("key", key) not in self._missing:
            facts = self.store.first_by_key(key)
            if facts is None:
                self._missing.add(("key", key))
                return None
            card = self.store.card(facts)
            self.by_name[key] = card
            self.by_code.setdefault(card.passcode, card)
        return card

    def __getitem__(self, ref) -> CardData:
        card = self.get(ref)
        if card is None:
            raise YgosimError(f"unknown card: {printable(str(ref))[:60]!r}")
        return card

    def __contains__(self, ref) -> bool:
        return self.get(ref) is not None

    def __iter__(self):
        """Every card: the built-in ones, then the imported ones (read from the store)."""
        yield from list(self.by_name.values())
        if self.store is not None:
            for key, facts in self.store.all_first():
                if key not in self.by_name:
                    card = self.store.card(facts)
                    self.by_name[key] = card
                    self.by_code.setdefault(card.passcode, card)
                    yield card

    def __len__(self):
        n = len(self.by_name)
        if self.store is not None:
            n += sum(1 for key in self.store.keys() if key not in self.by_name)
        return n

    def search(self, text: str) -> list[CardData]:
        """The cards whose name (or, for built-in cards, the project's description) holds
        `text`, any case, sorted by name."""
        needle = normalize(text)
        found = {normalize(c.name): c for c in list(self.by_name.values())
                 if needle in normalize(c.name) or needle in normalize(c.text)}
        if self.store is not None:
            for key in self.store.keys_containing(needle):
                if key not in found:
                    card = self._by_key(key)
                    if card is not None:
                        found[key] = card
        return [found[k] for k in sorted(found)]

    def names(self) -> list[str]:
        """Every card's normalized name (for suggestions)."""
        keys = set(self.by_name)
        if self.store is not None:
            keys.update(self.store.keys())
        return sorted(keys)

    def codes_of(self, card: CardData) -> list[int]:
        """Every passcode that leads to `card` (its own first; alternate artworks after)."""
        codes = {code for code, c in self.by_code.items() if c is card}
        if self.store is not None:
            codes.update(self.store.codes_by_key(normalize(card.name)))
        codes.discard(card.passcode)
        return [card.passcode, *sorted(codes)]


def load_yaml_cards(path: Path) -> list[CardData]:
    return [card_from_dict(r) for r in load_data_rows(path)]


DATA_PATTERNS = ("*.yaml", "*.jsonl")


def data_files() -> list:
    """The built-in fact files: the hand-written *.yaml, then the generated *.jsonl."""
    files = sorted(DATA_DIR.iterdir(), key=lambda p: p.name)
    return [p for pattern in DATA_PATTERNS for p in files if fnmatch.fnmatch(p.name, pattern)]


def load_data_rows(path) -> list[dict]:
    """The card rows (dicts of facts, as in cards.yaml) of one built-in fact file (a Path or
    a package resource): a YAML list, or JSON lines (one card's object a line; blank lines and
    lines starting with '#' are comments)."""
    with path.open(encoding="utf-8") as f:
        if path.name.endswith(".jsonl"):
            return [json.loads(line) for line in f if line.strip() and not line.startswith("#")]
        return yaml.load(f, Loader=_Loader) or []


ARTWORKS_FILE = "alternate-artworks.tsv"


def load_alternate_artworks(path) -> list[tuple[int, str]]:
    """The other passcodes of built-in cards (alternate artworks), as (passcode, name)."""
    out = []
    with path.open(encoding="utf-8") as f:
        for line in f:
            if line.strip() and not line.startswith("#"):
                code, name = line.rstrip("\n").split("\t")
                out.append((int(code), name))
    return out


# -- where files go ----------------------------------------------------------------------------

def user_store_dir() -> Path:
    """Where imported card databases are kept: the platform's folder for user data (e.g.
    ~/.local/share/ygosim, %LOCALAPPDATA%\\ygosim, ~/Library/Application Support/ygosim);
    the environment variable YGOSIM_HOME overrides it."""
    home = os.environ.get("YGOSIM_HOME")
    if home:
        return Path(home)
    import platformdirs
    return Path(platformdirs.user_data_dir("ygosim", appauthor=False))


def store_path() -> Path:
    return user_store_dir() / STORE_FILE


# -- the SQLite store (reading) ----------------------------------------------------------------

class CardStore:
    """The imported cards' SQLite file, read lazily. Any problem reading it is a YgosimError
    naming the file (with what to do)."""

    def __init__(self, path: Path):
        self.path = path
        self._con: sqlite3.Connection | None = None

    def _fail(self, e: Exception):
        raise YgosimError(f"{printable(str(self.path))}: the imported card store cannot be read "
                          f"({printable(str(e))[:80]}); move it away and import your card "
                          "databases again") from None

    def _db(self) -> sqlite3.Connection:
        if self._con is None:
            try:
                con = sqlite3.connect(f"{self.path.resolve().as_uri()}?mode=ro", uri=True)
                version = con.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone()
                if version is None or version[0] != SCHEMA_VERSION:
                    con.close()
                    raise sqlite3.DatabaseError(f"schema {version[0] if version else '?'}, "
                                                f"expected {SCHEMA_VERSION}")
            except (sqlite3.Error, ValueError) as e:
                self._fail(e)
            self._con = con
        return self._con

    def _query(self, sql: str, args=()) -> list:
        try:
            return self._db().execute(sql, args).fetchall()
        except (sqlite3.Error, ValueError) as e:
            self._fail(e)

    def row_by_code(self, code: int):
        if not 0 < code < 2 ** 63:
            return None
        rows = self._query("SELECT key FROM cards WHERE code = ?", (code,))
        return rows[0] if rows else None

    def first_by_key(self, key: str):
        rows = self._query("SELECT facts FROM cards WHERE key = ? ORDER BY first DESC, code "
                           "LIMIT 1", (key,))
        return rows[0][0] if rows else None

    def codes_by_key(self, key: str) -> list[int]:
        return [code for (code,) in self._query("SELECT code FROM cards WHERE key = ?", (key,))]

    def keys(self) -> list[str]:
        return [k for (k,) in self._query("SELECT DISTINCT key FROM cards")]

    def keys_containing(self, needle: str) -> list[str]:
        pattern = "%" + needle.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"
        return [k for (k,) in self._query(
            "SELECT DISTINCT key FROM cards WHERE key LIKE ? ESCAPE '\\'", (pattern,))]

    def all_first(self):
        return self._query("SELECT key, facts FROM cards WHERE first = 1 ORDER BY key")

    def card(self, facts_json: str) -> CardData:
        try:
            return card_from_dict(json.loads(facts_json))
        except (ValueError, KeyError, TypeError) as e:
            self._fail(e)

    def close(self) -> None:
        if self._con is not None:
            self._con.close()
            self._con = None


# -- the SQLite store (writing) ----------------------------------------------------------------

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


def in_store_order(rows):
    """Cards with no alias first: the card that stands for a name is the first stored of that
    name; the others (alternate artworks) lead to it."""
    return sorted(rows, key=lambda d: (bool(d.get("alias")), d["passcode"]))


def built_in_keys() -> dict:
    by_name, by_code = built_in_cards()
    return {"codes": set(by_code), "keys": set(by_name)}


class StoreWriter:
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
    from ..cards.textfile import parse_yaml, read_text
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
    built_in = built_in_keys()
    with StoreWriter(yaml_path.parent / store_path().name) as w:
        for facts in in_store_order(good):
            code, key = facts["passcode"], normalize(facts["name"])
            if code in built_in["codes"]:
                continue
            first = key not in built_in["keys"] and w.first_code(key) in (None, code)
            w.put(code, key, first, facts)


def open_store() -> CardStore | None:
    """The user's card store, if there is one (a store of the YAML days is converted first)."""
    path = store_path()
    if not path.exists() and (path.parent / OLD_STORE_FILE).exists():
        convert_old_store(path.parent / OLD_STORE_FILE)
    return CardStore(path) if path.exists() else None


# -- the process-wide store ----------------------------------------------------------------------

# What cards do (their scripts) is a plug-in: the package named here, imported when the built-in
# cards are first made, attaches each card's script (its attach_scripts(db)). The facts do not
# import it: scripts are written in the engine's vocabulary, and the engine reads these facts
# (docs/architecture.md).
SCRIPTS_PLUGIN = "ygosim.cards.scripts"

_DB: CardDB | None = None
_BUILT_IN: tuple | None = None          # (by_name, by_code) of the built-in cards, scripts on


def built_in_cards() -> tuple[dict, dict]:
    """The built-in cards by normalized name and by passcode, their scripts attached (made
    once per process: they do not depend on the user's store)."""
    global _BUILT_IN
    if _BUILT_IN is None:
        db = CardDB()
        for path in data_files():
            for card in load_yaml_cards(path):
                db.add(card)
        for code, name in load_alternate_artworks(DATA_DIR / ARTWORKS_FILE):
            db.add_alias(code, db.by_name[normalize(name)])
        importlib.import_module(SCRIPTS_PLUGIN).attach_scripts(db)
        _BUILT_IN = (db.by_name, db.by_code)
    return _BUILT_IN


def card_db() -> CardDB:
    """The process-wide card store (built-in cards, their scripts, then imported cards)."""
    global _DB
    if _DB is None:
        by_name, by_code = built_in_cards()
        db = CardDB()
        db.by_name, db.by_code = dict(by_name), dict(by_code)
        db.store = open_store()
        _DB = db
    return _DB


def reset_card_db() -> None:
    """Forget the user's store as loaded (tests that change YGOSIM_HOME call this; an import
    does too). The built-in cards stay."""
    global _DB
    if _DB is not None and _DB.store is not None:
        _DB.store.close()
    _DB = None


# -- cards between processes -------------------------------------------------------------------

def _lookup_card(name: str, era: str = CURRENT) -> CardData:
    return card_db()[name].for_era(era)


def _reduce_card(card: CardData):
    # Cards travel between processes (simulate --jobs) by name and era: the receiving
    # process looks the same card up in its own store, scripts included. (Registered here,
    # by the store, so that the card model does not import the store.)
    if card.era == CURRENT:
        return (_lookup_card, (card.name,))
    return (_lookup_card, (card.name, card.era))


copyreg.pickle(CardData, _reduce_card)
