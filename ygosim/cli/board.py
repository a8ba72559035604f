"""Drawing an observation (ygosim.engine.observe) as lines of text with rich markup.

Two layouts: `full_board` (one line per card, for tall terminals, the `board` command and
replays) and `compact_board` (a few lines per side, so that the board, what happened and the
question fit a terminal of 24 rows). Card names come from outside (imported databases,
replays): every one goes through `esc`, which escapes markup and control characters. Long
names are abbreviated (`abbreviate`), not cut.
"""
from __future__ import annotations

import re

from ..cards.safetext import printable

KIND_STYLE = {"monster": "yellow", "spell": "green", "trap": "magenta"}
SMALL_WORDS = frozenset({"the", "of", "a", "an", "and", "in", "to", "from", "with", "for"})
FULL_NAME = 29          # characters of a name in the full layout
COMPACT_NAME = 20       # in the compact layout
_TURN = re.compile(r"^T\d+ ")


def esc(text, lines: bool = False) -> str:
    """Text from outside, safe inside rich markup: control characters escaped, [ escaped;
    lines=True keeps the newlines of a text of several lines (help, a card's description)."""
    from rich.markup import escape
    return escape(printable(str(text), newlines=lines))


def _initials(word: str) -> str:
    parts = [p for p in word.split("-") if p]
    if len(parts) > 1:
        return ".".join(p[0] for p in parts) + "."
    return word[0] + "." if len(word) > 2 else word


def abbreviate(name: str, width: int) -> str:
    """`name` in at most `width` characters, shortened the way people shorten card names:
    first the small words go ("of", "the"), then words become initials from the right (the
    last word, usually the noun, stays), and only then is the end cut ("…")."""
    if len(name) <= width:
        return name
    words = name.split()
    words = [w for i, w in enumerate(words) if i == 0 or w.lower() not in SMALL_WORDS]
    text = " ".join(words)
    for i in range(len(words) - 2, -1, -1):
        if len(text) <= width:
            return text
        words[i] = _initials(words[i])
        text = " ".join(words)
    if len(text) <= width:
        return text
    return text[:max(width - 1, 1)] + "…"


def plain_len(markup: str) -> int:
    from rich.text import Text
    return len(Text.from_markup(markup).plain)


def pack(items: list[tuple[str, str]], width: int, first: str, rest: str,
         sep: str = "  ") -> list[str]:
    """Items (plain text, markup) packed into lines of at most `width` characters: the first
    line starts with `first`, the others with `rest` (plain prefixes)."""
    lines, cur, cur_len = [], esc(first), len(first)
    empty = True
    for plain, markup in items:
        add = len(plain) + (0 if empty else len(sep))
        if not empty and cur_len + add > width:
            lines.append(cur)
            cur, cur_len, empty = esc(rest), len(rest), True
            add = len(plain)
        cur += ("" if empty else sep) + markup
        cur_len += add
        empty = False
    if not empty:
        lines.append(cur)
    return lines


# ============================================================================ pieces
def _whose(obs: dict, p: int) -> str:
    viewer = obs["player"]
    if viewer in (0, 1):
        return "you" if p == viewer else "opponent"
    return "ABCD"[p]


def side_head(obs: dict, p: int, short: bool = False) -> str:
    s = obs["sides"][p]
    extra = f"  extra {s['extra_count']}" if s["extra_count"] or not short else ""
    ban = "ban" if short else "banished"
    return (f"[bold]{esc(s['name'])}[/] ({_whose(obs, p)})  [bold cyan]LP {max(s['lp'], 0)}[/]"
            f"   hand {s['hand_count']}  deck {s['deck_count']}  GY {s['gy_count']}"
            f"  {ban} {s['banished_count']}{extra}")


def _field_cards(obs: dict, p: int) -> tuple[list, list]:
    s = obs["sides"][p]
    mons = [c for c in s["monsters"] if c is not None] + list(s["extra_monster_zone"])
    sts = [c for c in s["spells"] if c is not None]
    if s["field_spell"] is not None:
        sts.append(s["field_spell"])
    return mons, sts


