"""YGOProDeck API v7 card dumps (cardinfo.php):

    {"data": [{"id": 46986414, "name": "Dark Magician", "type": "Normal Monster",
               "frameType": "normal", "atk": 2500, "def": 2100, "level": 7, "race": "Spellcaster",
               "attribute": "DARK", "card_images": [{"id": 46986414}, {"id": 36996508}], ...}]}

Spells and Traps give their kind in `race` ("Quick-Play", "Counter"...); Link Monsters give
`linkval` and `linkmarkers`; Pendulum Monsters `scale`. Extra `card_images` ids are alternate
artworks of the same card. The `desc` (official text) is not read.
"""
from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

from ..cards.codes import LINK_ARROWS, MONSTER_FRAMES
from ..errors import YgosimError
from .decklist import MAX_PASSCODE
from ..safetext import printable
from .textfile import parse_json, read_text

SUBTYPES = {
    "spell": {"normal": "normal", "quick-play": "quickplay", "continuous": "continuous",
              "equip": "equip", "field": "field", "ritual": "ritual"},
    "trap": {"normal": "normal", "continuous": "continuous", "counter": "counter"},
}
EFFECT_FRAMES = {"flip", "toon", "spirit", "union", "gemini"}    # always Effect Monsters
ARROWS = set(LINK_ARROWS.values())


def read_ygoprodeck(path) -> tuple[list[dict], Counter]:
    """The cards of a YGOProDeck JSON dump as fact dicts, and how many were skipped, by reason."""
    path = Path(path)
    where = printable(str(path))
    text = read_text(path, "json")
    if not text.strip():
        raise YgosimError(f"{where}: the file is empty")
    doc = parse_json(text, where)
    items = doc.get("data") if isinstance(doc, dict) else doc
    if not isinstance(items, list):
        raise YgosimError(f'{path}: not a YGOProDeck card list (expected {{"data": [...]}})')
    cards, skipped = [], Counter()
    for i, item in enumerate(items):
        where = f"{path}, data[{i}]"
        if not isinstance(item, dict):
            raise YgosimError(f"{where}: expected a card object, found {type(item).__name__}")
        facts = _card_facts(_Fields(item, where), skipped)
        if facts is not None:
            cards.append(facts)
            for code in facts.pop("_artworks"):
                cards.append({**facts, "passcode": code, "alias": facts["passcode"]})
    return cards, skipped


class _Fields:
    """Typed access to one card object; a missing or mistyped field is a YgosimError."""

    def __init__(self, item: dict, where: str):
        self.item, self.where = item, where

    def text(self, key: str, default: str | None = None) -> str:
        value = self.item.get(key, default)
        if not isinstance(value, str):
            raise self.error(key, value, "text")
        return value

    def number(self, key: str, default: int | None = 0) -> int:
        value = self.item.get(key, default)
        if value is None:
            value = default
        if not isinstance(value, int) or isinstance(value, bool):
            raise self.error(key, value, "a whole number")
        return value

    def passcode(self, value) -> int:
        if not isinstance(value, int) or isinstance(value, bool) or not 0 < value <= MAX_PASSCODE:
            raise YgosimError(f"{self.where}: bad passcode {value!r}")
        return value

    def error(self, key, value, expected) -> YgosimError:
        found = "nothing" if value is None else repr(value)
        return YgosimError(f"{self.where}: bad {key!r}: expected {expected}, found {found}")


def _card_facts(f: _Fields, skipped: Counter) -> dict | None:
    code = f.passcode(f.item.get("id"))
    f.where = f"{f.where} (id {code})"
    name = " ".join(f.text("name").split())
    if not name:
        raise f.error("name", "", "a card name")
    type_words = set(re.findall(r"[a-z]+", f.text("type").lower()))
    frame_type = f.text("frameType", "")
    for kind in ("skill", "token"):
        if kind in type_words or frame_type == kind:
            skipped[kind] += 1
            return None
    facts = {"name": name, "passcode": code}
    kind = next((k for k in ("spell", "trap", "monster") if k in type_words), None)
    if kind is None:
        raise f.error("type", f.item["type"], "a Monster, Spell or Trap card type")
    facts["kind"] = kind
    if kind == "monster":
        facts.update(_monster_facts(f, type_words | set(frame_type.split("_"))))
    else:
        race = f.text("race")
        subtype = SUBTYPES[kind].get(race.lower())
        if subtype is None:
            raise f.error("race", race, f"a kind of {kind.capitalize()} Card")
        facts["subtype"] = subtype
    facts["text"] = ""
    images = f.item.get("card_images") or []
    if not isinstance(images, list) or not all(isinstance(i, dict) for i in images):
        raise f.error("card_images", images, "a list of images")
    artworks = [f.passcode(i.get("id")) for i in images]
    facts["_artworks"] = sorted(set(artworks) - {code})
    return facts


def _monster_facts(f: _Fields, words: set) -> dict:
    typeline = f.item.get("typeline") or []
    if isinstance(typeline, list):
        words |= {str(w).lower() for w in typeline}
    if words & EFFECT_FRAMES:
        words.add("effect")
    frames = [frame for frame in MONSTER_FRAMES if frame in words]
    facts = {"frames": frames, "attribute": f.text("attribute").upper(), "type": f.text("race"),
             "atk": max(f.number("atk"), 0)}                  # '?' ATK/DEF: given by effect
    if "link" in frames:
        facts["link_rating"] = f.number("linkval")
        markers = f.item.get("linkmarkers") or []
        if not isinstance(markers, list) or not all(isinstance(m, str) for m in markers):
            raise f.error("linkmarkers", markers, "a list of Link Arrows")
        arrows = {m.lower() for m in markers}
        if not arrows <= ARROWS:
            raise f.error("linkmarkers", markers, "Link Arrows such as 'Top' or 'Bottom-Left'")
        facts["link_arrows"] = [a for a in LINK_ARROWS.values() if a in arrows]
    else:
        facts["def"] = max(f.number("def"), 0)
        facts["rank" if "xyz" in frames else "level"] = f.number("level")
    if "pendulum" in frames:
        facts["scale"] = f.number("scale")
    return facts
