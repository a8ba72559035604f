"""Monsters: M."""
from __future__ import annotations

from ....engine import actions as A
from ....engine import const as K
from ....engine.actions import ANY, OPP, YOU
from ....engine.const import DECK, FACEDOWN_DEFENSE, GY, HAND, MZONE
from ....engine.effects import Target, continuous, flip, ignition, rule, script, trigger
from ....engine.flow import push
from ..common import (all_of, battle_recruiter, can_special_summon_from, free_zone, in_graveyard,
                      itself, level_up, no_opponent_traps_in_battle, on_flip_summon,
                      search_on_summon, spell_counters, stat_aura, summonable, summons_locked,
                      turns_facedown)
from ..extra_deck import pendulum_monster


def _spell_or_trap(d, c):
    return d.data[c].is_spell or d.data[c].is_trap


def _merchant_rest(d, link):
    """The excavated cards other than the Spell/Trap found go to the Graveyard. When none was
    found the Deck is shuffled back, nothing sent (ruling chosen for both eras, no 2005 source
    settling it: the OCG FAQ and EDOPro's script; the 2005 version sent the whole Deck to the
    Graveyard before: docs/rulings-choices.md)."""
    found = A.chosen("found")(d, link)
    rest = [c for c in link["vars"].get("excavated", ()) if d.loc[c] == K.DECK]
    if found:
        d.send(found, K.HAND, K.R_EFFECT, link["player"])
        if rest:
            d.send(rest, GY, K.R_EFFECT, link["player"])
    else:
        d.write(f"{d.names[link['player']]} shuffles the cards turned over back into the Deck")
        d.shuffle_deck(link["player"])


# FLIP: excavate until a Spell/Trap; add it to the hand, the other excavated cards to the GY.
script("Magical Merchant", flip((A.excavate_until(_spell_or_trap), _merchant_rest),
                                label="excavate until a Spell/Trap"))

script("Man-Eater Bug", flip(A.destroy(A.targets),
                             target=Target(A.monsters(ANY), prompt="choose a monster to destroy"),
                             label="destroy a monster"))

pendulum_monster("Mandragon")       # a Pendulum Normal Monster (scales in the card facts)

script("Mysterious Puppeteer", trigger(
    (K.EV_NORMAL_SUMMONED, K.EV_FLIP_SUMMONED), A.gain_lp(500), optional=False,
    condition=A.event_is(K.EV_NORMAL_SUMMONED, K.EV_FLIP_SUMMONED, own=False),
    label="gain 500 LP"))


script("Magician of Faith", flip(
    A.to_hand(A.targets),
    target=Target(A.pile(K.GY, YOU, A.is_spell), prompt="choose a Spell Card in your Graveyard"),
    label="add a Spell Card from the Graveyard to the hand"))

script("Morphing Jar", flip((A.discard_hand(ANY), A.draw(5, ANY)),
                            label="both players discard their hands and draw five cards"))


def _dark_1500(d, c):
    data = d.data[c]
    return data.attribute == "DARK" and data.atk <= 1500


# Destroyed by battle and sent to the Graveyard: a DARK monster with 1500 or less ATK from the
# Deck, in Attack Position. Its owner uses it (the Graveyard it lands in). Today it needs such a
# monster in the Deck and a free zone to be activated; 2005 (R1): it may be activated with none
# in the Deck (shown and shuffled), still needing a free Main Monster Zone (EDOPro's Goat script
# checks the zone).
script("Mystic Tomato", battle_recruiter(_dark_1500, "choose a DARK monster to Special Summon",
                                         "Special Summon a DARK monster from the Deck"))
script("Mystic Tomato", battle_recruiter(_dark_1500, "choose a DARK monster to Special Summon",
                                         "Special Summon a DARK monster from the Deck", r1=True),
       era="goat")

# Mask of Darkness: FLIP: target a Trap in its controller's Graveyard and add it to the hand
# (no Trap there: the FLIP effect does not activate).
script("Mask of Darkness", flip(A.to_hand(A.targets),
                                target=Target(A.pile(GY, YOU, A.is_trap),
                                              prompt="choose a Trap Card to add to your hand"),
                                label="add a Trap from the Graveyard to the hand"))

