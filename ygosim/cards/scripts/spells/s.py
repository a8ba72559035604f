"""Spells: S."""
from __future__ import annotations

from ....engine import actions as A
from ....engine import const as K
from ....engine.actions import ANY, OPP, YOU
from ....engine.const import DEFENSE, GY, HAND, MAIN1, MZONE, SZONE
from ....engine.effects import Target, continuous, quickplay, script, spell, trigger
from ..common import (SPIRIT_MESSAGES, all_of, destroy_chosen, equip_spell, field_spell, not_this,
                      opponents_standby, spirit_message, steal_equip, still_here, summons_locked)

# ------------------------------------------------------------------------- Serial Spell
def _copied_link(d, link):
    """The Chain Link of the Normal Spell Card that Serial Spell copies: the one it was
    chained to (the top of the Chain when it is activated)."""
    lid = link["vars"].get("copies")
    if lid is None:
        lid = d.chain[-1] if d.chain else None
    return d.links.get(lid) if lid is not None else None


def _copied_effect(d, link):
    lk = _copied_link(d, link)
    return None if lk is None else d.data[lk["card"]].script.effects[lk["ei"]]


def _chained_to_own_normal_spell(d, link):
    """Directly chained to its own player's Normal Spell Card activation, whose own
    activation condition holds for the copy too."""
    lk = _copied_link(d, link)
    if lk is None or not lk["card_act"] or lk["player"] != link["player"]:
        return False
    data = d.data[lk["card"]]
    if not data.is_spell or data.subtype != "normal":
        return False
    eff = data.script.effects[lk["ei"]]
    return eff.condition is None or eff.condition(d, link)


def _discard_hand(d, link):
    """The cost: note the Spell copied, then discard the whole hand."""
    link["vars"]["copies"] = d.chain[-1]
    hand = [c for c in d.hand[link["player"]] if c != link["card"]]
    d.send(hand, GY, K.R_COST | K.R_DISCARD, link["player"])


class _CopiedTargets:
    """The targets of the copied Spell's effect, chosen by Serial Spell's player for the copy
    (none if that Spell has none)."""

    def groups_for(self, d, link):
        eff = _copied_effect(d, link)
        return () if eff is None or eff.target is None else eff.target.groups_for(d, link)

    def possible(self, d, link):
        eff = _copied_effect(d, link)
        return eff is None or eff.target is None or eff.target.possible(d, link)


# Quick-Play, only directly chained to your own Normal Spell Card: discard your whole hand (at
# least one card; cost); its effect is that Spell's effect (with its own targets; not its cost).
script("Serial Spell", quickplay(
    condition=_chained_to_own_normal_spell, cost=_discard_hand,
    can_pay=lambda d, link: any(c != link["card"] for c in d.hand[link["player"]]),
    target=_CopiedTargets(),
    operation=A.steps_of(lambda d, link: getattr(_copied_effect(d, link), "operation", ()))))

_opp_faceup = A.monsters(OPP, faceup=True)

# The face-up monster the opponent controls with the highest DEF (you pick among ties; no
# target).
script("Smashing Ground", destroy_chosen(
    _opp_faceup, A.highest_def, "choose the monster with the highest DEF to destroy"))


# -- Scapegoat ---------------------------------------------------------------------------
def scapegoat(lock):
    """4 Sheep Tokens in Defense Position; needs 4 free Monster Zones and no Summon by you this
    turn; `lock` is the step that forbids your Summons for the rest of the turn."""
    return quickplay(condition=all_of(A.free_zones(4), A.not_summoned_this_turn,
                                      lambda d, link: not summons_locked(d, link["player"])),
                     cost=lock,
                     operation=A.tokens("Sheep Token", 4, pos=DEFENSE, exempt=True))


# Today: "you cannot Summon other monsters the turn you activate this card" holds once it is
# activated, even if the activation is negated. 2005: the restriction is part of the card's
# resolution rules: a negated activation (Magic Jammer) lifts it, a negated effect does not
# (docs/goat-cards.md).
script("Scapegoat", scapegoat(A.player_flag("no_summon", who=YOU)),
       extra={"tokens": ("Sheep Token",)})
script("Scapegoat", scapegoat(A.oath("no_summon")), extra={"tokens": ("Sheep Token",)},
       era="goat")


# -- Snatch Steal ------------------------------------------------------------------------
# Equip only to a face-up monster the opponent controls: you control it. In each of the
# opponent's Standby Phases they gain 1000 LP. When it leaves the field, control goes back.
script("Snatch Steal",
       steal_equip(),
       trigger(K.EV_STANDBY, A.gain_lp(1000, who=OPP), optional=False, range=SZONE,
               condition=opponents_standby, label="the opponent gains 1000 LP"),
       extra={"bind": K.BIND_CONTROL})

