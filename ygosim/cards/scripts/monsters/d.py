"""Monsters: D."""
from __future__ import annotations

from ....engine import actions as A
from ....engine import const as K
from ....engine.actions import ANY, OPP, YOU
from ....engine.const import DECK, DEFENSE, GY, HAND, MZONE
from ....engine.decision import Decision, YESNO, Option
from ....engine.effects import Target, continuous, flip, ignition, quick, rule, script, trigger
from ..common import (all_of, banish_procedure, battle_destroyed_in_gy, chained_to,
                      destroy_on_defense, itself, level_up, not_this, on_flip_summon,
                      spell_card_activated, spirit_return, turns_facedown)
from ..extra_deck import pendulum_monster

pendulum_monster("Dragong")         # a Pendulum Normal Monster (scales in the card facts)


def _attack_target(d, link):
    """The monster this card's attack is aimed at, if it is still in that battle."""
    atk = d.attack
    if atk is None or atk[0] != link["card"] or atk[1] < 0:
        return []
    t = atk[1]
    return [t] if d.mid[t] == atk[4] and d.loc[t] == MZONE else []


def _attacks_defense(d, link):
    ev = link.get("event")
    if ev is None or ev[1] != link["card"]:
        return False
    t = ev[6]
    return t is not None and t >= 0 and d.loc[t] == MZONE and bool(d.pos[t] & DEFENSE)


script("Drillroid", trigger(
    K.EV_BATTLE_CONFIRM, A.destroy(lambda d, link: [c for c in _attack_target(d, link)
                                                     if d.pos[c] & DEFENSE]),
    optional=False, condition=_attacks_defense, label="destroy the Defense Position monster"))


# ------------------------------------------------------------------ the Goat decks' D monsters
def _other_battler(d, link):
    """The monster this card battled (a trigger of this battle), if still on the field."""
    return A.battled(d, link)


_BANISH_BOTH = A.banish(A.union(_other_battler, A.this_card_still))

script("D.D. Warrior Lady", trigger(
    K.EV_AFTER_CALC, _BANISH_BOTH, when=True,
    condition=lambda d, link: A.battled(d, link) != [] and A.battles_opponent(d, link),
    label="banish the monster it battled and itself"))
# (after damage calculation, also when it is destroyed by that battle: it is still on the
# field until the end of the Damage Step; no targets: if one of the two has left the field,
# the other is still banished)

script("D.D. Assailant", trigger(
    K.EV_AFTER_CALC, _BANISH_BOTH, optional=False,
    condition=lambda d, link: A.destroyed_by_battle(d, link) and A.battles_opponent(d, link),
    label="banish the monster that destroyed it and itself"))


def _bokoichi_count(d, link):
    p = link["player"]
    return sum(1 for c in d.monsters(p) if d.faceup(c) and
               d.data[c].name == "Bokoichi the Freightening Car")


script("Dekoichi the Battlechanted Locomotive", flip(
    A.draw(lambda d, link: 1 + _bokoichi_count(d, link)),
    label="draw a card (and one more for each face-up Bokoichi)"))


def _own_standby(d, link):
    return d.tp == link["player"]


# LV monsters: in your Standby Phase it may be sent to the Graveyard (cost) to Special Summon
# the next LV from the hand or Deck (common.level_up). Today it needs a Dark Mimic LV3 there;
# 2005 (R1): it may be used with none in the hand or Deck (they are shown).
script("Dark Mimic LV1", flip(A.draw(1), label="draw a card"),
       level_up("Dark Mimic LV3", K.EV_STANDBY, _own_standby))
script("Dark Mimic LV1", flip(A.draw(1), label="draw a card"),
       level_up("Dark Mimic LV3", K.EV_STANDBY, _own_standby, r1=True), era="goat")


# ------------------------------------------------------------------ Dark Scorpions
# Each time one of them inflicts battle damage to the opponent, its controller may activate one
# of its effects (`activate NAME` for the first, `activate NAME effect 2` for the second; once
# one is activated, the other is gone for that damage). Burglars' effect is mandatory.
_SCORPION = A.inflicts_battle_damage()