# Milus Radiant: while face-up, EARTH monsters on the field gain 500 ATK, WIND ones lose 400
# (itself included: it is EARTH).
script("Milus Radiant", stat_aura((A.is_attribute("EARTH"), 500, 0),
                                  (A.is_attribute("WIND"), -400, 0)))


# Marauding Captain: the opponent cannot choose its controller's other face-up Warriors as
# attack targets (two Captains: no face-up Warrior can be attacked; with no monster left to
# attack there is still no direct attack). When Normal Summoned it may Special Summon a Level
# 4 or lower monster from the hand (an optional "When" trigger, no target).
_level_4 = summonable(lambda d, c: 0 < d.level(c) <= 4)

script("Marauding Captain",
       continuous("no_attack_target", lambda d, src, t: t != src and d.ctrl[t] == d.ctrl[src]
                  and d.faceup(t) and d.data[t].type == "Warrior"),
       trigger(K.EV_NORMAL_SUMMONED, A.recruit(_level_4, where=HAND), when=True,
               condition=lambda d, link: free_zone(d, link) and
               A.exists(A.pile(HAND, YOU, _level_4))(d, link),
               label="Special Summon a Level 4 or lower monster from the hand"))


# Maji-Gire Panda: each time one or more face-up Beasts on the field are destroyed (one event,
# however many), it gains 500 ATK for as long as it stays face-up (a mandatory trigger).
# 2005 (EDOPro's Goat version): a Beast destroyed by battle counts at the end of that damage
# calculation, while it is still on the field; today when it is sent to the Graveyard.
def _beast_gone(battle_too):
    def test(d, e):
        info = e[6]
        return info is not None and info[0] == MZONE and info[2] and \
            d.data[e[1]].type == "Beast" and (battle_too or not e[4] & K.R_BATTLE)
    return test


def _beasts_battle_destroyed(d, link):
    return any(d.data[c].type == "Beast" and d.faceup(c) and d.mid[c] == mid
               for c, mid in d.battle_destroyed)


def _panda(battle_too):
    return trigger(K.EV_DESTROYED, A.modify(A.this_card_still, atk=500, until=K.FOREVER),
                   optional=False, condition=A.first_of_batch(_beast_gone(battle_too)),
                   label="gain 500 ATK")


script("Maji-Gire Panda", _panda(True))
script("Maji-Gire Panda", _panda(False),
       trigger(K.EV_AFTER_CALC, A.modify(A.this_card_still, atk=500, until=K.FOREVER),
               optional=False, condition=_beasts_battle_destroyed, label="gain 500 ATK"),
       era="goat")


# Manticore of Darkness: in the End Phase of a turn it was sent to the Graveyard, its owner may
# send a Beast, Beast-Warrior or Winged Beast from the hand or face-up from their field to the
# Graveyard (cost) to Special Summon it. Today: once per turn by name. 2005 (EDOPro's Goat
# version): once per turn per copy, and sent to the Graveyard for the hand size limit in that
# End Phase it may be used at once.
def _manticore_fodder(d, c):
    return d.data[c].type in ("Beast", "Beast-Warrior", "Winged Beast") and \
        (d.loc[c] == HAND or d.faceup(c))


_fodder = A.union(A.pile(HAND, YOU, _manticore_fodder),
                  A.monsters(YOU, faceup=True, filter=_manticore_fodder))


def _manticore_can_pay(d, link):
    cands = _fodder(d, link)
    return bool(cands) and (bool(d.free_mzones(link["player"])) or
                            any(d.loc[c] == MZONE for c in cands))


def _manticore_in_gy(d, link):
    c = link["card"]
    return [c] if d.loc[c] == GY and d.mid[c] == link["cmid"] else []


def _hand_size_discard(d, link):
    ev = link.get("event")
    return ev is not None and ev[1] == link["card"] and d.phase == K.END and \
        ev[4] & K.R_RULE and ev[4] & K.R_DISCARD


