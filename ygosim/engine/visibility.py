"""Which cards each player may see: whether a card's identity is hidden from a player
(`hidden_from`), and the top card of a Deck lying face-up (`deck_top_public`). What a player
may know (observe) and reading the names a player writes (text) both rest on it.
"""
from __future__ import annotations

from .const import DECK, HAND, BANISHED, EXTRA, FIELD, FACEDOWN


def hidden_from(d, c: int, viewer) -> bool:
    """Is card c's identity hidden from `viewer` (0, 1; None sees everything)?"""
    if viewer is None or c < 0:
        return False
    loc = d.loc[c]
    if loc & FIELD:     # a face-down card: its controller and its owner (who Set it) know it
        return bool(d.pos[c] & FACEDOWN) and d.ctrl[c] != viewer and d.owner[c] != viewer
    if loc == EXTRA:     # face-up Pendulum Monsters in the Extra Deck are public
        return d.owner[c] != viewer and bool(d.pos[c] & FACEDOWN)
    if loc == HAND:     # its holder and its owner (a card taken with Exchange)
        return d.ctrl[c] != viewer and d.owner[c] != viewer
    if loc == DECK:
        return d.owner[c] != viewer and not deck_top_public(d, c)
    if loc == BANISHED:  # banished face-down (Different Dimension Capsule): its owner knows it
        return d.owner[c] != viewer and bool(d.pos[c] & FACEDOWN)
    return False


def deck_top_public(d, c: int) -> bool:
    """Is card c the top card of its owner's Deck while the Decks lie upside down (the
    continuous rule `deck_face_up`: Convulsion of Nature; the former bottom card, the last of
    `deck[p]`, is then the top card, Duel.upside_down)? Then both players see it."""
    return "deck_face_up" in d.static_index and d.deck[d.owner[c]][-1:] == [c] and \
        d.has_static("deck_face_up")
