"""Spells: R."""
from __future__ import annotations

from ....engine import actions as A
from ....engine import const as K
from ....engine.actions import ANY, OPP
from ....engine.const import DECK, GY
from ....engine.effects import Target, quickplay, script, spell
from ..common import all_of, excavate_summon, free_zone, has_normal_summonable, search_spell

script("Raigeki", spell(condition=A.exists(A.monsters(OPP)),
                        operation=A.destroy(A.monsters(OPP))))

def _warrior_4_or_less(d, c):
    data = d.data[c]
    return data.is_monster and data.type == "Warrior" and 0 < data.level <= 4


# Add a Level 4 or lower Warrior from your Deck to your hand (shown), then shuffle. Today it
# needs one in the Deck; in 2005 (R1) it may be activated with none (the Deck is shown).
script("Reinforcement of the Army",
       search_spell(_warrior_4_or_less, "choose a Level 4 or lower Warrior"))
script("Reinforcement of the Army",
       search_spell(_warrior_4_or_less, "choose a Level 4 or lower Warrior", goat=True),
       era="goat")

script("Remove Trap", spell(
    target=Target(A.spells_traps(ANY, faceup=True, filter=A.is_trap),
                  prompt="choose a face-up Trap Card"),
    operation=A.destroy(A.targets)))


def _reload(d, link):
    """Shuffle the whole hand into the Deck, then draw as many cards."""
    p = link["player"]
    hand = list(d.hand[p])
    if hand:
        d.send(hand, DECK, K.R_EFFECT, p)
        d.shuffle_deck(p)
        d.draw(p, len(hand))
        d.check_exodia(p)


# Quick-Play: needs another card in the hand.
script("Reload", quickplay(
    condition=lambda d, link: any(c != link["card"] for c in d.hand[link["player"]]),
    operation=_reload))


def _other_level(d, link):
    """Reasoning: the monster turned over is not of the Level the opponent declared."""
    found = link["vars"].get("found", ())
    return bool(found) and str(d.data[found[0]].level) != link["vars"].get("declared")


_REASONING = A.declare([str(n) for n in range(1, 13)], who=OPP, prompt="declare a Level") \
    + excavate_summon(_other_level)

# Reasoning: the opponent declares a Level (1-12); turn over cards from the top of your Deck
# until a monster that can be Normal Summoned/Set appears: if it has the declared Level, every
# card turned over goes to the Graveyard; otherwise Special Summon it, the others to the
# Graveyard. Today it needs such a monster in the Deck (and a free zone).
script("Reasoning", spell(condition=all_of(free_zone, has_normal_summonable),
                          operation=_REASONING))
# 2005 (ruling R1): it may be activated with no such monster in the Deck.
script("Reasoning", spell(condition=free_zone, operation=_REASONING), era="goat")


def _quiz_clear(d, link):
    """Send every other card in your hand and on your field to the Graveyard (this card goes
    there as it finishes resolving)."""
    p = link["player"]
    cards = [c for c in list(d.hand[p]) + list(d.field_cards(p)) if c != link["card"]]
    if cards:
        d.send(cards, GY, K.R_EFFECT, p)


def _quiz_answer(d, link):
    """Reveal the top card of your Deck: if its kind is the one called, the players' LP are
    swapped (each change written as a gain or a loss)."""
    p = link["player"]
    if not d.deck[p]:
        return
    c = d.top_cards(p, 1)[0]
    data = d.data[c]
    kind = "Monster" if data.is_monster else ("Spell" if data.is_spell else "Trap")
    d.reveal([c], note=f" (the top card of {d.names[p]}'s Deck)")     # turned over: shown to both
    if kind != link["vars"].get("called"):
        return
    mine, theirs = d.lp[p], d.lp[1 - p]
    if mine == theirs:
        return
    hi, lo = (p, 1 - p) if mine > theirs else (1 - p, p)
    diff = abs(mine - theirs)
    d.gain_lp(lo, diff)
    d.lp[hi] -= diff
    d.write(f"{d.names[hi]} loses {diff} LP (LP {d.lp[hi]})")


# Reversal Quiz (Normal Spell): send every card in your hand and on your field to the
# Graveyard; then call Monster, Spell or Trap and reveal the top card of your Deck: if you
# called its kind, the players swap Life Points. Our choice: the call is made while resolving,
# after the cards are sent (the card's order of words); with an empty Deck nothing is revealed.
script("Reversal Quiz", spell(operation=(
    _quiz_clear,) + A.declare(["Monster", "Spell", "Trap"], into="called",
                              prompt="call the kind of your top card") + (_quiz_answer,)))


# Rush Recklessly (Quick-Play): target a face-up monster: +700 ATK until the end of the turn
# (also in the Damage Step, until damage calculation).
script("Rush Recklessly", quickplay(
    target=Target(A.monsters(ANY, faceup=True), prompt="choose a face-up monster"),
    operation=A.modify(A.targets, 700), damage_step=True))


def _opponents_hand(d, link):
    return len(d.hand[1 - link["player"]])


# Restructer Revolution: 200 damage for each card in the opponent's hand (counted as it
# resolves); activated only while they hold a card.
script("Restructer Revolution", spell(
    condition=lambda d, link: _opponents_hand(d, link) > 0,
    operation=A.damage(lambda d, link: 200 * _opponents_hand(d, link), OPP)))

def _necrovalley_up(d, link):
    return any(d.data[c].name == "Necrovalley" and d.faceup(c) for p in (0, 1)
               for c in d.szone[p] if c >= 0)


def _monsters_in_hands(d, link):
    return [c for p in (0, 1) for c in d.hand[p] if d.data[c].is_monster]


# Royal Tribute: only while Necrovalley is face-up on the field: both players discard every
# monster card in their hands.
script("Royal Tribute", spell(
    condition=_necrovalley_up,
    operation=A.send_to(_monsters_in_hands, GY, K.R_EFFECT | K.R_DISCARD)))
