"""Extra Deck monsters (Synchro, Xyz, Link: their summoning recipes) and Pendulum Monsters
(their activation as Spells in a Pendulum Zone). The rules live in ygosim.engine.extra.

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


# Synchro: 1 Tuner + 1 or more non-Tuner monsters
synchro_monster("Gaia Knight, the Force of Earth")
synchro_monster("Scrap Archfiend")

# Xyz
xyz_monster("Gem-Knight Pearl", 4, 2)          # 2 Level 4 monsters
xyz_monster("Gagagigo the Risen", 4, 3)        # 3 Level 4 monsters

# Link
link_monster("LANphorhynchus", 2, 2)           # 2 monsters
link_monster("Gaia Saber, the Lightning Shadow", 2)   # 2+ monsters (Link-3)
link_monster("Traffic Ghost", 3, 3)            # 3 monsters

# Pendulum Normal Monsters (scales in the card facts)
for _name in ("Flash Knight", "Mandragon", "Dragong", "Fire Opalhead"):
    pendulum_monster(_name)
