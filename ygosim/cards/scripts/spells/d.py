"""Spells: D."""
from __future__ import annotations

from ....engine import actions as A
from ....engine.actions import ANY
from ....engine.effects import Target, script, spell
from ..common import equip_spell, not_this

script("Dark Energy", *equip_spell(A.is_type("Fiend"), 300, 300))
script("Dark Hole", spell(condition=A.exists(A.monsters(ANY)),
                          operation=A.destroy(A.monsters(ANY))))


# A face-up Spell or a Set card; a Set target is revealed and destroyed only if a Spell.
def _spell_card(d, c):
    """A Spell Card, or a Pendulum Monster in a Pendulum Zone (treated as a Spell Card)."""
    return d.data[c].is_spell or "pendulum" in d.data[c].frames


script("De-Spell", spell(
    target=Target(not_this(A.spells_traps(ANY, filter=lambda d, c: _spell_card(d, c)
                                          or not d.faceup(c))),
                  prompt="choose a face-up Spell or a Set card"),
    operation=(A.reveal(lambda d, link: [c for c in A.targets(d, link) if not d.faceup(c)],
                        to=ANY),
               A.destroy(lambda d, link: [c for c in A.targets(d, link)
                                          if _spell_card(d, c)]))))

script("Dian Keto the Cure Master", spell(operation=A.gain_lp(1000)))
