"""Monsters: G."""
from __future__ import annotations

from ....engine import actions as A
from ....engine import const as K
from ....engine.actions import ANY, OPP, YOU
from ....engine.const import GY, HAND
from ....engine.effects import (Target, continuous, flip, ignition, quick, script,
                                special_procedure, trigger)
from ..common import (banish_procedure, battle_destroyed_in_gy, battle_recruiter,
                      can_special_summon_from, change_position, itself, on_flip_summon,
                      rests_after_attacking, summonable, turns_facedown)
from ..extra_deck import link_monster, synchro_monster, xyz_monster

synchro_monster("Gaia Knight, the Force of Earth")   # 1 Tuner + 1 or more non-Tuner monsters
link_monster("Gaia Saber, the Lightning Shadow", 2)  # 2+ monsters (Link-3)
xyz_monster("Gagagigo the Risen", 4, 3)              # 3 Level 4 monsters
xyz_monster("Gem-Knight Pearl", 4, 2)                # 2 Level 4 monsters


def _earth_1500(d, c):
    data = d.data[c]
    return data.attribute == "EARTH" and data.atk <= 1500


script("Giant Rat", battle_recruiter(_earth_1500, "choose an EARTH monster to Special Summon",
                                     "Special Summon an EARTH monster"))
script("Giant Rat", battle_recruiter(_earth_1500, "choose an EARTH monster to Special Summon",
                                     "Special Summon an EARTH monster", r1=True), era="goat")


# ------------------------------------------------------------------ the Goat decks' G monsters
def _heads(d, link):
    return link["vars"].get("heads", 0)


# Once per turn: three coins; destroy as many monsters on the field as heads came up (chosen
# while resolving, from either side, this card too if it must: no targets).
script("Gatling Dragon", ignition(
    (A.toss_coins(3), A.choose(A.monsters(ANY), _heads, prompt="choose monsters to destroy"),
     A.destroy(A.chosen())),
    once_per_turn=True, label="toss three coins: destroy a monster per heads"))

script("Gravekeeper's Guard", flip(
    A.to_hand(A.targets), target=Target(A.monsters(OPP), prompt="choose a monster to return"),
    label="return an opponent's monster to the hand"))


def _gravekeeper_1500(d, c):
    data = d.data[c]
    return "Gravekeeper's" in data.name and data.atk <= 1500 and \
        can_special_summon_from(d, c, d.owner[c])


script("Gravekeeper's Spy", flip(
    A.recruit(_gravekeeper_1500, prompt="choose a Gravekeeper's monster"),
    label="Special Summon a Gravekeeper's monster from the Deck"))

# 2005 (R1): with no such monster in the Deck, the Deck is shown to confirm it.
script("Gravekeeper's Spy", flip(
    A.recruit(_gravekeeper_1500, prompt="choose a Gravekeeper's monster", confirm=True),
    label="Special Summon a Gravekeeper's monster from the Deck"), era="goat")


# Gearfried the Iron Knight (2005): an Equip Spell Card that becomes equipped to it is destroyed
# at once by its effect (a rule checked after each action: no Chain). Today: when any Equip
# Card (an Equip Spell, or a monster or Trap equipped as one) is equipped to it, that card is
# destroyed by a mandatory Trigger Effect (a Chain Link of its own, after the equip resolved:
# Snatch Steal first takes it, then goes and control returns).
def _equipped_card(d, link):
    e = link["event"][6]
    eq = d.equip[e]
    return [e] if eq is not None and eq[0] == link["card"] and eq[1] == d.mid[link["card"]] \
        else []


script("Gearfried the Iron Knight", trigger(
    K.EV_EQUIPPED, A.destroy(_equipped_card), optional=False,
    label="destroy the Equip Card equipped to it"))
script("Gearfried the Iron Knight", continuous(
    "rejects_equip", lambda d, src, monster, card: monster == src and d.data[card].is_spell),
    era="goat")


# Goblin Attack Force: if it attacked, at the end of the Battle Phase it is changed to Defense
# Position (no Chain), and its position cannot be changed until the end of its controller's
# next turn. Giant Orc does the same.
script("Goblin Attack Force", rests_after_attacking())
script("Giant Orc", rests_after_attacking())


# Gravekeeper's Assailant: when it declares an attack while Necrovalley is face-up on the field
# (either Field Zone), its controller may target a face-up monster the opponent controls and
# change its battle position (an optional "When" trigger).
def _attacks_in_necrovalley(d, link):
    ev = link.get("event")
    if ev is None or ev[1] != link["card"]:
        return False
    for p in (0, 1):
        f = d.szone[p][K.FIELD_ZONE]
        if f >= 0 and d.faceup(f) and d.data[f].name == "Necrovalley":
            return True
    return False


