"""Traps: M."""
from __future__ import annotations

from ....engine import actions as A
from ....engine import const as K
from ....engine.actions import OPP, YOU
from ....engine.const import GY, HAND
from ....engine.effects import Target, continuous, counter_trap, rule, script, trap
from ..common import attack_trap, can_discard, chained_to, discard, spell_card_activated


def _negate_and_burn(d, link):
    """Negate the targeted attacker's attack; the opponent takes damage equal to its ATK
    (its ATK when this resolves)."""
    for c in A.targets(d, link):
        if c in A.attacker(d, link) and d.faceup(c):
            d.negate_attack()
            d.damage(1 - link["player"], d.atk(c), by=link["player"])


_negate_and_burn.damages = OPP     # (actions.damaged_by)


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


def _opponents_spell(d, link):
    """The Chain Link just below is the activation of a Spell Card by the opponent."""
    if not d.chain:
        return False
    lk = d.links[d.chain[-1]]
    return spell_card_activated(d, lk) and lk["player"] != link["player"]


def _drain(d, link):
    """Unless the opponent discarded a Spell Card (their choice, as this resolves), negate the
    Spell's activation and destroy it."""
    paid = [c for c in link["vars"].get("drained", ()) if d.loc[c] == HAND]
    if paid:
        d.send(paid, GY, K.R_EFFECT | K.R_DISCARD, 1 - link["player"])
        d.write(f"{d.names[1 - link['player']]} discards a Spell Card: Magic Drain's effect "
                "is negated")
        return
    A.negate_activation()(d, link)


_drain.destroys = A.negate_activation().destroys     # (actions.destroyed_by)

# Magic Drain (Counter Trap): when the opponent activates a Spell Card, they may discard a Spell
# Card to negate Magic Drain's effect; otherwise the Spell's activation is negated and the Spell
# destroyed.
script("Magic Drain", counter_trap(
    condition=_opponents_spell,
    operation=(A.choose(A.pile(HAND, OPP, A.is_spell), least=0, who=OPP, into="drained",
                        prompt="discard a Spell Card to negate Magic Drain's effect?"),
               _drain)))


_HALVING: set = set()       # (duel, monster) whose ATK is being worked out without the halving


def _walled(d, src, c):
    """Mirror Wall's stat change: the monsters it holds (the opponent's monsters that attacked
    while it was face-up) have their ATK halved (worked out from the ATK they have without
    it: the rule is read again with this monster set aside)."""
    if not A.holds(d, src, c):
        return None
    key = (id(d), c)
    if key in _HALVING:
        return None
    _HALVING.add(key)
    try:
        v = d.atk(c)
    finally:
        _HALVING.discard(key)
    return (-(v // 2), 0)


def _opponents_attacker(d, link):
    return [c for c in A.attacker(d, link) if d.ctrl[c] != link["player"] and d.faceup(c)]


def _attack_by_opponent(d, link):
    return bool(_opponents_attacker(d, link))


def _keep_or_lose(d, link):
    """Pay 2000 LP if its player chose to (and can), else this card is destroyed."""
    src, p = link["card"], link["player"]
    if link["vars"].get("keep") and d.lp[p] >= 2000:
        d.pay_lp(p, 2000)
    elif d.loc[src] & K.FIELD:
        d.destroy([src], K.R_RULE, p)


# Mirror Wall (Continuous Trap): each of the opponent's monsters that attacks while it is face-up
# (and the one attacking when it is activated) has its ATK halved as long as this card stays on
# the field (it holds them: actions.hold). During each of its player's Standby Phases they pay
# 2000 LP or it is destroyed (their choice; not a Chain Link). Usable in the Damage Step.
script("Mirror Wall",
       trap(operation=A.hold(_opponents_attacker), damage_step=True, damage_calc=True),
       rule(K.EV_ATTACK, A.hold(_opponents_attacker), condition=_attack_by_opponent,
            range=K.SZONE, label="halve the attacker's ATK"),
       continuous("stat", _walled),
       rule(K.EV_STANDBY, (A.when(lambda d, link: d.lp[link["player"]] >= 2000,
                                  A.ask_yesno("pay 2000 LP to keep Mirror Wall?", into="keep")),
                           _keep_or_lose),
            condition=lambda d, link: d.tp == link["player"], range=K.SZONE,
            label="pay 2000 LP or destroy it"))

# Mask of Restrict (Continuous Trap): while it is face-up, neither player can Tribute: no
# Tribute Summon, no effect or Summon procedure that Tributes (the rule `no_tribute`).
script("Mask of Restrict", trap(), continuous("no_tribute"))
