"""Monsters: R."""
from __future__ import annotations

from ....engine import actions as A
from ....engine import const as K
from ....engine.effects import script, trigger


def _battled_warrior_or_spellcaster(d, link):
    return [c for c in A.battled(d, link) if d.data[c].type in ("Warrior", "Spellcaster")]


# At the end of the Damage Step, a Warrior or Spellcaster monster that battled it and is still on
# the field (not destroyed by that battle: Spirit Reaper...) is destroyed. Mandatory, no target;
# as attacker or attacked.
script("Ryu Kokki", trigger(
    K.EV_DS_END, A.destroy(_battled_warrior_or_spellcaster), optional=False,
    condition=lambda d, link: bool(_battled_warrior_or_spellcaster(d, link)),
    label="destroy the Warrior or Spellcaster it battled"))
