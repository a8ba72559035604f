"""Shapes of Extra Deck monsters (Synchro, Xyz, Link: their summoning recipes) and Pendulum
Monsters (their activation as Spells in a Pendulum Zone). The rules live in
ygosim.engine.extra; the cards themselves are in monsters/.

Normal Tuners (Flamvell Guard, Water Spirit, Tune Warrior) need no script: the Tuner frame in
their card facts is all the rules look at.
"""
from __future__ import annotations

from ...engine.effects import script
from ...engine.extra import LinkRecipe, SynchroRecipe, XyzRecipe, pendulum_spell


def synchro_monster(name: str, *effects, **recipe):
    """A Synchro Monster: "1 Tuner + N or more non-Tuner monsters" (recipe: min_non_tuners,
    max_non_tuners, tuner, non_tuner filters)."""
    return script(name, *effects, extra={"synchro": SynchroRecipe(**recipe)})


def xyz_monster(name: str, level: int, count: int, *effects, max_count: int = 0, filter=None):
    """An Xyz Monster: "`count` Level `level` monsters"."""
    return script(name, *effects, extra={"xyz": XyzRecipe(level, count, max_count, filter)})


def link_monster(name: str, least: int, most: int = 0, *effects, filter=None):
    """A Link Monster: "`least` (to `most`; 0 = its Link Rating) monsters"."""
    return script(name, *effects, extra={"link": LinkRecipe(least, most, filter)})


def pendulum_monster(name: str, *effects):
    """A Pendulum Monster: effects[0] activates it as a Spell in a Pendulum Zone (its Pendulum
    Effect, if any, follows)."""
    return script(name, pendulum_spell(), *effects)
