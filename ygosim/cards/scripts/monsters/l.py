"""Monsters: L."""
from __future__ import annotations

from ....engine import actions as A
from ....engine import const as K
from ....engine.actions import OPP, YOU
from ....engine.const import MZONE
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
