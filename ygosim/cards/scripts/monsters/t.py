"""Monsters: T."""
from __future__ import annotations

from ....engine import actions as A
from ....engine import const as K
from ....engine.actions import ANY, YOU
from ....engine.const import DECK, HAND, MZONE
from ....engine.effects import Target, flip, ignition, script, trigger
from ..extra_deck import link_monster


def _reveal(d, link):
    downs = [c for p in (0, 1) for c in d.field_cards(p) if not d.faceup(c)]
    d.write("Revealed: " + (", ".join(d.name(c) for c in downs) if downs else "nothing")
            + " (returned face-down)")


script("The Stern Mystic", flip(_reveal, label="reveal all face-down cards"))


def _self_here(d, link):
    """This card, if it has not moved since its effect was activated."""
    c = link["card"]
    return [c] if d.mid[c] == link["cmid"] and d.loc[c] == MZONE and d.faceup(c) else []


def _own_end_phase(d, link):
    c = link["card"]
    return d.tp == d.ctrl[c] and d.loc[c] == MZONE and d.faceup(c)


script("The Wicked Worm Beast", trigger(
    K.EV_END_PHASE, A.to_hand(_self_here), optional=False, condition=_own_end_phase,
    label="return to the hand"))     # (no summoning restriction: Monster Reborn may revive it)

link_monster("Traffic Ghost", 3, 3)            # 3 monsters


def _maybe_trap(d, c):
    """A card a "Trap on the field" effect may choose: a face-up Trap, or any Set card
    (it could be one)."""
    return not d.faceup(c) or d.data[c].is_trap


script("Trap Master", flip(
    A.destroy(lambda d, link: [c for c in A.targets(d, link) if d.data[c].is_trap]),
    target=Target(A.spells_traps(ANY, filter=_maybe_trap, field_zone=False),
                  prompt="choose a Trap on the field"),
    label="destroy a Trap"))


# ------------------------------------------------------------------ the Goat decks' T monsters
def _thunder_dragon(d, c):
    return d.data[c].name == "Thunder Dragon"


def _found_or_confirm(d, link):
    """R1: nothing found, the Deck is shown; else the Deck is shuffled."""
    if link["vars"].get("found"):
        d.shuffle_deck(link["player"])
    else:
        A.confirm_deck()(d, link)


_DISCARD_SELF = A.send_to(A.this_card, K.GY, K.R_COST | K.R_DISCARD)
_SEARCH_THUNDER = (A.choose(A.pile(DECK, YOU, _thunder_dragon), 2, least=1, into="found",
                            prompt="choose up to two Thunder Dragon"),
                   A.to_hand(A.chosen("found")))

# Discard it from the hand (the cost), in your Main Phase: add up to two Thunder Dragon from
# the Deck to the hand. Today it needs one in the Deck.
script("Thunder Dragon", ignition(
    _SEARCH_THUNDER + (A.shuffle_deck(),), cost=_DISCARD_SELF, range=HAND,
    condition=A.exists(A.pile(DECK, YOU, _thunder_dragon)),
    label="discard it: add up to two Thunder Dragon from the Deck"))

# 2005 (R1): it may be discarded to "search for none" (the Deck is shown to confirm it).
script("Thunder Dragon", ignition(
    _SEARCH_THUNDER + (_found_or_confirm,), cost=_DISCARD_SELF, range=HAND,
    label="discard it: add up to two Thunder Dragon from the Deck"), era="goat")


# Twin-Headed Behemoth: destroyed on the field and sent to the GY, in that turn's End Phase
# (either player's) it may come back with 1000 ATK/DEF. An optional trigger of the End Phase
# itself: nothing comes before it, so it cannot miss its timing.
def _behemoth(by_name):
    return trigger(
        K.EV_END_PHASE,
        (A.special_summon(A.this_card), A.set_base_stats(_behemoth_back, 1000, 1000)),
        range=K.GY, cost=A.use_in_duel(by_name),
        condition=lambda d, link: A.sent_this_turn(K.R_DESTROY, K.FIELD)(d, link) and
        A.unused_in_duel(by_name)(d, link) and bool(d.free_mzones(link["player"])),
        label="Special Summon it with 1000 ATK/DEF")


def _behemoth_back(d, link):
    """The Behemoth, if its effect has just Summoned it."""
    c = link["card"]
    return [c] if d.loc[c] == MZONE and d.turn_in[c] == d.turn and \
        d.mid[c] == link["cmid"] + 1 else []


script("Twin-Headed Behemoth", _behemoth(True))             # once per Duel by name
script("Twin-Headed Behemoth", _behemoth(False), era="goat")   # 2005: each copy once per Duel