script("Sogen", *field_spell((A.is_type("Warrior", "Beast-Warrior"), 200, 200)))


def _must_tribute(sel):
    """This turn, if the player Tributes, the selected opponent's monsters must be among the
    Tributes, as if the player controlled them (see flow.forced_tributes)."""
    def step(d, link):
        for c in sel(d, link):
            d.pflags.append((link["player"], ("must_tribute", c, d.mid[c]), d.turn))
    return step


# You cannot conduct your Battle Phase the turn you activate it (not an effect: it holds even
# if the card is negated), so it cannot be activated once the Battle Phase was conducted.
script("Soul Exchange", spell(
    condition=lambda d, link: d.phase == MAIN1,
    cost=A.player_flag("no_battle_phase", who=YOU),
    target=Target(A.monsters(OPP), prompt="choose a monster your opponent controls"),
    operation=_must_tribute(A.targets)))

script("Sword of Dark Destruction", *equip_spell(A.is_attribute("DARK"), 400, -200))


def _opponent_cannot_attack(d, src, c):
    return d.ctrl[c] != d.ctrl[src]


def _third_end_phase(d, src):
    """In the End Phase of the opponent's third turn counted from its activation (the turn of
    activation counts if it was the opponent's), it is destroyed. No chain."""
    if d.tp != d.ctrl[src] and (d.turn - d.turn_in[src]) // 2 + 1 >= 3:
        d.write(f"{d.card(src)} has stayed for the opponent's third turn")
        d.destroy([src], K.R_EFFECT, d.ctrl[src])


# A Normal Spell that stays on the field: on activation every face-down monster the opponent
# controls is turned face-up (their FLIP effects activate); while it is face-up the opponent's
# monsters cannot declare an attack.
script("Swords of Revealing Light",
       spell(operation=(A.flip_faceup(A.monsters(OPP, faceup=False), DEFENSE),
                        A.start_turn_count)),
       continuous("cannot_attack", _opponent_cannot_attack),
       continuous("end_phase", _third_end_phase),
       extra={"stays": True})


_other_spells_in_hand = not_this(A.pile(HAND, YOU, A.is_spell))

# Send two Spell Cards from your hand to the Graveyard (cost; not a discard), then target a
# Spell Card in your Graveyard: add it to your hand.
script("Spell Reproduction", spell(
    cost=(A.choose(_other_spells_in_hand, 2, into="sent", prompt="send 2 Spell Cards to the "
                                                                 "Graveyard"),
          A.send_to(A.chosen("sent"), GY, K.R_COST)),
    can_pay=A.exists(_other_spells_in_hand, 2),
    target=Target(A.pile(GY, YOU, A.is_spell), prompt="choose a Spell Card in your Graveyard"),
    operation=A.to_hand(A.targets)))


def _just_summoned(d, src, c):
    """The monster's Summon (Normal, Flip or Special) is what just happened (its event is in
    the current window, the monster still as it was Summoned)."""
    mid = d.mid[c]
    for e in d.events:
        if e[1] == c and e[2] == mid and e[0] in K.EV_SUMMON_ANY:
            return True
    return False


# Stumbling (Continuous Spell): each monster Normal, Flip or Special Summoned (either
# player's) is changed to Defense Position as it arrives (a continuous rule, no Chain: applied
# by flow.state_check right after the Summon; afterwards it may change position as usual).
script("Stumbling", spell(), continuous("force_defense", _just_summoned))


# Soul Release: target 1 to 5 cards in either Graveyard (or both): banish them.
script("Soul Release", spell(
    target=Target(A.banishable_from_gy(ANY), count=5, min=1,
                  prompt="choose up to 5 cards in the Graveyards"),
    operation=A.banish(A.targets)))

# Spell Economics (Continuous Spell): its controller pays no LP to activate Spell Cards (the
# rule `free_spell_lp`, read by the costs actions.pay_lp / pay_half_lp and lp_at_least).
script("Spell Economics", spell(),
       continuous("free_spell_lp", lambda d, src, p: d.ctrl[src] == p))


def _swap_original(d, link):
    """Until the end of the turn, every face-up monster on the field has its original ATK and
    DEF swapped (other changes stay on top)."""
    for p in (0, 1):
        for c in d.monsters(p):
            if d.faceup(c):
                data = d.data[c]
                d.add_mod(c, data.def_ - data.atk, data.atk - data.def_, d.turn)
                d.write(f"{d.card(c)} is now {d.atk(c)}/{d.def_(c)}")


