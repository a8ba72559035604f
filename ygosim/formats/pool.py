"""A format's card pool as the engine sees it.

    reference_cards("goat")     -> the format's reference list (ygosim/data/goat/cards.tsv):
                                   passcode, name, kind, tags, how many reference decks play it
    coverage("goat")            -> every card of the format's pool (its whitelist, 1,693 cards
                                   for goat) as playable, known as facts only, or unknown
    coverage(None)              -> the v10 view of every card the store knows
    playable_pool("goat")       -> the pool's cards the engine plays (what random decks draw on)
    random_deck(seed, "goat")   -> a random legal deck of them (soaks)

A card is *playable* when the engine knows everything it does in the rule set's card era
(CardData.playable_in: a Normal Monster, or a card with a script of that era or today's),
*known as facts only* when the store has its facts but no script, and *unknown* when the store
does not have it at all (`ygosim cards import` of a card database makes it known).
"""
from __future__ import annotations

import csv
import io
from dataclasses import dataclass

from ..cards.db import CardDB, card_db, normalize
from ..engine.rules import Rules, get_rules

# The reference card list each format ships (ygosim/data/...), with a `decks` column: how many
# of the format's reference deck lists play the card.
REFERENCE_LISTS = {"goat": "data/goat/cards.tsv"}

STATUSES = ("playable", "facts_only", "unknown")
STATUS_WORDS = {"playable": "playable", "facts_only": "facts only", "unknown": "unknown"}
KINDS = ("monster", "spell", "trap", "?")       # "?": an unknown card not in the reference list


@dataclass(frozen=True)
class ReferenceCard:
    passcode: int
    name: str
    kind: str
    tags: tuple
    decks: int          # how many reference deck lists play it


def reference_cards(rules: Rules | str | None = None) -> list[ReferenceCard]:
    """The reference card list shipped for the format of `rules`, in its order (most played
    first); empty for a format that has none (v10, 2020)."""
    path = REFERENCE_LISTS.get(get_rules(rules).name)
    if path is None:
        return []
    return _read_reference(path)


_REFERENCE_CACHE: dict[str, list] = {}


def _read_reference(path: str) -> list[ReferenceCard]:
    if path not in _REFERENCE_CACHE:
        from importlib import resources
        text = resources.files("ygosim").joinpath(path).read_text(encoding="utf-8")
        _REFERENCE_CACHE[path] = [
            ReferenceCard(int(row["passcode"]), row["name"], row["kind"],
                          tuple(t for t in row["tags"].split(",") if t), int(row["decks"]))
            for row in csv.DictReader(io.StringIO(text), delimiter="\t")]
    return _REFERENCE_CACHE[path]


@dataclass(frozen=True)
class PoolCard:
    name: str
    passcode: int
    kind: str           # monster, spell, trap, or "?" (unknown and not in the reference list)
    status: str         # one of STATUSES
    decks: int | None   # reference deck lists that play it (None: not in the reference list)


@dataclass
class Coverage:
    rules: str
    pool: str | None            # the pool's list name (None: every card the store knows)
    source: str | None          # the file it comes from
    cards: list[PoolCard]

    def counts(self) -> dict[str, int]:
        out = dict.fromkeys(STATUSES, 0)
        for c in self.cards:
            out[c.status] += 1
        return out

    def by_kind(self) -> dict[str, dict[str, int]]:
        """kind -> {status: count, "total": count}, for the kinds that have cards."""
        out = {}
        for kind in KINDS:
            cards = [c for c in self.cards if c.kind == kind]
            if cards:
                row = dict.fromkeys(STATUSES, 0)
                for c in cards:
                    row[c.status] += 1
                row["total"] = len(cards)
                out[kind] = row
        return out

    def missing(self) -> list[PoolCard]:
        """The cards that are not playable: the most played in reference lists first, then the
        cards the reference list does not have (by name)."""
        return sorted((c for c in self.cards if c.status != "playable"),
                      key=lambda c: (c.decks is None, -(c.decks or 0), normalize(c.name)))

    def as_dict(self, missing: bool = False) -> dict:
        out = {"rules": self.rules, "pool": self.pool, "source": self.source,
               "cards": len(self.cards), **self.counts(), "by_kind": self.by_kind()}
        if missing:
            out["missing"] = [{"name": c.name, "passcode": c.passcode, "kind": c.kind,
                               "status": c.status, "decks": c.decks} for c in self.missing()]
        return out


