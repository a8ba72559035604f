"""Spells: M."""
from __future__ import annotations

from ....engine import actions as A
from ....engine import const as K
from ....engine.actions import ANY, OPP, YOU
from ....engine.const import GY, MZONE, SZONE
from ....engine.effects import Target, continuous, ignition, quickplay, script, spell
from ..common import (can_discard, can_special_summon_from, discard, equip_spell,
                      excavate_summon, free_zone, has_normal_summonable, not_this,
                      summon_condition_ok)
from ..summoning import room_after


def _atk_1500_or_more(d, src, c):
    return d.atk(c) >= 1500


def _pay_100_or_destroy(d, src):
    """In its controller's Standby Phase: pay 100 LP, or it is destroyed (no Chain). Choice:
    the LP are paid whenever the player can (keeping it is the point of playing it)."""
    p = d.ctrl[src]
    if d.tp != p:
        return
    if d.lp[p] > 100:
        d.pay_lp(p, 100)
    else:
        d.write(f"{d.names[p]} does not pay for {d.card(src)}")
        d.destroy([src], K.R_RULE, p)


# A Continuous Spell: monsters with 1500 or more ATK (both players') cannot declare an attack.
script("Messenger of Peace", spell(),
       continuous("cannot_attack", _atk_1500_or_more),
       continuous("maintenance", _pay_100_or_destroy))


def _no_attack_no_tribute(d, link):
    """This turn the taken monster cannot declare an attack nor be Tributed."""
    for c in A.targets(d, link):
        if d.loc[c] == MZONE and d.ctrl[c] == link["player"]:
            d.flag_card(c, "no_attack")
            d.flag_card(c, "no_tribute")


# Target a monster the opponent controls (face-up or face-down): you control it until the End
# Phase, but it cannot declare an attack or be Tributed (it may still be sent to the Graveyard
# otherwise, and change position).
script("Mind Control", spell(
    condition=free_zone,
    target=Target(A.takeable_monsters(OPP),
                  prompt="choose a monster your opponent controls"),
    operation=(A.take_control(A.targets), _no_attack_no_tribute)))



# -- Metamorphosis -----------------------------------------------------------------------
def _tributable(d, link):
    """Monsters you control (face-up or face-down, a Token too) for which a Fusion Monster of
    the same Level is in your Extra Deck (with a zone for it once the monster is gone), one
    whose own Summon condition allows it (not XYZ-Dragon Cannon, nor 2005's Dark Paladin)."""
    p = link["player"]
    mine = d.monsters(p)
    if not mine:
        return []
    levels = {d.level(c) for c in mine}
    by_level: dict = {}     # (looked up once per call: this is Metamorphosis's condition)
    for f in d.extra[p]:
        x = d.data[f]
        if x.level in levels and x.has_frame("fusion") and \
                (x.script is None or summon_condition_ok(d, f)):
            by_level.setdefault(x.level, []).append(f)
    return [c for c in mine if d.level(c) > 0 and
            any(room_after(d, p, f, (c,)) for f in by_level.get(d.level(c), ()))]


def _fusion_choices(d, link):
    levels = {d.level(c) for c in link["vars"].get("tributed", ())}
    return [c for c in d.extra[link["player"]] if d.data[c].has_frame("fusion")
            and d.level(c) in levels and summon_condition_ok(d, c)]


def metamorphosis(proper):
    """Tribute 1 monster (a cost); Special Summon from your Extra Deck a Fusion Monster with the
    Tributed monster's Level. `proper`: whether that counts as properly Summoned."""
    return spell(condition=A.exists(_tributable),
                 cost=A.tribute(_tributable, prompt="Tribute 1 monster"),
                 operation=(A.choose(_fusion_choices, into="fusion",
                                     prompt="choose a Fusion Monster with the same Level"),
                            A.special_summon(A.chosen("fusion"), proper=proper)))


# Today the Fusion Monster counts as properly Summoned (it may be revived later); in 2005 it
# did not (docs/goat-cards.md R4: only a Fusion Summon is proper).
script("Metamorphosis", metamorphosis(proper=True))
script("Metamorphosis", metamorphosis(proper=False), era="goat")

script("Monster Reborn", spell(
    condition=free_zone,
    target=Target(lambda d, link: (c for p in (0, 1) for c in d.gy[p]
                                   if can_special_summon_from(d, c, link["player"])),
                  prompt="choose a monster in either Graveyard"),
    operation=A.special_summon(A.targets)))

# Discard one card (cost), then target a monster in your Graveyard: add it to your hand.
script("Monster Reincarnation", spell(
    cost=discard(1, cost=True), can_pay=can_discard(1),
    target=Target(A.pile(GY, YOU, A.is_monster_card), prompt="choose a monster in your "
                                                               "Graveyard"),
    operation=A.to_hand(A.targets)))

script("Mystical Space Typhoon", quickplay(
    target=Target(not_this(A.spells_traps(ANY)), prompt="choose a Spell/Trap Card"),
    operation=A.destroy(A.targets)))


# Monster Gate: Tribute 1 monster (cost); turn over cards from the top of your Deck until a
# monster that can be Normal Summoned/Set appears; Special Summon it; the other cards turned
# over go to the Graveyard. Today it needs such a monster in the Deck.
script("Monster Gate", spell(
    condition=has_normal_summonable, can_pay=A.exists(A.monsters(YOU)),
    cost=A.tribute(A.monsters(YOU), 1, prompt="Tribute 1 monster"),
    operation=excavate_summon()))
