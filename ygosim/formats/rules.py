"""Deck legality (the deck-construction rules of a rule set, banlists, a format's card pool)
and, apart from it, playability (does the engine know everything the deck's cards do?).

    check_deck(deck, banlist, rules=GOAT, pool=...)   -> legality problems, one line each
    not_playable(deck, rules, sections)                -> the cards the engine cannot play yet
    require_legal({"deck A": deck, ...}, rules, casual)     -> refuses decks a format's lists
                                                           forbid (duel, simulate, match, ...)
    require_playable({"deck A": deck, ...}, allow, rules)   -> refuses or warns (Main and Extra
                                                           Deck: what a duel plays)
    side_not_playable({"deck A": deck, ...}, rules)    -> Side Deck cards not yet playable (a
                                                           warning; a Match refuses siding them)

The sizes, the copy limit and the Extra Deck frames a format knows come from the rule set
(ygosim.engine.rules.Rules: main_min/main_max, extra_max, side_sizes/side_max, max_copies,
frames_allowed): v10 and 2020 are Main 40-60, Extra 0-15, Side 0-15; goat is Main 40 or more,
a Fusion Deck of any size, a Side Deck of 0 or exactly 15, and no Synchro, Xyz, Link or
Pendulum cards.
"""
from __future__ import annotations

from collections import Counter

from ..cards.db import CardDB, normalize
from ..engine.rules import Rules, get_rules
from ..cards.errors import YgosimError
from .deck import UNKNOWN_HINT, Deck
from .decklist import SECTIONS
from .lflist import STATUS, Banlist
from .store import find_card

FRAME_TITLES = {"fusion": "Fusion", "synchro": "Synchro", "xyz": "Xyz", "link": "Link",
                "pendulum": "Pendulum"}
FORMAT_FRAMES = frozenset(FRAME_TITLES)    # the frames a format may leave out (frames_allowed)
UNKNOWN_SHOWN = 5


def section_title(section: str, rules: Rules | None = None) -> str:
    """The section's name under `rules`: the Extra Deck is the Fusion Deck in a format that
    knows no other Extra Deck monsters (goat)."""
    rules = get_rules(rules)
    if section == "extra" and rules.frames_allowed & {"synchro", "xyz", "link"} == set():
        return "Fusion Deck"
    return {"main": "Main Deck", "extra": "Extra Deck", "side": "Side Deck"}[section]


def size_rule(section: str, rules: Rules | None = None) -> tuple[str, callable]:
    """How many cards the section may hold under `rules`: (the rule in words, a test)."""
    r = get_rules(rules)
    if section == "main":
        if r.main_max is None:
            return f"{r.main_min} or more", lambda n: n >= r.main_min
        return f"{r.main_min} to {r.main_max}", lambda n: r.main_min <= n <= r.main_max
    if section == "extra":
        if r.extra_max is None:
            return "any number", lambda n: True
        return f"0 to {r.extra_max}", lambda n: 0 <= n <= r.extra_max
    if r.side_sizes is not None:
        sizes = sorted(r.side_sizes)
        words = " or ".join(str(s) for s in sizes) if len(sizes) > 1 else str(sizes[0])
        return (f"{words} (exactly)" if len(sizes) == 1 else words), lambda n: n in r.side_sizes
    return f"0 to {r.side_max}", lambda n: 0 <= n <= r.side_max


