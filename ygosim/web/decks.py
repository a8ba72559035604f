"""What the lobby offers and how a person's choices become decks, rules and a bot.

A deck comes from the lobby as one of
    {"kind": "builtin", "name": "yugi"}            a built-in deck (ygosim/decks)
    {"kind": "ydke", "url": "ydke://..."}           a pasted ydke:// URL
    {"kind": "ydk", "text": "#main ...", "filename": "my.ydk"}   an uploaded .ydk (its text)
Nothing a client sends is ever opened as a path on the server. Under a format with lists (goat)
a deck that breaks them is refused, naming every problem, unless the room is for casual play;
a deck whose Main or Extra Deck holds cards the engine cannot play yet is refused, naming them;
Side Deck cards not yet playable are named in a note (the shared checks of
ygosim.formats.rules).
"""
from __future__ import annotations

import functools
from importlib import resources
from pathlib import PurePath

from ..cards.errors import YgosimError
from ..cards.safetext import excerpt, printable

MAX_YDK_TEXT = 64_000          # characters of an uploaded .ydk
MAX_NAME = 24                  # a player's name


class LobbyError(YgosimError):
    """A lobby choice the server refuses (shown to the person as it is)."""


def rule_sets() -> list[dict]:
    from ..engine.rules import NAMES, get_rules
    out = []
    for n in NAMES:
        r = get_rules(n)
        out.append({"name": n, "title": r.title, "emz": r.extra_monster_zones,
                    "pendulum": r.pendulum_zones})
    return out


# agents that are another name of a level: the lobby lists the level only (a room may still
# name either)
SAME_AS = {"heuristic": "easy", "search": "normal"}


def bots() -> tuple[list[dict], str]:
    """The bots a room may name (the agent registry's levels first, then the other agents by
    name) and the default one. An agent that is a level under another name has "same_as":
    the lobby lists each bot once."""
    from .. import agents
    names = sorted(agents.AGENTS)
    levels = [n for n in getattr(agents, "LEVELS", ()) if n in agents.AGENTS]
    words = {"random": "random (plays any legal answer)",
             "easy": "easy (the rule-of-thumb bot)",
             "normal": "normal (the search bot: under a second a move)",
             "hard": "hard (the search bot: up to 3 s a move)"}
    out = [{"name": n, "label": words.get(n, f"{n} (level)")} for n in levels]
    for n in names:
        if n in levels:
            continue
        same = SAME_AS.get(n)
        out.append({"name": n, "label": words.get(same or n, n)}
                   | ({"same_as": same} if same in levels else {}))
    default = "normal" if "normal" in levels else "heuristic"
    return out, default


@functools.lru_cache(maxsize=1)
def built_in_decks() -> tuple:
    """The built-in decks: name, the first line of the file (where it comes from), and for
    each rule set whether the engine can play every card of it and whether it is legal there
    (None: the rule set has no lists to check against)."""
    from ..engine.rules import NAMES
    from ..formats.deck import BUILT_IN, load_deck
    from ..formats.rules import DUEL_SECTIONS, format_lists, format_problems, not_playable
    out = []
    for name, fname in BUILT_IN.items():
        text = (resources.files("ygosim") / "decks" / fname).read_text(encoding="utf-8")
        first = text.splitlines()[0].lstrip("#!").strip() if text else ""
        if first.lower().startswith("created by"):
            first = ""
        deck = load_deck(name)
        missing = {r: [c.name for c in not_playable(deck, r, DUEL_SECTIONS)] for r in NAMES}
        problems = {r: len(format_problems(deck, r)) if format_lists(r) != (None, None)
                    else None for r in NAMES}
        out.append({"name": name, "about": printable(first)[:120],
                    "main": deck.size("main"), "extra": deck.size("extra"),
                    "playable": {r: not m for r, m in missing.items()},
                    "missing": {r: len(m) for r, m in missing.items()},
                    "legal": {r: None if n is None else n == 0 for r, n in problems.items()},
                    "problems": problems})
    return tuple(out)


def lobby_options() -> dict:
    from ..engine.rules import NAMES
    from ..formats.deck import default_decks
    bot_list, default = bots()
    return {"decks": list(built_in_decks()), "rules": rule_sets(), "bots": bot_list,
            "default_bot": default, "default_rules": "v10",
            "default_decks": {r: list(default_decks(r)) for r in NAMES}}


def player_name(value, default: str) -> str:
    if value is None or value == "":
        return default
    if not isinstance(value, str):
        raise LobbyError("a name is text")
    s = " ".join(value.split())
    if len(s) > MAX_NAME:
        raise LobbyError(f"that name is too long ({len(s)} characters; at most {MAX_NAME})")
    if any(printable(ch) != ch for ch in s):
        raise LobbyError(f"the name '{excerpt(s)}' holds a character that is not text")
    return s or default


