"""Card scripts: what each non-vanilla card does, keyed by card name.

Where a card's script lives (one obvious place, whatever the size of the pool):

    monsters/<letter>.py   every monster card (Effect, Fusion, Ritual, Synchro, Xyz, Link,
                           Pendulum), by the first letter of its name ("Sangan": monsters/s.py)
    spells/<letter>.py     Spell Cards ("Dark Hole": spells/d.py)
    traps/<letter>.py      Trap Cards ("Trap Hole": traps/t.py)

A name that does not start with a letter (A-Z after accents are dropped) goes in `other.py`
of its kind. In its file a card's current version comes first, and its versions of older eras
(`script(NAME, ..., era="goat")`) right after it. Shapes several cards share (Equip and Field
Spells, Fusion and Ritual Spells, Extra Deck recipes) are in `common.py`, `summoning.py` and
`extra_deck.py`; the general parts (selectors, steps, effect kinds) are in the engine
(ygosim.engine.actions, ygosim.engine.effects). `home(name, kind)` gives a card's file;
tests/test_script_layout.py checks that every script is where it belongs.
"""
from __future__ import annotations

import importlib
import pkgutil
import unicodedata

KIND_PACKAGES = ("monsters", "spells", "traps")


def home(name: str, kind: str) -> str:
    """The module (relative to this package) holding the script of the card `name` of `kind`
    ("monster", "spell" or "trap"): e.g. home("Sangan", "monster") == "monsters.s"."""
    folded = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    first = folded[:1].lower()
    letter = first if "a" <= first <= "z" else "other"
    return f"{kind}s.{letter}"


def load_all() -> list:
    """Import every card script module (which registers the scripts); returns the modules."""
    mods = []
    for pkg in KIND_PACKAGES:
        package = importlib.import_module(f"{__name__}.{pkg}")
        for info in sorted(pkgutil.iter_modules(package.__path__), key=lambda i: i.name):
            mods.append(importlib.import_module(f"{__name__}.{pkg}.{info.name}"))
    return mods


def attach_scripts(db):
    from ...engine.effects import ERA_SCRIPTS, SCRIPTS
    load_all()
    eras = [("current", SCRIPTS)] + sorted(ERA_SCRIPTS.items())
    for era, scripts in eras:       # the current scripts, then each older era's versions
        for name, script in scripts.items():
            card = db.get(name)
            if card is None:
                raise RuntimeError(f"script for unknown card {name!r}"
                                   + ("" if era == "current" else f" (era {era})"))
            card.set_era_script(era, script)
    from .summoning import RITUAL_SPELL
    for card in list(db.by_name.values()):   # Ritual Spells play from their facts alone
        if card.ritual is not None and card.script is None:
            card.set_era_script("current", RITUAL_SPELL)
