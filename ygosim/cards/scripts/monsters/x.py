"""Monsters: X."""
from __future__ import annotations

from ....engine import actions as A
from ....engine.actions import OPP
from ....engine.effects import Target, ignition, script
from ..summoning import contact_fusion


def discard_to_destroy(sel, prompt):
    """The Dragon Cannons' effect: discard 1 card (a cost) to target one of `sel` and destroy
    it; an Ignition Effect with no limit per turn (2005 and today)."""
    return ignition(A.destroy(A.targets), cost=A.discard(1, cost=True), can_pay=A.can_discard(1),
                    target=Target(sel, prompt=prompt),
                    label="discard 1 card: destroy " + prompt.removeprefix("choose "))


def dragon_cannon(name, effect):
    """The X/Y/Z combinations: Special Summoned from the Fusion Deck only by banishing their
    materials (face-up or face-down) from your Monster Zones, not by Polymerization; they must
    first be Summoned that way. In 2005 one properly Summoned may then be revived (Monster
    Reborn); today it can never be Special Summoned from the Graveyard."""
    script(name, effect, extra=contact_fusion(gy_summon=False))
    script(name, effect, extra=contact_fusion(), era="goat")


dragon_cannon("XY-Dragon Cannon", discard_to_destroy(
    A.spells_traps(OPP, faceup=True), "choose a face-up Spell/Trap Card your opponent controls"))
dragon_cannon("XYZ-Dragon Cannon", discard_to_destroy(
    A.union(A.monsters(OPP), A.spells_traps(OPP)), "choose a card your opponent controls"))
dragon_cannon("XZ-Tank Cannon", discard_to_destroy(
    A.spells_traps(OPP, faceup=False), "choose a face-down Spell/Trap Card your opponent "
    "controls"))
