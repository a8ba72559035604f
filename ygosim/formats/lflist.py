"""YGOPro/EDOPro banlists (lflist.conf).

    #[2020.04 TCG][2020.01 TCG]      '#' lines are comments
    !2020.04 TCG                     starts a list
    $whitelist                       EDOPro: only the listed cards are allowed
    55144522 0 --Pot of Greed        PASSCODE COUNT, then anything (a comment)

COUNT is how many copies a Deck may hold: 0 Forbidden, 1 Limited, 2 Semi-Limited (3 in a
whitelist: unlimited). A file may hold several lists; one is selected by name (default: the first).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ..errors import YgosimError
from .textfile import read_text
from .ydk import parse_passcode

STATUS = {0: "Forbidden", 1: "Limited", 2: "Semi-Limited", 3: "Unlimited"}


@dataclass
class Banlist:
    name: str
    source: str = ""
    limits: dict[int, int] = field(default_factory=dict)     # passcode -> copies allowed
    whitelist: bool = False                                  # unlisted cards are Forbidden


def parse_lflist(text: str, source: str) -> list[Banlist]:
    lists: list[Banlist] = []
    for number, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        where = f"{source}, line {number}"
        if not line or line.startswith("#"):
            continue
        if line.startswith("!"):
            name = line[1:].strip()
            if not name:
                raise YgosimError(f"{where}: a list needs a name after '!'")
            lists.append(Banlist(name, source))
            continue
        if not lists:
            raise YgosimError(f"{where}: {line!r} before the first '!name' line")
        current = lists[-1]
        if line.startswith("$"):
            if line[1:].strip().lower() == "whitelist":
                current.whitelist = True
            continue                      # other $ directives are EDOPro's, not about cards
        fields = line.split(maxsplit=2)
        if len(fields) < 2:
            raise YgosimError(f"{where}: expected 'PASSCODE COUNT', found {line!r}")
        code = parse_passcode(fields[0], where)
        if not fields[1].isascii() or not fields[1].isdigit() or int(fields[1]) > 3:
            raise YgosimError(f"{where}: bad count {fields[1]!r} (expected 0, 1, 2 or 3)")
        current.limits[code] = int(fields[1])
    if not lists:
        raise YgosimError(f"{source}: no banlist in the file (a list starts with a '!name' line)")
    return lists


def load_banlist(path, name: str | None = None) -> Banlist:
    lists = parse_lflist(read_text(path), str(path))
    if name is None:
        return lists[0]
    for banlist in lists:
        if banlist.name.casefold() == name.strip().casefold():
            return banlist
    names = ", ".join(repr(b.name) for b in lists)
    raise YgosimError(f"{path}: no list named {name!r} (lists: {names})")
