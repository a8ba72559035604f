"""Traps: L."""
from __future__ import annotations

from ....engine.effects import continuous, script, trap

# Light of Intervention (Continuous Trap): while it is face-up, no monster can be Set or turned
# face-down (either player's): a monster that would be Set is Normal Summoned in face-up
# Defense Position instead (flow/summon.normal_summon; it is a Summon: Trap Hole and Solemn
# Judgment may answer it), a monster Special Summoned face-down is Summoned face-up in Defense
# Position instead, and effects that turn monsters face-down (Book of Moon, Tsukuyomi) find
# nothing to turn (actions.can_turn_facedown). Spells and Traps may still be Set.
script("Light of Intervention", trap(), continuous("no_monster_set"))
