"""Spells: F."""
from __future__ import annotations

from ....engine import actions as A
from ....engine import const as K
from ....engine.actions import OPP
from ....engine.const import GY, HAND
from ....engine.effects import continuous, script, spell, trigger
from ..common import destroy_chosen, opponents_standby, steal_equip

_opp_faceup = A.monsters(OPP, faceup=True)

# The face-up monster the opponent controls with the lowest ATK (you pick among ties).
script("Fissure", destroy_chosen(_opp_faceup, A.lowest_atk,
                                "choose the monster with the lowest ATK to destroy"))


def _countdown_over(d, p, _):
    d.write(f"{d.names[p]}'s Final Countdown reaches its 20th turn")
    d.lose(1 - p, "Final Countdown")


# Pay 2000 LP (cost): at the end of the 20th turn, counting this one as the first, its player
# wins the Duel (a delayed effect: nothing stops it once it resolved, wherever the card is).
script("Final Countdown", spell(cost=A.pay_lp(2000), can_pay=A.lp_at_least(2000),
                                operation=A.delay(_countdown_over, turns=19)))

def _spirit(d, c):
    return d.data[c].has_frame("spirit")


# Fengsheng Mirror: look at the opponent's hand (shown to this player) and discard a Spirit
# monster of it, if there is one. Needs a card in their hand.
script("Fengsheng Mirror", spell(
    condition=A.exists(A.pile(HAND, OPP)),
    operation=(A.reveal(A.pile(HAND, OPP), to=A.YOU),
               A.choose(A.pile(HAND, OPP, _spirit), prompt="choose a Spirit monster to discard"),
               A.send_to(A.chosen(), GY, K.R_EFFECT | K.R_DISCARD))))

def _archfiend_gone(d, src):
    """Its controller controls no face-up Archfiend monster."""
    return not any(d.faceup(c) and "Archfiend" in d.data[c].name for c in d.monsters(d.ctrl[src]))


# Falling Down (Equip Spell): equip only to a face-up monster the opponent controls: you control
# it. While you control no face-up Archfiend monster it is destroyed. In each of the opponent's
# Standby Phases you take 800 damage (EDOPro's Goat version, goat/c504700056.lua).
script("Falling Down", steal_equip(),
       continuous("destroy_self", _archfiend_gone),
       trigger(K.EV_STANDBY, A.damage(800, who=A.YOU), optional=False, range=K.SZONE,
               condition=opponents_standby, label="take 800 damage"),
       extra={"bind": K.BIND_CONTROL})
