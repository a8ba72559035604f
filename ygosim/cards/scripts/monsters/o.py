"""Monsters: O."""
from __future__ import annotations

from ....engine import actions as A
from ....engine import const as K
from ....engine.actions import OPP
from ....engine.effects import Target, flip, rule, script, trigger
from ..common import change_position, spirit_return

# Old Vindictive Magician: FLIP: target a monster the opponent controls and destroy it.
script("Old Vindictive Magician", flip(
    A.destroy(A.targets), target=Target(A.monsters(OPP), prompt="choose a monster to destroy"),
    label="destroy an opponent's monster"))


# While face-up on the field, up to three of the opponent's Monster Zones, chosen by its
# controller when it lands face-up (empty ones), cannot be used. Choosing is not an activation
# (no Chain Link; EDOPro: a field effect whose zones are picked as it starts to apply). The
# zones open again when it leaves the field or is turned face-down.
script("Ojama King",
       rule((K.EV_SPECIAL_SUMMONED, K.EV_FLIPPED), A.lock_zones(3, OPP),
            label="lock up to three of the opponent's Monster Zones"))


# Otohime: a Spirit (cannot be Special Summoned; back to the hand in the End Phase of a turn it
# was Normal Summoned or flipped face-up). When Normal Summoned or flipped face-up it may target a
# face-up monster the opponent controls and change its battle position (an optional "When"
# trigger).
script("Otohime", spirit_return(),
       trigger((K.EV_NORMAL_SUMMONED, K.EV_FLIPPED), change_position(A.targets), when=True,
               target=Target(A.monsters(OPP, faceup=True),
                             prompt="choose a monster to change its battle position"),
               label="change an opponent's monster's battle position"),
       cannot_special_summon=True)


def _destroyed_itself(d, link):
    ev = link.get("event")
    return ev is not None and ev[1] == link["card"]


def _burn_controller(d, link):
    """Its controller when it was destroyed takes 300 damage (applied, not activated), by
    Ojama Trio's effect: its player is the one who Summoned it, onto the field of the Token's
    owner (api.add_tokens: a Token belongs to the field it is Summoned to)."""
    ev = link["event"]
    d.damage(ev[6][1], 300, by=1 - d.owner[link["card"]])


# The Ojama Tokens of Ojama Trio: they cannot be Tributed for a Tribute Summon, and each time
# one is destroyed its controller (then) takes 300 damage: a rule of the Token, no Chain (the
# Token is nowhere once destroyed: the rule is that of where it was, duel.raise_event).
script("Ojama Token",
       rule(K.EV_DESTROYED, _burn_controller, condition=_destroyed_itself, range=K.MZONE,
            label="300 damage to its controller"),
       extra={"no_tribute_summon": True})
