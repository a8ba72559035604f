"""Monsters: G."""
from __future__ import annotations

from ....engine import actions as A
from ....engine import const as K
from ....engine.actions import ANY, OPP, YOU
from ....engine.const import DECK, ATTACK
from ....engine.effects import Target, flip, ignition, script, trigger
from ..common import can_special_summon_from
from ..extra_deck import link_monster, synchro_monster, xyz_monster

synchro_monster("Gaia Knight, the Force of Earth")   # 1 Tuner + 1 or more non-Tuner monsters
link_monster("Gaia Saber, the Lightning Shadow", 2)  # 2+ monsters (Link-3)
xyz_monster("Gagagigo the Risen", 4, 3)              # 3 Level 4 monsters
xyz_monster("Gem-Knight Pearl", 4, 2)                # 2 Level 4 monsters


def _rat_fit(d, c):
    data = d.data[c]
    return data.is_monster and data.attribute == "EARTH" and data.atk <= 1500 and \
        can_special_summon_from(d, c, d.owner[c])


def _room(d, link):
    return bool(d.free_mzones(link["player"]))


script("Giant Rat", trigger(
    K.EV_BATTLE_DESTROYED,
    (A.choose(A.pile(DECK, YOU, _rat_fit), prompt="choose an EARTH monster to Special Summon"),
     A.special_summon(A.chosen(), pos=ATTACK), A.shuffle_deck()),
    when=True, range=K.GY,
    condition=lambda d, link: A.event_is(K.EV_BATTLE_DESTROYED)(d, link) and _room(d, link)
    and bool(A.pile(DECK, YOU, _rat_fit)(d, link)),
    label="Special Summon an EARTH monster"))


# ------------------------------------------------------------------ the Goat decks' G monsters
def _heads(d, link):
    return link["vars"].get("heads", 0)


# Once per turn: three coins; destroy as many monsters on the field as heads came up (chosen
# while resolving, from either side, this card too if it must: no targets).
script("Gatling Dragon", ignition(
    (A.toss_coins(3), A.choose(A.monsters(ANY), _heads, prompt="choose monsters to destroy"),
     A.destroy(A.chosen())),
    once_per_turn=True, label="toss three coins: destroy a monster per heads"),
    fusion_materials=("Barrel Dragon", "Blowback Dragon"))

script("Gravekeeper's Guard", flip(
    A.to_hand(A.targets), target=Target(A.monsters(OPP), prompt="choose a monster to return"),
    label="return an opponent's monster to the hand"))


def _gravekeeper_1500(d, c):
    data = d.data[c]
    return "Gravekeeper's" in data.name and data.atk <= 1500 and \
        can_special_summon_from(d, c, d.owner[c])


script("Gravekeeper's Spy", flip(
    A.recruit(_gravekeeper_1500, prompt="choose a Gravekeeper's monster"),
    label="Special Summon a Gravekeeper's monster from the Deck"))

# 2005 (R1): with no such monster in the Deck, the Deck is shown to confirm it.
script("Gravekeeper's Spy", flip(
    A.recruit(_gravekeeper_1500, prompt="choose a Gravekeeper's monster", confirm=True),
    label="Special Summon a Gravekeeper's monster from the Deck"), era="goat")
