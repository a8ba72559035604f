"""Traps: O."""
from __future__ import annotations

from ....engine import actions as A
from ....engine.actions import OPP
from ....engine.const import DEFENSE
from ....engine.effects import script, trap

# Ojama Trio: three Ojama Tokens Summoned by this card's player onto the opponent's field in
# Defense Position (needs three free Monster Zones there). What the Tokens do (no Tribute
# Summon with them; 300 damage to their controller each time one is destroyed) is the Ojama
# Token's own script (monsters/o.py).
script("Ojama Trio", trap(
    condition=A.free_zones(3, who=OPP),
    operation=A.tokens("Ojama Token", 3, pos=DEFENSE, who=OPP)),
    extra={"tokens": ("Ojama Token",)})
