"""Monsters: T."""
from __future__ import annotations

from ....engine import actions as A
from ....engine import const as K
from ....engine.actions import ANY, OPP, YOU
from ....engine.const import DECK, GY, HAND, MZONE
from ....engine.effects import (Target, continuous, flip, ignition, rule, script,
                                special_procedure, trigger)
from ....engine.flow.battle import attacks_this_turn
from ..common import (absorb_monster, all_of, can_special_summon_from, dice_shield, free_zone, in_graveyard,
                      is_archfiend, not_this, pay_or_destroy, rests_after_attacking,
                      spirit_return, toon_rules)
from ..extra_deck import link_monster


def _reveal(d, link):
    downs = [c for p in (0, 1) for c in d.field_cards(p) if not d.faceup(c)]
    d.reveal(downs, note=" (returned face-down)")


script("The Stern Mystic", flip(_reveal, label="reveal all face-down cards"))


def _self_here(d, link):
    """This card, if it has not moved since its effect was activated."""
    c = link["card"]
    return [c] if d.mid[c] == link["cmid"] and d.loc[c] == MZONE and d.faceup(c) else []


def _own_end_phase(d, link):
    c = link["card"]
    return d.tp == d.ctrl[c] and d.loc[c] == MZONE and d.faceup(c)


script("The Wicked Worm Beast", trigger(
    K.EV_END_PHASE, A.to_hand(_self_here), optional=False, condition=_own_end_phase,
    label="return to the hand"))     # (no summoning restriction: Monster Reborn may revive it)

link_monster("Traffic Ghost", 3, 3)            # 3 monsters


def _maybe_trap(d, c):
    """A card a "Trap on the field" effect may choose: a face-up Trap, or any Set card
    (it could be one)."""
    return not d.faceup(c) or d.data[c].is_trap


script("Trap Master", flip(
    A.destroy(lambda d, link: [c for c in A.targets(d, link) if d.data[c].is_trap]),
    target=Target(A.spells_traps(ANY, filter=_maybe_trap, field_zone=False),
                  prompt="choose a Trap on the field"),
    label="destroy a Trap"))


# ------------------------------------------------------------------ the Goat decks' T monsters
def _thunder_dragon(d, c):
    return d.data[c].name == "Thunder Dragon"


def _found_or_confirm(d, link):
    """R1: nothing found, the Deck is shown; else the Deck is shuffled."""
    if link["vars"].get("found"):
        d.shuffle_deck(link["player"])
    else:
        A.confirm_deck()(d, link)


_DISCARD_SELF = A.send_to(A.this_card, K.GY, K.R_COST | K.R_DISCARD)
_SEARCH_THUNDER = (A.choose(A.pile(DECK, YOU, _thunder_dragon), 2, least=1, into="found",
                            prompt="choose up to two Thunder Dragon"),
                   A.to_hand(A.chosen("found")))

# Discard it from the hand (the cost), in your Main Phase: add up to two Thunder Dragon from
# the Deck to the hand. Today it needs one in the Deck.
script("Thunder Dragon", ignition(
    _SEARCH_THUNDER + (A.shuffle_deck(),), cost=_DISCARD_SELF, range=HAND,
    condition=A.exists(A.pile(DECK, YOU, _thunder_dragon)),
    label="discard it: add up to two Thunder Dragon from the Deck"))

# 2005 (R1): it may be discarded to "search for none" (the Deck is shown to confirm it).
script("Thunder Dragon", ignition(
    _SEARCH_THUNDER + (_found_or_confirm,), cost=_DISCARD_SELF, range=HAND,
    label="discard it: add up to two Thunder Dragon from the Deck"), era="goat")


# Twin-Headed Behemoth: destroyed on the field and sent to the GY, in that turn's End Phase
# (either player's) it may come back with 1000 ATK/DEF. An optional trigger of the End Phase
# itself: nothing comes before it, so it cannot miss its timing.
def _behemoth(by_name):
    return trigger(
        K.EV_END_PHASE,
        (A.special_summon(A.this_card), A.set_base_stats(_behemoth_back, 1000, 1000)),
        range=K.GY, cost=A.use_in_duel(by_name),
        condition=lambda d, link: A.sent_this_turn(K.R_DESTROY, K.FIELD)(d, link) and
        A.unused_in_duel(by_name)(d, link) and bool(d.free_mzones(link["player"])),
        label="Special Summon it with 1000 ATK/DEF")


