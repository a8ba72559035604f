"""Traps: A."""
from __future__ import annotations

from ....engine import actions as A
from ....engine import const as K
from ....engine.actions import ANY
from ....engine.const import DEFENSE, FACEDOWN_DEFENSE, HAND, MZONE
from ....engine.effects import Target, continuous, script, trap


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


def _acid(d, link):
    """Flip the target face-up (Defense Position: its FLIP effect activates); then destroy it
    if its DEF is 2000 or less, else turn it face-down again (everyone has seen it)."""
    p = link["player"]
    for c in A.targets(d, link):
        if d.loc[c] != MZONE or d.pos[c] != FACEDOWN_DEFENSE:
            continue
        d.set_position(c, DEFENSE)
        if d.pos[c] != DEFENSE:
            continue        # (unaffected)
        d.write(f"{d.card(c)} is flipped face-up")
        if d.def_(c) <= 2000:
            d.destroy([c], K.R_EFFECT, p)
        else:
            name = d.card(c)
            d.set_position(c, FACEDOWN_DEFENSE)
            d.write(f"{name} is turned face-down again")


_acid.destroys = A.targets      # (actions.destroyed_by)

# Acid Trap Hole: target a face-down Defense Position monster on the field: it is flipped
# face-up (its FLIP effect activates, even if it is then destroyed); if its DEF is 2000 or less
# it is destroyed, otherwise it is turned face-down again.
script("Acid Trap Hole", trap(
    target=Target(A.monsters(ANY, filter=lambda d, c: d.pos[c] == FACEDOWN_DEFENSE),
                  prompt="choose a face-down Defense Position monster"),
    operation=_acid))
