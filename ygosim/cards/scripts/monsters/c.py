"""Monsters: C."""
from __future__ import annotations

from ....engine import actions as A
from ....engine import const as K
from ....engine.actions import ANY, YOU
from ....engine.const import ATTACK, FACEDOWN_DEFENSE, GY, HAND
from ....engine.effects import Target, continuous, flip, ignition, script
from ....engine.flow import push, summon_locked
from ..common import (battle_boost, can_discard, can_special_summon_from, discard, stat_aura,
                      summons_locked)
from .b import banish_and_stay, light_dark_procedure


# Command Knight: its controller's Warriors gain 400 ATK (itself too); while its controller
# controls another monster, the opponent cannot choose it as an attack target.
script("Command Knight",
       stat_aura((A.is_type("Warrior"), 400, 0), who=A.YOU),
       continuous("no_attack_target",
                  lambda d, src, t: t == src and len(d.monsters(d.ctrl[src])) > 1))


# Special Summoned by banishing 1 LIGHT and 1 DARK from the GY; once per turn, if it did not
# attack: target a face-up monster and banish it (it cannot attack this turn).
script("Chaos Sorcerer", banish_and_stay(target_filter_faceup=True),
       extra=light_dark_procedure())


# -- Cyber Jar ---------------------------------------------------------------------------
def _jar_pick_up(d, link):
    """Both players pick up (to the hand) the top five cards of their Deck and show them; both
    reveal before either Summons (the 2005 ruling)."""
    picked = []
    for p in (d.tp, 1 - d.tp):
        cards = d.top_cards(p, 5)
        if cards:
            d.reveal(cards, head=f"{d.names[p]} picks up and shows")    # to both players
            d.send(cards, HAND, K.R_EFFECT, link["player"])
        picked.append((p, tuple(cards)))
    link["vars"]["jar"] = tuple(picked)


def _jar_fit(locked_to_gy):
    """A picked-up monster player p Special Summons (or, with no room for it, sends to the
    Graveyard): Level 4 or lower, one that may be Special Summoned. Under a "cannot Summon"
    rule (Scapegoat's), `locked_to_gy` (2005): still one, sent to the Graveyard (the 2005
    Netrep ruling: "all monsters that could be Special Summoned will be sent to the
    Graveyard"); today: not one, it stays in the hand with the other cards (today's text, "add
    any remaining cards to their hand"; EDOPro; docs/rulings-choices.md)."""
    def fit(d, c, p):
        data = d.data[c]
        if not (d.loc[c] == HAND and data.is_monster and 0 < data.level <= 4 and
                can_special_summon_from(d, c, p)):
            return False
        return locked_to_gy or not summon_locked(d, p)
    return fit


def _jar_choose(fit_for):
    def choose(d, link):
        """A player with more such monsters than free zones picks those to Summon (asked of
        each player in turn: the turn player first)."""
        k = link["vars"].get("jar_k", 0)
        jar = link["vars"]["jar"]
        if k >= len(jar):
            return
        link["vars"]["jar_k"] = k + 1
        p, cards = jar[k]
        fit = [c for c in cards if fit_for(d, c, p)]
        room = len(d.free_mzones(p))
        if summon_locked(d, p):
            room = 0                # under Scapegoat's rule: none is Summoned
        key = f"jar_sum{p}"
        push(d, "steps", lid=A._lid(d, link), steps=(choose,))    # then the next player
        if len(fit) <= room:
            link["vars"][key] = tuple(fit)
        elif room == 0:
            link["vars"][key] = ()
        else:
            A.ask_select(d, link, p, d.select_options(fit, room, player=p),
                         f"{d.name(link['card'])}: choose the monsters to Special Summon", key)
    return choose


def _jar_summon(fit_for):
    def summon(d, link):
        """Each player Special Summons their own chosen monsters (face-up Attack or face-down
        Defense, their choice); the other picked-up monsters that could not be Summoned go to
        the Graveyard; the other cards stay in the hand."""
        lid = A._lid(d, link)
        jar = link["vars"]["jar"]
        gone = []
        for p, cards in jar:
            chosen = set(link["vars"].get(f"jar_sum{p}", ()))
            gone += [c for c in cards if fit_for(d, c, p) and c not in chosen]
        if gone:
            d.send(gone, GY, K.R_EFFECT, link["player"])
        for p, cards in reversed(jar):          # pushed last runs first: the turn player first
            chosen = tuple(c for c in link["vars"].get(f"jar_sum{p}", ()) if d.loc[c] == HAND)
            if chosen:
                push(d, "special_summon", cards=chosen, player=p, pos=None,
                     positions=(ATTACK, FACEDOWN_DEFENSE), how=K.SUM_SPECIAL, lid=lid)
    summon.summons = True           # (actions.special_summons_in)
    return summon


