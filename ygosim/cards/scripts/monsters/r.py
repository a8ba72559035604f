"""Monsters: R."""
from __future__ import annotations

from ....engine import actions as A
from ....engine import const as K
from ....engine.actions import ANY, YOU
from ....engine.const import ATTACK, DECK, GY, MZONE
from ....engine.effects import continuous, ignition, quick, rule, script, trigger
from ..common import (absorb_monster, all_of, chained_to, equipped_monster, spell_counters,
                      summonable)


def _battled_warrior_or_spellcaster(d, link):
    return [c for c in A.battled(d, link) if d.data[c].type in ("Warrior", "Spellcaster")]


# At the end of the Damage Step, a Warrior or Spellcaster monster that battled it and is still on
# the field (not destroyed by that battle: Spirit Reaper...) is destroyed. Mandatory, no target;
# as attacker or attacked.
script("Ryu Kokki", trigger(
    K.EV_DS_END, A.destroy(_battled_warrior_or_spellcaster), optional=False,
    condition=lambda d, link: bool(_battled_warrior_or_spellcaster(d, link)),
    label="destroy the Warrior or Spellcaster it battled"))


# Reflect Bounder: attacked while in face-up Attack Position (at the start of the Damage Step:
# not a face-down one flipped by the attack), before damage calculation the attacker's
# controller takes damage equal to the attacker's ATK; if they did, after damage calculation
# Reflect Bounder destroys itself (a second mandatory trigger).
def _bounder_attacked(d, link):
    ev = link.get("event")
    c = link["card"]
    return ev is not None and ev[6] == c and d.pos[c] == ATTACK and d.ctrl[ev[1]] != d.ctrl[c]


def _reflect(d, link):
    atk = A.attacker(d, link)
    if not atk:
        return
    p = 1 - link["player"]
    before = d.lp[p]
    d.damage(p, d.atk(atk[0]), by=link["player"])
    c = link["card"]
    if d.lp[p] < before and d.loc[c] == MZONE and d.mid[c] == link["cmid"]:
        d.flag_card(c, "reflected")


_reflect.damages = A.OPP      # (actions.damaged_by)


def _bounder_done(d, link):
    c = link["card"]
    ev = link.get("event")
    return ev is not None and ev[6] == c and d.card_flag(c, "reflected") and \
        (c, d.mid[c]) not in d.battle_destroyed


def _self_if_reflected(d, link):
    c = link["card"]
    return [c] if d.loc[c] == MZONE and d.mid[c] == link["cmid"] else []


script("Reflect Bounder",
       trigger(K.EV_BATTLE_CONFIRM, _reflect, optional=False, condition=_bounder_attacked,
               label="inflict damage equal to the attacker's ATK"),
       trigger(K.EV_AFTER_CALC, A.destroy(_self_if_reflected), optional=False,
               condition=_bounder_done, label="destroy itself"))


# Rescue Cat (2005): send this face-up card to the Graveyard (cost) to Special Summon two Level 3
# or lower Beasts from the Deck (face-up, either position), destroyed in that turn's End Phase
# (no Chain). No limit per turn, their effects are not negated. It needs room for two (its own
# zone counts); with fewer than two such Beasts in the Deck it may still be used: nothing is
# Summoned and the Deck is shown (R1, EDOPro's Goat version). Today's version: once per turn
# (by name), only with two such Beasts in the Deck, and the two have their effects negated.
_beast_3 = summonable(lambda d, c: d.data[c].type == "Beast" and 0 < d.level(c) <= 3)


def _cat_room(d, link):
    c = link["card"]
    return len(d.free_mzones(link["player"])) + (d.loc[c] == MZONE) >= 2


def _cat_beasts(d, link):
    beasts = A.pile(DECK, YOU, _beast_3)(d, link)
    return beasts if len(beasts) >= 2 and len(d.free_mzones(link["player"])) >= 2 else []


def _cat_summoned(d, link):
    return tuple((c, d.mid[c]) for c in link["vars"].get("cats", ()) if d.loc[c] == MZONE)


def _cat_destroy(d, player, summoned):
    gone = [c for c, mid in summoned if d.mid[c] == mid and d.loc[c] == MZONE]
    if gone:
        d.destroy(gone, K.R_EFFECT, player)


def _cat_after(d, link):
    if link["vars"].get("cats"):
        d.shuffle_deck(link["player"])
        A.delay(_cat_destroy, _cat_summoned)(d, link)
    else:
        A.confirm_deck()(d, link)


def _cat_two_beasts(d, link):
    return len(A.pile(DECK, YOU, _beast_3)(d, link)) >= 2


def _cats_here(d, link):
    return [c for c in link["vars"].get("cats", ()) if d.loc[c] == MZONE]


def _rescue_cat(today):
    summon = (A.choose(_cat_beasts, 2, into="cats", prompt="choose two Beasts to Special Summon"),
              A.special_summon(A.chosen("cats")))
    if today:
        summon += (A.negate_effects(_cats_here),)
    return ignition(summon + (_cat_after,), cost=A.send_to(A.this_card, GY, K.R_COST),
                    condition=all_of(_cat_room, _cat_two_beasts) if today else _cat_room,
                    once_per_turn="name" if today else False,
                    label="send it to the Graveyard: Special Summon two Level 3 or lower Beasts")