def _opp_deck(n):
    return lambda d, link: len(d.deck[1 - link["player"]]) >= n


def _opp_hand(d, link):
    return bool(d.hand[1 - link["player"]])


_MILL_2 = A.send_to(lambda d, link: d.top_cards(1 - link["player"], 2), K.GY)


def _scorpion(operation, label, condition=_SCORPION, target=None):
    return trigger(K.EV_DAMAGE, operation, condition=condition, target=target, label=label,
                   choice="scorpion")


def _look_top(d, link):
    """Chick the Yellow: look at the opponent's top card, put it back on top or at the
    bottom (its player alone sees it: shown to that player, named in their prompt)."""
    deck = d.top_cards(1 - link["player"], 1)
    if deck:
        d.reveal(deck, to=link["player"], note=" (the top card of the opponent's Deck)")
        A.ask(d, link, Decision(link["player"], YESNO, [Option("yes"), Option("no")],
                                f"{d.name(link['card'])}: the top card of the opponent's Deck "
                                f"is {d.name(deck[0])}; put it at the bottom?", link["card"]),
              "bottom")


def _put_back(d, link):
    q = 1 - link["player"]
    if d.deck[q] and link["vars"].get("bottom"):     # (upside down: the bottom is deck[0])
        d.place(d.top_cards(q, 1)[0], DECK, top=d.upside_down())
        d.write(f"{d.names[link['player']]} puts the top card of {d.names[q]}'s Deck at the "
                "bottom")
    elif d.deck[q]:
        d.write(f"{d.names[link['player']]} puts the top card of {d.names[q]}'s Deck back")


script("Dark Scorpion - Chick the Yellow",
       _scorpion(A.to_hand(A.targets), "return a card on the field to the hand",
                 target=Target(A.union(A.monsters(ANY), A.spells_traps(ANY)),
                               prompt="choose a card to return to the hand")),
       _scorpion((_look_top, _put_back), "look at the top card of the opponent's Deck",
                 condition=all_of(_SCORPION, _opp_deck(1))))

script("Dark Scorpion - Cliff the Trap Remover",
       _scorpion(A.destroy(A.targets), "destroy a Spell or Trap on the field",
                 target=Target(A.spells_traps(ANY), prompt="choose a Spell or Trap to destroy")),
       _scorpion(_MILL_2, "send the top two cards of the opponent's Deck to the Graveyard",
                 condition=all_of(_SCORPION, _opp_deck(2))))

# Don Zaloog, the Dark Scorpions' leader (2005 and today): one of two effects when it inflicts
# battle damage to the opponent, chosen as it is activated: the opponent discards a card at
# random (only while their hand holds one), or the top two cards of the opponent's Deck go to
# the Graveyard (only while it holds two), as Cliff's.
script("Don Zaloog",
       _scorpion(A.discard_random(1, OPP), "the opponent discards a random card",
                 condition=all_of(_SCORPION, _opp_hand)),
       _scorpion(_MILL_2, "send the top two cards of the opponent's Deck to the Graveyard",
                 condition=all_of(_SCORPION, _opp_deck(2))))


def _is_scorpion(d, c):
    return "Dark Scorpion" in d.data[c].name


def _meanae_search(r1):
    """Add a "Dark Scorpion" card from the Deck; 2005 (R1): usable with none there (the Deck
    is shown)."""
    def after(d, link):
        if not link["vars"].get("found") and r1:
            A.confirm_deck()(d, link)
        else:
            d.shuffle_deck(link["player"])
    return (A.choose(A.pile(DECK, YOU, _is_scorpion), into="found",
                     prompt="choose a Dark Scorpion card to add to your hand"),
            A.to_hand(A.chosen("found")), after)


def _meanae(r1):
    return (_scorpion(_meanae_search(r1), "add a Dark Scorpion card from the Deck",
                      condition=_SCORPION if r1 else
                      all_of(_SCORPION, A.exists(A.pile(DECK, YOU, _is_scorpion)))),
            _scorpion(A.to_hand(A.targets), "add a Dark Scorpion card from the Graveyard",
                      target=Target(A.pile(K.GY, YOU, _is_scorpion),
                                    prompt="choose a Dark Scorpion card to add to your hand")))