def _behemoth_back(d, link):
    """The Behemoth, if its effect has just Summoned it."""
    c = link["card"]
    return [c] if d.loc[c] == MZONE and d.turn_in[c] == d.turn and \
        d.mid[c] == link["cmid"] + 1 else []


script("Twin-Headed Behemoth", _behemoth(True))             # once per Duel by name
script("Twin-Headed Behemoth", _behemoth(False), era="goat")   # 2005: each copy once per Duel


# -- Thousand-Eyes Restrict --------------------------------------------------------------
def _other(d, src, c):
    return c != src


def _ter(keep_face_down):
    return (continuous("cannot_attack", _other),
            continuous("no_position_change", _other),
            *absorb_monster(keep_face_down))


# Other monsters cannot attack or change their battle positions (manually); once per turn,
# target a monster the opponent controls (face-up or face-down) and equip it to this card
# (one at a time); its ATK/DEF become that monster's; if it would be destroyed by battle, the
# equipped monster is destroyed instead. Today a face-down monster is equipped face-up and its
# ATK/DEF are taken; 2005: it is equipped face-down and this card's ATK/DEF become 0 ("If
# Thousand-Eyes Restrict is equipped with a face-down Monster Card, its ATK and DEF become 0":
# previously official rulings, yugioh.pl; a 2003 review: "a face-down monster results in the
# ATK and DEF of 0/0").
script("Thousand-Eyes Restrict", *_ter(False))
script("Thousand-Eyes Restrict", *_ter(True), era="goat")


# -- Tribe-Infecting Virus ---------------------------------------------------------------
def _faceup_of_declared(d, link):
    t = link["vars"].get("declared")
    return [c for c in A.monsters(ANY, faceup=True)(d, link) if d.data[c].type == t]


def _types(d, link):
    return A.TYPES_2005 if d.rules.card_era == "goat" else A.TYPES


# Discard 1 card and declare a Type (both as it is activated: the opponent sees the Type
# before responding); destroy every face-up monster of that Type on the field. Any Type may be
# declared (the card's text does not limit it to Types on the field).
script("Tribe-Infecting Virus", ignition(
    A.destroy(_faceup_of_declared),
    cost=A.discard(1, cost=True) + A.declare(_types, prompt="declare a monster Type"),
    can_pay=A.can_discard(1), label="destroy every face-up monster of a Type"))


# -- Tsukuyomi ---------------------------------------------------------------------------
# A Spirit: when Normal Summoned or flipped face-up, target a face-up monster on the field
# (itself, if it is the only one) and change it to face-down Defense Position (mandatory).
script("Tsukuyomi", spirit_return(),
       trigger((K.EV_NORMAL_SUMMONED, K.EV_FLIPPED), A.set_facedown(A.targets),
               optional=False,
               target=Target(A.monsters(ANY, filter=A.can_turn_facedown),
                             prompt="choose a face-up monster to turn face-down"),
               label="turn a monster face-down"),
       cannot_special_summon=True)


# Thestalos the Firestorm Monarch: when Tribute Summoned, the opponent discards a random card
# (mandatory, no target; with an empty hand nothing happens); if it is a Monster Card they take its original Level x 100 damage.
def _discarded_level(d, link):
    out = link["vars"].get("discarded", ())
    return 100 * d.data[out[0]].level if out and d.data[out[0]].is_monster else 0


script("Thestalos the Firestorm Monarch", trigger(
    K.EV_NORMAL_SUMMONED, (A.discard_random(1, who=OPP), A.damage(_discarded_level)),
    optional=False, condition=A.tribute_summoned,
    label="the opponent discards a random card"))


def _everyone(d, src, p):
    return True


# The Last Warrior from Another Planet (2005 and today): when it is Special Summoned (by any
# means), every other monster its controller controls is destroyed (mandatory, no target);
# while it is face-up on the field neither player can Normal, Flip or Special Summon (Sets are
# allowed; cards that would Special Summon cannot be activated: common.can_special_summon_from).
script("The Last Warrior from Another Planet",
       trigger(K.EV_SPECIAL_SUMMONED, A.destroy(A.excluding_this(A.monsters(YOU))),
               optional=False, label="destroy every other monster you control"),
       continuous("summon_lock", _everyone))


