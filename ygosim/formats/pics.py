"""Card pictures the player already has: a folder of files named by passcode, as EDOPro's
`pics` folder (`DIR/46986414.jpg`; `.png` too). The project ships no card art.

`CardPictures(DIR).find(card)` is the file of a card's picture, or None: it tries the card's
passcode, then the passcodes of its alternate artworks. A file is only ever looked for under
a name made from a passcode (digits), and is used only if, with every link followed, it is a
regular file inside DIR of at most MAX_BYTES: no name given from outside and no link in the
folder can make it read a file outside DIR.
"""
from __future__ import annotations

from pathlib import Path

from ..cards.errors import YgosimError
from ..cards.safetext import printable

EXTENSIONS = (".jpg", ".png", ".jpeg")
MAX_BYTES = 8_000_000           # a card picture is some 100 kB; anything far bigger is not one
MEDIA_TYPES = {".jpg": "image/jpeg", ".jpeg": "image/jpeg", ".png": "image/png"}


class CardPictures:
    """The pictures in one folder (checked to be a folder when made)."""

    def __init__(self, folder):
        path = Path(folder).expanduser()
        where = printable(str(folder))
        if not path.exists():
            raise YgosimError(f"--card-images {where}: no such folder")
        if not path.is_dir():
            raise YgosimError(f"--card-images {where}: not a folder (the folder of card "
                              "pictures named by passcode, e.g. EDOPro's pics)")
        self.root = path.resolve()
        self._found: dict = {}          # card name -> its picture (or None), looked up once

    def file_for(self, passcode: int) -> Path | None:
        """The picture of this passcode, if the folder has one (see the module's words)."""
        if not isinstance(passcode, int) or isinstance(passcode, bool) or passcode <= 0:
            return None
        for ext in EXTENSIONS:
            path = self.root / f"{passcode}{ext}"
            try:
                real = path.resolve(strict=True)
                if not real.is_relative_to(self.root) or not real.is_file():
                    continue
                if real.stat().st_size > MAX_BYTES:
                    continue
            except (OSError, RuntimeError):          # missing, a link loop, unreadable
                continue
            return real
        return None

    def find(self, card, db=None) -> Path | None:
        """The picture of a card (a CardData): its passcode's, else an alternate artwork's."""
        if card.name in self._found:
            return self._found[card.name]
        if len(self._found) > 50_000:
            self._found.clear()
        self._found[card.name] = found = self._find(card, db)
        return found

    def _find(self, card, db) -> Path | None:
        codes = [card.passcode]
        if db is not None:
            codes += [c for c in db.codes_of(card) if c != card.passcode]
        for code in codes:
            found = self.file_for(code)
            if found is not None:
                return found
        return None


def media_type(path: Path) -> str:
    return MEDIA_TYPES.get(path.suffix.lower(), "application/octet-stream")
