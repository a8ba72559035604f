"""YGOPro .ydk deck files.

    #created by ...        any other line starting with '#' is a comment
    #main
    46986414               one passcode per line
    #extra
    !side

Blank lines and CRLF line ends are allowed. Which cards belong in the Main or Extra Deck is
decided from the cards themselves when the deck is built (ygosim.formats.deck), as YGOPro does.
"""
from __future__ import annotations

import re

from ..cards.errors import YgosimError
from ..cards.safetext import excerpt, printable, quoted
from .decklist import MAX_DECK_CARDS, MAX_PASSCODE, DeckList, Entry
from ..cards.textfile import read_text

HEADERS = {"#main": "main", "#extra": "extra", "!side": "side"}
_NUMBER = re.compile(r"[0-9]+")


def parse_passcode(text: str, where: str) -> int:
    """A passcode written in decimal, as in .ydk and lflist.conf files."""
    if not _NUMBER.fullmatch(text):
        raise YgosimError(f"{where}: bad passcode {quoted(text)} (expected a number)")
    code = int(text) if len(text) <= 12 else MAX_PASSCODE + 1
    if not 0 < code <= MAX_PASSCODE:
        raise YgosimError(f"{where}: bad passcode {excerpt(text, 20)} (out of range)")
    return code


def parse_ydk(text: str, source: str) -> DeckList:
    if not text.strip():
        raise YgosimError(f"{source}: the file is empty")
    deck = DeckList(source)
    section = None
    count = 0
    for number, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        where = f"{source}, line {number}"
        if not line:
            continue
        if line.lower() in HEADERS:
            section = HEADERS[line.lower()]
        elif line.startswith("#"):
            continue
        elif line.startswith("!"):
            raise YgosimError(f"{where}: unknown section {quoted(line)} (expected #main, #extra "
                              "or !side)")
        elif section is None:
            raise YgosimError(f"{where}: {quoted(line)} before the #main line: not a .ydk deck "
                              "file")
        else:
            count += 1
            if count > MAX_DECK_CARDS:
                raise YgosimError(f"{where}: more than {MAX_DECK_CARDS} cards: not a deck")
            deck.section(section).append(Entry(parse_passcode(line, where), where))
    if section is None:
        raise YgosimError(f"{source}: no #main line: not a .ydk deck file")
    return deck


def read_ydk(path) -> DeckList:
    return parse_ydk(read_text(path, "deck"), printable(str(path)))


def format_ydk(main, extra=(), side=(), created_by: str = "ygosim") -> str:
    """The .ydk text for three lists of passcodes."""
    lines = [f"#created by {created_by}", "#main", *map(str, main), "#extra", *map(str, extra),
             "!side", *map(str, side)]
    return "\n".join(lines) + "\n"
