"""Spells: P."""
from __future__ import annotations

from ....engine import actions as A
from ....engine import const as K
from ....engine.const import ATTACK
from ....engine.effects import Target, script, spell
from ..common import free_zone, in_graveyard, still_here
from ..summoning import fusion_spell

script("Polymerization", fusion_spell())
script("Pot of Greed", spell(condition=lambda d, link: len(d.deck[link["player"]]) >= 2,
                             operation=A.draw(2)))


def _equip_to_summoned(d, link):
    """This card becomes equipped to the monster it just Summoned."""
    c = link["card"]
    mons = A.summoned()(d, link)
    if mons and still_here(d, link) and d.faceup(mons[0]):
        d.serial += 1                   # the equip comes after the Summon (a "When Summoned"
        d.attach_equip(c, mons[0])      # optional trigger misses its timing)


# Pay 800 LP (a cost); target a monster in your Graveyard: Special Summon it in Attack Position
# and equip it with this card. When this card is destroyed, that monster is destroyed (the
# card-link; if this card leaves the field another way, the monster stays; if the monster
# leaves the field or is turned face-down, this card is destroyed as an Equip Card is).
script("Premature Burial", spell(
    cost=A.pay_lp(800), can_pay=A.lp_at_least(800), condition=free_zone,
    target=Target(in_graveyard(), prompt="choose a monster in your Graveyard"),
    operation=A.when(still_here,
                     A.special_summon(A.targets, pos=ATTACK, into="summoned"),
                     _equip_to_summoned,
                     A.bind(A.summoned(), K.BIND_KILL_ON_DESTROY))),
       extra={"bind": K.BIND_KILL_ON_DESTROY})
