"""Monsters: O."""
from __future__ import annotations

from ....engine import actions as A
from ....engine import const as K
from ....engine.actions import OPP
from ....engine.effects import Target, flip, rule, script

# Old Vindictive Magician: FLIP: target a monster the opponent controls and destroy it.
script("Old Vindictive Magician", flip(
    A.destroy(A.targets), target=Target(A.monsters(OPP), prompt="choose a monster to destroy"),
    label="destroy an opponent's monster"))


# While face-up on the field, up to three of the opponent's Monster Zones, chosen by its
# controller when it lands face-up (empty ones), cannot be used. Choosing is not an activation
# (no Chain Link; EDOPro: a field effect whose zones are picked as it starts to apply). The
# zones open again when it leaves the field or is turned face-down.
script("Ojama King",
       rule((K.EV_SPECIAL_SUMMONED, K.EV_FLIPPED), A.lock_zones(3, OPP),
            label="lock up to three of the opponent's Monster Zones"))
