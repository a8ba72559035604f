"""Monsters: P."""
from __future__ import annotations

from ....engine import actions as A
from ....engine import const as K
from ....engine.const import BATTLE, DECK, GY, HAND
from ....engine.effects import Target, continuous, flip, ignition, script, trigger
from ..common import (all_of, battle_recruiter, free_zone, no_opponent_traps_in_battle,
                      summonable)
from ....engine import actions as A


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


# Possessed Dark Soul: Tribute this face-up card (a cost) to take control of every face-up Level
# 3 or lower monster the opponent controls, for good (no target; those whose control cannot
# change stay). It needs one such monster, and room for all of them once it is gone.
def _low_faceup(d, c):
    return 0 < d.level(c) <= 3 and A.control_changeable(d, c)


_low_ones = A.monsters(A.OPP, faceup=True, filter=_low_faceup)


def _room_for_them(d, link):
    n = len(_low_ones(d, link))
    return n > 0 and n <= len(d.free_mzones(link["player"])) + 1


script("Possessed Dark Soul", ignition(
    A.take_control(_low_ones, until_end_phase=False), condition=_room_for_them,
    cost=A.send_to(A.this_card, GY, K.R_COST | K.R_TRIBUTE),
    label="Tribute it: take control of the opponent's face-up Level 3 or lower monsters"))


# Protector of the Sanctuary: while it is face-up, its controller's opponent cannot draw outside
# the Draw Phase (the normal draw stays; Pot of Greed, Graceful Charity... draw nothing).
script("Protector of the Sanctuary",
       continuous("no_draw", lambda d, src, p: p != d.ctrl[src]))


# Peten the Dark Clown: sent to its owner's Graveyard (from anywhere), its owner may banish it
# from there (a cost) to Special Summon a Peten the Dark Clown from the hand or Deck (an optional
# "When" trigger: it misses the timing if it was not the last thing to happen). Today it needs
# one there; 2005 (R1, EDOPro's Goat script): it may be used with none (the hand and Deck are
# shown and the Deck shuffled). It needs a free zone and the right to banish from the Graveyard.
def _peten(d, c):
    return d.data[c].name == "Peten the Dark Clown"


_PETEN = summonable(_peten)


def _peten_in_gy(d, link):
    ev, c = link.get("event"), link["card"]
    return ev is not None and ev[1] == c and d.loc[c] == GY and \
        d.may_banish_from_gy(link["player"])


def _peten_there(d, link):
    p = link["player"]
    return any(_PETEN(d, c) for c in d.hand[p] + d.deck[p])


def _peten_effect(r1):
    cond = all_of(_peten_in_gy, free_zone) if r1 else \
        all_of(_peten_in_gy, free_zone, _peten_there)
    return trigger(K.EV_TO_GY, A.recruit(_PETEN, where=DECK | HAND, confirm=r1,
                                         prompt="choose a Peten the Dark Clown"),
                   cost=A.banish_cost(A.this_card), when=True, range=GY, condition=cond,
                   label="banish it: Special Summon a Peten the Dark Clown")


script("Peten the Dark Clown", _peten_effect(False))
script("Peten the Dark Clown", _peten_effect(True), era="goat")


script("Pitch-Black Warwolf", no_opponent_traps_in_battle())


# Penguin Soldier: FLIP: target up to 2 monsters on the field and return them to their owners'
# hands. Today "you can" (an optional FLIP effect, 1 or 2 targets); 2005 (EDOPro's Goat
# version): a mandatory FLIP effect in which 0 to 2 monsters are chosen.
def _penguin(least, optional):
    return flip(A.to_hand(A.targets), optional=optional,
                target=Target(A.monsters(A.ANY), count=2, min=least,
                              prompt="choose up to 2 monsters to return to the hand"),
                label="return up to 2 monsters to the hand")


script("Penguin Soldier", _penguin(1, True))
script("Penguin Soldier", _penguin(0, False), era="goat")