def _manticore(events, condition, once):
    return trigger(events, A.special_summon(_manticore_in_gy), range=GY, once_per_turn=once,
                   cost=(A.choose(_fodder, prompt="choose a Beast, Beast-Warrior or Winged "
                                                  "Beast to send to the Graveyard"),
                         A.send_to(A.chosen(), GY, K.R_COST)),
                   condition=all_of(condition, _manticore_can_pay),
                   label="Special Summon it from the Graveyard")


script("Manticore of Darkness", _manticore(K.EV_END_PHASE, A.sent_this_turn(), "name"))
script("Manticore of Darkness", _manticore(K.EV_END_PHASE, A.sent_this_turn(), True),
       _manticore(K.EV_TO_GY, _hand_size_discard, True), era="goat")


# Mataza the Zapper: it may attack twice in each Battle Phase; while it is face-up, control of
# it cannot change (no effect may take it: Change of Heart, Snatch Steal, Creature Swap...).
script("Mataza the Zapper", continuous("extra_attacks", lambda d, src, c: 1 if c == src else 0),
       continuous("no_control_change", itself))


# Mystic Swordsman LV2: attacking a face-down Defense Position monster, it destroys that monster
# at the start of the Damage Step (mandatory, no target; the monster is not flipped and there is
# no damage calculation, so this is not a destruction by battle). In the End Phase of a turn it
# destroyed a monster by battle, it may be sent to the Graveyard to Special Summon Mystic
# Swordsman LV4 from the hand or Deck (today only with one there; 2005 R1: with none, they are
# shown).
def _attacks_facedown(d, link):
    a = d.attack
    c = link["card"]
    return a is not None and a[0] == c and a[2] == d.mid[c] and a[1] >= 0 and \
        d.pos[a[1]] == K.FACEDOWN_DEFENSE


def _mystic_swordsman(r1):
    return (trigger(K.EV_DS_START, A.destroy(A.battled), optional=False,
                    condition=_attacks_facedown, label="destroy the face-down monster"),
            level_up("Mystic Swordsman LV4", K.EV_END_PHASE, A.won_battle_this_turn, r1=r1))


script("Mystic Swordsman LV2", *_mystic_swordsman(False))
script("Mystic Swordsman LV2", *_mystic_swordsman(True), era="goat")


# Mobius the Frost Monarch: when Tribute Summoned, it may target one or two Spell/Trap Cards on
# the field (either side, face-up or Set) and destroy them (an optional "When" trigger).
script("Mobius the Frost Monarch", trigger(
    K.EV_NORMAL_SUMMONED, A.destroy(A.targets), when=True, condition=A.tribute_summoned,
    target=Target(A.spells_traps(ANY), count=2, min=1,
                  prompt="choose up to 2 Spell/Trap Cards to destroy"),
    label="destroy up to 2 Spells/Traps"))


# Medusa Worm: once per turn it may turn itself face-down; Flip Summoned, it targets a monster
# the opponent controls and destroys it (mandatory).
script("Medusa Worm", turns_facedown(), on_flip_summon(
    A.destroy(A.targets), "destroy a monster",
    target=Target(A.monsters(OPP), prompt="choose a monster to destroy")))


# Magical Marionette: a Spell Counter each time a Spell Card's activation resolves while it is
# face-up (no maximum); +200 ATK per counter; remove two (a cost) to target a monster on the
# field and destroy it (no once-per-turn limit).
def _marionette_atk(d, src, c):
    return (200 * d.counter(src, "spell"), 0) if c == src else None


script("Magical Marionette", spell_counters(), continuous("stat", _marionette_atk),
       ignition(A.destroy(A.targets), cost=A.remove_counter("spell", 2),
                can_pay=A.has_counter("spell", 2),
                target=Target(A.monsters(ANY), prompt="choose a monster to destroy"),
                label="remove 2 Spell Counters: destroy a monster"),
       extra={"counters": {"spell": None}})


# Minar: discarded from its owner's hand to the Graveyard by an effect of the opponent's card
# (Delinquent Duo, the opponent's Card Destruction...), the opponent takes 1000 damage
# (mandatory).
script("Minar", trigger(
    K.EV_TO_GY, A.damage(1000), optional=False, range=GY,
    condition=A.sent_by_opponent(K.R_EFFECT | K.R_DISCARD, HAND),
    label="1000 damage to the opponent"))


