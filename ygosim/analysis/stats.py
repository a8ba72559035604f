"""Figures for deck testers: win rates with confidence intervals, opening-hand odds.

* `wilson(k, n)`: the Wilson score interval of a proportion k/n (95% by default). Unlike the
  plain "p +- 1.96 sd", it stays inside [0, 1] and is right for small n and rates near 0 or 1
  (Wilson 1927; Brown, Cai & DasGupta 2001 recommend it for n < 40 and beyond).
* `p_at_least_one(deck_size, copies, hand)`: the exact (hypergeometric) chance that a hand of
  `hand` cards from a deck of `deck_size` holds at least one of `copies` cards.
* `p_all_parts(deck_size, parts, hand)`: the exact chance of at least one card of each part
  (a combo: "a Dragon and Polymerization"), by inclusion-exclusion over the parts missed. Parts
  may overlap (a card in two parts counts for either).
"""
from __future__ import annotations

from fractions import Fraction
from itertools import combinations
from math import comb, sqrt
from statistics import NormalDist


def z_value(confidence: float = 0.95) -> float:
    return NormalDist().inv_cdf(0.5 + confidence / 2)


def wilson(k: int, n: int, confidence: float = 0.95) -> tuple[float, float]:
    """The Wilson score interval (low, high) of k successes in n trials; (0, 1) if n is 0."""
    if n <= 0:
        return 0.0, 1.0
    z = z_value(confidence)
    p = k / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    low = 0.0 if k == 0 else max(0.0, centre - half)
    high = 1.0 if k == n else min(1.0, centre + half)
    return low, high


def rate(k: int, n: int, confidence: float = 0.95) -> dict:
    """A win rate as JSON: {"rate", "low", "high"} (rounded to 4 places; rate None if n is 0)."""
    low, high = wilson(k, n, confidence)
    return {"rate": round(k / n, 4) if n else None, "low": round(low, 4), "high": round(high, 4)}


def p_none(deck_size: int, cards: int, hand: int) -> Fraction:
    """Exact chance that `hand` cards drawn from `deck_size` hold none of `cards` given cards."""
    if hand > deck_size:
        raise ValueError(f"a hand of {hand} cards from a deck of {deck_size}")
    return Fraction(comb(deck_size - cards, hand), comb(deck_size, hand))


def p_at_least_one(deck_size: int, copies: int, hand: int) -> Fraction:
    return 1 - p_none(deck_size, copies, hand)


def p_all_parts(deck_size: int, parts: list[set], hand: int) -> Fraction:
    """Exact chance of at least one card of every part. `parts` are sets of card positions
    (0..deck_size-1) in the deck, so that copies and overlaps are counted right."""
    total = Fraction(0)
    for r in range(len(parts) + 1):
        for missed in combinations(parts, r):
            union = set().union(*missed) if missed else set()
            total += (-1) ** r * p_none(deck_size, len(union), hand)
    return total
