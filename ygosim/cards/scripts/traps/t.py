"""Traps: T."""
from __future__ import annotations

from ....engine import actions as A
from ....engine import const as K
from ....engine.actions import ANY, OPP
from ....engine.const import HAND
from ....engine.effects import Target, script, trap
from ..common import chained_to

script("Threatening Roar", trap(operation=A.player_flag("no_attack", who=OPP)))

# When a monster is Summoned (Normal, Flip or Special; a Token too): destroy every monster on
# the field. No target. It answers the Summon's own window, or the one that opens after a
# Chain that Summoned (flow.summon.respond_after_chain); with ignition priority (goat) it may
# still be chained to the turn player's Ignition effect there, the Summon being what happened.
script("Torrential Tribute", trap(
    when=K.EV_SUMMON_ANY,
    condition=A.exists(A.monsters(ANY)),
    operation=A.destroy(A.monsters(ANY))))

_opp_hand = A.pile(HAND, OPP)

# Only while the opponent holds 4 or more cards: look at their whole hand (shown to this
# card's player only), choose a monster card there and shuffle it into their Deck. No target;
# with no monster in that hand the player just sees it.
script("Trap Dustshoot", trap(
    condition=A.exists(_opp_hand, 4),
    operation=(A.reveal(_opp_hand, to=A.YOU),
               A.choose(A.pile(HAND, OPP, A.is_monster_card),
                        prompt="choose a monster card in your opponent's hand"),
               A.shuffle_into_deck(A.chosen()))))


def _summoned_by_opponent(min_atk):
    def cands(d, link):
        out = []
        for e in A.recent(d, (K.EV_NORMAL_SUMMONED, K.EV_FLIP_SUMMONED)):
            c = e[1]
            if d.mid[c] == e[2] and d.ctrl[c] != link["player"] and d.atk(c) >= min_atk:
                out.append(c)
        return out
    return cands


script("Trap Hole", trap(
    when=(K.EV_NORMAL_SUMMONED, K.EV_FLIP_SUMMONED),
    target=Target(_summoned_by_opponent(1000), prompt="choose the summoned monster"),
    operation=A.destroy(A.targets)))

# Targets 2 monsters you control and 1 your opponent controls; destroys them.
script("Two-Pronged Attack", trap(
    # (what the targets need, checked cheaply before the combinations of targets are tried)
    condition=lambda d, link: d.count_monsters(link["player"]) >= 2 and
    d.count_monsters(1 - link["player"]) >= 1,
    target=Target(A.monsters(A.ANY), count=3, prompt="choose 2 of your monsters and 1 of your "
                                                     "opponent's",
                  constraint=lambda d, link, cards: sum(
                      1 for c in cards if d.ctrl[c] == link["player"]) == 2),
    operation=A.destroy(A.targets)))


# Time Seal: the opponent skips the Draw Phase of their next turn (flow/turn.py).
script("Time Seal", trap(operation=A.skip_draw_phases(1, who=OPP)))


def _damages_you(d, link):
    """The Chain Link just below is an effect that would inflict damage to this card's
    player."""
    return chained_to(lambda d2, lk: link["player"] in A.damaged_by(d2, lk))(d, link)


# Trap of Board Eraser: when an effect that would inflict damage to you is activated, that
# effect damage to you becomes 0, then the opponent discards a card of their choice.
script("Trap of Board Eraser", trap(
    condition=lambda d, link: _damages_you(d, link) and bool(d.hand[1 - link["player"]]),
    operation=(A.turn_damage_below("nullify"), A.discard(1, who=OPP))))
