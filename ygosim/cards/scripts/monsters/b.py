"""Monsters: B."""
from __future__ import annotations

from ....engine.const import DEFENSE
from ....engine.effects import continuous, script

script("Black Luster Soldier")      # a Ritual Monster with no effect (Black Luster Ritual)

# Berserk Gorilla: destroyed at once while it is in face-up Defense Position (a rule checked
# after each action: no Chain), and it must attack if it is able to (its controller cannot end
# the Battle Phase while it still may declare an attack).
script("Berserk Gorilla", continuous("destroy_self", lambda d, src: d.pos[src] == DEFENSE),
       continuous("must_attack", lambda d, src, c: c == src))
