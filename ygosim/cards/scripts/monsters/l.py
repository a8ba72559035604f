"""Monsters: L."""
from __future__ import annotations

from ....engine import actions as A
from ....engine import const as K
from ....engine.actions import OPP, YOU
from ....engine.const import DECK, DEFENSE, MZONE
from ....engine.effects import continuous, script, special_procedure, trigger
from ..extra_deck import link_monster

link_monster("LANphorhynchus", 2, 2)           # 2 monsters


def _faceup_dragon(d, c):
    return d.loc[c] == MZONE and d.faceup(c) and d.data[c].type == "Dragon"


script("Lord of D.", continuous("untargetable",
                                lambda d, src, c, link: _faceup_dragon(d, c)))


# Lava Golem: cannot be Normal Summoned or Set; its own procedure Special Summons it from the
# hand onto the opponent's field by Tributing two monsters they control (a cost; Sheep Tokens
# may be used: theirs is a ban on Tribute Summons), only in a turn its player has not Normal
# Summoned or Set, who then may not Normal Summon or Set for the rest of the turn. In each of its
# controller's Standby Phases its controller takes 1000 damage (mandatory).
def _can_golem(d, link):
    p = link["player"]
    return len(d.monsters(1 - p)) >= 2 and d.ns_used[p] == 0


def _controllers_standby(d, link):
    return d.tp == link["player"]


script("Lava Golem",
       trigger(K.EV_STANDBY, A.damage(1000, who=YOU), optional=False,
               condition=_controllers_standby, label="its controller takes 1000 damage"),
       extra=special_procedure(
           cost=(A.tribute(A.monsters(OPP), 2,
                           prompt="Tribute 2 monsters your opponent controls"),
                 A.player_flag("no_normal_summon", who=YOU)),
           can_pay=_can_golem, onto_opponent=True))


# Legendary Jujitsu Master: attacked while in Defense Position (face-down ones are flipped to
# face-up Defense), it puts the attacking monster on top of its owner's Deck at the end of the
# Damage Step (mandatory, no target). It must still be on the field then in Defense Position
# (destroyed by that battle, it does nothing).
def _attacked_in_defense(d, link):
    c, a = link["card"], d.attack
    return a is not None and a[1] == c and a[4] == d.mid[c] and bool(d.pos[c] & DEFENSE)


def _attacker_on_field(d, link):
    return [c for c in A.event_cards(d, link) if d.loc[c] == MZONE]


script("Legendary Jujitsu Master", trigger(
    K.EV_DS_END, A.send_to(_attacker_on_field, DECK), optional=False,
    condition=_attacked_in_defense, label="put the attacker on top of its owner's Deck"))