def check_deck(deck: Deck, banlist: Banlist | None = None, db: CardDB | None = None,
               rules: Rules | str | None = None, pool: Banlist | None = None) -> list[str]:
    """Every reason the deck is not legal under `rules` (v10 by default), a banlist and a card
    pool (a whitelist), in one list; empty: the deck is legal. Playability is not legality:
    see not_playable."""
    r = get_rules(rules)
    problems = []
    unknown = [e for _, e in deck.unknown]
    if unknown:
        prefix = f"{deck.source}, "
        listed = "; ".join(f"{e.where.removeprefix(prefix)}: {e.code}"
                           for e in unknown[:UNKNOWN_SHOWN])
        more = f"; and {len(unknown) - UNKNOWN_SHOWN} more" if len(unknown) > UNKNOWN_SHOWN else ""
        problems.append(f"{len(unknown)} unknown passcode{'s' if len(unknown) != 1 else ''} in "
                        f"{deck.source} ({listed}{more}): their legality cannot be checked "
                        f"{UNKNOWN_HINT}")
    for section in SECTIONS:
        size = deck.size(section)
        words, ok = size_rule(section, r)
        if not ok(size):
            problems.append(f"{section_title(section, r)}: {size} cards (must be {words})")
    for card in _distinct(deck.cards()):
        if card.has_frame("token"):
            problems.append(f"{card.name} is a Token: no Deck holds one")
            continue
        banned = [f for f in card.frames if f in FORMAT_FRAMES and f not in r.frames_allowed]
        if banned:
            kind = FRAME_TITLES[banned[0]]
            problems.append(f"{card.name} is {_a(kind)} Monster: {r.title} has no {kind} "
                            "Monsters")
    extra_title = section_title("extra", r)
    for card in _distinct(deck.main):
        if card.is_extra_deck:
            frame = next(FRAME_TITLES[f] for f in card.frames if f in FRAME_TITLES)
            problems.append(f"Main Deck: {card.name} is {_a(frame)} Monster: it belongs in the "
                            f"{extra_title}")
    for card in _distinct(deck.extra):
        if not card.is_extra_deck:
            problems.append(f"{extra_title}: {card.name} is not a Fusion, Synchro, Xyz or Link "
                            "Monster: it belongs in the Main Deck")
    copies, names = _copies(deck)
    for key, count in copies.items():
        if count > r.max_copies:
            problems.append(f"{names[key]}: {count} copies (at most {r.max_copies} across the "
                            f"Main, {extra_title.split()[0]} and Side Deck)")
    if banlist is not None:
        problems += _banlist_problems(banlist, copies, names, db)
    if pool is not None:
        problems += _pool_problems(pool, copies, names, db)
    return problems


def _a(word: str) -> str:
    return ("an " if word[0] in "AEIOUX" else "a ") + word


def _distinct(cards):
    return list({id(c): c for c in cards}.values())


def _copies(deck: Deck) -> tuple[Counter, dict]:
    """Copies per card: known cards by name (alternate artworks are the same card), unknown
    passcodes by passcode (they count toward the copy limit too)."""
    copies, names = Counter(), {}
    for card in deck.cards():
        key = normalize(card.name)
        copies[key] += 1
        names[key] = card.name
    for _, entry in deck.unknown:
        key = ("code", entry.code)
        copies[key] += 1
        names[key] = f"unknown passcode {entry.code}"
    return copies, names


def _banlist_problems(banlist: Banlist, copies: Counter, names: dict,
                      db: CardDB | None) -> list[str]:
    """Copies over the list's limits (a whitelist: unlisted cards are allowed none)."""
    limits = _limits_by_name(banlist, db)
    out = []
    for key, count in copies.items():
        if isinstance(key, tuple):                       # an unknown passcode: by its code
            if key[1] not in banlist.limits:
                continue                                 # (the unknown-passcode problem says it)
            limit = banlist.limits[key[1]]
            status = STATUS[limit]
        elif key in limits:
            limit, status = limits[key], STATUS[limits[key]]
        elif banlist.whitelist:
            limit, status = 0, "not on the whitelist"
        else:
            continue
        if count > limit:
            out.append(f"{names[key]}: {count} {'copy' if count == 1 else 'copies'}, "
                       f"{status} on banlist {banlist.name!r} ({limit} allowed)")
    return out


def _pool_problems(pool: Banlist, copies: Counter, names: dict, db: CardDB | None) -> list[str]:
    """Cards that are not in the format's card pool (a whitelist; its counts are left to the
    banlist)."""
    members = _limits_by_name(pool, db)
    return [f"{names[key]}: not in the card pool of {pool.name!r}" for key in copies
            if not isinstance(key, tuple) and key not in members]


def _limits_by_name(banlist: Banlist, db: CardDB | None) -> dict[str, int]:
    """The list's limits by card name: a limit on any artwork applies to the card (the lowest,
    if two artworks are listed)."""
    limits = {}
    for code, limit in banlist.limits.items():
        card = find_card(code, db)
        if card is not None:
            key = normalize(card.name)
            limits[key] = min(limit, limits.get(key, limit))
    return limits


