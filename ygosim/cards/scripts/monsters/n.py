"""Monsters: N."""
from __future__ import annotations

from ....engine import actions as A
from ....engine import const as K
from ....engine.actions import ANY, OPP, YOU
from ....engine.const import FACEDOWN_DEFENSE, GY, HAND, MZONE
from ....engine.effects import Target, flip, script, trigger
from ..common import all_of, battle_destroyed_in_gy, stat_aura


def _flip_monster(d, c):
    data = d.data[c]
    return data.is_monster and "flip" in data.frames


def _from_hand_to_gy(d, link):
    ev = link.get("event")
    return ev is not None and ev[1] == link["card"] and ev[6][0] == HAND


# FLIP: destroy a monster the opponent controls (targets). Sent from the hand to the Graveyard
# (a discard for a cost or by an effect, the hand size limit...): return a Flip monster other
# than this card from the Graveyard to the hand (mandatory; it targets, so with no such monster
# it does not activate). "Other than this card" is this very card, not its name: another Night
# Assailant in the Graveyard may be returned (2005 and today's texts say "this card").
script("Night Assailant",
       flip(A.destroy(A.targets), target=Target(A.monsters(OPP),
                                                prompt="choose a monster to destroy"),
            label="destroy an opponent's monster"),
       trigger(K.EV_TO_GY, A.to_hand(A.targets), optional=False, range=GY,
               condition=_from_hand_to_gy,
               target=Target(A.excluding_this(A.pile(GY, YOU, _flip_monster)),
                             prompt="choose a Flip monster in your Graveyard"),
               label="return a Flip monster from the Graveyard to the hand"))


# Nimble Momonga: destroyed by battle and sent to the Graveyard, its controller gains 1000 LP
# (mandatory), then may Special Summon Nimble Momonga from the Deck in face-down Defense
# Position (a yes/no while it resolves; as many as the free zones allow, today "any number",
# 2005 "up to two"). Today the offer needs one in the Deck; 2005 (R1): it may be accepted with
# none there, and the Deck is shown and shuffled.
def _momonga(d, c):
    return d.data[c].name == "Nimble Momonga"


def _momonga_offer(r1):
    def cond(d, link):
        p = link["player"]
        return bool(d.free_mzones(p)) and (r1 or any(_momonga(d, c) for c in d.deck[p]))
    return cond


def _accepted(d, link):
    return link["vars"].get("more")


def _nimble_momonga(n, r1):
    return trigger(K.EV_BATTLE_DESTROYED, (
        A.gain_lp(1000),
        A.when(_momonga_offer(r1),
               A.ask_yesno("Special Summon Nimble Momonga from your Deck?", into="more"),
               A.when(_accepted, *A.recruit(_momonga, pos=FACEDOWN_DEFENSE, n=n, confirm=r1,
                                            prompt="choose the Nimble Momonga to Summon")))),
        optional=False, range=GY, condition=battle_destroyed_in_gy,
        label="gain 1000 LP and Special Summon Nimble Momonga")


script("Nimble Momonga", _nimble_momonga(None, False))
script("Nimble Momonga", _nimble_momonga(2, True), era="goat")


# Newdoria: destroyed by battle and sent to the Graveyard, it targets a monster on the field and
# destroys it (mandatory; with no monster on the field it does not activate).
script("Newdoria", trigger(K.EV_BATTLE_DESTROYED, A.destroy(A.targets), optional=False,
                           range=GY, condition=battle_destroyed_in_gy,
                           target=Target(A.monsters(ANY), prompt="choose a monster to destroy"),
                           label="destroy a monster"))


# Needle Burrower: when it destroys a monster by battle and that monster is sent to the Graveyard,
# the opponent takes 500 damage per Level of that monster (mandatory; it must still be on the
# field: destroyed in the same battle, it does nothing).
def _victim_level(d, link):
    ev = link.get("event")
    return 500 * d.level(ev[1]) if ev is not None else 0


script("Needle Burrower", trigger(
    K.EV_BATTLE_DESTROYED, A.damage(_victim_level), optional=False,
    condition=lambda d, link: link["event"][1] != link["card"] and
    d.loc[link["card"]] == MZONE and A.destroys_by_battle(d, link),
    label="500 damage per Level of the destroyed monster"))


# Nightmare Penguin: FLIP (also flipped by an attack or an effect): target a card the opponent
# controls and return it to the hand (mandatory; none there: it does not activate). While it is
# face-up, its controller's WATER monsters gain 200 ATK (itself too).
script("Nightmare Penguin",
       flip(A.to_hand(A.targets),
            target=Target(A.union(A.monsters(OPP), A.spells_traps(OPP)),
                          prompt="choose a card your opponent controls"),
            label="return an opponent's card to the hand"),
       stat_aura((A.is_attribute("WATER"), 200, 0), who=YOU))


# Ninja Grandmaster Sasuke: attacking a face-up Defense Position monster, it destroys that
# monster at the start of the Damage Step (mandatory, no target): no damage calculation (the
# 2005 text says "face-up" too). Not a face-down monster, nor when it is attacked.
def _attacks_faceup_defense(d, link):
    a = d.attack
    c = link["card"]
    return a is not None and a[0] == c and a[3] == d.mid[c] and a[1] >= 0 and \
        d.pos[a[1]] == K.DEFENSE


script("Ninja Grandmaster Sasuke", trigger(
    K.EV_DS_START, A.destroy(A.battled), optional=False, condition=_attacks_faceup_defense,
    label="destroy the face-up Defense Position monster"))


# Neko Mane King: sent to its owner's Graveyard by an effect of the opponent's card during the
# opponent's turn (from the hand, the Deck or the field), it ends that turn: once the Chain has
# resolved the turn goes on to its End Phase (mandatory).
def _opponents_turn(d, link):
    return d.tp != d.owner[link["card"]]


script("Neko Mane King", trigger(
    K.EV_TO_GY, A.end_turn, optional=False, range=GY,
    condition=all_of(_opponents_turn, A.sent_by_opponent(K.R_EFFECT)),
    label="end the opponent's turn"))
