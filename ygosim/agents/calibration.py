"""The coach's win rate: a player's chance to win the duel, from the search bot's evaluation of
a board at the start of a turn (where the search's and the coach's simulations stop).

    win_chance(duel, player) -> 0..1

An ended duel is 1 (won), 0 (lost) or 0.5 (a draw). Else the turn player's chance is a logistic
function of the evaluation of the board from its side (`heuristic.evaluate`: LP, monsters,
cards in hand and Set), P = 1 / (1 + exp(-(a + b * evaluation / 1000))), and the other
player's is 1 - P. The numbers (a, b) of each rule set are fitted by tools/fit_win_rate.py on
seeded duels of the heuristic bot against itself (the chance that the turn player, at the first
decision of its turn, went on to win); a rule set not fitted uses v10's.
"""
from __future__ import annotations

import math

from .heuristic import evaluate

# (a, b) per rule set, fitted by tools/fit_win_rate.py on 2026-11-28 (the heuristic bot of main
# 98bbe85): v10 529 points of 40 yugi-kaiba duels (seeds 0-39), goat 428 points of 24 duels of
# the six Goat decks (seeds 1000-1023); docs/bot.md shows the fit against the fractions won
FIT = {"v10": (1.0075, 0.4940), "goat": (0.6038, 0.3634)}


def chance(rules: str, evaluation: float) -> float:
    """The turn player's chance to win, given the evaluation of the board from its side."""
    a, b = FIT.get(rules, FIT["v10"])
    z = max(-50.0, min(50.0, a + b * evaluation / 1000.0))
    return 1.0 / (1.0 + math.exp(-z))


def win_chance(d, p: int) -> float:
    """Player p's chance to win duel d (see the module's text)."""
    w = d.winner
    if w is not None:
        return 0.5 if w == "draw" else float(w == p)
    tp = d.tp
    c = chance(d.rules.name, evaluate(d, tp))
    return c if tp == p else 1.0 - c


__all__ = ["FIT", "chance", "win_chance"]