# Morphing Jar #2: FLIP: every monster on the field is shuffled into its owner's Deck (Tokens
# cease to exist, Fusion Monsters go back to the Fusion Deck; a monster destroyed by the battle
# that flipped the Jar, the Jar too, is not: it goes to the Graveyard, EDOPro's script). Then each player, the turn player
# first, turns over cards from the top of their Deck until as many monsters appear as they got
# back into the Main Deck (or the Deck ends); the Level 4 or lower ones among them that may be
# Special Summoned are, in face-down Defense Position (every monster left the field: there is
# room), and every other card turned over goes to the Graveyard.
def _jar2_return(d, link):
    cards = [c for p in (0, 1) for c in d.monsters(p) if (c, d.mid[c]) not in d.battle_destroyed]
    if not cards:
        link["vars"]["jar2"] = (0, 0)
        return
    d.send(cards, DECK, K.R_EFFECT, link["player"])
    counts = [0, 0]
    for c in cards:
        if d.loc[c] == DECK:
            counts[d.owner[c]] += 1
    for p in (0, 1):
        if counts[p]:
            d.shuffle_deck(p)
    link["vars"]["jar2"] = tuple(counts)


def _jar2_excavate(d, link):
    counts = link["vars"].get("jar2", (0, 0))
    gone, plan = [], []
    for p in (d.tp, 1 - d.tp):
        shown, found = [], 0
        for c in d.deck[p]:
            if found >= counts[p]:
                break
            shown.append(c)
            found += d.data[c].is_monster
        if not shown:
            continue
        d.reveal(shown, head=f"{d.names[p]} excavates")
        room = 0 if summons_locked(d, p) else len(d.free_mzones(p))
        fit = [c for c in shown if d.data[c].is_monster and 0 < d.level(c) <= 4 and
               can_special_summon_from(d, c, p)][:room]
        gone += [c for c in shown if c not in fit]
        plan.append((p, tuple(fit)))
    if gone:
        d.send(gone, GY, K.R_EFFECT, link["player"])
    lid = A._lid(d, link)
    for p, cards in reversed(plan):         # pushed last runs first: the turn player first
        if cards:
            push(d, "special_summon", cards=cards, player=p, pos=FACEDOWN_DEFENSE,
                 how=K.SUM_SPECIAL, lid=lid)


script("Morphing Jar #2", flip((_jar2_return, _jar2_excavate),
                               label="shuffle every monster into the Deck; excavate and Summon"))


# Mystic Swordsman LV6: it may be Set but not Normal Summoned. Attacking a face-down Defense
# Position monster, it destroys that monster at the start of the Damage Step without flipping it
# (mandatory; no damage calculation); if the opponent owns that monster, its player may put it on
# top of the opponent's Deck instead of the Graveyard.
def _lv6_owned_by_opponent(d, link):
    return any(d.owner[c] != link["player"] for c in A.battled(d, link))


def _lv6_destroy(d, link):
    cards = A.battled(d, link)
    if not cards:
        return
    if link["vars"].get("top") and d.owner[cards[0]] != link["player"]:
        d.send(cards, DECK, K.R_EFFECT, link["player"], destroy=True)
    else:
        d.destroy(cards, K.R_EFFECT, link["player"])


script("Mystic Swordsman LV6", trigger(
    K.EV_DS_START,
    (A.when(_lv6_owned_by_opponent,
            A.ask_yesno("Put the destroyed monster on top of your opponent's Deck instead?",
                        "top")),
     _lv6_destroy),
    optional=False, condition=_attacks_facedown, label="destroy the face-down monster"),
    continuous("set_only", range=0),      # (a marker: the idle options read the extra)
    extra={"set_only": True})


# Manju of the Ten Thousand Hands: when Normal or Flip Summoned, its controller may add a Ritual
# Monster or Ritual Spell from the Deck to the hand. Today only with one there; 2005 (R1): with
# none, the Deck is shown.
def _ritual_card(d, c):
    data = d.data[c]
    return data.has_frame("ritual") or data.subtype == "ritual"