script("Dark Scorpion - Meanae the Thorn", *_meanae(False))
script("Dark Scorpion - Meanae the Thorn", *_meanae(True), era="goat")

# Burglars: the opponent chooses a Spell Card in their Deck and sends it to the Graveyard
# (mandatory; with none, nothing happens), then shuffles.
script("Dark Scorpion Burglars", trigger(
    K.EV_DAMAGE,
    (A.choose(A.pile(DECK, OPP, A.is_spell), into="burgled", who=OPP,
              prompt="choose a Spell Card in your Deck to send to the Graveyard"),
     A.send_to(A.chosen("burgled"), K.GY), A.shuffle_deck(OPP)),
    optional=False, condition=_SCORPION, label="the opponent sends a Spell from the Deck"))

# Dream Clown: changed from Attack to Defense Position, it destroys a monster the opponent
# controls (mandatory, a target).
script("Dream Clown", destroy_on_defense())


# Des Lacooda: once per turn it may turn itself face-down; Flip Summoned, its controller draws
# a card (mandatory).
script("Des Lacooda", turns_facedown(), on_flip_summon(A.draw(1), "draw a card"))


# Des Koala: FLIP: the opponent takes 400 damage for each card in their hand (counted as it
# resolves).
script("Des Koala", flip(A.damage(lambda d, link: 400 * len(d.hand[1 - link["player"]])),
                         label="400 damage per card in the opponent's hand"))


# Dark Magician of Chaos. 2005: when Normal or Special Summoned, it may target a Spell in its
# controller's Graveyard and add it to the hand (an optional "When" trigger: it misses its timing
# if the Summon was not the last thing to happen); a monster it destroys by battle is banished
# instead of going to the Graveyard (no Chain: Sangan so banished does not trigger). Today: in
# the End Phase of a turn it was Normal or Special Summoned it may get that Spell back, and an
# opponent's monster it destroyed by battle is banished after damage calculation (a trigger).
# Both: if it would leave the field face-up, it is banished instead.
_spell_in_gy = Target(A.pile(K.GY, YOU, A.is_spell), prompt="choose a Spell in your Graveyard")


def _summoned_this_turn(d, link):
    c = link["card"]
    return d.turn_in[c] == d.turn and d.summon[c] in (K.SUM_NORMAL, K.SUM_TRIBUTE, K.SUM_SPECIAL)


def _opponents_victim(d, link):
    o = A.battled(d, link)
    return A.destroys_by_battle(d, link) and bool(o) and d.ctrl[o[0]] != link["player"]


script("Dark Magician of Chaos",
       trigger(K.EV_END_PHASE, A.to_hand(A.targets), condition=_summoned_this_turn,
               target=_spell_in_gy, once_per_turn=True, label="add a Spell from the Graveyard"),
       trigger(K.EV_AFTER_CALC, A.banish(A.battled), optional=False,
               condition=_opponents_victim, label="banish the destroyed monster"),
       continuous("leave_banished", itself))
script("Dark Magician of Chaos",
       trigger((K.EV_NORMAL_SUMMONED, K.EV_SPECIAL_SUMMONED), A.to_hand(A.targets), when=True,
               target=_spell_in_gy, label="add a Spell from the Graveyard"),
       continuous("banish_victims"), continuous("leave_banished", itself), era="goat")


def _mirage_knight(d, c):
    return d.data[c].name == "Mirage Knight"


# Battles involving it never cause battle damage to its controller. Destroyed by battle and
# sent to the Graveyard: a Mirage Knight is Special Summoned from the hand or Deck (mandatory;
# Mirage Knight is not in the Goat pool, so in practice the Deck is only shuffled).
script("Dark Flare Knight",
       continuous("battle_damage_shield"),
       trigger(K.EV_BATTLE_DESTROYED,
               A.recruit(_mirage_knight, where=DECK | HAND, prompt="choose Mirage Knight"),
               optional=False, range=K.GY,
               condition=lambda d, link: A.event_is(K.EV_BATTLE_DESTROYED)(d, link)
               and d.loc[link["card"]] == K.GY,
               label="Special Summon Mirage Knight"))

