"""YGOPro/EDOPro banlists (lflist.conf).

    #[2020.04 TCG][2020.01 TCG]      '#' lines are comments
    !2020.04 TCG                     starts a list
    $whitelist                       EDOPro: only the listed cards are allowed
    55144522 0 --Pot of Greed        PASSCODE COUNT, then anything (a comment)

COUNT is how many copies a Deck may hold: 0 Forbidden, 1 Limited, 2 Semi-Limited (3 in a
whitelist: unlimited). A file may hold several lists; one is selected by name (default: the first).

Real files are read as EDOPro reads them: a line it skips is skipped here too, and counted, so
a caller can say so (`Banlist.ignored`). EDOPro's Speed Duel list has lines like `--SS05 Bakura`
(no passcode); its Genesys list (`$genesys`) gives each card a point value instead of a count:
those values are kept in `Banlist.points` and are not limits.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ..cards.errors import YgosimError
from ..cards.safetext import printable, quoted
from .decklist import MAX_PASSCODE
from ..cards.textfile import read_text

STATUS = {0: "Forbidden", 1: "Limited", 2: "Semi-Limited", 3: "Unlimited"}
MAX_NAME = 100


@dataclass
class Banlist:
    name: str
    source: str = ""
    limits: dict[int, int] = field(default_factory=dict)     # passcode -> copies allowed
    whitelist: bool = False                                  # unlisted cards are Forbidden
    genesys: bool = False                                    # counts are Genesys points
    points: dict[int, int] = field(default_factory=dict)     # $genesys: passcode -> points
    ignored: list[tuple[int, str]] = field(default_factory=list)   # (line, why), as EDOPro
    names: dict[int, str] = field(default_factory=dict)      # passcode -> the line's comment
                                                             # ('--Pot of Greed': the card's
                                                             # name, for people; not checked)

    def warnings(self) -> list[str]:
        """What of the file was not used, in one line each (empty: everything was)."""
        out = []
        if self.ignored:
            shown = "; ".join(f"line {n}: {why}" for n, why in self.ignored[:3])
            more = f"; and {len(self.ignored) - 3} more" if len(self.ignored) > 3 else ""
            n = len(self.ignored)
            out.append(f"{self.source}: {n} line{'s' if n != 1 else ''} of list "
                       f"{quoted(self.name)} ignored, as EDOPro ignores them ({shown}{more})")
        if self.points:
            out.append(f"{self.source}: list {quoted(self.name)} gives {len(self.points)} cards "
                       "point values (Genesys): points are not checked, only the copies")
        return out


def parse_lflist(text: str, source: str) -> list[Banlist]:
    lists: list[Banlist] = []
    before: list[tuple[int, str]] = []          # lines before the first list
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("!"):
            name = " ".join(line[1:].split())
            if not name:
                (lists[-1].ignored if lists else before).append((number, "a list with no name"))
                continue
            lists.append(Banlist(printable(name[:MAX_NAME]), source))
            continue
        ignored = lists[-1].ignored if lists else before
        if not lists:
            ignored.append((number, f"{quoted(line, 30)} before the first '!name' line"))
            continue
        current = lists[-1]
        if line.startswith("$"):
            directive = line[1:].strip().lower()
            if directive == "whitelist":
                current.whitelist = True
            elif directive == "genesys":
                current.genesys = True
            continue                      # other $ directives are EDOPro's, not about cards
        fields = line.split(maxsplit=2)
        code = _number(fields[0])
        count = _number(fields[1]) if len(fields) > 1 else None
        if code is None or not 0 < code <= MAX_PASSCODE:
            ignored.append((number, f"{quoted(line, 30)} does not start with a passcode"))
        elif count is None:
            ignored.append((number, f"{quoted(line, 30)} has no count after the passcode"))
        elif current.genesys:
            current.points[code] = count
        elif count > 3:
            ignored.append((number, f"count {count} is not 0, 1, 2 or 3"))
        else:
            current.limits[code] = count
            if len(fields) > 2:
                name = printable(fields[2].lstrip("-").strip()[:MAX_NAME])
                if name:
                    current.names[code] = name
    if not lists:
        raise YgosimError(f"{source}: no banlist in the file (a list starts with a '!name' line)")
    lists[0].ignored[:0] = before
    return lists


def _number(text: str) -> int | None:
    """A whole number as EDOPro reads one (decimal digits), or None."""
    if text.isascii() and text.isdigit() and len(text) <= 12:
        return int(text)
    return None


def load_banlist(path, name: str | None = None) -> Banlist:
    source = printable(str(path))
    lists = parse_lflist(read_text(path, "banlist"), source)
    if name is None:
        return lists[0]
    for banlist in lists:
        if banlist.name.casefold() == " ".join(name.split()).casefold():
            return banlist
    names = ", ".join(quoted(b.name) for b in lists[:10])
    more = f" and {len(lists) - 10} more" if len(lists) > 10 else ""
    raise YgosimError(f"{source}: no list named {quoted(name)} (lists: {names}{more})")
