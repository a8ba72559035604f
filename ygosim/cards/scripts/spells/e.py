"""Spells: E."""
from __future__ import annotations

from ....engine import actions as A
from ....engine import const as K
from ....engine.actions import OPP, YOU
from ....engine.const import GY, HAND, MZONE, SZONE
from ....engine.effects import Target, continuous, quickplay, script, spell, trigger
from ..common import all_of, change_position, equip_spell, equipped_only, not_this

# Enemy Controller (Quick-Play), one of two uses chosen on activation (`activate Enemy
# Controller effect 2` for the second): target a face-up monster the opponent controls and
# change its battle position; or Tribute 1 monster you control (cost) and target a face-up
# monster the opponent controls: you control it until the End Phase.
script("Enemy Controller",
       quickplay(target=Target(A.monsters(OPP, faceup=True),
                               prompt="choose a face-up monster your opponent controls"),
                 operation=change_position(A.targets)),
       quickplay(cost=A.tribute(A.tributable()), can_pay=A.exists(A.tributable()),
                 target=Target(A.takeable_monsters(OPP, faceup=True),
                               prompt="choose a face-up monster your opponent controls"),
                 operation=A.take_control(A.targets)))

_other_spells_traps = not_this(A.spells_traps(YOU))

_own_hand, _opp_hand = A.pile(HAND, YOU), A.pile(HAND, OPP)


def _both_hold_cards(d, link):
    return bool(d.hand[link["player"]]) and bool(d.hand[1 - link["player"]])


# Exchange (2005 and today): both players show each other their hands; the activating player
# takes a card of the opponent's hand into their own, then the opponent one of theirs (chosen
# from the hands as they were: the two cards change hands at once). Needs a card in the
# opponent's hand and another in yours; with either hand empty as it resolves, nothing happens.
# A taken card stays its owner's: played, it goes to its owner's Graveyard (or Deck) when it
# leaves (a hand holds its holder's cards: Duel.place, A.to_hand(who=)).
script("Exchange", spell(
    condition=all_of(A.exists(_opp_hand), A.exists(not_this(_own_hand))),
    operation=A.when(_both_hold_cards,
                     A.reveal(_opp_hand, to=YOU), A.reveal(_own_hand, to=OPP),
                     A.choose(_opp_hand, into="taken",
                              prompt="take a card of your opponent's hand"),
                     A.choose(_own_hand, into="given", who=OPP,
                              prompt="take a card of your opponent's hand"),
                     A.to_hand(A.chosen("taken"), who=YOU),
                     A.to_hand(A.chosen("given"), who=OPP))))

# Emergency Provisions (Quick-Play): send any number (at least 1) of the other Spell and Trap
# Cards you control, face-up or Set, to the Graveyard (cost); gain 1000 LP for each.
script("Emergency Provisions", quickplay(
    cost=(A.choose(_other_spells_traps, lambda d, link: len(_other_spells_traps(d, link)),
                   least=1, into="sent", prompt="send Spell/Trap Cards to the Graveyard"),
          A.send_to(A.chosen("sent"), GY, K.R_COST)),
    can_pay=A.exists(_other_spells_traps),
    operation=A.gain_lp(lambda d, link: 1000 * len(link["vars"].get("sent", ())))))

def _ecto_pick(d, link):
    """The turn player picks a face-up monster they control to Tribute (the effect: no cost)."""
    tp = d.tp
    mons = [c for c in d.monsters(tp) if d.faceup(c)]
    if mons:
        A.ask_select(d, link, tp, d.select_options(mons, 1, player=tp),
                     f"{d.name(link['card'])}: Tribute a face-up monster", "ecto")


def _ecto_damage(d, link):
    """It is Tributed; the other player takes half its original ATK as damage."""
    tp = d.tp
    cards = [c for c in link["vars"].get("ecto", ()) if d.loc[c] == MZONE]
    if cards:
        half = d.data[cards[0]].atk // 2
        d.send(cards, GY, K.R_TRIBUTE | K.R_EFFECT, tp)
        if d.loc[cards[0]] != MZONE:
            d.damage(1 - tp, half, by=link["player"])


# Ectoplasmer (Continuous Spell): once in each player's End Phase (a mandatory trigger), the turn
# player Tributes a face-up monster they control and the other player takes damage equal to half
# its original ATK.
script("Ectoplasmer", spell(),
       trigger(K.EV_END_PHASE, (_ecto_pick, _ecto_damage), optional=False, range=SZONE, once_per_turn=True,
               condition=lambda d, link: any(d.faceup(c) for c in d.monsters(d.tp)),
               label="the turn player Tributes a face-up monster: half its ATK as damage"))

def _ekibyo_count(d, src):
    """At the start of each End Phase of the equipped monster's controller, count it."""
    e = d.equip[src]
    if e is not None and d.mid[e[0]] == e[1] and d.ctrl[e[0]] == d.tp:
        d.counters[(src, "ekibyo")] = d.counter(src, "ekibyo") + 1


def _ekibyo_due(d, link):
    c = link["card"]
    e = d.equip[c]
    return e is not None and d.mid[e[0]] == e[1] and d.ctrl[e[0]] == d.tp and \
        d.counter(c, "ekibyo") >= 2


def _ekibyo_strike(d, link):
    """Destroy the equipped monster; if it is destroyed, this card returns to its owner's
    hand."""
    c = link["card"]
    e = d.equip[c]
    if e is None or d.mid[e[0]] != e[1] or d.loc[e[0]] != MZONE:
        return
    d.destroy([e[0]], K.R_EFFECT, link["player"])
    if d.loc[e[0]] != MZONE and d.loc[c] & (K.FIELD | GY):    # (sent to the GY with it)
        d.send([c], K.HAND, K.R_EFFECT, link["player"])


# Ekibyo Drakmord (Equip Spell): the equipped monster cannot attack; in the End Phase of its
# controller's second turn (the turn of activation counts when it is theirs), it is destroyed
# (a mandatory trigger) and, if it was, this card returns to its owner's hand.
script("Ekibyo Drakmord", *equip_spell(),
       continuous("cannot_attack", equipped_only),
       continuous("end_phase", _ekibyo_count),
       trigger(K.EV_END_PHASE, _ekibyo_strike, optional=False, range=SZONE,
               condition=_ekibyo_due, label="destroy the equipped monster"))