# Each time it inflicts battle damage to the opponent: target up to three monsters in the
# opponent's Graveyard and banish them (optional).
script("Dark Blade the Dragon Knight",
       trigger(K.EV_DAMAGE, A.banish(A.targets),
               condition=A.inflicts_battle_damage(),
               target=Target(A.banishable_from_gy(A.OPP, A.is_monster_card), count=3, min=1,
                             prompt="choose up to three monsters in the opponent's Graveyard"),
               label="banish up to three monsters from the opponent's Graveyard"))


def _normal_spell_activated(d, lk):
    data = d.data[lk["card"]]
    return lk["card_act"] and data.is_spell and data.subtype == "normal"


def _balter_won(d, link):
    """It battled an Effect Monster, destroyed it, and is not destroyed itself."""
    return not A.destroyed_by_battle(d, link) and any(
        "effect" in d.data[c].frames for c in A.destroyed_in_this_battle(d, link))


# When a Normal Spell Card is activated: pay 1000 LP to negate its effect (the Spell resolves
# doing nothing; either turn, any number of times; not while it has been destroyed by battle).
# The negation resolves even if Dark Balter has left the field or been turned face-down by
# then: an activated effect resolves without its card unless its text ties it to the card
# staying face-up (Ryu Senshi's does: A.while_face_up; docs/engine.md).
# An Effect Monster it destroys by battle has its effects negated, also in the Graveyard (no
# Sangan, Mystic Tomato or Pyramid Turtle effect): applied after damage calculation, no Chain.
script("Dark Balter the Terrible",
       quick(A.negate_effect_below, cost=A.pay_lp(1000), can_pay=A.lp_at_least(1000),
             condition=all_of(chained_to(_normal_spell_activated),
                              lambda d, link: not A.destroyed_by_battle(d, link)),
             label="pay 1000 LP: negate a Normal Spell's effect"),
       rule(K.EV_AFTER_CALC, A.negate_into_gy(A.destroyed_in_this_battle),
            condition=_balter_won, label="negate the effects of the monster it destroyed"))


# Despair from the Dark: sent from its owner's hand or Deck to the Graveyard by an effect of the
# opponent's card, it is Special Summoned (mandatory; face-up, either position).
script("Despair from the Dark", trigger(
    K.EV_TO_GY, A.special_summon(A.this_card_still), optional=False, range=GY,
    condition=A.sent_by_opponent(came_from=HAND | DECK), label="Special Summon it"))


# Different Dimension Dragon: not destroyed by the effect of a Spell or Trap that does not target
# it, nor by battle with a monster whose ATK is 1900 or less.
def _untargeted_spell_trap(d, src, c, link):
    data = d.data[link["card"]]
    return c == src and (data.is_spell or data.is_trap) and \
        (src, d.mid[src]) not in link["targets"]


def _weak_opponent(d, src, c):
    o = A.battle_partner(d, src)
    return c == src and o >= 0 and d.atk(o) <= 1900


script("Different Dimension Dragon", continuous("effect_indestructible", _untargeted_spell_trap),
       continuous("battle_indestructible", _weak_opponent))


# Dark Mimic LV3: destroyed by battle and sent to the Graveyard, its owner draws a card, or two
# if it had been Special Summoned by Dark Mimic LV1's effect (mandatory). That Summon is noted
# as it happens (no Chain Link), for the card as it was on the field (a player record: a card's
# own records end when it leaves the field), and read from the Graveyard.
def _by_lv1(d, c):
    return d.data[c].name == "Dark Mimic LV1"


def _note_lv1(d, link):
    c = link["card"]
    d.pflags.append((d.owner[c], ("by_lv1", c, d.mid[c]), K.FOREVER))


def _mimic_draws(d, link):
    c = link["card"]
    key = ("by_lv1", c, d.mid[c] - 1)       # (as it was on the field: it moved once since)
    return 2 if any(k == key for _, k, _ in d.pflags) else 1