def coverage(rules: Rules | str | None = None, db: CardDB | None = None) -> Coverage:
    """How much of the pool of `rules`' format the engine plays (see the module's text). A
    format with no pool of its own (v10, 2020): every card the store knows, under its era."""
    from .rules import FORMAT_LISTS, format_lists
    r = get_rules(rules)
    db = db if db is not None else card_db()
    era = r.card_era
    refs = reference_cards(r)
    by_code = {c.passcode: c for c in refs}
    by_key = {normalize(c.name): c for c in refs}
    _, pool = format_lists(r)
    cards: dict = {}
    if pool is None:
        for card in db:
            key = normalize(card.name)
            if key not in cards and not card.has_frame("token"):
                ref = by_key.get(key)
                cards[key] = PoolCard(card.name, card.passcode, card.kind,
                                      "playable" if card.playable_in(era) else "facts_only",
                                      ref.decks if ref else None)
        return Coverage(r.name, None, None, sorted(cards.values(), key=lambda c: c.passcode))
    for code in pool.limits:
        card = db.get(code)
        if card is None:
            name = pool.names.get(code, f"passcode {code}")
            ref = by_code.get(code) or by_key.get(normalize(name))
            name = ref.name if ref else name
            cards[("code", code)] = PoolCard(name, code, ref.kind if ref else "?", "unknown",
                                             ref.decks if ref else None)
            continue
        key = normalize(card.name)          # two artworks of a card count once
        ref = by_key.get(key)
        if key not in cards:
            cards[key] = PoolCard(card.name, card.passcode, card.kind,
                                  "playable" if card.playable_in(era) else "facts_only",
                                  ref.decks if ref else None)
    source = "ygosim/" + FORMAT_LISTS[r.name][1][0]
    return Coverage(r.name, pool.name, source, list(cards.values()))


# -- random decks from the format's pool ------------------------------------------------------

def playable_pool(rules: Rules | str | None = "goat", db: CardDB | None = None) -> list:
    """Every card of the format's pool (its whitelist; a format without one: every card the
    store knows) that the engine plays under `rules`, once each (by name), by passcode."""
    from .rules import format_lists
    r = get_rules(rules)
    db = db if db is not None else card_db()
    _, pool = format_lists(r)
    cards = (db.get(code) for code in pool.limits) if pool is not None else iter(db)
    found = {}
    for card in cards:
        if card is not None and not card.has_frame("token") and card.playable_in(r.card_era):
            found.setdefault(normalize(card.name), card)
    return sorted(found.values(), key=lambda c: c.passcode)


def random_deck(seed: int, rules: Rules | str | None = "goat", size: int = 40,
                db: CardDB | None = None):
    """A legal deck of `size` Main Deck cards (and a Fusion Deck) drawn at random (seeded: the
    same seed gives the same deck, for the same playable pool) from every playable card of the
    format's pool (playable_pool: as cards get scripts, they join): within the format's
    banlist and copy limit. How many monsters, how many of them Normal Monsters, and how large
    the Fusion Deck is vary with the seed, so that a series of decks covers lean and busy
    decks alike. For soaks and tests (tools/soak.py)."""
    from ..engine.rng import Rng
    from .deck import Deck
    from .rules import _limits_by_name, format_lists
    r = get_rules(rules)
    db = db if db is not None else card_db()
    banlist, _ = format_lists(r)
    limits = _limits_by_name(banlist, db) if banlist is not None else {}
    groups: dict[str, list] = {"normal": [], "effect": [], "spell": [], "trap": [], "extra": []}
    for card in playable_pool(r, db):
        allowed = min(limits.get(normalize(card.name), r.max_copies), r.max_copies)
        if allowed <= 0:
            continue
        group = "extra" if card.is_extra_deck else "normal" if card.is_normal_monster else \
            "effect" if card.is_monster else card.kind
        groups[group].append((card, allowed))
    rng = Rng(seed)
    monsters = size * 3 // 10 + rng.below(size * 4 // 10 + 1)        # 12-28 of 40
    normals = rng.below(monsters // 2 + 1)
    spells = rng.below(size - monsters + 1)
    wanted = {"normal": normals, "effect": monsters - normals, "spell": spells,
              "trap": size - monsters - spells, "extra": rng.below(9)}
    sections = {"main": [], "extra": []}
    spare = 0                               # cards a small group could not give, for the others
    for group in ("extra", "trap", "spell", "effect", "normal"):
        section = sections["extra" if group == "extra" else "main"]
        picked = _pick(rng, groups[group], wanted[group] + (spare if group != "extra" else 0))
        if group != "extra":
            spare += wanted[group] - len(picked)
        section += picked
    if len(sections["main"]) < size:
        raise ValueError(f"the {r.name} pool has too few playable cards for a {size}-card deck")
    return Deck(f"random-{seed}", main=sections["main"], extra=sections["extra"],
                source=f"a random {r.name} deck (seed {seed})")


def _pick(rng, cards: list, n: int) -> list:
    """n cards from (card, copies allowed): distinct cards at random, 1 to their limit each."""
    pool = list(cards)
    out = []
    while len(out) < n and pool:
        card, allowed = pool.pop(rng.below(len(pool)))
        out += [card] * min(1 + rng.below(allowed), n - len(out))
    return out
