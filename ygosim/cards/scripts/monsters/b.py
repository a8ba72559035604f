"""Monsters: B."""
from __future__ import annotations

from ....engine import actions as A
from ....engine import const as K
from ....engine.actions import ANY
from ....engine.const import DEFENSE, GY
from ....engine.effects import (Target, continuous, ignition, rule, script,
                                special_procedure, trigger)
from ....engine.flow import opt_key
from ..common import change_position, destroy_on_defense, itself

# Blade Rabbit: changed from Attack to face-up Defense Position (by its controller or by an
# effect), it destroys a monster the opponent controls (mandatory, a target).
script("Blade Rabbit", destroy_on_defense())

# Berserk Gorilla: destroyed at once while it is in face-up Defense Position (a rule checked
# after each action: no Chain), and it must attack if it is able to (its controller cannot end
# the Battle Phase while it still may declare an attack).
script("Berserk Gorilla", continuous("destroy_self", lambda d, src: d.pos[src] == DEFENSE),
       continuous("must_attack", itself))


# -- Black Luster Soldier - Envoy of the Beginning, Chaos Sorcerer: their own Summon --------
def _light_and_dark(d, link, cards):
    return len(cards) == 2 and \
        {d.data[cards[0]].attribute, d.data[cards[1]].attribute} == _LIGHT_DARK


_LIGHT_DARK = {"LIGHT", "DARK"}


_is_light_dark = A.is_attribute("LIGHT", "DARK")
_light_dark = A.pile(GY, A.YOU, _is_light_dark)


def _can_banish_light_dark(d, link):
    if not d.may_banish_from_gy(link["player"]):
        return False        # (Kycoo the Ghost Destroyer)
    if "gy_lock" in d.static_index:     # (Necrovalley: what _light_dark leaves)
        atts = {d.data[c].attribute for c in _light_dark(d, link) if d.data[c].is_monster}
        return "LIGHT" in atts and "DARK" in atts
    light = dark = False            # (the same, stopping at the first pair: a hot check)
    for c in d.gy[link["player"]]:
        data = d.data[c]
        if data.is_monster and _is_light_dark(d, c):
            if data.attribute == "LIGHT":
                light = True
            elif data.attribute == "DARK":
                dark = True
            if light and dark:
                return True
    return False


def light_dark_procedure():
    """Special Summoned from the hand by banishing 1 LIGHT and 1 DARK monster from your
    Graveyard (a cost; the Summon does not use the Chain); must first be Summoned this way."""
    return special_procedure(
        cost=(A.choose(_light_dark, 2, into="banish", constraint=_light_and_dark,
                       prompt="banish 1 LIGHT and 1 DARK monster from your Graveyard"),
              A.banish_cost(A.chosen("banish"))),
        can_pay=_can_banish_light_dark)


def banish_and_stay(target_filter_faceup):
    """Once per turn, if this card did not attack this turn: target a monster (face-up only
    with target_filter_faceup) and banish it; this card cannot attack this turn (a rule set
    as the effect is activated: it holds even if the effect is negated)."""
    return ignition(A.banish(A.targets), condition=A.has_not_attacked,
                    cost=A.card_rule(A.this_card, "no_attack"),
                    target=Target(A.monsters(ANY, faceup=True if target_filter_faceup else None),
                                  prompt="choose a monster to banish"),
                    once_per_turn=True, label="banish a monster")


def _bls_destroyed_by_battle(d, link):
    """An opponent's monster this card attacked was destroyed by that battle, and its banish
    effect was not used this turn (one of the two effects per turn)."""
    ev = link.get("event")
    atk = d.attack
    c = link["card"]
    return ev is not None and atk is not None and atk[0] == c and ev[1] == atk[1] and \
        d.owner[ev[1]] != link["player"] and opt_key(d, c, 0, link["player"]) not in d.used and \
        d.loc[c] == K.MZONE and d.faceup(c)


# Once per turn one of: (1) target a monster on the field (face-up or face-down) and banish it,
# then it cannot attack this turn (not after it attacked); (2) when it destroys an opponent's
# monster by battle, it may attack once more in a row (the very next attack).
script("Black Luster Soldier - Envoy of the Beginning",
       banish_and_stay(target_filter_faceup=False),
       trigger(K.EV_BATTLE_DESTROYED, A.card_rule(A.this_card_here, "attack_again"),
               condition=_bls_destroyed_by_battle, once_per_turn=True, label="attack again"),
       extra=light_dark_procedure())


# -- Blade Knight ----------------------------------------------------------------------------
# +400 ATK while its controller holds one card or fewer. If it is its controller's only monster
# when a battle of it is over (after damage calculation; also when it is destroyed too), a Flip
# monster it destroyed by that battle has its effects negated, on the field and in the
# Graveyard (its FLIP effect is not activated: Magician of Faith flipped by the attack gives
# nothing; nor a Graveyard effect). Applied, not activated (no Chain). 2005 and today alike.
def _blade_boost(d, src, c):
    return (400, 0) if c == src and len(d.hand[d.ctrl[src]]) <= 1 else None