script("Dark Mimic LV3",
       rule(K.EV_SPECIAL_SUMMONED, _note_lv1, condition=A.summoned_by_effect_of(_by_lv1),
            label="Special Summoned by Dark Mimic LV1"),
       trigger(K.EV_BATTLE_DESTROYED, A.draw(_mimic_draws), optional=False, range=GY,
               condition=battle_destroyed_in_gy, label="draw a card (two if from LV1)"))


# Dark Dust Spirit: a Spirit (cannot be Special Summoned; back to the hand in the End Phase of a
# turn it was Normal Summoned or flipped face-up). When Normal Summoned or flipped face-up, every
# other face-up monster on the field is destroyed (mandatory, no target).
script("Dark Dust Spirit", spirit_return(),
       trigger((K.EV_NORMAL_SUMMONED, K.EV_FLIPPED),
               A.destroy(not_this(A.monsters(ANY, faceup=True))), optional=False,
               label="destroy every other face-up monster"),
       cannot_special_summon=True)


# Dark Ruler Ha Des: cannot be Special Summoned from the Graveyard. A monster destroyed by battle
# with a face-up Fiend its controller controls (itself too) has its effects negated, on the field
# and in the Graveyard (applied after damage calculation, no Chain Link: no Sangan, Mystic Tomato
# or Giant Rat effect).
def _fiends_victims(d, link):
    a = d.attack
    if a is None or a[1] < 0:
        return []
    p = link["player"]
    out = []
    for mine, mmid, other, omid in ((a[0], a[3], a[1], a[4]), (a[1], a[4], a[0], a[3])):
        if d.mid[mine] == mmid and d.loc[mine] == MZONE and d.ctrl[mine] == p and \
                d.faceup(mine) and d.data[mine].type == "Fiend" and \
                (other, omid) in d.battle_destroyed and d.mid[other] == omid:
            out.append(other)
    return out


script("Dark Ruler Ha Des",
       rule(K.EV_AFTER_CALC, A.negate_into_gy(_fiends_victims),
            condition=lambda d, link: bool(_fiends_victims(d, link)),
            label="negate the effects of the monster its Fiend destroyed"),
       extra={"no_gy_summon": True})


# Des Wombat: while it is face-up, any damage a card effect would inflict on its controller
# becomes 0 (their own cards' effects too; battle damage and costs are not damage by an
# effect). 2005 and today alike.
script("Des Wombat", continuous("no_effect_damage", lambda d, src, p: p == d.ctrl[src]))


# D.D. Survivor: in the End Phase of a turn in which it was banished while face-up on its
# owner's field, it is Special Summoned (mandatory, once per turn; nothing without a free zone).
def _survivor_due(d, link):
    c = link["card"]
    return d.loc[c] == K.BANISHED and not d.pos[c] & K.FACEDOWN and \
        d.moved(c, since=d.turn, came_from=MZONE, ctrl=d.owner[c], faceup=True)


script("D.D. Survivor", trigger(
    K.EV_END_PHASE, A.special_summon(A.this_card_still), optional=False, range=K.BANISHED,
    condition=_survivor_due, once_per_turn=True, label="Special Summon it"))


# D.D. Crazy Beast: a monster it destroys by battle is banished instead of going to the
# Graveyard (the `banish_victims` rule, as Dark Magician of Chaos; 2005 and today alike).
script("D.D. Crazy Beast", continuous("banish_victims"))


# Dark Necrofear: cannot be Normal Summoned or Set; first Special Summoned from the hand by
# banishing 3 Fiend-Type monsters from its owner's Graveyard (a cost, no Chain). In the End Phase
# of a turn it was destroyed on its owner's field by an opponent's card (by battle, or by the
# effect of a card of theirs) and sent to the Graveyard, it targets a face-up monster the
# opponent controls and is equipped to it (mandatory): its owner takes control of that monster
# while it stays equipped (control goes back when Dark Necrofear leaves the field).
def _necrofear_due(d, link):
    c = link["card"]
    p = d.owner[c]
    return d.loc[c] == GY and (
        d.moved(c, K.R_DESTROY | K.R_BATTLE, d.turn, MZONE, ctrl=p) or
        d.moved(c, K.R_DESTROY | K.R_EFFECT, d.turn, MZONE, by=1 - p, ctrl=p))


