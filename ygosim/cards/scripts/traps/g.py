"""Traps: G."""
from __future__ import annotations

from ....engine import actions as A
from ....engine.actions import OPP, YOU
from ....engine.const import GY, HAND
from ....engine.effects import Target, continuous, script, trap


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


def _robbed_toll(d, link):
    """Once the Spell used from the opponent's Graveyard has resolved: its user takes 2000
    damage."""
    d.damage(link["player"], 2000, by=link["player"])


def _rob(d, link):
    """Until the end of the turn the player may use the target as a card of their hand (a
    player flag read by flow.chain: as_hand)."""
    p = link["player"]
    for c in A.targets(d, link):
        if d.loc[c] == GY and d.owner[c] != p:
            d.pflags.append((p, ("as_hand", c, d.mid[c], _robbed_toll), d.turn))
            d.write(f"{d.names[p]} may use {d.card(c)} as a card of their hand this turn")


# Graverobber: target a Spell Card in the opponent's Graveyard; until the end of the turn its
# player may activate it as if it were in their hand (by its usual rules: a Normal Spell in
# their own Main Phase...); if they do, they take 2000 damage once it has resolved. Unused, it
# stays where it is.
script("Graverobber", trap(
    target=Target(A.pile(GY, OPP, A.is_spell), prompt="choose a Spell Card in your "
                                                       "opponent's Graveyard"),
    operation=_rob), extra={"as_hand": True})
