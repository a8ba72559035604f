"""Monsters: P."""
from __future__ import annotations

from ....engine import actions as A
from ....engine import const as K
from ....engine.actions import YOU
from ....engine.const import BATTLE, DECK, GY
from ....engine.effects import continuous, script, trigger
from ..common import all_of, can_special_summon_from, free_zone


def _zombie_2000(d, c):
    data = d.data[c]
    return data.type == "Zombie" and data.def_ <= 2000 and \
        can_special_summon_from(d, c, d.owner[c])


def _battle_destroyed_in_gy(d, link):
    ev = link.get("event")
    return ev is not None and ev[1] == link["card"] and d.loc[link["card"]] == GY


# Destroyed by battle and sent to the Graveyard: its owner may Special Summon a Zombie with
# 2000 or less DEF from the Deck, face-up in either position. Today it needs one in the Deck.
script("Pyramid Turtle", trigger(
    K.EV_BATTLE_DESTROYED, A.recruit(_zombie_2000, prompt="choose a Zombie to Special Summon"),
    when=True, range=GY,
    condition=all_of(_battle_destroyed_in_gy, free_zone,
                     A.exists(A.pile(DECK, YOU, _zombie_2000))),
    label="Special Summon a Zombie from the Deck"))

# 2005 (R1): it may be activated with no such Zombie in the Deck (shown and shuffled).
script("Pyramid Turtle", trigger(
    K.EV_BATTLE_DESTROYED,
    A.recruit(_zombie_2000, prompt="choose a Zombie to Special Summon", confirm=True),
    when=True, range=GY, condition=all_of(_battle_destroyed_in_gy, free_zone),
    label="Special Summon a Zombie from the Deck"), era="goat")

# Pitch-Black Warwolf: while it is face-up, its controller's opponent cannot activate Trap
# Cards during the Battle Phase (the Damage Step included). Effects of Traps already face-up
# are not activations of Trap Cards: they are not stopped.
script("Pitch-Black Warwolf", continuous(
    "no_trap_activation", lambda d, src, p: p != d.ctrl[src] and d.phase == BATTLE))
