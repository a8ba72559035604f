"""Monsters: A."""
from __future__ import annotations

from ....engine import actions as A
from ....engine import const as K
from ....engine.actions import ANY
from ....engine.effects import Target, continuous, ignition, script, trigger
from ..common import can_discard, discard, itself, spirit_return


def _water(d, c):
    return d.data[c].is_monster and d.data[c].attribute == "WATER"


# Abyss Soldier: once per turn, discard a WATER monster (cost) to target a card on the field
# (either side, face-up or Set) and return it to its owner's hand.
script("Abyss Soldier", ignition(
    A.to_hand(A.targets), cost=discard(1, cost=True, filter=_water,
                                       prompt="discard a WATER monster"),
    can_pay=can_discard(1, _water), once_per_turn=True,
    target=Target(A.union(A.monsters(ANY), A.spells_traps(ANY)),
                  prompt="choose a card to return to the hand"),
    label="discard a WATER monster: return a card to the hand"))

# Piercing; when it inflicts battle damage to the opponent, its controller draws 1 (mandatory).
script("Airknight Parshath",
       continuous("piercing", itself),
       trigger(K.EV_DAMAGE, A.draw(1), optional=False, condition=A.inflicts_battle_damage(),
               label="draw 1 card"))

# A Spirit (returns to the hand in the End Phase of the turn it was Normal Summoned or flipped;
# cannot be Special Summoned) that may attack each of the opponent's monsters once.
script("Asura Priest", spirit_return(), continuous("attack_all", itself),
       cannot_special_summon=True)
