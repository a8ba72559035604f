"""Monsters: F."""
from __future__ import annotations

from ....engine import actions as A
from ....engine import const as K
from ....engine.actions import ANY, YOU
from ....engine.effects import Target, continuous, ignition, rule, script, trigger
from ..common import draw_replacement
from ..extra_deck import pendulum_monster

# Pendulum Normal Monsters (scales in the card facts)
pendulum_monster("Fire Opalhead")
pendulum_monster("Flash Knight")


# Fusilier Dragon, the Dual-Mode Beast: it may be Normal Summoned or Set without Tributes (its
# player is asked when two Tributes could be made), and then its original ATK and DEF are halved
# (1400/1000) while it stays face-up (turned face-down, the halving is gone).
script("Fusilier Dragon, the Dual-Mode Beast", extra={"tribute_optional": True})


def _trap_effect(d, src, link):
    return d.data[link["card"]].is_trap


def _flip_monster(d, src, c):
    return "flip" in d.data[c].frames


# The effects of Flip Effect Monsters on the field are negated while it is face-up (their FLIP
# effects are not activated); a Trap effect that targets it is negated and that Trap destroyed
# (as it resolves).
script("Fiend Skull Dragon",
       continuous("negate_monsters", _flip_monster),
       continuous("negate_targeting", _trap_effect))


def _spell_effect(d, src, link):
    return d.data[link["card"]].is_spell


def _low_warrior(d, c):
    data = d.data[c]
    return data.is_monster and data.type == "Warrior" and 0 < data.level <= 4


def _freed(r1):
    warriors = A.pile(K.DECK, A.YOU, _low_warrior)
    search = A.search(_low_warrior, prompt="choose a Level 4 or lower Warrior to add")
    if r1:          # 2005 (R1): usable with no such Warrior in the Deck (it is shown, shuffled)
        search = (A.when(lambda d, link: not warriors(d, link),
                         A.confirm_deck(A.YOU)),) + search
    return (continuous("negate_targeting", _spell_effect),
            draw_replacement(A.when(A.this_card_here, *search),
                             label="add a Warrior from the Deck instead of drawing",
                             condition=None if r1 else A.exists(warriors)))


# Freed the Matchless General. A Spell effect that targets it (face-up on the field) is negated
# as it resolves and that Spell destroyed (`negate_targeting`; a Spell that targeted it in the
# Graveyard, Premature Burial, is not: its target was another card identity; today's rulings
# also destroy such a Premature Burial later without killing Freed: not modelled).
# In its controller's Draw Phase, instead of the normal draw, they may add a Level 4 or lower
# Warrior-Type monster from the Deck to the hand (common.draw_replacement). Ruling chosen: it is
# an activated Trigger Effect that starts a Chain (the OCG wiki lists it as a Trigger Effect;
# EDOPro's 2005 and current scripts make it an optional trigger before the draw); choosing it
# gives up the draw at once, so if Freed is gone or face-down when it resolves nothing is added
# and nothing is drawn. Only one per Draw Phase. Today it needs such a Warrior in the Deck; 2005
# (R1) it may be used with none (the Deck is shown and shuffled).
script("Freed the Matchless General", *_freed(False))
script("Freed the Matchless General", *_freed(True), era="goat")


# Fire Princess: while it is face-up, each time its controller gains LP the opponent takes 500
# damage (no Chain Link: EDOPro's script).
script("Fire Princess", rule(
    K.EV_GAIN_LP, A.damage(500), condition=lambda d, link: link["event"][3] == link["player"],
    label="500 damage to the opponent"))


# Freed the Brave Wanderer: once per turn, banish two LIGHT monsters from its controller's
# Graveyard (a cost) to target a face-up monster whose ATK is higher than this card's; destroy
# it, if it is still face-up and still stronger than this face-up card when it resolves.
def _light(d, c):
    return d.data[c].is_monster and d.data[c].attribute == "LIGHT"


_LIGHT_IN_GY = A.banishable_from_gy(YOU, _light)


def _stronger(d, link):
    me = link["card"]
    return [c for c in A.monsters(ANY, faceup=True)(d, link) if d.atk(c) > d.atk(me)]


def _still_stronger(d, link):
    me = A.this_card_here(d, link)
    return [c for c in A.targets(d, link)
            if me and d.faceup(c) and d.atk(c) > d.atk(me[0])]


script("Freed the Brave Wanderer", ignition(
    A.destroy(_still_stronger), once_per_turn=True,
    cost=(A.choose(_LIGHT_IN_GY, 2, into="banished",
                   prompt="banish 2 LIGHT monsters from your Graveyard"),
          A.banish_cost(A.chosen("banished"))),
    can_pay=A.exists(_LIGHT_IN_GY, 2),
    target=Target(_stronger, prompt="choose a monster with more ATK to destroy"),
    label="banish 2 LIGHT monsters: destroy a stronger monster"))


# Fear from the Dark: sent from its owner's hand or Deck to the Graveyard by an effect of the
# opponent's card, it is Special Summoned (mandatory; face-up, in either position).
script("Fear from the Dark", trigger(
    K.EV_TO_GY, A.special_summon(A.this_card_still), optional=False, range=K.GY,
    condition=A.sent_by_opponent(K.R_EFFECT, K.HAND | K.DECK), label="Special Summon it"))
