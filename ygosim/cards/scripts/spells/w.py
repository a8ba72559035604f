"""Spells: W."""
from __future__ import annotations

from ....engine import actions as A
from ....engine import const as K
from ....engine.actions import OPP
from ....engine.const import GY, SZONE
from ....engine.effects import ignition, script, spell


def _fire(d, link):
    """The cost: count this card's controller's Standby Phases since its activation (its own
    turns since then: it can only be used in its controller's Main Phase), then send it to the
    Graveyard."""
    c = link["card"]
    link["vars"]["standbys"] = (d.turn - d.turn_in[c]) // 2
    d.send([c], GY, K.R_COST, link["player"])


# A Continuous Spell that counts your Standby Phases from its activation; in your Main Phase
# you may send it to the Graveyard: the opponent takes 1000 damage for each of them.
script("Wave-Motion Cannon",
       spell(operation=A.start_turn_count),
       ignition(A.damage(lambda d, link: 1000 * link["vars"]["standbys"], OPP), cost=_fire,
                range=SZONE, label="1000 damage per Standby Phase"))
