"""Traps: M."""
from __future__ import annotations

from ....engine import actions as A
from ....engine import const as K
from ....engine.actions import OPP, YOU
from ....engine.const import GY
from ....engine.effects import Target, counter_trap, script, trap
from ..common import attack_trap, can_discard, chained_to, discard, spell_card_activated


def _negate_and_burn(d, link):
    """Negate the targeted attacker's attack; the opponent takes damage equal to its ATK
    (its ATK when this resolves)."""
    for c in A.targets(d, link):
        if c in A.attacker(d, link) and d.faceup(c):
            d.negate_attack()
            d.damage(1 - link["player"], d.atk(c), by=link["player"])


# When a Spell Card is activated: discard one card (cost); negate the activation and destroy
# the Spell.
script("Magic Jammer", counter_trap(
    condition=chained_to(spell_card_activated), cost=discard(1, cost=True),
    can_pay=can_discard(1), operation=A.negate_activation()))


# When an opponent's monster declares an attack: target it; negate the attack and the
# opponent takes damage equal to its ATK. The negated attack still counts as its attack.
script("Magic Cylinder", attack_trap(
    target=Target(A.attacker, prompt="target the attacking monster"),
    operation=_negate_and_burn))

# When an opponent's monster declares an attack: destroy every Attack Position monster the
# opponent controls (no target; face-down and Defense Position monsters stay).
script("Mirror Force", attack_trap(
    operation=A.destroy(A.monsters(OPP, filter=lambda d, c: d.is_attack_pos(c)))))


def _hand_names(d, link):
    """The names a player may declare: the duel's cards that can be in a hand (no Fusion
    Monsters, no Tokens)."""
    return [n for n in A.card_names(d, link) if not _extra_names(d).get(n)]


def _extra_names(d):
    return {x.name: True for x in d.data if x.is_extra_deck}


def _crush(d, link):
    """Every card of the declared name in the opponent's hand is discarded; with none there,
    the player discards a card of their own hand at random."""
    name = link["vars"].get("declared")
    p = link["player"]
    hits = [c for c in d.hand[1 - p] if d.data[c].name == name]
    if hits:
        d.send(hits, GY, K.R_EFFECT | K.R_DISCARD, p)
    else:
        d.write(f"{d.names[1 - p]} holds no {name}")
        A.discard_random(1, who=YOU)(d, link)


# Mind Crush: with a card in each player's hand, declare a card name (on activation: made with
# the cost steps, though it is no cost): the opponent discards every card of that name from
# their hand, or, holding none, you discard a card at random.
script("Mind Crush", trap(
    condition=lambda d, link: bool(d.hand[0]) and bool(d.hand[1]),
    cost=A.declare(_hand_names, prompt="declare a card name"), operation=_crush))
