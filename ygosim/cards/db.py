"""The card store: every card the project knows, by name and by passcode.

Built-in facts come from cards/data/*.yaml; card scripts (what cards do) from
ygosim.cards.scripts. Imported databases (see ygosim.formats) add to the store.
"""
from __future__ import annotations

import os
from pathlib import Path

import yaml

from ..errors import YgosimError
from .model import CardData, card_from_dict

DATA_DIR = Path(__file__).parent / "data"

try:
    _Loader = yaml.CSafeLoader
except AttributeError:  # pragma: no cover - libyaml missing
    _Loader = yaml.SafeLoader


def normalize(name: str) -> str:
    return " ".join(name.split()).casefold()


class CardDB:
    def __init__(self):
        self.by_name: dict[str, CardData] = {}
        self.by_code: dict[int, CardData] = {}

    def add(self, card: CardData, replace: bool = True) -> None:
        key = normalize(card.name)
        if not replace and key in self.by_name:
            return
        self.by_name[key] = card
        self.by_code[card.passcode] = card

    def add_alias(self, code: int, card: CardData) -> None:
        self.by_code.setdefault(code, card)

    def get(self, ref) -> CardData | None:
        if isinstance(ref, int):
            return self.by_code.get(ref)
        ref = str(ref).strip()
        if ref.isascii() and ref.isdigit() and len(ref) <= 10 and normalize(ref) not in self.by_name:
            return self.by_code.get(int(ref))
        return self.by_name.get(normalize(ref))

    def __getitem__(self, ref) -> CardData:
        card = self.get(ref)
        if card is None:
            raise YgosimError(f"unknown card: {ref!r}")
        return card

    def __contains__(self, ref) -> bool:
        return self.get(ref) is not None

    def __iter__(self):
        return iter(self.by_name.values())

    def __len__(self):
        return len(self.by_name)


def load_yaml_cards(path: Path) -> list[CardData]:
    with open(path, encoding="utf-8") as f:
        rows = yaml.load(f, Loader=_Loader) or []
    return [card_from_dict(r) for r in rows]


_DB: CardDB | None = None


def user_store_dir() -> Path:
    """Where imported card databases are kept (YGOSIM_HOME overrides)."""
    home = os.environ.get("YGOSIM_HOME")
    if home:
        return Path(home)
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return Path(base) / "ygosim"


def card_db() -> CardDB:
    """The process-wide card store (built-in cards, their scripts, then imported cards)."""
    global _DB
    if _DB is None:
        db = CardDB()
        for path in sorted(DATA_DIR.glob("*.yaml")):
            for card in load_yaml_cards(path):
                db.add(card)
        from .scripts import attach_scripts
        attach_scripts(db)
        _load_user_store(db)
        _DB = db
    return _DB


def _load_user_store(db: CardDB) -> None:
    """Imported cards (ygosim cards import) never replace built-in ones."""
    store = user_store_dir() / "cards.yaml"
    if store.exists():
        try:
            for card in load_yaml_cards(store):
                known = db.get(card.name)
                if known is not None:       # an alternate artwork of a card we have
                    db.add_alias(card.passcode, known)
                else:
                    db.add(card)
        except (yaml.YAMLError, KeyError, TypeError, ValueError) as e:
            raise YgosimError(f"{store}: the imported card store cannot be read: {e}") from None


def reset_card_db() -> None:
    """Forget the loaded store (tests that import cards call this)."""
    global _DB
    _DB = None