def _flip_destroyed(d, link):
    return [c for c in A.destroyed_in_this_battle(d, link) if "flip" in d.data[c].frames]


def _alone(d, link):
    c = link["card"]
    return all(m == c for m in d.monsters(d.ctrl[c]))


script("Blade Knight", continuous("stat", _blade_boost),
       rule(K.EV_AFTER_CALC, A.negate_into_gy(_flip_destroyed), condition=_alone,
            label="negate the effects of the Flip monster it destroyed"))


# -- Breaker the Magical Warrior ----------------------------------------------------------
def _per_counter(d, src, c):
    return (300 * d.counter(src, "spell"), 0) if c == src else None


# When Normal Summoned it gets 1 Spell Counter (at most 1); +300 ATK per counter; remove the
# counter to target a Spell/Trap on the field and destroy it.
script("Breaker the Magical Warrior",
       trigger(K.EV_NORMAL_SUMMONED, A.add_counter(A.this_card_here, "spell", 1, limit=1),
               optional=False, label="put a Spell Counter on it"),
       continuous("stat", _per_counter),
       ignition(A.destroy(A.targets), cost=A.remove_counter("spell"),
                can_pay=A.has_counter("spell"),
                target=Target(A.spells_traps(ANY), prompt="choose a Spell/Trap Card to destroy"),
                label="destroy a Spell/Trap"),
       extra={"counters": {"spell": 1}})


# Blowback Dragon: once per turn, target a card the opponent controls and toss a coin three
# times: two or more heads destroy it (responses come when it is activated, not between the
# tosses).
def _two_heads(d, link):
    return link["vars"].get("heads", 0) >= 2


script("Blowback Dragon", ignition(
    (A.toss_coins(3), A.when(_two_heads, A.destroy(A.targets))), once_per_turn=True,
    target=Target(A.union(A.monsters(A.OPP), A.spells_traps(A.OPP)),
                  prompt="choose a card your opponent controls"),
    label="toss 3 coins: destroy a card"))


# Bazoo the Soul-Eater: once per turn, banish one to three monsters from your Graveyard (a cost):
# +300 ATK for each until the end of the opponent's turn.
_banishable_monsters = A.banishable_from_gy(A.YOU, A.is_monster_card)


def _per_banished(d, link):
    return 300 * len(link["vars"].get("banished", ()))


script("Bazoo the Soul-Eater", ignition(
    A.modify(A.this_card_here, atk=_per_banished, turns=1),
    cost=(A.choose(_banishable_monsters, 3, least=1, into="banished",
                   prompt="banish 1 to 3 monsters from your Graveyard"),
          A.banish_cost(A.chosen("banished"))),
    can_pay=A.exists(_banishable_monsters), once_per_turn=True,
    label="banish monsters from your Graveyard: +300 ATK each"))


# Big Shield Gardna (2005; goat only: today's is a Quick Effect a face-down monster activates,
# which this engine does not offer). While it is face-down, a Spell Card that targets it and no
# other card is negated when it resolves and this card turns to face-up Defense Position (a
# continuous effect, no Chain Link: yugioh-wiki.net; EDOPro's pre-errata script). When it was
# attacked and is in Defense Position at the end of the Damage Step, it changes to Attack
# Position (no Chain Link).
def _spell_at_it_alone(d, src, link):
    return link["card_act"] and d.data[link["card"]].is_spell and len(link["targets"]) == 1


def _attacked_in_defense(d, link):
    c, a = link["card"], d.attack
    return a is not None and a[1] == c and a[4] == d.mid[c] and d.pos[c] == DEFENSE


script("Big Shield Gardna",
       continuous("facedown_shield", _spell_at_it_alone),
       rule(K.EV_DS_END, change_position(A.this_card), condition=_attacked_in_defense,
            label="change to Attack Position"), era="goat")


# Blindly Loyal Goblin: while it is face-up, control of it cannot change.
script("Blindly Loyal Goblin", continuous("no_control_change", itself))


# Byser Shock: when it is Normal, Flip or Special Summoned, every Set card on the field (face-down
# monsters and Set Spells/Traps, both sides) returns to its owner's hand (mandatory).
_set_cards = A.union(A.monsters(ANY, faceup=False), A.spells_traps(ANY, faceup=False))

script("Byser Shock", trigger(
    (K.EV_NORMAL_SUMMONED, K.EV_FLIP_SUMMONED, K.EV_SPECIAL_SUMMONED), A.to_hand(_set_cards),
    optional=False, label="return every Set card to the hand"))


# Banisher of the Light: while it is face-up, any card that would be sent to a Graveyard (by an
# effect, battle, a cost, a rule) is banished instead; not itself when it leaves the field.
script("Banisher of the Light", continuous("gy_banish", lambda d, src, c: c != src))