# Shield & Sword: the original ATK and DEF of every face-up monster now on the field are
# swapped until the end of the turn (not monsters that arrive later).
script("Shield & Sword", spell(condition=A.exists(A.monsters(ANY, faceup=True)),
                               operation=_swap_original))


def _conceal(d, link):
    """Every monster the opponent controls is changed to face-down Defense Position (a Token,
    which cannot be, to face-up Defense: EDOPro's Goat version)."""
    if not still_here(d, link):
        return
    for c in list(d.monsters(1 - link["player"])):
        if A.can_turn_facedown(d, c):
            if not d.pos[c] & K.FACEDOWN:
                A.set_facedown(lambda d2, l2: [c])(d, link)
        elif d.pos[c] == K.ATTACK:
            d.set_position(c, DEFENSE)


def _second_own_standby(d, src):
    """Its controller's second Standby Phase after its activation: destroyed (no Chain)."""
    if d.tp == d.ctrl[src] and d.turn - d.turn_in[src] >= 4:
        d.write(f"{d.card(src)} is destroyed (its second Standby Phase)")
        d.destroy([src], K.R_RULE, d.ctrl[src])


# Swords of Concealing Light (Continuous Spell): on resolution every monster the opponent
# controls is changed to face-down Defense Position; while it is face-up, the opponent's
# monsters cannot change their battle positions (no manual change, no Flip Summon: the rule
# `no_position_change`; card effects still may). Destroyed in its controller's second Standby
# Phase after activation. 2005 (EDOPro's Goat version): the lock holds for every monster the
# opponent controls, not only those it turned face-down.
script("Swords of Concealing Light",
       spell(operation=(_conceal, A.start_turn_count)),
       continuous("no_position_change", lambda d, src, c: d.ctrl[c] != d.ctrl[src]),
       continuous("maintenance", _second_own_standby))


# Smoke Grenade of the Thief (Equip Spell): when it is destroyed and sent to the Graveyard, its
# player looks at the opponent's hand and discards a card of it (a mandatory trigger).
script("Smoke Grenade of the Thief", *equip_spell(),
       trigger(K.EV_TO_GY, (A.reveal(A.pile(HAND, OPP), to=YOU),
                            A.choose(A.pile(HAND, OPP), prompt="choose a card of your "
                                                                "opponent's hand to discard"),
                            A.send_to(A.chosen(), GY, K.R_EFFECT | K.R_DISCARD)),
               optional=False, range=GY,
               condition=lambda d, link: _destroyed_on_field(d, link),
               label="discard a card of the opponent's hand"))


def _destroyed_on_field(d, link):
    """This card was destroyed on the field by a card effect (not sent away by the rules when
    its monster left) and sent to the Graveyard: the event that queued its trigger."""
    ev = link.get("event")
    c = link["card"]
    return ev is not None and ev[1] == c and d.loc[c] == GY and d.mid[c] == ev[2] and \
        ev[4] & K.R_EFFECT and d.moved(c, K.R_DESTROY, came_from=SZONE)


# Spell Absorption (Continuous Spell): each time a Spell Card's activation resolves, its
# controller gains 500 LP (no Chain; only for Spells activated while it was face-up: the rule
# `spell_resolved`).
script("Spell Absorption", spell(),
       continuous("spell_resolved", lambda d, src, link: d.gain_lp(d.ctrl[src], 500)))


def _bounced(d, link):
    """A monster went from the field back to its owner's hand (the event's info: where it
    was)."""
    ev = link.get("event")
    return ev is not None and ev[1] >= 0 and d.loc[ev[1]] == HAND and \
        bool(ev[6]) and ev[6][0] == MZONE


# Spring of Rebirth (Continuous Spell): each time a monster on the field returns to its owner's
# hand, its controller gains 500 LP (a mandatory trigger, one per monster).
script("Spring of Rebirth", spell(),
       trigger(K.EV_SENT_TO_HAND, A.gain_lp(500), optional=False, range=SZONE, condition=_bounced,
               label="gain 500 LP"))

# Spirit Messages "I", "N", "A" and "L": they cannot be activated or Set; Destiny Board places
# them (in that order) in its player's Spell & Trap Zones; if one leaves the field, the whole set
# goes to the Graveyard.
for _name in SPIRIT_MESSAGES:
    _sm = spirit_message()
    script(_name, *_sm["effects"], extra=_sm["extra"])
