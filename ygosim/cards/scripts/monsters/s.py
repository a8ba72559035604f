"""Monsters: S."""
from __future__ import annotations

from ....engine import actions as A
from ....engine import const as K
from ....engine.actions import YOU
from ....engine.const import DECK, FIELD, GY, HAND
from ....engine.effects import script, trigger
from ..extra_deck import synchro_monster


def _no_activate_chosen(d, link):
    """For the rest of the turn, the player cannot activate cards or effects with the name of
    the card just added to the hand."""
    for c in link["vars"].get("chosen", ()):
        if d.loc[c] == HAND:
            d.pflags.append((link["player"], ("no_activate", d.name(c)), d.turn))


def _from_field_to_gy(d, link):
    ev = link.get("event")
    return ev is not None and ev[1] == link["card"] and bool(ev[6][0] & FIELD)


script("Sangan", trigger(
    K.EV_TO_GY,
    (A.choose(A.pile(DECK, YOU, A.atk_at_most(1500)), prompt="choose a monster to add"),
     A.to_hand(A.chosen()), A.shuffle_deck(), _no_activate_chosen),
    optional=False, condition=_from_field_to_gy, range=K.GY, once_per_turn="name",
    label="add a monster with 1500 or less ATK"))

synchro_monster("Scrap Archfiend")   # 1 Tuner + 1 or more non-Tuner monsters


# ------------------------------------------------------------------ the Goat decks' S monsters
def _right(d, link):
    return bool(link["vars"].get("right"))


# When it battles a monster (attacking or attacked), before damage calculation: its controller
# calls a coin toss; called right, the opponent's monster is destroyed (so no damage
# calculation). Mandatory; not on a direct attack.
script("Sasuke Samurai #4", trigger(
    K.EV_BATTLE_CONFIRM, (A.call_coin(), A.when(_right, A.destroy(A.battled))), optional=False,
    condition=A.battles_opponent, label="call a coin toss: destroy the monster it battles"))


def _own_standby_in_gy(d, link):
    c = link["card"]
    return d.loc[c] == GY and d.tp == d.owner[c]


# 2005: in its owner's Standby Phase, while in the Graveyard, it may return to the hand; each
# copy separately, any number of times, nothing banished later. (Today's version, once per
# turn and banished in the opponent's next End Phase, is not scripted: the card plays in goat
# rules only.)
script("Sinister Serpent", trigger(
    K.EV_STANDBY, A.to_hand(A.this_card_still), range=GY, condition=_own_standby_in_gy,
    label="return to the hand"), era="goat")
