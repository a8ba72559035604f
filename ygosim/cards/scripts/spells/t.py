"""Spells: T."""
from __future__ import annotations

from ....engine import actions as A
from ....engine import const as K
from ....engine.actions import ANY, OPP, YOU
from ....engine.const import FACEDOWN_DEFENSE, GY, HAND, MZONE
from ....engine.effects import Target, Targets, continuous, script, spell
from ..common import (all_of, equip_spell, equipped_only, free_zone, not_this, search_spell,
                      summonable)


def _field_spell(d, c):
    return d.data[c].subtype == "field"


# Add a Field Spell from your Deck to your hand (2005, R1: even with none there).
script("Terraforming", search_spell(_field_spell, "choose a Field Spell"))
script("Terraforming", search_spell(_field_spell, "choose a Field Spell", goat=True),
       era="goat")


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


def _own_target(who):
    """The Shallow Grave's target in the Graveyard of the effect's player (YOU) or the
    opponent's (OPP)."""
    def sel(d, link):
        p = link["player"] if who == YOU else 1 - link["player"]
        return [c for c in A.targets(d, link) if d.owner[c] == p]
    return sel


# Each player targets a monster in their own Graveyard (the opponent chooses theirs) and
# Special Summons it in face-down Defense Position (not flipped: no FLIP effect). Both players
# need a free zone and a target.
script("The Shallow Grave", spell(
    condition=lambda d, link: bool(d.free_mzones(0)) and bool(d.free_mzones(1)),
    target=Targets(Target(A.pile(GY, YOU, summonable()),
                          prompt="choose a monster in your Graveyard"),
                   Target(A.pile(GY, OPP, summonable()), who=OPP,
                          prompt="choose a monster in your Graveyard")),
    operation=(A.special_summon(_own_target(YOU), pos=FACEDOWN_DEFENSE),
               A.special_summon(_own_target(OPP), pos=FACEDOWN_DEFENSE, who=OPP))))

# Target a Warrior in your Graveyard: add it to your hand.
script("The Warrior Returning Alive", spell(
    target=Target(A.pile(GY, YOU, A.is_type("Warrior")), prompt="choose a Warrior in your "
                                                              "Graveyard"),
    operation=A.to_hand(A.targets)))


def _toon(d, c):
    name = d.data[c].name
    return "Toon" in name or name == "Manga Ryu-Ran"


# Add a Toon card from your Deck to your hand (2005, R1: even with none there).
script("Toon Table of Contents", search_spell(_toon, "choose a Toon card"))
script("Toon Table of Contents", search_spell(_toon, "choose a Toon card", goat=True),
       era="goat")

# A Continuous Spell activated by paying 1000 LP (cost); Toon monsters refer to it.
script("Toon World", spell(cost=A.pay_lp(1000), can_pay=A.lp_at_least(1000)))


def _tokens_on_field(d, link):
    return [c for p in (0, 1) for c in d.monsters(p) if d.data[c].has_frame("token")]


def _thanksgiving(d, link):
    """Destroy every Token on the field; gain 800 LP for each one destroyed."""
    toks = _tokens_on_field(d, link)
    if toks:
        d.destroy(toks, K.R_EFFECT, link["player"])
        gone = sum(1 for c in toks if d.loc[c] != MZONE)
        d.gain_lp(link["player"], 800 * gone)


script("Token Thanksgiving", spell(condition=A.exists(_tokens_on_field), operation=_thanksgiving))

_other_hand = not_this(A.pile(HAND, YOU))

# Tribute to The Doomed: send 1 card from your hand to the Graveyard (cost; not a discard), then
# target a monster on the field: destroy it.
script("Tribute to The Doomed", spell(
    cost=(A.choose(_other_hand, into="sent", prompt="send a card from your hand to the Graveyard"),
          A.send_to(A.chosen("sent"), GY, K.R_COST)),
    can_pay=A.exists(_other_hand),
    target=Target(A.monsters(ANY), prompt="choose a monster to destroy"),
    operation=A.destroy(A.targets)))

def _beasts(d, link):
    return [c for c in d.monsters(link["player"]) if d.faceup(c) and d.data[c].type == "Beast"]


# The Big March of Animals: every face-up Beast you control gains 200 ATK for each face-up Beast
# you control (counted as it resolves), until the end of the turn.
script("The Big March of Animals", spell(
    condition=A.exists(_beasts),
    operation=A.modify(_beasts, atk=lambda d, link: 200 * len(_beasts(d, link)))))

_other_hand_cards = not_this(A.pile(HAND, YOU))

# Twin Swords of Flashing Light - Tryce (Equip Spell): send 1 card from your hand to the
# Graveyard (cost); the equipped monster loses 500 ATK and may attack twice in each Battle
# Phase.
script("Twin Swords of Flashing Light - Tryce",
       *equip_spell(None, -500, 0,
                    cost=(A.choose(_other_hand_cards, into="sent",
                                   prompt="send a card from your hand to the Graveyard"),
                          A.send_to(A.chosen("sent"), GY, K.R_COST)),
                    can_pay=A.exists(_other_hand_cards)),
       continuous("extra_attacks", lambda d, src, c: 1 if equipped_only(d, src, c) else 0))