def monster_stats(card: dict) -> str:
    return f"{card.get('atk', 0)}/{card.get('def', 0)}"


def counters_text(card: dict) -> str:
    """The counters on a card, in words ("2 Spell Counters, 1 Shield Counter"); "" for none.
    Counters are public: the observation holds them for every face-up card on the field."""
    held = card.get("counters") or {}
    return ", ".join(f"{n} {str(kind).title()} Counter{'s' if n != 1 else ''}"
                     for kind, n in sorted(held.items()))


def mid_line(obs: dict, width: int) -> str:
    viewer = obs["player"]
    tp = obs["turn_player"]
    whose = "your" if viewer in (0, 1) and tp == viewer else f"{obs['names'][tp]}'s"
    step = f", {obs['step']}" if obs.get("step") else ""
    text = f" Turn {obs['turn']} · {whose} {obs['phase_title']}{step} "
    return "[dim]" + esc(text.center(width, "─")) + "[/]"


def attack_lines(obs: dict, width: int = 100) -> list[str]:
    """The battle under way, if any: "battle: X attacks Y" (wrapped to the width)."""
    import textwrap
    a = obs.get("attack")
    if not a:
        return []
    tgt = "directly" if a["target"] == "direct" else a["target"]
    parts = textwrap.wrap(f"battle: {a['attacker']} attacks {tgt}", width - 2,
                          subsequent_indent="    ")
    return [f"  [red]battle:[/]{esc(parts[0][7:])}"] + ["  " + esc(x) for x in parts[1:]]


def chain_items(obs: dict) -> list[tuple[str, str]]:
    out = []
    for link in obs["chain"]:
        tg = f" -> {', '.join(link['targets'])}" if link["targets"] else ""
        plain = f"{link['link']}. {obs['names'][link['player']]}: {link['card']}{tg}"
        out.append((printable(plain), esc(plain)))
    return out


# ============================================================================ full layout
def _card_cell(card: dict) -> str:
    zone = card["zone"]
    if card.get("hidden"):
        what = "face-down monster" if card.get("kind") == "monster" else "face-down card"
        return f"  {zone:<3} [dim]({what})[/]"
    short = abbreviate(card["name"], FULL_NAME)
    style = KIND_STYLE.get(card.get("kind"), "white")
    text = f"  {zone:<3} [bold {style}]{esc(short)}[/]"
    pad = " " * max(1, 30 - len(printable(short)))
    if card.get("kind") == "monster" and zone not in ("hand", "gy"):
        pos = card.get("position", "")
        label = {"attack": "ATK pos", "defense": "DEF pos", "set": "set (face-down DEF)"}.get(
            pos, pos)
        text += f"{pad}{monster_stats(card):>9}  {label}"
    elif zone.startswith("s") or zone == "fz":
        text += f"{pad}{'face-up' if card.get('faceup', True) else 'set'}"
        if card.get("equipped_to"):
            text += f", equipped to {card['equipped_to']}"
    if card.get("counters"):
        text += f", {esc(counters_text(card))}"
    return text


def _full_side(obs: dict, p: int, top: bool) -> list[str]:
    mons, sts = _field_cards(obs, p)
    mon_lines = [_card_cell(c) for c in mons] or ["  [dim](no monsters)[/]"]
    st_lines = [_card_cell(c) for c in sts] or ["  [dim](no spells or traps)[/]"]
    head = side_head(obs, p)
    return [head] + st_lines + mon_lines if top else mon_lines + st_lines + [head]


