"""Spells: T."""
from __future__ import annotations

from ....engine import actions as A
from ....engine.actions import OPP, YOU
from ....engine.const import FACEDOWN_DEFENSE, GY, HAND
from ....engine.effects import Target, Targets, script, spell
from ..common import all_of, free_zone, search_spell, summonable


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