# -- a format's own lists ------------------------------------------------------------------------

# The banlist and card pool (a whitelist) each format is checked against by default, shipped in
# the package (ygosim/data/...): (file, list name or None for the first). v10 and 2020 have
# none: their lists change every few months (check with --banlist lflist.conf).
FORMAT_LISTS = {"goat": (("data/goat/banlist-2005-04.conf", None),
                         ("data/goat/pool-whitelist.conf", None))}


def format_lists(rules: Rules | str | None = None) -> tuple[Banlist | None, Banlist | None]:
    """The (banlist, card pool) shipped for the format of `rules` (None where it has none)."""
    from importlib import resources
    from .lflist import parse_lflist
    entry = FORMAT_LISTS.get(get_rules(rules).name)
    if entry is None:
        return None, None
    out = []
    for path, name in entry:
        res = resources.files("ygosim").joinpath(path)
        lists = parse_lflist(res.read_text(encoding="utf-8"), f"ygosim/{path}")
        out.append(next((b for b in lists if name is None or b.name == name), lists[0]))
    return out[0], out[1]


# -- legality where duels are played -----------------------------------------------------------

class IllegalDeck(YgosimError):
    """Decks that break the rules of a format with lists (goat), where a duel is set up: one
    line per deck (its label), then one indented line per problem. `one_line()` is the same
    on one line (for a web reply)."""

    def __init__(self, found: dict[str, list[str]], rules: Rules, hint: str):
        self.found, self.rules, self.hint = found, rules, hint
        heads = [f"{label} is not a legal {rules.name} deck" for label in found]
        lines = []
        for head, problems in zip(heads, found.values()):
            lines.append(f"{head} ({len(problems)} problem{'s' if len(problems) != 1 else ''}):")
            lines += [f"  {p}" for p in problems]
        lines.append(hint)
        super().__init__("\n".join(lines))

    def one_line(self) -> str:
        return "; ".join(f"{label} is not a legal {self.rules.name} deck: " + "; ".join(problems)
                         for label, problems in self.found.items()) + f" ({self.hint})"


def format_problems(deck, rules: Rules | str | None = None) -> list[str]:
    """Every reason `deck` is not legal under the lists of the format of `rules` (its banlist
    and card pool, with its deck sizes and frames); empty for a legal deck, and for a format
    that has no lists (v10, 2020: their decks are not checked where duels are played)."""
    r = get_rules(rules)
    banlist, pool = format_lists(r)
    if banlist is None and pool is None:
        return []
    return check_deck(deck, banlist, rules=r, pool=pool)


def require_legal(decks: dict, rules: Rules | str | None = None, casual: bool = False,
                  hint: str = "--casual plays them anyway") -> None:
    """For everything that sets up duels (duel, simulate, match, gauntlet, the web lobby):
    `decks` maps a label ("your deck (x)") to a deck. Under a format with lists (goat) a deck
    that breaks them is refused: IllegalDeck names every problem of every deck. Casual play
    (`casual`) checks nothing."""
    r = get_rules(rules)
    if casual:
        return
    found = {label: problems for label, deck in decks.items()
             if (problems := format_problems(deck, r))}
    if found:
        raise IllegalDeck(found, r, hint)


# -- playability ---------------------------------------------------------------------------------

# What a duel plays: the Main and the Extra (Fusion) Deck. The Side Deck only matters in a
# Match, when its cards are sided in (ygosim.play.match.side_swap checks them then).
DUEL_SECTIONS = ("main", "extra")


def not_playable(deck, rules: Rules | str | None = None, sections=SECTIONS) -> list:
    """The distinct cards of the `sections` of `deck` (a Deck, or anything with main/extra/
    side lists; all three by default) the engine cannot play yet under `rules` (its card era:
    a card scripted only for goat plays in goat rules): effects with no script, Normal Pendulum
    Monsters with a Pendulum Effect."""
    era = get_rules(rules).card_era
    if isinstance(deck, (list, tuple)):
        cards = list(deck)
    else:
        cards = [c for s in sections for c in getattr(deck, s, ())]
    return [c for c in _distinct(cards) if not c.playable_in(era)]