def _cyber_jar(locked_to_gy):
    fit = _jar_fit(locked_to_gy)
    return flip((A.destroy(A.monsters(ANY)), _jar_pick_up, _jar_choose(fit), _jar_summon(fit)),
                label="destroy all monsters; both players pick up five cards")


script("Cyber Jar", _cyber_jar(False))
script("Cyber Jar", _cyber_jar(True), era="goat")


# Cipher Soldier: while it battles a Warrior, it gains 2000 ATK and DEF. 2005: for the whole
# Damage Step of that battle ("during the Damage Step only": a continuous effect, no Chain Link);
# today during that damage calculation only.
def _warrior(d, c):
    return d.data[c].type == "Warrior"


script("Cipher Soldier", battle_boost(_warrior, 2000, 2000, calc_only=True))
script("Cipher Soldier", battle_boost(_warrior, 2000, 2000), era="goat")


# Cannon Soldier: Tribute 1 monster its controller controls (itself too: a cost) to inflict 500
# damage to the opponent; no limit per turn.
script("Cannon Soldier", ignition(A.damage(500), cost=A.tribute(A.monsters(YOU), 1),
                                  can_pay=A.can_tribute(1), label="Tribute a monster: 500 damage"))


# Cyber-Stein: pay 5000 LP (a cost) to Special Summon a Fusion Monster from the Extra Deck in
# face-up Attack Position (it needs one there, with a zone for it). Today it counts as properly
# Summoned; in 2005 it did not (docs/goat-cards.md R4, as Metamorphosis): once gone from the
# field it cannot be revived.
def _stein_fusions(d, link):
    p = link["player"]
    if summons_locked(d, p):
        return []
    return [c for c in d.extra[p] if d.data[c].has_frame("fusion") and d.summon_zones(p, c)]


def _cyber_stein(proper):
    return ignition((A.choose(_stein_fusions, into="fusion",
                              prompt="choose a Fusion Monster to Special Summon"),
                     A.special_summon(A.chosen("fusion"), pos=ATTACK, proper=proper)),
                    condition=A.exists(_stein_fusions), cost=A.pay_lp(5000),
                    can_pay=A.lp_at_least(5000),
                    label="pay 5000 LP: Special Summon a Fusion Monster")


script("Cyber-Stein", _cyber_stein(True))
script("Cyber-Stein", _cyber_stein(False), era="goat")


# Chaos Command Magician: the effect of a monster that targets this card and no other card is
# negated as it resolves (no Chain Link; the monster is not destroyed).
def _only_this_by_monster(d, src, link):
    return len(link["targets"]) == 1 and d.data[link["card"]].is_monster and \
        not link["card_act"]


script("Chaos Command Magician", continuous("disable_targeting", _only_this_by_monster))


# Chiron the Mage: once per turn its controller may discard a Spell Card (a cost) to target a
# Spell or Trap Card the opponent controls and destroy it (2005's FET text already names the
# opponent's side).
script("Chiron the Mage", ignition(
    A.destroy(A.targets), once_per_turn=True,
    cost=discard(1, cost=True, filter=A.is_spell, prompt="discard a Spell Card"),
    can_pay=can_discard(1, A.is_spell),
    target=Target(A.spells_traps(A.OPP), prompt="choose a Spell/Trap Card to destroy"),
    label="discard a Spell: destroy a Spell/Trap"))


# Crimson Ninja: FLIP: target a Trap Card on the field (a face-up Trap, or any Set Spell/Trap
# Card); a Set target is shown to its controller, destroyed if it is a Trap Card, else left
# Set (2005 and today alike).
def _trap_or_set(d, c):
    return d.data[c].is_trap or (not d.faceup(c) and d.seq[c] != K.FIELD_ZONE)


def _expose_trap(d, link):
    for c in A.targets(d, link):
        if not d.faceup(c):
            d.reveal([c], to=link["player"])
        if d.data[c].is_trap:
            d.destroy([c], K.R_EFFECT, link["player"])


_expose_trap.destroys = A.targets           # (actions.destroyed_by)

script("Crimson Ninja", flip(
    _expose_trap, target=Target(A.spells_traps(ANY, filter=_trap_or_set),
                                prompt="choose a Trap Card to destroy"),
    label="destroy a Trap Card"))
