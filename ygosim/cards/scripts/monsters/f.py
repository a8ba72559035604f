"""Monsters: F."""
from __future__ import annotations

from ....engine.effects import continuous, script
from ..extra_deck import pendulum_monster

# Pendulum Normal Monsters (scales in the card facts)
pendulum_monster("Fire Opalhead")
pendulum_monster("Flash Knight")


# Fusilier Dragon, the Dual-Mode Beast: it may be Normal Summoned or Set without Tributes (its
# player is asked when two Tributes could be made), and then its original ATK and DEF are halved
# (1400/1000) while it stays face-up (turned face-down, the halving is gone).
script("Fusilier Dragon, the Dual-Mode Beast", extra={"tribute_optional": True})


def _trap_effect(d, src, link):
    return d.data[link["card"]].is_trap


def _flip_monster(d, src, c):
    return "flip" in d.data[c].frames


# The effects of Flip Effect Monsters on the field are negated while it is face-up (their FLIP
# effects are not activated); a Trap effect that targets it is negated and that Trap destroyed
# (as it resolves).
script("Fiend Skull Dragon",
       continuous("negate_monsters", _flip_monster),
       continuous("negate_targeting", _trap_effect),
       fusion_materials=("Cave Dragon", "Lesser Fiend"))
