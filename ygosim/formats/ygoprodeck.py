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
from pathlib import Path

from ..cards.codes import LINK_ARROWS, MONSTER_FRAMES
from ..cards.errors import YgosimError
from .cdb import MAX_ROWS, CardRead, has_pendulum_effect
from .decklist import MAX_PASSCODE
from ..cards.safetext import printable, quoted
from ..cards.textfile import parse_json, read_text

SUBTYPES = {
    "spell": {"normal": "normal", "quick-play": "quickplay", "continuous": "continuous",
              "equip": "equip", "field": "field", "ritual": "ritual"},
    "trap": {"normal": "normal", "continuous": "continuous", "counter": "counter"},
}
EFFECT_FRAMES = {"flip", "toon", "spirit", "union", "gemini"}    # always Effect Monsters
ARROWS = set(LINK_ARROWS.values())


def read_ygoprodeck(path) -> CardRead:
    """The cards of a YGOProDeck JSON dump as fact dicts; entries that are not Deck cards are
    counted by kind, broken entries left out and reported (the others are read)."""
    path = Path(path)
    source = printable(str(path))
    text = read_text(path, "json")
    if not text.strip():
        raise YgosimError(f"{source}: the file is empty")
    doc = parse_json(text, source)
    items = doc.get("data") if isinstance(doc, dict) else doc
    if not isinstance(items, list):
        raise YgosimError(f'{source}: not a YGOProDeck card list (expected {{"data": [...]}})')
    if len(items) > MAX_ROWS:
        raise YgosimError(f"{source}: more than {MAX_ROWS:,} cards: larger than any real card "
                          "database")
    result = CardRead()
    for i, item in enumerate(items):
        where = f"{source}, data[{i}]"
        if not isinstance(item, dict):
            result.rejected.append(f"{where}: expected a card object, found {type(item).__name__}")
            continue
        try:
            facts = _card_facts(_Fields(item, where), result.skipped)
        except YgosimError as e:
            result.rejected.append(str(e))
            continue
        if facts is not None:
            facts["_where"] = where
            result.cards.append(facts)
            for code in facts.pop("_artworks"):
                result.cards.append({**facts, "passcode": code, "alias": facts["passcode"]})
    return result


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
        if not isinstance(value, int) or isinstance(value, bool) or not -2 ** 31 <= value < 2 ** 32:
            raise self.error(key, value, "a whole number")
        return value

    def stat(self, key: str) -> int | str:
        """ATK or DEF: a number, or '?' (YGOProDeck gives -1) when the card's effect sets it."""
        value = self.number(key)
        return "?" if value < 0 else value

    def passcode(self, value) -> int:
        if not isinstance(value, int) or isinstance(value, bool) or not 0 < value <= MAX_PASSCODE:
            raise YgosimError(f"{self.where}: bad passcode {quoted(value)}")
        return value

    def error(self, key, value, expected) -> YgosimError:
        found = "nothing" if value is None else quoted(value)
        return YgosimError(f"{self.where}: bad {key!r}: expected {expected}, found {found}")


def _card_facts(f: _Fields, skipped) -> dict | None:
    code = f.passcode(f.item.get("id"))
    f.where = f"{f.where} (id {code})"
    name = " ".join(f.text("name").split())
    if not name:
        raise f.error("name", "", "a card name")
    type_words = set(re.findall(r"[a-z]+", f.text("type").lower()))
    frame_type = f.text("frameType", "")
    if "skill" in type_words or frame_type == "skill":
        skipped["skill"] += 1
        return None
    facts = {"name": name, "passcode": code}
    if "token" in type_words or frame_type == "token":      # a Token: a monster, no Deck card
        type_words |= {"monster", "token"}
    kind = next((k for k in ("spell", "trap", "monster") if k in type_words), None)
    if kind is None:
        raise f.error("type", f.item.get("type"), "a Monster, Spell or Trap card type")
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
        words |= {w.lower() for w in typeline if isinstance(w, str)}
    if words & EFFECT_FRAMES:
        words.add("effect")
    if "token" in words and "effect" not in words:
        words.add("normal")                       # as the cdb marks a Token with no effect
    frames = [frame for frame in MONSTER_FRAMES if frame in words]
    facts = {"frames": frames, "attribute": f.text("attribute").upper(), "type": f.text("race"),
             "atk": f.stat("atk")}
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
        facts["def"] = f.stat("def")
        facts["rank" if "xyz" in frames else "level"] = f.number("level")
    if "pendulum" in frames:
        facts["scale"] = f.number("scale")
        if "normal" in frames and _pendulum_effect(f):
            facts["pendulum_effect"] = True
    return facts


def _pendulum_effect(f: _Fields) -> bool:
    """Has this Normal Pendulum Monster a Pendulum Effect? YGOProDeck gives it as `pend_desc`
    (read, never kept); else the text is looked at as a cards.cdb's is."""
    pend = f.item.get("pend_desc")
    if isinstance(pend, str):
        return pend.strip().lower() not in ("", "-n/a-", "n/a")
    desc = f.item.get("desc")
    return has_pendulum_effect(desc if isinstance(desc, str) else None)
