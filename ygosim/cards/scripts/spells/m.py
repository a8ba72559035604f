"""Spells: M."""
from __future__ import annotations

from ....engine import actions as A
from ....engine.actions import ANY, OPP
from ....engine.const import MZONE
from ....engine.effects import Target, quickplay, script, spell
from ..common import can_special_summon_from, free_zone, not_this


def _no_attack_no_tribute(d, link):
    """This turn the taken monster cannot declare an attack nor be Tributed."""
    for c in A.targets(d, link):
        if d.loc[c] == MZONE and d.ctrl[c] == link["player"]:
            d.flag_card(c, "no_attack")
            d.flag_card(c, "no_tribute")


# Target a monster the opponent controls (face-up or face-down): you control it until the End
# Phase, but it cannot declare an attack or be Tributed (it may still be sent to the Graveyard
# otherwise, and change position).
script("Mind Control", spell(
    condition=free_zone,
    target=Target(A.monsters(OPP), prompt="choose a monster your opponent controls"),
    operation=(A.take_control(A.targets), _no_attack_no_tribute)))

script("Monster Reborn", spell(
    condition=free_zone,
    target=Target(lambda d, link: (c for p in (0, 1) for c in d.gy[p]
                                   if can_special_summon_from(d, c, link["player"])),
                  prompt="choose a monster in either Graveyard"),
    operation=A.special_summon(A.targets)))

script("Mystical Space Typhoon", quickplay(
    target=Target(not_this(A.spells_traps(ANY)), prompt="choose a Spell/Trap Card"),
    operation=A.destroy(A.targets)))