_MANJU = ("choose a Ritual Monster or Ritual Spell", "add a Ritual card from the Deck")
script("Manju of the Ten Thousand Hands", search_on_summon(_ritual_card, *_MANJU))
script("Manju of the Ten Thousand Hands", search_on_summon(_ritual_card, *_MANJU, goat=True),
       era="goat")


# Mirage Dragon: while it is face-up, its controller's opponent cannot activate Trap Cards during
# the Battle Phase (as Pitch-Black Warwolf).
script("Mirage Dragon", no_opponent_traps_in_battle())


# Mefist the Infernal General: piercing battle damage; each time it inflicts battle damage to the
# opponent, the opponent discards a card at random (mandatory).
script("Mefist the Infernal General",
       continuous("piercing", itself),
       trigger(K.EV_DAMAGE, A.discard_random(1, who=OPP), optional=False,
               condition=A.inflicts_battle_damage(), label="a random discard"))


# Mother Grizzly: destroyed by battle and sent to the Graveyard, its owner may Special Summon a
# WATER monster with 1500 or less ATK from the Deck in face-up Attack Position. Today only with
# one there; 2005 (R1) also with none (the Deck is shown).
def _water_1500(d, c):
    data = d.data[c]
    return data.attribute == "WATER" and data.atk <= 1500


script("Mother Grizzly", battle_recruiter(
    _water_1500, "choose a WATER monster with 1500 or less ATK",
    "Special Summon a WATER monster from the Deck", pos=K.ATTACK))
script("Mother Grizzly", battle_recruiter(
    _water_1500, "choose a WATER monster with 1500 or less ATK",
    "Special Summon a WATER monster from the Deck", pos=K.ATTACK, r1=True), era="goat")


# Malice Doll of Demise: sent face-up from the field to the Graveyard by the effect of a
# Continuous Spell Card (the Chain Link resolving then is that Spell's), it is Special Summoned
# in its owner's next Standby Phase (mandatory). The cause is noted as it happens (applied, no
# Chain: a card rule on it in the Graveyard).
def _by_continuous_spell(d, link):
    ev = link.get("event")
    c = link["card"]
    if ev is None or ev[1] != c or not ev[4] & K.R_EFFECT or not ev[6][0] & MZONE \
            or not ev[6][2] or not d.chain:
        return False
    lk = d.links.get(d.chain[-1])
    return lk is not None and lk.get("resolving") and d.data[lk["card"]].is_spell and \
        d.data[lk["card"]].subtype == "continuous"


def _note_return(d, link):
    c = link["card"]
    if d.loc[c] == GY:
        d.flag_card(c, "returns", d.turn + 2)


def _doll_due(d, link):
    c = link["card"]
    return d.loc[c] == GY and d.tp == d.owner[c] and d.turn_in[c] < d.turn and \
        bool(d.cflags) and d.card_flag(c, "returns")


script("Malice Doll of Demise",
       rule(K.EV_TO_GY, _note_return, range=GY, condition=_by_continuous_spell,
            label="sent by a Continuous Spell"),
       trigger(K.EV_STANDBY, A.special_summon(A.this_card_still), optional=False, range=GY,
               condition=_doll_due, label="Special Summon it"))


# -- Mokey Mokey King --------------------------------------------------------------------
def _left_field_faceup(d, link):
    ev = link.get("event")
    return ev is not None and ev[1] == link["card"] and bool(ev[6][0] & K.FIELD) and ev[6][2]


def _free_zones(d, link):
    return len(d.free_mzones(link["player"]))


# When this face-up card leaves the field (destroyed, bounced to the Fusion Deck, banished...):
# you may Special Summon as many Mokey Mokey from your Graveyard as you can (as many as you
# have free zones; 2005 and today). An optional "When": it can miss the timing.
script("Mokey Mokey King", trigger(
    K.EV_LEFT_FIELD, (A.choose(in_graveyard(YOU, lambda d, c: d.data[c].name == "Mokey Mokey"),
                               _free_zones, into="mokeys",
                               prompt="Special Summon every Mokey Mokey you can"),
                      A.special_summon(A.chosen("mokeys"))),
    when=True, condition=_left_field_faceup, range=K.GY | K.BANISHED | K.HAND | K.DECK | K.EXTRA,
    label="Special Summon Mokey Mokey from your Graveyard"))
