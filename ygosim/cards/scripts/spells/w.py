"""Spells: W."""
from __future__ import annotations

from ....engine import actions as A
from ....engine import const as K
from ....engine.actions import ANY, OPP
from ....engine.const import GY, MZONE, SZONE
from ....engine.effects import Target, ignition, quickplay, script, spell
from ..common import destroy_if_still


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

def _release(d, link):
    """The target gains ATK equal to its DEF until the end of the turn; it is destroyed in the
    End Phase."""
    for c in A.targets(d, link):
        if d.loc[c] == MZONE and d.faceup(c):
            d.add_mod(c, d.def_(c), 0, d.turn)
            d.write(f"{d.card(c)} is now {d.atk(c)}/{d.def_(c)}")
            A.delay(destroy_if_still, payload=lambda d2, l2, c=c: ((c, d2.mid[c]),))(d, link)


# Wild Nature's Release (Quick-Play): target a face-up Beast or Beast-Warrior monster: it gains
# ATK equal to its DEF until the end of the turn, and is destroyed in the End Phase (no Chain).
script("Wild Nature's Release", quickplay(
    target=Target(A.monsters(ANY, faceup=True, filter=A.is_type("Beast", "Beast-Warrior")),
                  prompt="choose a face-up Beast or Beast-Warrior monster"),
    operation=_release, damage_step=True))