# The Rock Spirit: cannot be Normal Summoned or Set; its own procedure Special Summons it from the
# hand by banishing an EARTH monster from its player's Graveyard (a cost), and it must first come
# out that way. During the opponent's Battle Phase it is 300 ATK stronger.
def _earth(d, c):
    return d.data[c].is_monster and d.data[c].attribute == "EARTH"


_EARTH_IN_GY = A.banishable_from_gy(YOU, _earth)

script("The Rock Spirit",
       continuous("stat", lambda d, src, c: (300, 0) if c == src and d.phase == K.BATTLE and
                  d.tp != d.ctrl[src] else None),
       extra=special_procedure(
           cost=(A.choose(_EARTH_IN_GY, into="banished",
                          prompt="banish an EARTH monster from your Graveyard"),
                 A.banish_cost(A.chosen("banished"))),
           can_pay=A.exists(_EARTH_IN_GY)))


# The Creator: cannot be Special Summoned from the Graveyard. Once per turn: target a monster in
# its controller's Graveyard, then (as it resolves) send a card from the hand to the Graveyard
# and, if that is done, Special Summon the target. It needs a card in the hand and a free zone.
def _sent_from_hand(d, link):
    return any(d.loc[c] == GY for c in link["vars"].get("chosen", ()))


script("The Creator", ignition(
    (A.choose(A.pile(HAND, YOU), prompt="choose a card to send to the Graveyard"),
     A.send_to(A.chosen(), GY), A.when(_sent_from_hand, A.special_summon(A.targets))),
    once_per_turn=True, condition=all_of(free_zone, A.exists(A.pile(HAND, YOU))),
    target=Target(in_graveyard(YOU), prompt="choose a monster in your Graveyard"),
    label="send a card from the hand: Special Summon a monster from the Graveyard"),
    extra={"no_gy_summon": True})


# The Fiend Megacyber: its own procedure Special Summons it from the hand while the opponent
# controls at least two more monsters than its player; it may be Normal Summoned too (Tribute).
def _outnumbered(d, link):
    p = link["player"]
    return len(d.monsters(1 - p)) - len(d.monsters(p)) >= 2


script("The Fiend Megacyber",
       extra={**special_procedure(can_pay=_outnumbered, nomi=False), "no_normal_summon": False})


# The Forgiving Maiden: Tribute this face-up card (a cost) to target one of its controller's
# monsters in their Graveyard that was destroyed by battle this turn; add it to the hand.
def _lost_battle_today(d, c):
    return d.data[c].is_monster and d.moved(c, K.R_BATTLE | K.R_DESTROY, d.turn)


script("The Forgiving Maiden", ignition(
    A.to_hand(A.targets), cost=A.send_to(A.this_card, GY, K.R_COST | K.R_TRIBUTE),
    target=Target(A.pile(GY, YOU, _lost_battle_today),
                  prompt="choose a monster destroyed by battle this turn"),
    label="Tribute it: a monster destroyed by battle this turn back to the hand"))


# Toon Cannon Soldier: a Toon that may be Normal Summoned without Toon World (common.toon_rules:
# it cannot attack the turn it is Summoned, is destroyed with a face-up Toon World, attacks
# directly while its controller has Toon World and the opponent no Toon). Any number of times:
# Tribute a monster (a cost; itself too) to inflict 500 damage to the opponent. 2005 (TP6/DB2)
# and today alike.
script("Toon Cannon Soldier", *toon_rules(), ignition(
    A.damage(500), cost=A.tribute(A.monsters(YOU), 1, prompt="Tribute 1 monster"),
    can_pay=lambda d, link: bool(d.monsters(link["player"])),
    label="Tribute a monster: 500 damage"))


# Toon Goblin Attack Force: a Toon that may be Normal Summoned without Toon World
# (common.toon_rules); if it attacked, it is changed to Defense Position at the end of the
# Battle Phase and its position cannot be changed until the end of its controller's next turn.
script("Toon Goblin Attack Force", *toon_rules(), rests_after_attacking())


# Time Wizard: once per turn its controller calls a coin toss: called right, every monster the
# opponent controls is destroyed; called wrong, every monster its controller controls is
# destroyed (Time Wizard too), and they take damage equal to half the total ATK those
# monsters had face-up on the field.
def _called(right):
    return lambda d, link: bool(link["vars"].get("right")) == right


