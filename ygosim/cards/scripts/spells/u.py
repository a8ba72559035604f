"""Spells: U."""
from __future__ import annotations

from ....engine import actions as A
from ....engine.actions import OPP
from ....engine.effects import script, spell
from ..common import equip_spell

# Draw one card, then the opponent gains 1000 LP.
script("Upstart Goblin", spell(condition=lambda d, link: len(d.deck[link["player"]]) >= 1,
                               operation=(A.draw(1), A.gain_lp(1000, OPP))))


def _united(d, src):
    """800 for each face-up monster this card's controller controls."""
    return 800 * sum(1 for c in d.monsters(d.ctrl[src]) if d.faceup(c))


# United We Stand: Equip Spell; +800 ATK and DEF for each face-up monster its controller
# controls (the equipped one too, if it is theirs).
script("United We Stand", *equip_spell(None, _united, _united))
