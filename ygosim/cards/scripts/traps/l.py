"""Traps: L."""
from __future__ import annotations

from ....engine import actions as A
from ....engine import const as K
from ....engine.actions import OPP, YOU
from ....engine.const import ATTACK, BANISHED, DECK, END, FACEDOWN, GY, HAND
from ....engine.effects import continuous, script, trap
from ....engine.flow.battle import force_battle
from ..common import summonable

# Light of Intervention (Continuous Trap): while it is face-up, no monster can be Set or turned
# face-down (either player's): a monster that would be Set is Normal Summoned in face-up
# Defense Position instead (flow/summon.normal_summon; it is a Summon: Trap Hole and Solemn
# Judgment may answer it), a monster Special Summoned face-down is Summoned face-up in Defense
# Position instead, and effects that turn monsters face-down (Book of Moon, Tsukuyomi) find
# nothing to turn (actions.can_turn_facedown). Spells and Traps may still be Set.
script("Light of Intervention", trap(), continuous("no_monster_set"))


def _sweep(d, link):
    """A card of the opponent's hand, picked at random (the duel's generator), is banished
    face-down (only its owner knows it)."""
    p = link["player"]
    q = 1 - p
    hand = d.hand[q]
    if not hand:
        return
    c = hand[d.rng.below(len(hand))]
    d.place(c, BANISHED, q, pos=FACEDOWN)
    d.serial += 1
    link["vars"]["swept"] = (c, d.mid[c])
    d.write(f"{d.names[p]} banishes {d.card(c)} from {d.names[q]}'s hand face-down at random")


def _give_back(d, p, payload):
    """The card goes back to its owner's hand, if it is still banished (face-down) as it was."""
    if payload is None:
        return
    c, mid = payload
    if d.loc[c] == BANISHED and d.mid[c] == mid:
        d.place(c, HAND, d.owner[c])
        d.write(f"{d.names[d.owner[c]]} takes back the card Lightforce Sword banished")


def _fourth_standby(d, link):
    """The opponent's 4th Standby Phase after this activation: turns ahead."""
    return 7 if d.tp == link["player"] else 8


# Lightforce Sword: a random card of the opponent's hand is banished face-down; it returns to
# their hand in their 4th Standby Phase after the activation (a delayed effect: no Chain,
# whatever happened to this card).
script("Lightforce Sword", trap(
    condition=lambda d, link: bool(d.hand[1 - link["player"]]),
    operation=(_sweep, A.delay(_give_back, payload=lambda d, link: link["vars"].get("swept"),
                               turns=_fourth_standby, standby=True))))


def _last_stand(d, link):
    """Every card on the field and in both hands goes to the Graveyard, but the monster its
    player kept."""
    p = link["player"]
    kept = set(link["vars"].get("kept", ()))
    rest = [c for q in (p, 1 - p) for c in list(d.field_cards(q)) + list(d.hand[q])
            if c not in kept and c != link["card"]]
    if rest:
        d.send(rest, GY, K.R_EFFECT, p)


def _challenge(d, link):
    """The opponent's monster Summoned from their Deck attacks the kept monster once this
    Chain has resolved; neither player takes battle damage from that battle."""
    kept = [c for c in link["vars"].get("kept", ()) if d.loc[c] == K.MZONE]
    come = A.summoned("challenger")(d, link)
    if kept and come:
        force_battle(d, come[0], kept[0], no_damage=True)


def _verdict(d, p, payload):
    """The End Phase of that turn: the player whose monster(s) alone remain on the field wins;
    anything else is a draw."""
    if d.winner is not None:
        return
    a, b = bool(d.monsters(0)), bool(d.monsters(1))
    if a != b:
        d.winner = 0 if a else 1
        d.win_reason = "Last Turn"
        d.write(f"{d.names[d.winner]} wins (Last Turn)")
    else:
        d.winner = "draw"
        d.win_reason = "Last Turn"
        d.write("The duel is a draw (Last Turn)")


_deck_monsters = A.pile(DECK, OPP, summonable())

# Last Turn: only in the opponent's turn, with 1000 or less LP, controlling a monster. Its player
# keeps one monster they control (chosen as it resolves); every other card on the field and in
# both hands is sent to the Graveyard; the opponent Special Summons a monster from their Deck
# in face-up Attack Position (their choice), which then attacks the kept monster (a battle
# fought once the Chain has resolved, whatever the phase: flow.battle.force_battle; no battle
# damage). In the End Phase of that turn (the next one, if activated in an End Phase) the
# player whose monster alone remains on the field wins the Duel; otherwise it is a draw.
script("Last Turn", trap(
    condition=lambda d, link: d.tp != link["player"] and d.lp[link["player"]] <= 1000 and
    bool(d.monsters(link["player"])),
    operation=(A.choose(A.monsters(YOU), into="kept", prompt="choose the monster you keep"),
               _last_stand,
               A.choose(_deck_monsters, into="comer", who=OPP,
                        prompt="choose a monster in your Deck to Special Summon"),
               A.special_summon(A.chosen("comer"), pos=ATTACK, who=OPP, into="challenger"),
               A.shuffle_deck(OPP), _challenge,
               A.delay(_verdict, turns=lambda d, link: 1 if d.phase == END else 0))))
