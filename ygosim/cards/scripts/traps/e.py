"""Traps: E."""
from __future__ import annotations

from ....engine import actions as A
from ....engine.const import ATTACK, DEFENSE, MAIN1, MAIN2, SZONE
from ....engine.effects import during, script, trap
from ..common import free_zone


def _this_card_set(d, link):
    """This card, still in its Spell & Trap Zone as it was activated."""
    c = link["card"]
    return [c] if d.loc[c] == SZONE and d.mid[c] == link["cmid"] else []


# Embodiment of Apophis (Continuous Trap; a Trap Monster): during either player's Main Phase,
# Special Summon this card from its Spell & Trap Zone as a Normal Monster (Reptile, EARTH,
# Level 4, 1600/1800: the card's facts) in face-up Attack or Defense Position. It is still a
# Trap Card: once it leaves the field it is a Trap Card again; it cannot be turned face-down
# (actions.can_turn_facedown: ours, as EDOPro's Trap Monsters).
script("Embodiment of Apophis", trap(
    periods=during(("any", (MAIN1, MAIN2))), condition=free_zone,
    operation=A.special_summon(_this_card_set, positions=(ATTACK, DEFENSE))))