# 2005 (docs/goat-cards.md ruling R1): it may be activated with no such monster left in the
# Deck: then the whole Deck is turned over, nothing is Summoned and the Deck is shuffled back
# (ruling chosen, no 2005 source: the OCG FAQ and EDOPro's Goat script; the whole Deck went
# to the Graveyard before: docs/rulings-choices.md).
script("Monster Gate", spell(
    can_pay=A.exists(A.monsters(YOU)),
    cost=A.tribute(A.monsters(YOU), 1, prompt="Tribute 1 monster"),
    operation=excavate_summon()), era="goat")


def _destroys_monsters(d, link):
    """The Chain Link just below is the opponent's activation (a card or an effect) whose
    effect would destroy a monster on the field (actions.destroyed_by)."""
    if not d.chain:
        return False
    lk = d.links[d.chain[-1]]
    return lk["player"] != link["player"] and \
        any(d.loc[c] == MZONE for c in A.destroyed_by(d, lk))


# My Body as a Shield (Quick-Play Spell): when the opponent activates a card or effect that
# would destroy monsters on the field, pay 1500 LP (cost): negate the activation and destroy
# that card.
script("My Body as a Shield", quickplay(
    condition=_destroys_monsters, cost=A.pay_lp(1500), can_pay=A.lp_at_least(1500),
    operation=A.negate_activation(), damage_step=True))
# 2005 (EDOPro's Goat script): not in the Damage Step.
script("My Body as a Shield", quickplay(
    condition=_destroys_monsters, cost=A.pay_lp(1500), can_pay=A.lp_at_least(1500),
    operation=A.negate_activation()), era="goat")


def _spells_traps_controlled(d, src):
    """The Spell and Trap Cards (face-up or Set, the Field Spell and cards in the Pendulum
    Zones too) that this card's controller controls, itself included."""
    return sum(1 for c in d.szone[d.ctrl[src]] if c >= 0)


# Mage Power: Equip Spell; +500 ATK and DEF for each Spell and Trap Card its controller controls.
def _mage_power(d, src):
    return 500 * _spells_traps_controlled(d, src)


script("Mage Power", *equip_spell(None, _mage_power, _mage_power))


# -- Mystik Wok --------------------------------------------------------------------------
def _wok_differs(d, link):
    stats = link["vars"].get("tributed_stats")
    return bool(stats) and stats[0][0] != stats[0][1]


def _wok_gain(d, link):
    """Gain the Tributed monster's ATK or DEF (as it was on the field), as declared."""
    stats = link["vars"].get("tributed_stats")
    if stats:
        atk, def_ = stats[0]
        d.gain_lp(link["player"], def_ if link["vars"].get("stat") == "DEF" else atk)


# Quick-Play: Tribute 1 monster you control (cost; no target); gain LP equal to its ATK or DEF
# (as it was on the field), chosen as it resolves.
script("Mystik Wok", quickplay(
    cost=A.tribute(A.tributable()), can_pay=A.exists(A.tributable()),
    operation=(A.when(_wok_differs, *A.declare(("ATK", "DEF"), into="stat",
                                                prompt="gain the Tributed monster's ATK or DEF")),
               _wok_gain)))

# Continuous Spell: in your Main Phase, any number of times (an Ignition-like effect of the
# face-up card): Tribute 1 monster (cost) to deal 400 damage to the opponent.
script("Mass Driver", spell(),
       ignition(A.damage(400, OPP), cost=A.tribute(A.tributable()),
                can_pay=A.exists(A.tributable()), range=SZONE,
                label="Tribute a monster: 400 damage"))


def _megamorph(d, src):
    """Double the equipped monster's original ATK while its controller has fewer LP than the
    opponent, halve it (rounded up) while they have more: a change by the original ATK."""
    e = d.equip[src]
    if e is None:
        return 0
    p, base = d.ctrl[src], d.data[e[0]].atk
    if d.lp[p] < d.lp[1 - p]:
        return base
    return -(base // 2) if d.lp[p] > d.lp[1 - p] else 0


script("Megamorph", *equip_spell(None, _megamorph, 0))

script("Meteor of Destruction", spell(condition=lambda d, link: d.lp[1 - link["player"]] > 3000,
                                      operation=A.damage(1000, OPP)))

_continuous_traps = A.spells_traps(ANY, faceup=True, filter=lambda d, c: d.data[c].is_trap and
                                   d.data[c].subtype == "continuous")

# Discard 1 card (cost): destroy every face-up Continuous Trap Card on the field (no target).
script("Malice Dispersion", spell(
    cost=discard(1, cost=True), can_pay=can_discard(1), condition=A.exists(_continuous_traps),
    operation=A.destroy(_continuous_traps)))

def _other_faceup_spell(d, link):
    return [c for c in d.szone[link["player"]] if c >= 0 and c != link["card"] and d.faceup(c)
            and d.data[c].is_spell]


# Magic Reflector: target a face-up Spell Card you control: put a counter on it; if that card
# would be destroyed (not by the rules), the counter is removed instead (Duel.destroy reads the
# `shield` counter).
script("Magic Reflector", spell(
    target=Target(_other_faceup_spell, prompt="choose a face-up Spell Card you control"),
    operation=A.add_counter(A.targets, "shield", 1)))
