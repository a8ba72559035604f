"""Spells: E."""
from __future__ import annotations

from ....engine import actions as A
from ....engine import const as K
from ....engine.actions import OPP, YOU
from ....engine.const import GY
from ....engine.effects import Target, quickplay, script
from ..common import change_position, not_this

# Enemy Controller (Quick-Play), one of two uses chosen on activation (`activate Enemy
# Controller effect 2` for the second): target a face-up monster the opponent controls and
# change its battle position; or Tribute 1 monster you control (cost) and target a face-up
# monster the opponent controls: you control it until the End Phase.
script("Enemy Controller",
       quickplay(target=Target(A.monsters(OPP, faceup=True),
                               prompt="choose a face-up monster your opponent controls"),
                 operation=change_position(A.targets)),
       quickplay(cost=A.tribute(A.tributable()), can_pay=A.exists(A.tributable()),
                 target=Target(A.takeable_monsters(OPP, faceup=True),
                               prompt="choose a face-up monster your opponent controls"),
                 operation=A.take_control(A.targets)))

_other_spells_traps = not_this(A.spells_traps(YOU))

# Emergency Provisions (Quick-Play): send any number (at least 1) of the other Spell and Trap
# Cards you control, face-up or Set, to the Graveyard (cost); gain 1000 LP for each.
script("Emergency Provisions", quickplay(
    cost=(A.choose(_other_spells_traps, lambda d, link: len(_other_spells_traps(d, link)),
                   least=1, into="sent", prompt="send Spell/Trap Cards to the Graveyard"),
          A.send_to(A.chosen("sent"), GY, K.R_COST)),
    can_pay=A.exists(_other_spells_traps),
    operation=A.gain_lp(lambda d, link: 1000 * len(link["vars"].get("sent", ())))))