script("Gravekeeper's Assailant", trigger(
    K.EV_ATTACK, change_position(A.targets), when=True, condition=_attacks_in_necrovalley,
    target=Target(A.monsters(OPP, faceup=True), prompt="choose a monster to change"),
    label="change the battle position of an opponent's monster"))


# Gravekeeper's Spear Soldier: piercing battle damage.
script("Gravekeeper's Spear Soldier", continuous("piercing", itself))


# Gyaku-Gire Panda: +500 ATK for each monster the opponent controls (face-down ones and Tokens
# too); piercing battle damage.
def _per_opponent_monster(d, src, c):
    return (500 * len(d.monsters(1 - d.ctrl[src])), 0) if c == src else None


script("Gyaku-Gire Panda", continuous("stat", _per_opponent_monster),
       continuous("piercing", itself))


# Golem Sentry: once per turn it may turn itself face-down; Flip Summoned, it targets a monster
# the opponent controls and returns it to the hand (mandatory).
script("Golem Sentry", turns_facedown(), on_flip_summon(
    A.to_hand(A.targets), "return a monster to the hand",
    target=Target(A.monsters(OPP), prompt="choose a monster to return to the hand")))


# Gearfried the Swordmaster: cannot be Normal Summoned or Set; only Release Restraint may
# Special Summon it (not in the Goat card pool: it is never properly Summoned there, so nothing
# can revive it either). Each time an Equip Card is equipped to it, it targets a monster the
# opponent controls and destroys it (mandatory).
script("Gearfried the Swordmaster", trigger(
    K.EV_EQUIPPED, A.destroy(A.targets), optional=False,
    target=Target(A.monsters(OPP), prompt="choose a monster to destroy"),
    label="destroy a monster"), extra={"no_normal_summon": True, "nomi": True})


# Guardian Sphinx: once per turn it may turn itself face-down (an Ignition effect); when it is
# Flip Summoned (not when flipped by an attack or an effect), every monster the opponent
# controls goes back to the hand (mandatory, no target; a Fusion Monster to the Extra Deck).
script("Guardian Sphinx", turns_facedown(),
       on_flip_summon(A.to_hand(A.monsters(OPP)), "return the opponent's monsters to the hand"))


# Granmarg the Rock Monarch: when Tribute Summoned, it targets a Set card on the field (a
# face-down monster, Spell or Trap, either side) and destroys it (mandatory; with none, it does
# not activate). A target turned face-up meanwhile is not destroyed.
def _still_set(d, link):
    return [c for c in A.targets(d, link) if d.pos[c] & K.FACEDOWN]


script("Granmarg the Rock Monarch", trigger(
    K.EV_NORMAL_SUMMONED, A.destroy(_still_set), optional=False, condition=A.tribute_summoned,
    target=Target(A.union(A.monsters(ANY, faceup=False), A.spells_traps(ANY, faceup=False)),
                  prompt="choose a Set card to destroy"),
    label="destroy a Set card"))


# Gravekeeper's Watcher: from the hand, when the opponent activates a card or an effect that would
# make that opponent discard as it resolves (2005: "... making your opponent discard"; a discard
# paid as a cost does not count: Lightning Vortex; an effect that makes only Watcher's owner
# discard, Delinquent Duo, is not one), its owner may send it to the Graveyard (a cost) to negate
# that activation and destroy the card (Graceful Charity, Card Destruction, Morphing Jar...).
def _opponent_discards(d, link):
    if not d.chain:
        return False
    lk = d.links[d.chain[-1]]
    return lk["player"] != link["player"] and A.makes_discard(d, lk, A.YOU)


script("Gravekeeper's Watcher", quick(
    A.negate_activation(), range=HAND, condition=_opponent_discards, damage_step=True,
    cost=A.send_to(A.this_card, GY, K.R_COST),
    label="send it to the Graveyard: negate a discarding card"))


# Giant Germ: destroyed by battle and sent to the Graveyard, the opponent takes 500 damage; then
# its owner may Special Summon any number of Giant Germ from the Deck in Attack Position (as many
# as free zones allow). Today asked only with one in the Deck; 2005 (R1, EDOPro's Goat script):
# asked anyway, the Deck shown if none is there.
_GERM = summonable(lambda d, c: d.data[c].name == "Giant Germ")


