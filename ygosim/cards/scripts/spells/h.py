"""Spells: H."""
from __future__ import annotations

from ....engine import actions as A
from ....engine.actions import ANY
from ....engine.effects import script, spell
from ..common import not_this

_other_spells_traps = not_this(A.spells_traps(ANY))

script("Heavy Storm", spell(condition=A.exists(_other_spells_traps),
                            operation=A.destroy(_other_spells_traps)))
