"""Spells: R."""
from __future__ import annotations

from ....engine import actions as A
from ....engine import const as K
from ....engine.actions import ANY, OPP, YOU
from ....engine.const import DECK
from ....engine.effects import Target, quickplay, script, spell

script("Raigeki", spell(condition=A.exists(A.monsters(OPP)),
                        operation=A.destroy(A.monsters(OPP))))

def _warrior_4_or_less(d, c):
    data = d.data[c]
    return data.is_monster and data.type == "Warrior" and 0 < data.level <= 4


_warriors_in_deck = A.pile(DECK, YOU, _warrior_4_or_less)
_search_warrior = (A.choose(_warriors_in_deck, prompt="choose a Level 4 or lower Warrior"),
                   A.to_hand(A.chosen()), A.shuffle_deck(YOU))

# Add a Level 4 or lower Warrior from your Deck to your hand (shown), then shuffle. Today it
# needs one in the Deck to be activated.
script("Reinforcement of the Army", spell(condition=A.exists(_warriors_in_deck),
                                          operation=_search_warrior))
# 2005 (ruling R1 of docs/goat-cards.md): it may be activated with none in the Deck; then the
# Deck is shown to the opponent to confirm it, and shuffled.
script("Reinforcement of the Army", spell(
    operation=(A.when(lambda d, link: not _warriors_in_deck(d, link),
                      A.reveal(A.pile(DECK, YOU), to=OPP)),) + _search_warrior), era="goat")

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
