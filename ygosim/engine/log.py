"""The duel log: every line with what each viewer may read in it (issue 10).

`Duel.log` holds the lines as they were written (Duel.write), compactly: a line for everyone is
plain text ("T3 A Normal Summons Dark Magician (2500 ATK)"); a card named in a line for some
viewers only (Duel.card) is a mark holding who may read its name, what the others read instead
("a face-down monster (m2)") and the name; a line for one player only begins with PRIVATE and
that player's digit. What each viewer reads is fixed when the line is written (a card flipped
later does not show up in earlier lines), but only rendered when someone reads the log
(`view`, through observe.log_view / observe(duel, p)["log"]), so a duel nobody watches pays
nothing for it. Never show Duel.log itself to anyone.
"""
from __future__ import annotations

import re

PRIVATE = "\x03"            # + "0" / "1": a line for that player only
# a card named for some viewers only: \x00 SEEN WORDS \x01 NAME \x02, SEEN the viewers who may
# read NAME (bit 1: player 0, bit 2: player 1), WORDS what the others read
MARK = re.compile("\x00([0-3])([^\x00-\x02]*)\x01([^\x00-\x02]*)\x02")


def mark(seen: int, words: str, name: str) -> str:
    """A card in a line: `name` for the viewers in `seen`, `words` for the others."""
    return f"\x00{seen}{_clean(words)}\x01{_clean(name)}\x02"


def _clean(text: str) -> str:
    """Text put in a mark cannot hold the marks' own characters."""
    if not text.isprintable():
        for ch in "\x00\x01\x02\x03":
            text = text.replace(ch, "?")
    return text


def _names(m) -> str:
    return m.group(3)


def _for(k: int):
    bit = 1 << k

    def render(m) -> str:
        return m.group(3) if int(m.group(1)) & bit else m.group(2)
    return render


def _public(m) -> str:
    return m.group(3) if m.group(1) == "3" else m.group(2)


_RENDER = (_for(0), _for(1), _public)


def view(lines, viewer, start: int = 0) -> list[str]:
    """The lines from `start` on as `viewer` reads them: 0 or 1 a player, None everything with
    every card named (a replay with all revealed), anything else a spectator (no hidden card
    of either player named, no private line)."""
    out = []
    if viewer is None:
        render, mine = _names, None
    else:
        k = viewer if viewer in (0, 1) else 2
        render, mine = _RENDER[k], str(k)
    for line in lines[start:] if start else lines:
        if line[:1] == PRIVATE:
            if mine is not None and line[1:2] != mine:
                continue
            line = line[2:]
        if "\x00" in line:
            line = MARK.sub(render, line)
        out.append(line)
    return out
