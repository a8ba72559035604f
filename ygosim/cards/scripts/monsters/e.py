"""Monsters: E."""
from __future__ import annotations

from ....engine import actions as A
from ....engine import const as K
from ....engine.actions import ANY, OPP, YOU
from ....engine.const import DECK, GY, HAND, MZONE
from ....engine.effects import Target, continuous, ignition, rule, script, trigger
from ..common import not_this

script("Exodia the Forbidden One")   # the win is a rule of the duel (Duel.check_exodia)

# Tribute this card (the cost) to destroy a monster on the field (face-up or face-down, either
# side; it targets, so it cannot be itself).
script("Exiled Force", ignition(
    A.destroy(A.targets), cost=A.send_to(A.this_card, K.GY, K.R_COST | K.R_TRIBUTE),
    target=Target(not_this(A.monsters(ANY)), prompt="choose a monster to destroy"),
    label="Tribute it: destroy a monster"))


# Emissary of the Afterlife: sent from the field to the Graveyard (mandatory), each player (its
# controller first) adds a Level 3 or lower Normal Monster from their Deck to their hand, shown
# to the opponent, then shuffles. 2005: a player who has none shows their Deck instead (today
# that player just finds nothing).
def _low_normal(d, c):
    return "normal" in d.data[c].frames and 0 < d.level(c) <= 3


def _emissary_search(who, confirm):
    into = f"found_{who}"

    def after(d, link):
        if not link["vars"].get(into) and confirm:
            A.confirm_deck(who)(d, link)
        else:
            A.shuffle_deck(who)(d, link)
    return (A.choose(A.pile(DECK, who, _low_normal), into=into, who=who,
                     prompt="choose a Level 3 or lower Normal Monster to add to your hand"),
            A.to_hand(A.chosen(into)), A.reveal(A.chosen(into), to=ANY), after)


def _emissary(confirm):
    return trigger(K.EV_TO_GY, _emissary_search(YOU, confirm) + _emissary_search(OPP, confirm),
                   optional=False, range=K.GY, condition=A.from_field,
                   label="each player adds a Level 3 or lower Normal Monster from the Deck")


script("Emissary of the Afterlife", _emissary(False))
script("Emissary of the Afterlife", _emissary(True), era="goat")


# Enraged Battle Ox: the Beast, Beast-Warrior and Winged Beast monsters its controller controls
# (itself too) inflict piercing battle damage.
def _ox_piercing(d, src, c):
    return d.ctrl[c] == d.ctrl[src] and \
        d.data[c].type in ("Beast", "Beast-Warrior", "Winged Beast")


script("Enraged Battle Ox", continuous("piercing", _ox_piercing))


# Elephant Statue of Disaster: sent from its owner's hand to the Graveyard by an effect of the
# opponent's card (discarded, or otherwise), the opponent takes 2000 damage (mandatory).
script("Elephant Statue of Disaster", trigger(
    K.EV_TO_GY, A.damage(2000), optional=False, range=GY,
    condition=A.sent_by_opponent(came_from=HAND), label="2000 damage to the opponent"))


# Element Saurus: with a face-up FIRE monster on the field it gains 500 ATK; with a face-up EARTH
# monster on the field (itself counts: it is EARTH) the effects of a monster it destroys by
# battle are negated, on the field and in the Graveyard (after damage calculation, no Chain
# Link), unless it is destroyed in that battle too.
def _attribute_on_field(d, attribute):
    return any(d.faceup(c) and d.data[c].attribute == attribute
               for p in (0, 1) for c in d.monsters(p))


def _saurus_won(d, link):
    return _attribute_on_field(d, "EARTH") and not A.destroyed_by_battle(d, link) and \
        bool(A.destroyed_in_this_battle(d, link))


script("Element Saurus",
       continuous("stat", lambda d, src, c: (500, 0) if c == src and
                  _attribute_on_field(d, "FIRE") else None),
       rule(K.EV_AFTER_CALC, A.negate_into_gy(A.destroyed_in_this_battle),
            condition=_saurus_won, label="negate the effects of the monster it destroyed"))


# Electric Snake: discarded from its owner's hand to the Graveyard by an effect of the
# opponent's card, its owner draws 2 cards (mandatory).
script("Electric Snake", trigger(
    K.EV_TO_GY, A.draw(2), optional=False, range=K.GY,
    condition=A.sent_by_opponent(K.R_EFFECT | K.R_DISCARD, K.HAND), label="draw 2 cards"))


# -- the Elemental HERO Fusion Monsters (2005 and today: "can only be Special Summoned by Fusion
# Summon": never by Metamorphosis, never revived, even after a Fusion Summon) ----------------
FUSION_ONLY = {"fusion_only": True}


def _destroyed_atk(d, link):
    """The printed ATK of the monster this card destroyed by battle, now in the Graveyard."""
    return d.data[link["event"][1]].atk


def _destroyed_in_gy(d, link):
    return A.destroys_by_battle(d, link) and d.loc[link["event"][1]] == GY


# When it destroys a monster by battle and sends it to the Graveyard (mandatory; it must still
# be on the field: not when both are destroyed; not when the monster is banished instead), the
# opponent takes damage equal to that monster's ATK in the Graveyard (its printed ATK).
script("Elemental HERO Flame Wingman", trigger(
    K.EV_BATTLE_DESTROYED, A.damage(_destroyed_atk), optional=False, condition=_destroyed_in_gy,
    label="damage equal to the destroyed monster's ATK"), extra=FUSION_ONLY)


def _weaker_than_giant(d, link):
    """Face-up monsters on the field whose original ATK is lower than this card's ATK now."""
    atk = d.atk(link["card"])
    return [m for m in A.monsters(ANY, faceup=True)(d, link) if d.data[m].atk < atk]


def _giant_still_stronger(d, link):
    c = link["card"]
    return d.loc[c] == MZONE and d.faceup(c) and all(
        m in _weaker_than_giant(d, link) for m in A.targets(d, link))


# Once per turn: discard 1 card (cost) to target a face-up monster on the field whose original
# ATK is lower than this card's ATK; destroy it if that still holds as it resolves (and this card
# is still face-up on the field).
script("Elemental HERO Thunder Giant", ignition(
    A.when(_giant_still_stronger, A.destroy(A.targets)),
    cost=A.discard(1, cost=True), can_pay=A.can_discard(1),
    target=Target(_weaker_than_giant, prompt="choose a face-up monster with lower original ATK"),
    once_per_turn=True, label="discard 1 card: destroy a weaker monster"), extra=FUSION_ONLY)


# Elemental Mistress Doriado: also WIND, WATER, FIRE and EARTH (actions.attributes). 2005: in
# the hand, on the field and in the Graveyard, and not negated (a condition, EDOPro's Goat
# version); today: while face-up on the field. A Ritual Monster (Doriado's Blessing's facts).
_ELEMENTS = ("WIND", "WATER", "FIRE", "EARTH")
script("Elemental Mistress Doriado", extra={"attributes": _ELEMENTS})
script("Elemental Mistress Doriado", extra={"attributes": _ELEMENTS,
                                            "attributes_in": HAND | MZONE | GY}, era="goat")
