"""Monsters: D."""
from __future__ import annotations

from ....engine import actions as A
from ....engine import const as K
from ....engine.actions import YOU
from ....engine.const import DECK, HAND, MZONE, DEFENSE
from ....engine.effects import flip, script, trigger
from ..common import all_of
from ..extra_deck import pendulum_monster

script("Darkfire Dragon", fusion_materials=("Firegrass", "Petit Dragon"))

pendulum_monster("Dragong")         # a Pendulum Normal Monster (scales in the card facts)


def _attack_target(d, link):
    """The monster this card's attack is aimed at, if it is still in that battle."""
    atk = d.attack
    if atk is None or atk[0] != link["card"] or atk[1] < 0:
        return []
    t = atk[1]
    return [t] if d.mid[t] == atk[4] and d.loc[t] == MZONE else []


def _attacks_defense(d, link):
    ev = link.get("event")
    if ev is None or ev[1] != link["card"]:
        return False
    t = ev[6]
    return t is not None and t >= 0 and d.loc[t] == MZONE and bool(d.pos[t] & DEFENSE)


script("Drillroid", trigger(
    K.EV_BATTLE_CONFIRM, A.destroy(lambda d, link: [c for c in _attack_target(d, link)
                                                     if d.pos[c] & DEFENSE]),
    optional=False, condition=_attacks_defense, label="destroy the Defense Position monster"))


# ------------------------------------------------------------------ the Goat decks' D monsters
def _other_battler(d, link):
    """The monster this card battled (a trigger of this battle), if still on the field."""
    return A.battled(d, link)


_BANISH_BOTH = A.send_to(A.union(_other_battler, A.this_card_still), K.BANISHED)

script("D.D. Warrior Lady", trigger(
    K.EV_AFTER_CALC, _BANISH_BOTH, when=True,
    condition=lambda d, link: A.battled(d, link) != [] and A.battles_opponent(d, link),
    label="banish the monster it battled and itself"))
# (after damage calculation, also when it is destroyed by that battle: it is still on the
# field until the end of the Damage Step; no targets: if one of the two has left the field,
# the other is still banished)

script("D.D. Assailant", trigger(
    K.EV_AFTER_CALC, _BANISH_BOTH, optional=False,
    condition=lambda d, link: A.destroyed_by_battle(d, link) and A.battles_opponent(d, link),
    label="banish the monster that destroyed it and itself"))


def _bokoichi_count(d, link):
    p = link["player"]
    return sum(1 for c in d.monsters(p) if d.faceup(c) and
               d.data[c].name == "Bokoichi the Freightening Car")


script("Dekoichi the Battlechanted Locomotive", flip(
    A.draw(lambda d, link: 1 + _bokoichi_count(d, link)),
    label="draw a card (and one more for each face-up Bokoichi)"))


def _dark_mimic_lv3(d, c):
    return d.data[c].name == "Dark Mimic LV3"


def _own_standby(d, link):
    return d.tp == link["player"]


def _lv3_there(d, link):
    p = link["player"]
    return any(_dark_mimic_lv3(d, c) for c in d.hand[p] + d.deck[p])


_MIMIC_COST = A.send_to(A.this_card, K.GY, K.R_COST)

# LV monsters: in your Standby Phase it may be sent to the Graveyard (cost) to Special Summon
# the next LV from the hand or Deck (a Summon by a LV monster's effect counts as proper: the
# next LV ignores its own Summoning conditions). Today it needs a Dark Mimic LV3 there.
script("Dark Mimic LV1",
       flip(A.draw(1), label="draw a card"),
       trigger(K.EV_STANDBY, A.recruit(_dark_mimic_lv3, where=DECK | HAND,
                                       prompt="choose Dark Mimic LV3"),
               cost=_MIMIC_COST, condition=all_of(_own_standby, _lv3_there),
               label="send it to the Graveyard: Special Summon Dark Mimic LV3"))

# 2005 (R1): it may be used with no Dark Mimic LV3 in the hand or Deck (they are shown).
script("Dark Mimic LV1",
       flip(A.draw(1), label="draw a card"),
       trigger(K.EV_STANDBY, A.recruit(_dark_mimic_lv3, where=DECK | HAND, confirm=True,
                                       prompt="choose Dark Mimic LV3"),
               cost=_MIMIC_COST, condition=_own_standby,
               label="send it to the Graveyard: Special Summon Dark Mimic LV3"), era="goat")
