"""Monsters: H."""
from __future__ import annotations

from ....engine import actions as A
from ....engine import const as K
from ....engine.actions import ANY, YOU
from ....engine.effects import Target, flip, ignition, script
from ..common import not_this

script("Hane-Hane", flip(A.to_hand(A.targets),
                         target=Target(A.monsters(ANY),
                                       prompt="choose a monster to return to the hand"),
                         label="return a monster to the hand"))


# Hand of Nephthys: Tribute this card and one other monster you control (a cost) to Special
# Summon Sacred Phoenix of Nephthys from the hand or Deck. Today only with one there; 2005
# (R1): with none, the hand and Deck are shown.
def _phoenix(d, c):
    return d.data[c].name == "Sacred Phoenix of Nephthys"


def _phoenix_there(d, link):
    p = link["player"]
    return any(_phoenix(d, c) for c in d.hand[p] + d.deck[p])


def _hand_of_nephthys(r1):
    return ignition(A.recruit(_phoenix, where=K.DECK | K.HAND, confirm=r1,
                              prompt="choose Sacred Phoenix of Nephthys"),
                    cost=A.tribute(not_this(A.monsters(YOU)), 1, with_this=True,
                                   prompt="Tribute 1 other monster"),
                    can_pay=A.exists(not_this(A.monsters(YOU))),
                    condition=None if r1 else _phoenix_there,
                    label="Tribute it and 1 other monster: Special Summon Sacred Phoenix")


script("Hand of Nephthys", _hand_of_nephthys(False))
script("Hand of Nephthys", _hand_of_nephthys(True), era="goat")
