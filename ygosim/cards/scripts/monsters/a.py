"""Monsters: A."""
from __future__ import annotations

from ....engine import actions as A
from ....engine import const as K
from ....engine.actions import ANY, YOU
from ....engine.const import FACEDOWN_DEFENSE
from ....engine.effects import Target, continuous, ignition, script, trigger
from ..common import (banish_procedure, battle_recruiter, can_discard, change_position, discard,
                      itself, spirit_return, summonable)


def _water(d, c):
    return d.data[c].is_monster and "WATER" in A.attributes(d, c)     # (Doriado too)


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


# Apprentice Magician: Normal, Flip or Special Summoned, it targets a face-up card that can hold
# a Spell Counter (and has room for one) and puts one there (mandatory; with no such card it
# does not activate). Destroyed by battle, its controller may Special Summon a Level 2 or lower
# Spellcaster from the Deck in face-down Defense Position. Today: once it is in the Graveyard,
# with such a monster in the Deck. 2005 (EDOPro's Goat version): at the end of that damage
# calculation, still on the field, and usable with none in the Deck (R1: it is shown).
_can_hold = A.can_hold_counter("spell")
_counter_target = Target(A.union(A.monsters(ANY, faceup=True, filter=_can_hold),
                                 A.spells_traps(ANY, faceup=True, filter=_can_hold)),
                         prompt="choose a card to put a Spell Counter on")


def _small_spellcaster(d, c):
    data = d.data[c]
    return data.type == "Spellcaster" and data.level <= 2


_put_counter = trigger(K.EV_SUMMON_ANY, A.add_counter(A.targets, "spell"), optional=False,
                       target=_counter_target, label="put a Spell Counter on a card")
script("Apprentice Magician", _put_counter, battle_recruiter(
    _small_spellcaster, "choose a Spellcaster to Special Summon",
    "Special Summon a Level 2 or lower Spellcaster", pos=FACEDOWN_DEFENSE))
script("Apprentice Magician", _put_counter, trigger(
    K.EV_AFTER_CALC, A.recruit(summonable(_small_spellcaster), pos=FACEDOWN_DEFENSE, confirm=True,
                               prompt="choose a Spellcaster to Special Summon"),
    when=True, condition=A.destroyed_by_battle,
    label="Special Summon a Level 2 or lower Spellcaster"), era="goat")


# Amazoness Archer: Tribute any 2 monsters its controller controls (itself may be one of them,
# Tokens too: a cost) to inflict 1200 damage to the opponent; no limit per turn.
script("Amazoness Archer", ignition(A.damage(1200), cost=A.tribute(A.monsters(YOU), 2),
                                    can_pay=A.can_tribute(2),
                                    label="Tribute 2 monsters: 1200 damage"))


# Aqua Spirit: cannot be Normal Summoned or Set; it is first Special Summoned from the hand by
# banishing a WATER monster from its owner's Graveyard (a cost, no Chain). Once per turn, in the
# opponent's Standby Phase, its controller may target a face-up monster the opponent controls
# and change its battle position; it then stays in that position for the rest of the turn.
script("Aqua Spirit",
       trigger(K.EV_STANDBY, (change_position(A.targets),
                              A.card_rule(A.targets, "no_position_change")),
               condition=lambda d, link: d.tp != link["player"], once_per_turn=True,
               target=Target(A.monsters(A.OPP, faceup=True),
                             prompt="choose a monster to change its position"),
               label="change the position of an opponent's monster"),
       extra=banish_procedure(lambda d, c: d.data[c].attribute == "WATER",
                              "banish a WATER monster from your Graveyard"))


# Armed Samurai - Ben Kei: one more attack in each Battle Phase for each Equip Card equipped to
# it (Equip Spells, monsters equipped as cards).
script("Armed Samurai - Ben Kei", continuous(
    "extra_attacks", lambda d, src, c: len(A.equipped_to(d, src)) if c == src else 0))