script("Rescue Cat", _rescue_cat(True))
script("Rescue Cat", _rescue_cat(False), era="goat")


# Royal Magical Library: a Spell Counter each time a Spell Card's activation resolves while it
# is face-up (at most 3; no Chain); remove three (a cost) to draw one card (no once-per-turn
# limit).
script("Royal Magical Library", spell_counters(3),
       ignition(A.draw(1), cost=A.remove_counter("spell", 3), can_pay=A.has_counter("spell", 3),
                label="remove 3 Spell Counters: draw 1 card"),
       extra={"counters": {"spell": 3}})


def _normal_trap_activated(d, lk):
    data = d.data[lk["card"]]
    return lk["card_act"] and data.is_trap and data.subtype == "normal"


def _spell_effect(d, src, link):
    return d.data[link["card"]].is_spell


# When a Normal Trap Card is activated (either player's): pay 1000 LP to negate its effect (a
# Quick Effect chained to it, not a Counter Trap; no limit per turn). Its text makes the
# negation depend on Ryu Senshi staying face-up ("as long as this card remains face-up on the
# field": the OCG text, このカードがフィールド上に表側表示で存在する限り, and issue 27's
# ruling): if Ryu Senshi has left the field or been turned face-down when it resolves, the Trap
# is not negated (A.while_face_up). Dark Balter the Terrible's text has no such clause: its
# negation resolves anyway (the general rule for an activated effect; EDOPro resolves both).
# A Spell effect that targets it is negated and that Spell is destroyed (as the Spell
# resolves).
script("Ryu Senshi",
       quick(A.while_face_up(A.negate_effect_below),
             condition=chained_to(_normal_trap_activated), cost=A.pay_lp(1000),
             can_pay=A.lp_at_least(1000), label="pay 1000 LP: negate a Normal Trap's effect"),
       continuous("negate_targeting", _spell_effect))


def _itself(d, src, c, *_):
    return c == src


# Reaper on the Nightmare (2005 and today): not destroyed by battle (battle damage still
# happens); destroyed once a card effect that targeted it has resolved, if it is still face-up
# (no Chain; targeted in the Damage Step: after damage calculation); it may attack directly
# while the opponent controls monsters; when it inflicts battle damage by a direct attack, the
# opponent discards one card at random (mandatory).
script("Reaper on the Nightmare",
       continuous("battle_indestructible", _itself),
       continuous("dies_when_targeted", _itself),
       continuous("direct_attack", _itself),
       trigger(K.EV_DAMAGE, A.discard_random(1, A.OPP), optional=False,
               condition=A.inflicts_battle_damage(direct=True),
               label="the opponent discards a random card"))


# Roulette Barrel: once per turn, roll a die twice, pick one of the two results (a declaration,
# public) and destroy a face-up monster on the field of that Level (chosen then, no target;
# itself too; nothing if there is none).
def _results(d, link):
    return [str(x) for x in sorted(set(link["vars"].get("dice", ())))]


def _rolled_level(d, link):
    v = link["vars"].get("level")
    dice = link["vars"].get("dice", ())
    level = int(v) if v is not None else (dice[0] if dice else 0)
    return [c for c in A.monsters(ANY, faceup=True)(d, link) if d.level(c) == level]


script("Roulette Barrel", ignition(
    (A.roll_dice(2),
     A.when(lambda d, link: len(_results(d, link)) > 1,
            A.declare(_results, into="level", prompt="choose one of the two results")),
     A.choose(_rolled_level, prompt="choose a monster of that Level to destroy"),
     A.destroy(A.chosen())),
    once_per_turn=True, label="roll two dice: destroy a monster of one result's Level"))


# Rare Metal Dragon: cannot be Normal Summoned or Set (an effect may Special Summon it: Monster
# Reborn from the Graveyard...).
script("Rare Metal Dragon", extra={"no_normal_summon": True})


# Regenerating Mummy: sent from its owner's hand to the Graveyard by an effect of the
# opponent's card (a discard, or any other way), it returns to the hand (mandatory).
script("Regenerating Mummy", trigger(
    K.EV_TO_GY, A.to_hand(A.this_card_still), optional=False, range=GY,
    condition=A.sent_by_opponent(K.R_EFFECT, K.HAND), label="return to the hand"))


# -- Relinquished ------------------------------------------------------------------------
def _reflected(d, link):
    """Battle damage its controller takes from a battle it is in, while it has a monster
    equipped by its effect."""
    ev = link.get("event")
    c = link["card"]
    return ev is not None and bool(ev[4] & K.R_BATTLE) and ev[3] == d.ctrl[c] and \
        d.attack is not None and c in d.attack[:2] and equipped_monster(d, c) >= 0


# A Ritual Monster (Black Illusion Ritual's facts). Once per turn, target a monster the opponent
# controls and equip it to this card (one at a time): its ATK/DEF become that monster's, and
# if this card would be destroyed by battle the equipped monster is destroyed instead (as
# Thousand-Eyes Restrict: common.absorb_monster). While it has one equipped, battle damage you
# take from its battles is also inflicted on the opponent (applied, no Chain; 2005 and today).
script("Relinquished", *absorb_monster(),
       rule(K.EV_DAMAGE, A.damage(lambda d, link: link["event"][6]), condition=_reflected,
            label="the opponent takes the same battle damage"))
