"""Spells: G."""
from __future__ import annotations

from ....engine import actions as A
from ....engine.actions import ANY
from ....engine.effects import script, spell
from ..common import discard, field_spell, not_this

_other_spells_traps = not_this(A.spells_traps(ANY))

# Every other Spell and Trap Card on the field (Set ones and Field Spells too) returns to its
# owner's hand: not destroyed, so cards bound to a monster do not destroy it.
script("Giant Trunade", spell(condition=A.exists(_other_spells_traps),
                              operation=A.to_hand(_other_spells_traps)))


# Draw three cards, then discard two (both are the effect: negated, nothing happens; the
# player picks the two after drawing).
script("Graceful Charity", spell(condition=lambda d, link: len(d.deck[link["player"]]) >= 3,
                                 operation=(A.draw(3),) + discard(2)))


script("Gaia Power", *field_spell((A.is_attribute("EARTH"), 500, -400)))
