"""Spells: R."""
from __future__ import annotations

from ....engine import actions as A
from ....engine import const as K
from ....engine.actions import ANY, OPP
from ....engine.const import DECK
from ....engine.effects import Target, quickplay, script, spell
from ..common import search_spell

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
