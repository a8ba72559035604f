"""Monsters: K."""
from __future__ import annotations

from ....engine import actions as A
from ....engine import const as K
from ....engine.actions import OPP, YOU
from ....engine.const import BATTLE, GY, HAND, MZONE
from ....engine.effects import continuous, during, ignition, quick, script
from ..common import all_of, can_special_summon_from, free_zone


def _opponent_attacks(d, link):
    return d.attack is not None and d.tp != link["player"]


def _no_battle_damage(d, link):
    d.no_battle_damage[link["player"]] = True
    d.write(f"{d.names[link['player']]} takes no battle damage from this battle")


script("Kuriboh", quick(_no_battle_damage, condition=_opponent_attacks, range=HAND,
                        periods=during((OPP, (BATTLE,))),
                        cost=A.send_to(A.this_card, GY, K.R_COST | K.R_DISCARD),
                        damage_calc_only=True, label="take no battle damage"))


# ------------------------------------------------------------------ the Goat decks' K monsters
def _dragon_from_hand(d, c):
    return d.data[c].type == "Dragon" and can_special_summon_from(d, c, d.owner[c])


def _guards_dragons(d, src, c, link):
    """The opponent's card effects cannot target face-up Dragons (attacks still may)."""
    return link["player"] != d.ctrl[src] and d.loc[c] == MZONE and d.faceup(c) and \
        d.data[c].type == "Dragon"


script("King Dragun",
       continuous("untargetable", _guards_dragons),
       ignition((A.choose(A.pile(HAND, YOU, _dragon_from_hand),
                          prompt="choose a Dragon to Special Summon"),
                 A.special_summon(A.chosen())),
                condition=all_of(free_zone, A.exists(A.pile(HAND, YOU, _dragon_from_hand))),
                once_per_turn=True, label="Special Summon a Dragon from the hand"),
       fusion_materials=("Lord of D.", "Divine Dragon Ragnarok"))
