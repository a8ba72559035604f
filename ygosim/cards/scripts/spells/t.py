"""Spells: T."""
from __future__ import annotations

from ....engine import actions as A
from ....engine.actions import OPP, YOU
from ....engine.const import HAND
from ....engine.effects import script, spell
from ..common import all_of, free_zone, summonable


def _lord_of_d(d, link):
    for p in (0, 1):
        for c in d.monsters(p):
            if d.data[c].name == "Lord of D." and d.faceup(c):
                return True
    return False


_dragons_in_hand = A.pile(HAND, YOU, summonable(A.is_type("Dragon")))

script("The Flute of Summoning Dragon", spell(
    condition=all_of(_lord_of_d, free_zone, A.exists(_dragons_in_hand)),
    operation=A.when(_lord_of_d,
                     A.choose(_dragons_in_hand, least=1,
                              count=lambda d, link: min(2, len(d.free_mzones(link["player"]))),
                              prompt="choose up to 2 Dragon monsters to Special Summon"),
                     A.special_summon(A.chosen()))))

script("The Inexperienced Spy", spell(
    condition=A.exists(A.pile(HAND, OPP)),
    operation=(A.choose(A.pile(HAND, OPP), prompt="choose a card in your opponent's hand"),
               A.reveal(A.chosen()))))
