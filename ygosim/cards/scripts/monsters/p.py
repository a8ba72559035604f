"""Monsters: P."""
from __future__ import annotations

from ....engine.const import BATTLE
from ....engine.effects import continuous, script
from ..common import battle_recruiter


def _zombie_2000(d, c):
    data = d.data[c]
    return data.type == "Zombie" and data.def_ <= 2000


# Destroyed by battle and sent to the Graveyard: its owner may Special Summon a Zombie with
# 2000 or less DEF from the Deck, face-up in either position. Today it needs one in the Deck;
# 2005 (R1): it may be activated with none there (shown and shuffled).
script("Pyramid Turtle", battle_recruiter(_zombie_2000, "choose a Zombie to Special Summon",
                                          "Special Summon a Zombie from the Deck", pos=None))
script("Pyramid Turtle", battle_recruiter(_zombie_2000, "choose a Zombie to Special Summon",
                                          "Special Summon a Zombie from the Deck", pos=None,
                                          r1=True), era="goat")

# Pitch-Black Warwolf: while it is face-up, its controller's opponent cannot activate Trap
# Cards during the Battle Phase (the Damage Step included). Effects of Traps already face-up
# are not activations of Trap Cards: they are not stopped.
script("Pitch-Black Warwolf", continuous(
    "no_trap_activation", lambda d, src, p: p != d.ctrl[src] and d.phase == BATTLE))
