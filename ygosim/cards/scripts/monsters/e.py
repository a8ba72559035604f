"""Monsters: E."""
from __future__ import annotations

from ....engine import actions as A
from ....engine import const as K
from ....engine.actions import ANY
from ....engine.effects import Target, ignition, script
from ..common import not_this

script("Exodia the Forbidden One")   # the win is a rule of the duel (Duel.check_exodia)

# Tribute this card (the cost) to destroy a monster on the field (face-up or face-down, either
# side; it targets, so it cannot be itself).
script("Exiled Force", ignition(
    A.destroy(A.targets), cost=A.send_to(A.this_card, K.GY, K.R_COST | K.R_TRIBUTE),
    target=Target(not_this(A.monsters(ANY)), prompt="choose a monster to destroy"),
    label="Tribute it: destroy a monster"))