def full_board(obs: dict, width: int = 72) -> list[str]:
    """The whole board, one line per card: both fields, LP and counts, the hand(s) the viewer
    may see, the battle and the chain."""
    viewer = obs["player"]
    bottom = viewer if viewer in (0, 1) else 0
    top = 1 - bottom
    lines = _full_side(obs, top, True)
    lines.append(mid_line(obs, width))
    lines += attack_lines(obs)
    lines += _full_side(obs, bottom, False)
    for p in (bottom, top):
        hand = obs["sides"][p]["hand"]
        if hand is None:
            continue
        title = "Your hand" if viewer in (0, 1) and p == viewer else f"{esc(obs['names'][p])} hand"
        if p == top:
            lines.append(f"[bold]{title}[/] ({len(hand)}): "
                         + ", ".join(esc(c["name"]) for c in hand))
            continue
        lines.append(f"[bold]{title}[/] ({len(hand)}):")
        for c in hand:
            style = KIND_STYLE.get(c.get("kind"), "white")
            lines.append(f"  [{style}]{esc(c['name'])}[/] [dim]— {esc(c['kind_line'])}[/]")
    if obs["chain"]:
        lines.append("[bold]Chain:[/]")
        lines += ["  " + m for _, m in chain_items(obs)]
    return lines


# ============================================================================ compact layout
def _compact_item(card: dict, own: bool) -> tuple[str, str]:
    zone = card["zone"]
    if card.get("hidden"):
        what = "set monster" if card.get("kind") == "monster" else "set card"
        plain = f"{zone} ({what})"
        return plain, f"{zone} [dim]({what})[/]"
    name = abbreviate(printable(card["name"]), COMPACT_NAME)
    style = KIND_STYLE.get(card.get("kind"), "white")
    extra = ""
    if card.get("kind") == "monster":
        pos = {"attack": "ATK", "defense": "DEF", "set": "set"}.get(card.get("position"), "")
        extra = f" {monster_stats(card)} {pos}"
    elif not card.get("faceup", True):
        extra = " (set)"
    if card.get("equipped_to"):
        extra += f" ->{card['equipped_to']}"
    if card.get("counters"):
        extra += f" ({counters_text(card)})"
    plain = f"{zone} {name}{extra}"
    return plain, f"{zone} [bold {style}]{esc(name)}[/]{esc(extra)}"


def _compact_rows(obs: dict, p: int, width: int, top: bool) -> list[str]:
    mons, sts = _field_cards(obs, p)
    own = obs["player"] == p
    rows = []
    m = pack([_compact_item(c, own) for c in mons], width, " M  ", "    ")
    s = pack([_compact_item(c, own) for c in sts], width, " S  ", "    ")
    rows = s + m if top else m + s
    return rows or ["    [dim](empty field)[/]"]


def hand_items(hand: list) -> list[tuple[str, str]]:
    out = []
    for c in hand:
        name = abbreviate(printable(c["name"]), COMPACT_NAME)
        style = KIND_STYLE.get(c.get("kind"), "white")
        if c.get("kind") == "monster":
            what = f" Lv{c.get('level', '?')} {monster_stats(c)}"
        else:
            what = f" ({c.get('kind', '?').capitalize()})"
        out.append((name + what, f"[{style}]{esc(name)}[/][dim]{esc(what)}[/]"))
    return out


def compact_board(obs: dict, width: int = 80) -> list[str]:
    """The board in few lines: per side a head line (LP and counts), its Spell/Trap and
    Monster rows; the turn, phase and step; the battle; the viewer's hand; the chain."""
    viewer = obs["player"]
    bottom = viewer if viewer in (0, 1) else 0
    top = 1 - bottom
    lines = [side_head(obs, top, short=True)]
    lines += _compact_rows(obs, top, width, True)
    lines.append(mid_line(obs, width))
    lines += attack_lines(obs, width)
    lines += _compact_rows(obs, bottom, width, False)
    lines.append(side_head(obs, bottom, short=True))
    hand = obs["sides"][bottom]["hand"]
    if hand:
        lines += pack(hand_items(hand), width, "Hand: ", "      ")
    if obs["chain"]:
        lines += pack(chain_items(obs), width, "Chain: ", "       ")
    return lines


def strip_turn(line: str) -> str:
    """A log line without its turn prefix ("T3 ")."""
    return _TURN.sub("", line)
