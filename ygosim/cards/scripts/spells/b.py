"""Spells: B."""
from __future__ import annotations

from ....engine import actions as A
from ....engine.actions import ANY
from ....engine.const import ATTACK
from ....engine.effects import Target, script, spell
from ..common import equip_spell
from ..summoning import ritual_spell

script("Black Luster Ritual", ritual_spell(), ritual_monster="Black Luster Soldier",
       ritual_level=8)

script("Book of Secret Arts", *equip_spell(A.is_type("Spellcaster"), 300, 300))

# Target a face-down monster: it is turned face-up in Attack Position (not a Flip Summon; its
# FLIP effect activates).
script("Book of Taiyou", spell(
    target=Target(A.monsters(ANY, faceup=False), prompt="choose a face-down monster"),
    operation=A.flip_faceup(A.targets, ATTACK)))
