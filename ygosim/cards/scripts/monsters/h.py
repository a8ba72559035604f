"""Monsters: H."""
from __future__ import annotations

from ....engine import actions as A
from ....engine import const as K
from ....engine.actions import ANY, YOU
from ....engine.effects import Target, continuous, flip, ignition, quick, script
from ..common import all_of, chained_to, itself, level_up, not_this, spell_card_activated

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


# ------------------------------------------------------------------ Horus the Black Flame Dragon
# LV4: control of it cannot change while it is face-up. LV4 and LV6: in the End Phase of a turn
# it destroyed a monster by battle (attacking or attacked), it may be sent to the Graveyard (a
# cost) to Special Summon the next LV from the hand or Deck (common.level_up; the LV Summoned
# this way counts as properly Summoned). Today the next LV must be there; 2005 (R1) it may be
# used with none (the hand and Deck are shown).
# LV6: while face-up on the field it is unaffected by Spell effects (the `unaffected` rule,
# Duel.unaffected): a Spell may still target it, but does nothing to it (Change of Heart, Book of
# Moon, Shrink); Raigeki or Dark Hole do not destroy it; Field and Equip Spells do not boost it
# (an Equip Spell is not equipped to it and goes to the Graveyard); Swords of Revealing Light
# and Messenger of Peace do not stop its attacks. Costs, Tributes and materials are not effects
# on it (a Spell's cost may still send it; a Ritual Spell may Tribute it, Polymerization use it).
_LV4, _LV6, _LV8 = ("Horus the Black Flame Dragon LV4", "Horus the Black Flame Dragon LV6",
                    "Horus the Black Flame Dragon LV8")


def _spell_effect(d, src, c, by):
    return c == src and d.data[by].is_spell


for _r1, _era in ((False, None), (True, "goat")):
    _kw = {"era": _era} if _era else {}
    script(_LV4, continuous("no_control_change", itself),
           level_up(_LV6, K.EV_END_PHASE, A.won_battle_this_turn, r1=_r1), **_kw)
    script(_LV6, continuous("unaffected", _spell_effect, range=K.MZONE),
           level_up(_LV8, K.EV_END_PHASE, A.won_battle_this_turn, r1=_r1), **_kw)


def _not_battle_destroyed(d, link):
    return not A.destroyed_by_battle(d, link)


# LV8 (2005 and today): it cannot be Normal Summoned or Set, and no effect but LV6's Special
# Summons it (`cannot_special_summon`; the level-up names it and ignores that: common.level_up),
# so it is never revived (Monster Reborn, Premature Burial...). Whenever a Spell Card is activated (either
# player's, any number of times, also in the Damage Step) it may negate that activation and
# destroy the Spell (a Quick Effect, not a cost). The 2005 text reads "as long as this card
# remains face-up": it must still be face-up on the field when its effect resolves, or nothing
# is negated (today's text says so in words). Only the activation of a Spell Card, not the
# effect of a Continuous or Equip Spell already on the field.
script(_LV8, quick(A.when(lambda d, link: bool(A.this_card_here(d, link)),
                          A.negate_activation()),
                   condition=all_of(chained_to(spell_card_activated), _not_battle_destroyed),
                   damage_step=True, damage_calc=True,
                   label="negate a Spell Card's activation and destroy it"),
       extra={"no_normal_summon": True}, cannot_special_summon=True)


# Hysteric Fairy: Tribute 2 monsters its controller controls (itself among them if they like; a
# cost) to gain 1000 LP. An Ignition effect, no limit a turn.
script("Hysteric Fairy", ignition(
    A.gain_lp(1000), cost=A.tribute(A.monsters(YOU), 2, prompt="Tribute 2 monsters"),
    can_pay=lambda d, link: len(d.monsters(link["player"])) >= 2,
    label="Tribute 2 monsters: gain 1000 LP"))


# Homunculus the Alchemic Being: once per turn its controller declares another Attribute; it
# becomes that Attribute while it stays face-up on the field.
def _other_attributes(d, link):
    return [a for a in K.ATTRIBUTES_2005 if a != d.attribute(link["card"])]


script("Homunculus the Alchemic Being", ignition(
    (A.declare(_other_attributes, prompt="declare an Attribute"),
     A.change_attribute(A.this_card_here)),
    once_per_turn=True, label="change its Attribute"))


# Hiro's Shadow Scout: FLIP: the opponent draws 3 cards and shows them to both players; every
# Spell Card among them is discarded (mandatory).
def _scout(d, link):
    q = 1 - link["player"]
    drawn = d.draw(q, 3)
    d.check_exodia(q)
    if drawn:
        d.reveal(drawn)
        spells = [c for c in drawn if d.data[c].is_spell and d.loc[c] == K.HAND]
        if spells:
            d.send(spells, K.GY, K.R_EFFECT | K.R_DISCARD, link["player"])


script("Hiro's Shadow Scout", flip(_scout, label="the opponent draws 3, discards the Spells"))
