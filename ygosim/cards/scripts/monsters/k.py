"""Monsters: K."""
from __future__ import annotations

from ....engine import actions as A
from ....engine import const as K
from ....engine.actions import OPP, YOU
from ....engine.const import BATTLE, GY, HAND, MZONE
from ....engine.effects import Target, continuous, during, ignition, quick, script, trigger
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
                once_per_turn=True, label="Special Summon a Dragon from the hand"))


# King Tiger Wanghu: when one or more monsters with 1400 or less ATK are Normal or Special
# Summoned face-up, they are destroyed (a mandatory trigger, once per Summon however many; it
# must still be face-up on the field as it resolves; their ATK is read then), monsters Summoned
# together with it too (EDOPro's Goat version; chosen for today's text as well).
_SUMMONS = (K.EV_NORMAL_SUMMONED, K.EV_SPECIAL_SUMMONED)


def _weak(d, c, mid):
    return d.mid[c] == mid and d.loc[c] == MZONE and d.faceup(c) and d.atk(c) <= 1400


def _weak_event(d, ev):
    return _weak(d, ev[1], ev[2])


def _wanghu_victims(d, link):
    """The monsters of the Summon it answers (the same action) still there with 1400 or less
    ATK, if King Tiger Wanghu is still face-up on the field."""
    c = link["card"]
    if not A.this_card_here(d, link):
        return []
    ev = link["event"]
    batch = [e for e in link.get("events", ()) + (ev,) if e[0] in _SUMMONS and e[5] == ev[5]]
    return list(dict.fromkeys(e[1] for e in batch if e[1] != c and _weak(d, e[1], e[2])))


script("King Tiger Wanghu", trigger(
    _SUMMONS, A.destroy(_wanghu_victims), optional=False,
    condition=all_of(lambda d, link: link["event"][1] != link["card"],
                     A.first_of_batch(_weak_event)),
    label="destroy the monsters with 1400 or less ATK"))


# When it inflicts battle damage to the opponent: target up to two monsters in their Graveyard
# and banish them (optional). While it is face-up, the opponent cannot banish cards from either
# Graveyard (costs and effects: Black Luster Soldier's and Chaos Sorcerer's Summons, Dark Blade
# the Dragon Knight, Book of Life's second half...); its controller still may.
script("Kycoo the Ghost Destroyer",
       continuous("no_gy_banish", lambda d, src, p: p != d.ctrl[src]),
       trigger(K.EV_DAMAGE, A.banish(A.targets),
               condition=A.inflicts_battle_damage(),
               target=Target(A.banishable_from_gy(OPP, A.is_monster_card), count=2, min=1,
                             prompt="choose up to two monsters in the opponent's Graveyard"),
               label="banish up to two monsters from the opponent's Graveyard"))
