"""Spells: F."""
from __future__ import annotations

from ....engine import actions as A
from ....engine import const as K
from ....engine.actions import OPP
from ....engine.const import GY, HAND
from ....engine.effects import script, spell
from ..common import destroy_chosen

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