def _backfire(d, link):
    p = link["player"]
    mine = list(d.monsters(p))
    atk = {c: d.atk(c) for c in mine if d.faceup(c)}
    gone = d.destroy(mine, K.R_EFFECT, p)
    half = sum(atk.get(c, 0) for c in gone) // 2
    if half:
        d.damage(p, half, by=p)


_backfire.destroys = A.monsters(YOU)        # (actions.destroyed_by)

script("Time Wizard", ignition(
    (A.call_coin(), A.when(_called(True), A.destroy(A.monsters(OPP))),
     A.when(_called(False), _backfire)),
    once_per_turn=True, label="call a coin toss: destroy the opponent's monsters"))


# The Little Swordsman of Aile: Tribute another monster its controller controls (a cost) to
# give it 700 ATK until the end of the turn; any number of times.
script("The Little Swordsman of Aile", ignition(
    A.modify(A.this_card_here, 700),
    cost=A.tribute(not_this(A.monsters(YOU)), 1, prompt="Tribute 1 other monster"),
    can_pay=lambda d, link: len(d.monsters(link["player"])) >= 2,
    label="Tribute a monster: +700 ATK"))


# The Agent of Creation - Venus: pay 500 LP (a cost) to Special Summon a Mystical Shine Ball
# from the hand or Deck (face-up); any number of times, with one there and a free zone.
def _shine_ball(d, c):
    return d.data[c].name == "Mystical Shine Ball" and can_special_summon_from(d, c, d.owner[c])


script("The Agent of Creation - Venus", ignition(
    A.recruit(_shine_ball, where=K.DECK | K.HAND, prompt="choose a Mystical Shine Ball"),
    cost=A.pay_lp(500), can_pay=A.lp_at_least(500),
    condition=all_of(free_zone, A.exists(A.union(A.pile(K.HAND, YOU, _shine_ball),
                                                   A.pile(K.DECK, YOU, _shine_ball)))),
    label="pay 500 LP: Special Summon Mystical Shine Ball"))


# The End of Anubis: while it is face-up, the effects of Spells, Traps and monsters activated in
# a Graveyard, or that target a card in a Graveyard, are negated (as they resolve: the rule
# `negate_gy_effects`).
script("The End of Anubis", continuous("negate_gy_effects"))


# Tyrant Dragon: if the opponent still controls a monster after its first attack (on a monster)
# in a Battle Phase, it may attack once more; the effect of a Trap that targets it is negated and
# the Trap destroyed; a Special Summon of it from the Graveyard Tributes a Dragon-Type monster.
def _tyrant_again(d, src, c):
    if c != src or not d.monsters(1 - d.ctrl[src]):
        return 0
    first = attacks_this_turn(d, src)[:1]
    return 1 if first and first[0][0] >= 0 else 0


script("Tyrant Dragon",
       continuous("extra_attacks", _tyrant_again),
       continuous("negate_targeting", lambda d, src, link: d.data[link["card"]].is_trap),
       extra={"revive_tribute": lambda d, c: d.data[c].type == "Dragon"})


# Terrorking Archfiend: it cannot be Normal or Flip Summoned unless its controller controls a
# face-up Archfiend monster (a Set is allowed); its controller pays 800 LP in each of their
# Standby Phases, or it is destroyed (no Chain Link); an opponent's effect that targets it is
# negated as it resolves, and that card destroyed, on a die roll of 2 or 5; an Effect Monster it
# destroys by battle has its effects negated, on the field and in the Graveyard (applied after
# damage calculation, no Chain Link: no Sangan or Mystic Tomato effect). 2005 and today alike.
def _archfiend_beside(d, c, p):
    return any(d.faceup(x) and is_archfiend(d, x) for x in d.monsters(p))


def _effect_victims(d, link):
    return [c for c in A.destroyed_in_this_battle(d, link) if "effect" in d.data[c].frames]


script("Terrorking Archfiend",
       pay_or_destroy(800), dice_shield(2, 5),
       rule(K.EV_AFTER_CALC, A.negate_into_gy(_effect_victims),
            condition=lambda d, link: bool(_effect_victims(d, link)),
            label="negate the effects of the monster it destroyed"),
       continuous("summon_if", range=0),            # (a marker: flow.summon reads the extra)
       extra={"summon_if": _archfiend_beside})
