"""Every card script lives in its one obvious place: monsters/, spells/ or traps/ by the card's
kind, in the file of the first letter of its name (ygosim.cards.scripts.home), and every script
module holds only cards that belong there."""
import importlib

import pytest

from ygosim.cards import scripts
from ygosim.cards.db import card_db
from ygosim.engine import effects


def _registered_by(module) -> set:
    """The card names (with their era) a module registers: run it again on empty registries."""
    saved = dict(effects.SCRIPTS)
    eras = getattr(effects, "ERA_SCRIPTS", None)
    saved_eras = {k: dict(v) for k, v in eras.items()} if eras is not None else None
    try:
        effects.SCRIPTS.clear()
        if eras is not None:
            eras.clear()
        importlib.reload(module)
        out = {(n, "current") for n in effects.SCRIPTS}
        if eras is not None:
            out |= {(n, era) for era, names in eras.items() for n in names}
        return out
    finally:
        effects.SCRIPTS.clear()
        effects.SCRIPTS.update(saved)
        if eras is not None:
            eras.clear()
            eras.update(saved_eras)


def test_every_script_is_in_its_home_file():
    db = card_db()
    found = {}
    for module in scripts.load_all():
        rel = module.__name__.split("ygosim.cards.scripts.", 1)[1]
        names = _registered_by(module)
        assert names, f"{rel} registers no card"
        for name, era in names:
            card = db.get(name)
            assert card is not None, f"{rel}: script for unknown card {name!r}"
            want = scripts.home(card.name, card.kind)
            assert rel == want, f"{name!r} ({era}) is scripted in {rel}, belongs in {want}"
            assert (name, era) not in found, f"{name!r} ({era}) scripted twice"
            found[(name, era)] = rel
    # and every script the engine knows came from one of those files
    assert {n for n, era in found if era == "current"} == set(effects.SCRIPTS)


@pytest.mark.parametrize("name,kind,where", [
    ("Sangan", "monster", "monsters.s"), ("Dark Hole", "spell", "spells.d"),
    ("Trap Hole", "trap", "traps.t"), ("7 Colored Fish", "monster", "monsters.other"),
    ("Élan Vital", "spell", "spells.e"), ("The Wicked Worm Beast", "monster", "monsters.t")])
def test_home(name, kind, where):
    assert scripts.home(name, kind) == where