def load_choice(choice, who: str = "your deck"):
    """(Deck, its name) from a lobby deck choice; LobbyError saying what is wrong."""
    from ..formats.deck import BUILT_IN, build_deck, load_deck, unknown_message
    from ..formats.ydk import parse_ydk
    from ..formats.ydke import MAX_URL, is_ydke, parse_ydke
    if not isinstance(choice, dict):
        raise LobbyError(f"{who}: choose a deck")
    kind = choice.get("kind")
    try:
        if kind == "builtin":
            name = choice.get("name")
            if not isinstance(name, str) or name.lower() not in BUILT_IN:
                raise LobbyError(f"{who}: there is no built-in deck {excerpt(name)!r} (there are "
                                 + ", ".join(BUILT_IN) + ")")
            return load_deck(name.lower()), name.lower()
        if kind == "ydke":
            url = choice.get("url")
            if not isinstance(url, str) or not url.strip():
                raise LobbyError(f"{who}: paste a ydke:// URL")
            url = url.strip()
            if len(url) > MAX_URL:
                raise LobbyError(f"{who}: that ydke:// URL is too long ({len(url)} characters)")
            if not is_ydke(url):
                raise LobbyError(f"{who}: '{excerpt(url, 40)}' is not a ydke:// URL")
            deck = build_deck(parse_ydke(url), "ydke deck")
            name = "ydke deck"
        elif kind == "ydk":
            text = choice.get("text")
            fname = choice.get("filename") or "deck.ydk"
            if not isinstance(text, str) or not isinstance(fname, str):
                raise LobbyError(f"{who}: upload a .ydk file")
            if len(text) > MAX_YDK_TEXT:
                raise LobbyError(f"{who}: that file is too big for a deck ({len(text)} "
                                 f"characters)")
            stem = printable(PurePath(fname[:200]).stem)[:40] or "deck"
            deck = build_deck(parse_ydk(text, f"{stem}.ydk"), stem)
            name = stem
        else:
            raise LobbyError(f"{who}: choose a built-in deck, paste a ydke:// URL or upload "
                             f"a .ydk file")
    except LobbyError:
        raise
    except YgosimError as e:
        raise LobbyError(f"{who}: {e}") from None
    if deck.unknown:
        raise LobbyError(f"{who}: {unknown_message(deck)}")
    if deck.size("main") == 0:
        raise LobbyError(f"{who}: the Main Deck is empty")
    return deck, name


def casual_choice(value) -> bool:
    """The lobby's "casual play" checkbox: true, false or absent."""
    if value is None:
        return False
    if not isinstance(value, bool):
        raise LobbyError("casual: true or false")
    return value


def require_legal(deck, rules: str, casual: bool, who: str = "your deck") -> None:
    """Refuse a deck that breaks the lists of the format of `rules` (goat), naming every
    problem on one line, unless the room is for casual play."""
    from ..formats.rules import IllegalDeck, require_legal as check
    try:
        check({who: deck}, rules, casual, "tick Casual play to play it anyway")
    except IllegalDeck as e:
        raise LobbyError(e.one_line()) from None


def side_note(deck, rules: str) -> str | None:
    """A note naming the deck's Side Deck cards not yet playable under `rules` (a duel does
    not use the Side Deck), or None."""
    from ..formats.rules import not_playable
    names = [c.name for c in not_playable(deck, rules, ("side",))]
    if not names:
        return None
    shown = ", ".join(names[:12]) + (f" and {len(names) - 12} more" if len(names) > 12 else "")
    return (f"Your Side Deck has {len(names)} card{'s' if len(names) != 1 else ''} not yet "
            f"playable under {rules} rules ({shown}): a duel does not use the Side Deck, and a "
            f"Match refuses to side {'it' if len(names) == 1 else 'them'} in.")


def require_playable(deck, rules: str, who: str = "your deck") -> None:
    """Refuse a deck whose Main or Extra Deck holds cards the engine cannot play yet under
    `rules`, naming them (the Side Deck: side_note)."""
    from ..formats.rules import DUEL_SECTIONS, not_playable
    missing = [c.name for c in not_playable(deck, rules, DUEL_SECTIONS)]
    if missing:
        shown = ", ".join(missing[:12]) + (f" and {len(missing) - 12} more"
                                          if len(missing) > 12 else "")
        raise LobbyError(f"{who} has {len(missing)} card{'s' if len(missing) != 1 else ''} the "
                         f"engine cannot play yet under {rules} rules: {shown}")
