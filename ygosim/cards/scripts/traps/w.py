"""Traps: W."""
from __future__ import annotations

from ....engine import actions as A
from ....engine.actions import OPP, YOU
from ....engine.effects import continuous, script, trap
from ..common import attack_trap, change_position

script("Waboku", trap(operation=(A.player_flag("no_battle_damage", who=YOU),
                                 A.player_flag("battle_indestructible", who=YOU))))


def _wall_amounts(d, link):
    """Multiples of 1000 the player can pay (and keep some LP: paying every LP point would
    lose the Duel at once; our choice)."""
    return [str(n) for n in range(1000, d.lp[link["player"]], 1000)]


def _paid(d, link):
    return int(link["vars"].get("paid") or 0)


def _weak_opponent(d, src, c):
    """The opponent's monsters whose ATK is at most the LP paid for this card."""
    return d.ctrl[c] != d.ctrl[src] and d.atk(c) <= d.counter(src, "paid")


# Wall of Revealing Light (Continuous Trap): on activation pay any multiple of 1000 LP (cost,
# the amount declared then); while it is face-up, the opponent's monsters whose ATK is at most
# the amount paid cannot declare an attack (checked at each declaration: an attack already
# declared goes on; a monster whose ATK rises above the amount may attack again).
script("Wall of Revealing Light",
       trap(can_pay=A.lp_at_least(1001),
            cost=A.declare(_wall_amounts, into="paid", prompt="pay LP (a multiple of 1000)")
            + (lambda d, link: d.pay_lp(link["player"], _paid(d, link)),),
            operation=A.remember("paid", _paid)),
       continuous("cannot_attack", _weak_opponent))


_strongest = A.extreme(A.monsters(OPP, filter=lambda d, c: d.is_attack_pos(c)),
                       lambda d, c: d.atk(c), highest=True)

# When an opponent's monster declares an attack: destroy the opponent's Attack Position monster
# with the highest ATK (chosen among a tie as it resolves; no target).
script("Widespread Ruin", attack_trap(
    condition=A.exists(_strongest),
    operation=(A.choose(_strongest, prompt="choose the monster to destroy"),
               A.destroy(A.chosen()))))


_their_faceup = A.monsters(OPP, faceup=True)

# Windstorm of Etaqua: every face-up monster the opponent controls changes its battle position
# (Attack to Defense, Defense to Attack).
script("Windstorm of Etaqua", trap(condition=A.exists(_their_faceup),
                                   operation=change_position(_their_faceup)))