def _possess(d, link):
    c = link["card"]
    p = link["player"]
    ts = A.targets(d, link)
    if not ts or d.loc[c] != GY or d.mid[c] != link["cmid"] or -1 not in d.szone[p][:5]:
        return
    t = ts[0]
    if d.loc[t] != MZONE or not d.faceup(t):
        return
    d.serial += 1
    d.place(c, K.SZONE, p, pos=K.FACEUP)
    d.attach_equip(c, t, " as an Equip Card")
    before = d.ctrl[t]
    if d.equip[c] is not None and before != p:
        d.set_control(t, p)
        if d.ctrl[t] == p:
            d.write(f"{d.names[p]} takes control of {d.card(t)}")
            d.bind(c, t, K.BIND_CONTROL, before)
    d.drop_equips()


script("Dark Necrofear",
       trigger(K.EV_END_PHASE, _possess, optional=False, range=GY, condition=_necrofear_due,
               once_per_turn=True,
               target=Target(A.takeable_monsters(OPP, faceup=True),
                             prompt="choose a monster to take control of"),
               label="equip it to an opponent's monster and take control of it"),
       extra=banish_procedure(lambda d, c: d.data[c].type == "Fiend",
                              "banish 3 Fiend-Type monsters from your Graveyard", 3))


# -- Dark Paladin ------------------------------------------------------------------------
def _dragons(d, src, c):
    """+500 ATK for each Dragon-Type monster face-up on the field or in either Graveyard."""
    if c != src:
        return None
    n = sum(1 for p in (0, 1) for m in d.monsters(p) if d.faceup(m) and d.data[m].type == "Dragon")
    n += sum(1 for p in (0, 1) for g in d.gy[p] if d.data[g].is_monster
             and d.data[g].type == "Dragon")
    return (500 * n, 0) if n else None


def _paladin_here(d, link):
    c = link["card"]
    return d.loc[c] == MZONE and d.faceup(c) and d.mid[c] == link["cmid"]


def _dark_paladin():
    """When a Spell Card is activated (either turn, as often as there are cards to discard):
    discard 1 card to negate the activation and destroy it; it must be face-up on the field to
    activate it and when it resolves (not once destroyed by battle). +500 ATK per Dragon."""
    return (quick(A.when(_paladin_here, A.negate_activation()),
                  cost=A.discard(1, cost=True), can_pay=A.can_discard(1),
                  condition=all_of(chained_to(spell_card_activated),
                                   lambda d, link: not A.destroyed_by_battle(d, link)),
                  damage_step=True, label="discard 1 card: negate a Spell Card's activation"),
            continuous("stat", _dragons))


# Today "must be Fusion Summoned" (once it was, Monster Reborn may revive it); 2005 "can only
# be Special Summoned by Fusion Summon": never revived, never by Metamorphosis.
script("Dark Paladin", *_dark_paladin(), extra={"nomi": True})
script("Dark Paladin", *_dark_paladin(), extra={"fusion_only": True}, era="goat")


# -- Dark Master - Zorc ------------------------------------------------------------------
def _rolled(lo, hi):
    return lambda d, link: lo <= link["vars"]["die"][0] <= hi


# Once per turn (2005 and today), no target: roll a die; 1-2: destroy every monster the
# opponent controls; 3-5: destroy 1 monster the opponent controls (picked on resolution); 6:
# destroy every monster you control. A Ritual Monster (Contract with the Dark Master's facts).
script("Dark Master - Zorc", ignition(
    (A.roll_dice(1, into="die"),
     A.when(_rolled(1, 2), A.destroy(A.monsters(OPP))),
     A.when(_rolled(3, 5), A.choose(A.monsters(OPP), into="zorc",
                                    prompt="choose a monster to destroy"),
            A.destroy(A.chosen("zorc"))),
     A.when(_rolled(6, 6), A.destroy(A.monsters(YOU)))),
    once_per_turn=True, label="roll a die: destroy monsters"))