def _germ(r1):
    def may(d, link):
        p = link["player"]
        return bool(d.free_mzones(p)) and (r1 or any(_GERM(d, c) for c in d.deck[p]))
    return trigger(K.EV_BATTLE_DESTROYED, (
        A.damage(500),
        A.when(may, A.ask_yesno("Special Summon Giant Germs from your Deck?", "germs"),
               A.when(lambda d, link: link["vars"].get("germs"),
                      A.recruit(_GERM, pos=K.ATTACK, n=None, confirm=r1,
                                prompt="choose the Giant Germs to Special Summon")))),
        optional=False, range=K.GY, condition=battle_destroyed_in_gy,
        label="500 damage; Special Summon Giant Germs from the Deck")


script("Giant Germ", _germ(False))
script("Giant Germ", _germ(True), era="goat")


# Gigantes: cannot be Normal Summoned or Set; it is first Special Summoned from the hand by
# banishing an EARTH monster from its owner's Graveyard (a cost, no Chain). Destroyed by battle
# and sent to the Graveyard, it destroys every Spell and Trap Card on the field (mandatory).
script("Gigantes",
       trigger(K.EV_BATTLE_DESTROYED, A.destroy(A.spells_traps(ANY)), optional=False,
               range=K.GY, condition=battle_destroyed_in_gy,
               label="destroy every Spell and Trap Card"),
       extra=banish_procedure(lambda d, c: d.data[c].attribute == "EARTH",
                              "banish an EARTH monster from your Graveyard"))


# Greenkappa: FLIP: target 2 Set Spell/Trap Cards on the field and destroy them (those still
# Set). With fewer than 2 Set, it does nothing.
def _still_set(d, link):
    return [c for c in A.targets(d, link) if not d.faceup(c)]


script("Greenkappa", flip(
    A.destroy(_still_set),
    target=Target(A.spells_traps(ANY, faceup=False), count=2,
                  prompt="choose 2 Set Spell/Trap Cards to destroy"),
    label="destroy 2 Set Spell/Trap Cards"))


# Gilasaurus: its owner may Special Summon it from the hand by its own procedure (no cost; it
# may be Normal Summoned too). Summoned that way, the opponent may then Special Summon a
# monster from their own Graveyard to their field (they choose it, as a target, or none; a
# mandatory trigger). 2005: the same (EDOPro's Goat version: a procedure from the hand).
def _by_its_procedure(d, link):
    ev = link.get("event")
    return ev is not None and ev[1] == link["card"] and ev[6] == K.BY_PROCEDURE


script("Gilasaurus",
       trigger(K.EV_SPECIAL_SUMMONED, A.special_summon(A.targets, who=OPP, by=OPP),
               optional=False, condition=_by_its_procedure,
               target=Target(A.pile(K.GY, OPP, summonable()), min=0, who="opp",
                             prompt="choose a monster in your Graveyard to Special Summon"),
               label="the opponent may Special Summon a monster from their Graveyard"),
       extra=special_procedure(nomi=False, normal=True))


# Gear Golem the Moving Fortress: once per turn, in its controller's Main Phase 1, pay 800 LP
# (a cost): it may attack directly this turn (a card rule, read by its `direct_attack` rule).
script("Gear Golem the Moving Fortress",
       ignition(A.card_rule(A.this_card_here, "direct_attack"), cost=A.pay_lp(800),
                can_pay=A.lp_at_least(800), once_per_turn=True,
                condition=lambda d, link: d.phase == K.MAIN1,
                label="pay 800 LP: attack directly this turn"),
       continuous("direct_attack", lambda d, src, c: c == src and bool(d.cflags) and
                  d.card_flag(src, "direct_attack")))


# Guardian Kay'est: it cannot be Normal, Flip or Special Summoned unless its controller controls
# a face-up Rod of Silence - Kay'est (a Set is allowed); it is unaffected by Spell effects, and it
# cannot be chosen as an attack target, though it does not keep the opponent from attacking
# directly (the rule `attack_ignored`).
def _has_rod(d, c, p):
    return any(d.data[s].name == "Rod of Silence - Kay'est" and d.faceup(s)
               for s in d.spells(p))


script("Guardian Kay'est",
       continuous("unaffected", lambda d, src, c, by: c == src and d.data[by].is_spell),
       continuous("attack_ignored", itself),
       continuous("summon_if", range=0),            # (a marker: flow.summon reads the extra)
       extra={"summon_if": _has_rod, "special_if": _has_rod})
