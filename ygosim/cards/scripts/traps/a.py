"""Traps: A."""
from __future__ import annotations

from ....engine.const import HAND
from ....engine.effects import continuous, script, trap


def _spell_not_ready(d, src, c):
    """A Spell Card that may not be activated now: from the hand, or Set since the start of
    its controller's last turn (it waits for their next turn after it was Set)."""
    if not d.data[c].is_spell:
        return False
    if d.loc[c] == HAND:
        return True
    own_turn = d.turn if d.tp == d.ctrl[c] else d.turn - 1     # their last turn's number
    return d.turn_in[c] >= own_turn


# Anti-Spell Fragrance (Continuous Trap): while it is face-up, both players must Set Spell Cards
# before activating them (none from the hand), and a Set Spell cannot be activated until its
# controller's next turn after it was Set (the rule `cannot_activate`).
script("Anti-Spell Fragrance", trap(), continuous("cannot_activate", _spell_not_ready))
