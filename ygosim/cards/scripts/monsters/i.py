"""Monsters: I."""
from __future__ import annotations

from ....engine import actions as A
from ....engine import const as K
from ....engine.actions import YOU
from ....engine.effects import Target, flip, quick, script, trigger
from ..common import dice_shield, is_archfiend, pay_or_destroy


# Injection Fairy Lily: in a battle it is in (attacking or attacked, either player's turn),
# during damage calculation it may pay 2000 LP (once per battle) to gain 3000 ATK for that
# damage calculation only. The LP are a cost; a zero change made with them marks the battle
# as used (every change "during this damage calculation" ends with it).
def _in_battle(d, link):
    a = d.attack
    c = link["card"]
    if a is None or (c, d.mid[c]) not in ((a[0], a[3]), (a[1], a[4])):
        return False
    return not any(m[0] == c and m[1] == d.mid[c] and m[4] == K.DURING_CALC for m in d.mods)


def _mark_battle(d, link):
    c = link["card"]
    d.add_mod(c, 0, 0, K.DURING_CALC)


script("Injection Fairy Lily", quick(
    A.modify(A.this_card, atk=3000, until=K.DURING_CALC), condition=_in_battle,
    cost=(A.pay_lp(2000), _mark_battle), can_pay=A.lp_at_least(2000), damage_calc_only=True,
    label="pay 2000 LP: +3000 ATK during this damage calculation"))


# Iron Blacksmith Kotetsu: FLIP: add an Equip Spell from the Deck to the hand (shown). Today with
# none there nothing happens; 2005 (R1, EDOPro's Goat script): the Deck is shown to confirm it.
def _equip_spell(d, c):
    return d.data[c].is_spell and d.data[c].subtype == "equip"


def _kotetsu(r1):
    return flip(A.search(_equip_spell, confirm=r1, prompt="choose an Equip Spell to add"),
                label="add an Equip Spell from the Deck")


script("Iron Blacksmith Kotetsu", _kotetsu(False))
script("Iron Blacksmith Kotetsu", _kotetsu(True), era="goat")


# Infernalqueen Archfiend: its controller pays 500 LP in each of their Standby Phases (not
# optional; if they cannot, it is destroyed: no Chain Link). When an effect of a card the
# opponent controls that targets it resolves, a die is rolled: on 2 or 5 that effect is negated
# and that card destroyed. In each Standby Phase (both players') it targets a face-up Archfiend
# its controller controls (itself too): that monster gains 1000 ATK until the End Phase
# (mandatory).
script("Infernalqueen Archfiend", pay_or_destroy(500), dice_shield(2, 5),
       trigger(K.EV_STANDBY, A.modify(A.targets, atk=1000), optional=False,
               condition=lambda d, link: True,
               target=Target(A.monsters(YOU, faceup=True, filter=is_archfiend),
                             prompt="choose an Archfiend monster to gain 1000 ATK"),
               label="an Archfiend gains 1000 ATK"))
