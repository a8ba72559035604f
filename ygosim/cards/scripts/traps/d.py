"""Traps: D."""
from __future__ import annotations

from ....engine import actions as A
from ....engine import const as K
from ....engine.actions import OPP, YOU
from ....engine.const import DECK, DEFENSE, DRAW, GY, HAND, SZONE
from ....engine.effects import Target, continuous, counter_trap, script, trap, trigger
from ..common import (SPIRIT_MESSAGES, board_falls, can_discard, chained_to, check_destiny_board,
                      discard, monster_effect_activated)


# When a monster's effect is activated: discard one card (cost); negate the activation and
# destroy that monster (if it is on the field).
script("Divine Wrath", counter_trap(
    condition=chained_to(monster_effect_activated), cost=discard(1, cost=True),
    can_pay=can_discard(1), operation=A.negate_activation()))


def _is_dragon(d, src, c):
    return d.data[c].type == "Dragon" and d.faceup(c)


script("Dragon Capture Jar", trap(),
       continuous("force_defense", _is_dragon),
       continuous("no_position_change", _is_dragon))

# Target a Spell/Trap Card the opponent controls and destroy it; then (only if it was
# destroyed) you may Set a Spell/Trap Card from your hand.
script("Dust Tornado", trap(
    target=Target(A.spells_traps(OPP), prompt="choose a Spell/Trap Card your opponent controls"),
    operation=(A.destroy(A.targets),
               A.when(lambda d, link: not A.targets(d, link), A.set_from_hand()))))


def _drawn_now(d, link):
    """The cards the opponent just drew for their Draw Phase draw, still in their hand."""
    if d.phase != DRAW or d.tp == link["player"]:
        return []
    return [e[1] for e in A.answered(link, (K.EV_DRAW,))
            if d.mid[e[1]] == e[2] and d.loc[e[1]] == HAND and d.owner[e[1]] == d.tp]


# When the opponent draws for their Draw Phase: the card they drew is discarded.
script("Drop Off", trap(
    when=(K.EV_DRAW,), condition=A.exists(_drawn_now),
    operation=(A.reveal(_drawn_now, to=A.ANY),
               A.send_to(_drawn_now, GY, K.R_EFFECT | K.R_DISCARD))))

def _next_message(d, p):
    """The Spirit Message Destiny Board places next: the first of I, N, A, L that player p
    does not have face-up on their field."""
    up = {d.data[c].name for c in d.szone[p] if c >= 0 and d.faceup(c)}
    for name in SPIRIT_MESSAGES:
        if name not in up:
            return name
    return None


def _board_due(d, link):
    """In the opponent's End Phase, while a Spirit Message is still to be placed."""
    p = link["player"]
    return d.tp != p and _next_message(d, p) is not None


def _message_cands(d, link):
    p = link["player"]
    name = _next_message(d, p)
    if name is None or -1 not in d.szone[p][:5]:
        return []
    return [c for c in d.hand[p] + d.deck[p] if d.data[c].name == name]


def _place_message(d, link):
    """Put the chosen Spirit Message face-up in a Spell & Trap Zone; the set complete: a win."""
    p = link["player"]
    c = link["card"]
    if not (d.loc[c] == SZONE and d.mid[c] == link["cmid"]):
        return
    for m in link["vars"].get("message", ()):
        if d.loc[m] in (HAND, DECK) and -1 in d.szone[p][:5]:
            from_deck = d.loc[m] == DECK
            d.place(m, SZONE, p, pos=K.FACEUP)
            d.write(f"{d.names[p]} places {d.card(m)}")
            if from_deck:
                d.shuffle_deck(p)
    check_destiny_board(d, p)


# Destiny Board (Continuous Trap): in each of the opponent's End Phases (a mandatory trigger,
# once per turn) its player places the next Spirit Message (I, N, A, L in that order) from the
# hand or Deck face-up in a Spell & Trap Zone; with Destiny Board and all four face-up, that
# player wins. If it or a Spirit Message leaves the field, the rest go to the Graveyard.
script("Destiny Board", trap(),
       trigger(K.EV_END_PHASE, (A.choose(_message_cands, into="message",
                                         prompt="choose the next Spirit Message"),
                                _place_message),
               optional=False, range=SZONE, once_per_turn=True, condition=_board_due,
               label="place the next Spirit Message"),
       board_falls())



_not_faceup_defense = A.monsters(YOU, filter=lambda d, c: d.pos[c] != DEFENSE)

# Desert Sunlight: every monster you control is changed to face-up Defense Position; face-down
# ones are flipped face-up (their FLIP effects activate). Needs one that is not already so.
script("Desert Sunlight", trap(condition=A.exists(_not_faceup_defense),
                               operation=A.change_to(_not_faceup_defense, DEFENSE)))


def _virus_victims(d, c):
    return d.data[c].is_monster and d.atk(c) <= 1500


def _virus_checks(d, p, drawn, virus_player):
    """Each card the opponent draws is shown to the virus's player; a monster with 1500 or less
    ATK among them is destroyed."""
    cards = [c for c in drawn if d.loc[c] == HAND]
    if not cards:
        return
    d.reveal(cards, to=virus_player)
    hit = [c for c in cards if _virus_victims(d, c)]
    if hit:
        d.destroy(hit, K.R_EFFECT, virus_player)


def _virus(d, link):
    """Look at the opponent's hand; destroy the monsters with 1500 or less ATK they control and
    hold."""
    p = link["player"]
    q = 1 - p
    if d.hand[q]:
        d.reveal(list(d.hand[q]), to=p)
    hit = [c for c in d.monsters(q) if _virus_victims(d, c)] + \
        [c for c in d.hand[q] if _virus_victims(d, c)]
    if hit:
        d.destroy(hit, K.R_EFFECT, p)


def _third_opponent_turn(d, link):
    """The last turn the draws are checked: the opponent's third turn counting this one if it
    is theirs (EDOPro's Goat reading of "for 3 of your opponent's turns")."""
    return d.turn + (4 if d.tp != link["player"] else 5)


_dark_2000 = A.monsters(YOU, filter=lambda d, c: d.data[c].attribute == "DARK" and
                        d.atk(c) >= 2000)

# Deck Devastation Virus: Tribute a DARK monster with 2000 or more ATK (cost): look at the
# opponent's hand and destroy the monsters with 1500 or less ATK in it and on their field;
# then for three of their turns each card they draw is shown and destroyed if it is such a
# monster (a lingering rule on their draws, actions.on_draws, no Chain).
script("Deck Devastation Virus", trap(
    cost=A.tribute(_dark_2000, prompt="Tribute a DARK monster with 2000 or more ATK"),
    can_pay=A.exists(_dark_2000),
    operation=(_virus, A.on_draws(_virus_checks, who=OPP, payload=lambda d, link:
                                  link["player"], until=_third_opponent_turn))))


# Disturbance Strategy: the opponent (holding a card) shuffles their whole hand into the Deck,
# then draws as many cards.
script("Disturbance Strategy", trap(condition=lambda d, link: bool(d.hand[1 - link["player"]]),
                                    operation=A.hand_into_deck(OPP)))
