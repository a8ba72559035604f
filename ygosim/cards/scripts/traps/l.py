"""Traps: L."""
from __future__ import annotations

from ....engine import actions as A
from ....engine.const import BANISHED, FACEDOWN, HAND
from ....engine.effects import continuous, script, trap

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
