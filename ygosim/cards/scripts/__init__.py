"""Card scripts: what each non-vanilla card does, keyed by card name.

Each module defines scripts with the `@script("Card Name")` registry in ygosim.engine.effects;
importing this package registers them all.
"""


def attach_scripts(db):
    from ...engine.effects import SCRIPTS
    from . import monsters, spells, summoning, traps  # noqa: F401  (registers scripts)
    from . import extra_deck  # noqa: F401  (Synchro/Xyz/Link recipes, Pendulum Monsters)
    for name, script in SCRIPTS.items():
        card = db.get(name)
        if card is None:
            raise RuntimeError(f"script for unknown card {name!r}")
        card.script = script
