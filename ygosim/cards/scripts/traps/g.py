"""Traps: G."""
from __future__ import annotations

from ....engine import actions as A
from ....engine.actions import YOU
from ....engine.const import HAND
from ....engine.effects import continuous, script, trap


def _level_4_or_more(d, src, c):
    return d.level(c) >= 4


# A Continuous Trap: while it is face-up, no Level 4 or higher monster (either player's) can
# declare an attack.
script("Gravity Bind", trap(), continuous("cannot_attack", _level_4_or_more))


def _goblins(d, link):
    """1 + the Good Goblin Housekeeping cards in its player's Graveyard (this one is not there
    yet: it goes once it has resolved)."""
    return 1 + sum(1 for c in d.gy[link["player"]]
                   if d.data[c].name == "Good Goblin Housekeeping")


# Good Goblin Housekeeping: draw 1 card plus 1 for each Good Goblin Housekeeping in your
# Graveyard, then put a card from your hand at the bottom of your Deck.
script("Good Goblin Housekeeping", trap(
    condition=lambda d, link: bool(d.deck[link["player"]]),
    operation=(A.draw(_goblins),
               A.choose(A.pile(HAND, YOU), into="returned",
                        prompt="choose a card to put at the bottom of your Deck"),
               A.to_deck(A.chosen("returned"), bottom=True))))