def require_playable(decks: dict, allow_unscripted: bool = False,
                     rules: Rules | str | None = None) -> dict[str, list[str]]:
    """For commands that play duels (simulate, match, duel): `decks` maps a label ("deck A",
    "your deck") to a deck. A deck whose Main or Extra Deck holds cards the engine cannot play
    yet is refused (a YgosimError naming them and --allow-unscripted), unless
    `allow_unscripted`: then the result maps each such label to the cards' names, for a
    warning (and --json). The Side Deck is not looked at (see side_not_playable)."""
    found = {label: [c.name for c in not_playable(deck, rules, DUEL_SECTIONS)]
             for label, deck in decks.items()}
    found = {label: names for label, names in found.items() if names}
    if found and not allow_unscripted:
        parts = [f"{label} has {len(names)} card{'s' if len(names) != 1 else ''} the engine "
                 f"cannot play yet ({_names(names)})" for label, names in found.items()]
        raise YgosimError("; ".join(parts) + ": they would play without their effects; "
                          "--allow-unscripted plays them anyway")
    return found


def deck_report(deck, rules: Rules | str | None = None, banlist: Banlist | None = None,
                pool: Banlist | None = None) -> dict:
    """Legality and playability of `deck` (a Deck read with its unknown passcodes) under
    `rules`, against `banlist` and `pool` (None: the format's own lists, format_lists), as
    `deck check --json` gives them:

    legal, problems               legality (check_deck)
    unknown                       the passcodes no card has: [{where, passcode, section}]
    playable                      a duel takes the deck: every passcode known, every Main and
                                  Extra Deck card playable
    playable_with_side            and every Side Deck card too (anything may be sided in)
    playable_main                 the Main Deck alone is known and playable
    not_playable                  the known cards not yet playable (names, all sections)
    not_playable_by_section       the same per section"""
    r = get_rules(rules)
    if banlist is None and pool is None:
        banlist, pool = format_lists(r)
    problems = check_deck(deck, banlist, rules=r, pool=pool)
    by_section = {s: [c.name for c in not_playable(deck, r, (s,))] for s in SECTIONS}
    unknown = {s: [e for sec, e in getattr(deck, "unknown", ()) if sec == s] for s in SECTIONS}
    ok = {s: not by_section[s] and not unknown[s] for s in SECTIONS}
    playable = ok["main"] and ok["extra"] and not unknown["side"]
    return {"legal": not problems, "problems": problems,
            "unknown": [{"where": e.where, "passcode": e.code, "section": s}
                        for s in SECTIONS for e in unknown[s]],
            "playable": playable, "playable_with_side": playable and ok["side"],
            "playable_main": ok["main"],
            "not_playable": [c.name for c in not_playable(deck, r)],
            "not_playable_by_section": by_section}


def side_not_playable(decks: dict, rules: Rules | str | None = None) -> dict[str, list[str]]:
    """label -> the names of the Side Deck cards the engine cannot play yet (only the decks
    that have some): a duel goes on without them; a Match refuses to side them in."""
    found = {label: [c.name for c in not_playable(deck, rules, ("side",))]
             for label, deck in decks.items()}
    return {label: names for label, names in found.items() if names}


def unscripted_warning(found: dict[str, list[str]]) -> str:
    """The one-line warning require_playable's result gives with --allow-unscripted."""
    return "warning: " + "; ".join(
        f"{label}: {len(names)} card{'s' if len(names) != 1 else ''} not yet playable, played "
        f"without their effects ({_names(names)})" for label, names in found.items())


def side_warning(found: dict[str, list[str]]) -> str:
    """The one-line warning for side_not_playable's result."""
    return "warning: " + "; ".join(
        f"{label}: {len(names)} Side Deck card{'s' if len(names) != 1 else ''} not yet "
        f"playable ({_names(names)}): a duel does not use the Side Deck, and a Match refuses "
        f"to side {'it' if len(names) == 1 else 'them'} in" for label, names in found.items())


def _names(names: list[str], shown: int = 8) -> str:
    more = f" and {len(names) - shown} more" if len(names) > shown else ""
    return ", ".join(names[:shown]) + more
