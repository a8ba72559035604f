"""Traps: S."""
from __future__ import annotations

from ....engine import actions as A
from ....engine import const as K
from ....engine.actions import OPP, YOU
from ....engine.const import GY, HAND, MZONE, SZONE
from ....engine.effects import Target, continuous, counter_trap, quick, script, trap, trigger
from ..common import (attack_trap, can_discard, chained_to, discard, not_this,
                      spell_card_activated)

# Solemn Judgment (2005 and today): pay half your LP (cost); either negate a monster's Summon
# (Normal, Tribute, Flip, or a Special Summon by its own procedure: Black Luster Soldier -
# Envoy of the Beginning, Chaos Sorcerer) and destroy it, answered while the Summon is being
# made (flow/summon.summoning_window: the monster never reaches the field, so "sent from the
# field" effects like Sangan's do not happen); or negate the activation of a Spell or Trap
# Card and destroy it. It cannot negate monster effects, Continuous Trap effects, Sets, or
# Special Summons made by an effect (Monster Reborn: that Summon is part of a resolution).
script("Solemn Judgment",
       counter_trap(when=(K.EV_SUMMONING,), cost=A.pay_half_lp, operation=A.negate_summon,
                    label="negate a Summon"),
       counter_trap(condition=chained_to(lambda d, lk: lk["card_act"] and not
                                         d.data[lk["card"]].is_monster),
                    cost=A.pay_half_lp, operation=A.negate_activation(),
                    label="negate a Spell or Trap Card's activation"))

# When an opponent's monster declares an attack: target the attacker and destroy it.
script("Sakuretsu Armor", attack_trap(
    target=Target(A.attacker, prompt="target the attacking monster"),
    operation=A.destroy(A.targets)))

# The opponent takes 200 damage for each card in their hand and on their field.
script("Secret Barrel", trap(operation=A.damage(
    lambda d, link: 200 * (len(d.hand[1 - link["player"]]) +
                           len(d.field_cards(1 - link["player"]))), OPP)))


script("Seven Tools of the Bandit", counter_trap(
    condition=chained_to(lambda d, lk: lk["card_act"] and d.data[lk["card"]].is_trap), cost=A.pay_lp(1000), can_pay=A.lp_at_least(1000),
    operation=A.negate_activation()))


_banishable = A.banishable_from_gy(YOU, A.is_monster_card)


def _levelled_victims(d, link):
    """Face-up monsters whose Level is at most the number of monsters in your Graveyard."""
    n = len(_banishable(d, link))
    return [c for p in (0, 1) for c in d.monsters(p)
            if d.faceup(c) and 0 < d.level(c) <= n]


def _victim_level(d, link):
    v = link["vars"].get("victim", ())
    return d.level(v[0]) if v else 0


def _victim(d, link):
    v = link["vars"].get("victim", ())
    return [c for c in v if d.loc[c] == MZONE and d.mid[c] == link["vars"]["victim_mid"]]


def _remember_victim(d, link):
    v = link["vars"].get("victim", ())
    link["vars"]["victim_mid"] = d.mid[v[0]] if v else -1


# A Continuous Trap. While it is face-up, its player may (Spell Speed 2) banish monsters from
# their Graveyard (cost) to destroy a face-up monster whose Level is the number banished: the
# monster is chosen with the cost (no target, as EDOPro has it).
script("Skull Lair", trap(),
       quick((A.destroy(_victim),), range=SZONE, label="destroy a monster",
             condition=A.exists(_levelled_victims),
             cost=(A.choose(_levelled_victims, into="victim",
                            prompt="choose a face-up monster to destroy"),
                   _remember_victim,
                   A.choose(_banishable, count=_victim_level,
                            into="banished", prompt="banish that many monsters from your "
                                                    "Graveyard"),
                   A.send_to(A.chosen("banished"), K.BANISHED, K.R_COST))))


def _first_draw_of_action(d, link):
    """Its player drew, and this is the first card of that draw (one gain per draw)."""
    ev = link.get("event")
    if ev is None or ev[0] != K.EV_DRAW or ev[3] != link["player"]:
        return False
    c = link["card"]
    return not any(t[0] == c and t[2][0] == K.EV_DRAW and t[2][5] == ev[5] for t in d.trig_q)


# A Continuous Trap: each time you draw (one or more cards at once), you gain 500 LP.
script("Solemn Wishes", trap(),
       trigger(K.EV_DRAW, A.gain_lp(500, YOU), optional=False, range=SZONE,
               condition=_first_draw_of_action, label="gain 500 LP"))


def _targets_one_monster(d, lk):
    """A Spell Card's activation that targets exactly one monster on the field."""
    ts = lk["targets"]
    return spell_card_activated(d, lk) and len(ts) == 1 and d.loc[ts[0][0]] == MZONE


_other_spells_in_hand = not_this(A.pile(HAND, YOU, A.is_spell))

# A Counter Trap; choose one: negate the activation of a Spell Card that targets exactly one
# monster on the field and destroy it; or send a Spell Card from your hand to the Graveyard
# (cost) to negate the activation of any Spell Card and destroy it.
script("Spell Shield Type-8",
       counter_trap(condition=chained_to(_targets_one_monster),
                    operation=A.negate_activation()),
       counter_trap(condition=chained_to(spell_card_activated),
                    cost=(A.choose(_other_spells_in_hand, into="sent",
                                   prompt="send a Spell Card to the Graveyard"),
                          A.send_to(A.chosen("sent"), GY, K.R_COST)),
                    can_pay=A.exists(_other_spells_in_hand), operation=A.negate_activation()))


# Skill Drain (Continuous Trap): pay 1000 LP (cost); while it is face-up, the effects of every
# face-up monster on the field are negated (the rule `drain_monsters`, Duel.is_negated). Their
# effects may still be activated: one that resolves while its monster is face-up on the field
# is negated, one whose monster left the field (Exiled Force, Tributed as its cost) is not, nor
# an effect activated in the Graveyard (Sangan, Mystic Tomato).
script("Skill Drain", trap(cost=A.pay_lp(1000), can_pay=A.lp_at_least(1000)),
       continuous("drain_monsters", lambda d, src, c: d.loc[c] == MZONE and d.faceup(c)))


_continuous_spells = A.spells_traps(A.ANY, faceup=True, filter=lambda d, c: d.data[c].is_spell
                                    and d.data[c].subtype == "continuous")

# Spell Purification: discard a card (cost); destroy every face-up Continuous Spell Card on the
# field (needs one).
script("Spell Purification", trap(
    condition=A.exists(_continuous_spells), cost=discard(1, cost=True), can_pay=can_discard(1),
    operation=A.destroy(_continuous_spells)))
