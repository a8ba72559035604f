"""ydke:// deck URLs: ydke://MAIN!EXTRA!SIDE! where each part is the base64 of the passcodes as
little-endian unsigned 32-bit integers."""
from __future__ import annotations

import base64
import binascii
import struct

from ..cards.errors import YgosimError
from .decklist import MAX_DECK_CARDS, SECTION_TITLES, SECTIONS, DeckList, Entry

PREFIX = "ydke://"
SOURCE = "ydke URL"
MAX_URL = len(PREFIX) + 3 + (MAX_DECK_CARDS * 4 // 3 + 4) * 3


def is_ydke(ref) -> bool:
    return isinstance(ref, str) and ref.strip().lower().startswith(PREFIX)


def parse_ydke(url: str) -> DeckList:
    url = url.strip()
    if not is_ydke(url):
        raise YgosimError(f"{SOURCE}: does not start with {PREFIX}")
    if len(url) > MAX_URL:
        raise YgosimError(f"{SOURCE}: {len(url)} characters: too long for a deck of at most "
                          f"{MAX_DECK_CARDS} cards")
    parts = url[len(PREFIX):].split("!")
    if len(parts) == 4 and parts[3] == "":
        parts.pop()
    if len(parts) != 3:
        raise YgosimError(f"{SOURCE}: expected 3 parts, ydke://MAIN!EXTRA!SIDE!, "
                          f"found {len(parts)}")
    deck = DeckList(SOURCE)
    for name, part in zip(SECTIONS, parts):
        where = f"{SOURCE}, {SECTION_TITLES[name]}"
        try:
            data = base64.b64decode(part.encode("ascii"), validate=True)
        except (binascii.Error, ValueError):
            raise YgosimError(f"{where}: not valid base64 (truncated or mistyped URL?)") from None
        if len(data) % 4:
            raise YgosimError(f"{where}: {len(data)} bytes is not a whole number of passcodes "
                              "(truncated URL?)")
        for i, (code,) in enumerate(struct.iter_unpack("<I", data), 1):
            if code == 0:
                raise YgosimError(f"{where}, card {i}: bad passcode 0")
            deck.section(name).append(Entry(code, f"{where}, card {i}"))
    if sum(len(deck.section(s)) for s in SECTIONS) > MAX_DECK_CARDS:
        raise YgosimError(f"{SOURCE}: more than {MAX_DECK_CARDS} cards: not a deck")
    return deck


def format_ydke(main, extra=(), side=()) -> str:
    """The ydke:// URL for three lists of passcodes."""
    def part(codes):
        return base64.b64encode(struct.pack(f"<{len(codes)}I", *codes)).decode("ascii")
    return PREFIX + "".join(part(list(codes)) + "!" for codes in (main, extra, side))
