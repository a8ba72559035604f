"""Spells: S."""
from __future__ import annotations

from ....engine import actions as A
from ....engine.actions import OPP, YOU
from ....engine.const import MAIN1
from ....engine.effects import Target, script, spell
from ..common import equip_spell, field_spell

script("Sogen", *field_spell((A.is_type("Warrior", "Beast-Warrior"), 200, 200)))


def _must_tribute(sel):
    """This turn, if the player Tributes, the selected opponent's monsters must be among the
    Tributes, as if the player controlled them (see flow.forced_tributes)."""
    def step(d, link):
        for c in sel(d, link):
            d.pflags.append((link["player"], ("must_tribute", c, d.mid[c]), d.turn))
    return step


# You cannot conduct your Battle Phase the turn you activate it (not an effect: it holds even
# if the card is negated), so it cannot be activated once the Battle Phase was conducted.
script("Soul Exchange", spell(
    condition=lambda d, link: d.phase == MAIN1,
    cost=A.player_flag("no_battle_phase", who=YOU),
    target=Target(A.monsters(OPP), prompt="choose a monster your opponent controls"),
    operation=_must_tribute(A.targets)))

script("Sword of Dark Destruction", *equip_spell(A.is_attribute("DARK"), 400, -200))
