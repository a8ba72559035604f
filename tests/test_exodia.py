"""Exodia in an opening hand: the five pieces drawn at the start of the duel win at once."""
from ygosim.cards.db import card_db
from ygosim.engine.api import new_duel

PIECES = ["Exodia the Forbidden One", "Right Leg of the Forbidden One",
          "Left Leg of the Forbidden One", "Right Arm of the Forbidden One",
          "Left Arm of the Forbidden One"]


def test_exodia_opening_hand_wins():
    db = card_db()
    deck_a = [db.get(n) for n in PIECES]          # any shuffle draws all five
    deck_b = [db.get("Celtic Guardian")] * 10
    d = new_duel(deck_a, deck_b, seed=3)
    while d.winner is None and d.pending is not None:   # coin toss, first or second
        d.apply(0)
    assert d.winner == 0
    assert d.turn <= 1 and d.win_reason == "Exodia"
