"""Fits the coach's win rate (ygosim/agents/calibration.py): the chance that the turn player wins,
given the search bot's evaluation of the board at the start of a turn (where a simulation of
the search and of the coach stops: agents/search.py, `_horizon`).

    python tools/fit_win_rate.py [--v10 40] [--goat 24] [--jobs 1] [--save DATA.jsonl]
    python tools/fit_win_rate.py --load DATA.jsonl [DATA2.jsonl ...]

Seeded duels of the heuristic bot against itself, its time safety net lifted (only its counted
budget decides, so the duels are the same on any machine): --v10 duels of yugi against kaiba in
v10 rules (seeds --v10-from .. on, seats swapped by the seed's parity), and --goat duels of the
six Goat decks in goat rules (seed 1000 + k: the ordered pairs of decks, each deck against
itself first, then each against the next in the list, the one after it..., so that 36 duels
are every ordered pair once). At the first decision of every turn from turn 2 on, one point: the evaluation
`heuristic.evaluate(duel, turn player)` and whether the turn player won the duel (a draw counts
a half). A logistic regression per rule set, P = 1 / (1 + exp(-(a + b * evaluation / 1000))),
is fitted by maximum likelihood (scipy); the tool prints the numbers for calibration.py's FIT
and, per bin of the evaluation, the fraction won against the fitted chance.
"""
from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))   # this checkout's ygosim

GOAT = ["goat-control", "chaos-turbo", "warrior", "empty-jar", "chaos-goat", "zombie"]


def duel_points(task) -> list:
    """(rules, evaluation, turn, won) at the first decision of every turn from turn 2 on."""
    rules, deck_a, deck_b, seed = task
    from ygosim.agents.heuristic import HeuristicAgent, evaluate
    from ygosim.engine.api import new_duel
    from ygosim.formats.deck import load_deck
    d = new_duel(load_deck(deck_a), load_deck(deck_b), seed=seed, options={"rules": rules})
    bots = (HeuristicAgent(2 * seed, budget=1e9), HeuristicAgent(2 * seed + 1, budget=1e9))
    seen, points = 1, []
    while d.winner is None:
        if d.turn > seen:
            seen = d.turn
            points.append([rules, evaluate(d, d.tp), d.turn, d.tp])
        d.apply(bots[d.pending.player].choose(d))
    for p in points:
        p[3] = 0.5 if d.winner == "draw" else float(d.winner == p[3])
    return points


def tasks(v10: int, goat: int, v10_from: int = 0) -> list:
    out = [("v10", "yugi", "kaiba", s) if s % 2 == 0 else ("v10", "kaiba", "yugi", s)
           for s in range(v10_from, v10_from + v10)]
    pairs = [(a, GOAT[(k + off) % 6]) for off in range(6) for k, a in enumerate(GOAT)]
    for k in range(goat):
        out.append(("goat", *pairs[k % 36], 1000 + k))
    return out


def fit(points: list) -> tuple:
    """(a, b) of the logistic regression of `won` on evaluation / 1000, by maximum likelihood."""
    import numpy as np
    from scipy.optimize import minimize
    x = np.array([p[1] for p in points]) / 1000.0
    y = np.array([p[3] for p in points])

    def loss(ab):
        z = ab[0] + ab[1] * x
        return float(np.sum(np.logaddexp(0.0, z) - y * z))

    def grad(ab):
        r = 1.0 / (1.0 + np.exp(-(ab[0] + ab[1] * x))) - y
        return np.array([r.sum(), (r * x).sum()])
    res = minimize(loss, np.zeros(2), jac=grad, method="BFGS")
    return float(res.x[0]), float(res.x[1])


def report(rules: str, points: list, a: float, b: float) -> None:
    print(f"{rules}: {len(points)} points, a = {a:.4f}, b = {b:.4f} "
          f"(50% at evaluation {-a / b * 1000:.0f})")
    edges = [-math.inf, -4000, -2000, -1000, -500, 0, 500, 1000, 2000, 4000, math.inf]
    for lo, hi in zip(edges, edges[1:]):
        xs = [p for p in points if lo <= p[1] < hi]
        if xs:
            won = sum(p[3] for p in xs) / len(xs)
            fitted = sum(1 / (1 + math.exp(-(a + b * p[1] / 1000))) for p in xs) / len(xs)
            print(f"  evaluation {lo:>6} .. {hi:<6} {len(xs):5} points: won {won:6.1%}, "
                  f"fitted {fitted:6.1%}")


def main(argv) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--v10", type=int, default=40, help="yugi-kaiba duels in v10 rules")
    ap.add_argument("--v10-from", type=int, default=0, help="the seed of the first")
    ap.add_argument("--goat", type=int, default=24, help="duels of the six Goat decks")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--save", help="write the points to this file (JSON lines)")
    ap.add_argument("--load", nargs="+", help="fit the points of these files instead of playing")
    ns = ap.parse_args(argv)
    if ns.load:
        points = []
        for path in ns.load:
            with open(path, encoding="utf-8") as f:
                points += [json.loads(line) for line in f]
    else:
        todo = tasks(ns.v10, ns.goat, ns.v10_from)
        if ns.jobs > 1:
            from multiprocessing import Pool
            results = Pool(ns.jobs).imap(duel_points, todo)
        else:
            results = map(duel_points, todo)
        points = []
        out = open(ns.save, "w", encoding="utf-8") if ns.save else None
        for ps in results:
            points += ps
            for p in ps:
                if out:
                    out.write(json.dumps(p) + "\n")
            if out:
                out.flush()
    fits = {}
    for rules in sorted({p[0] for p in points}):
        ps = [p for p in points if p[0] == rules]
        fits[rules] = fit(ps)
        report(rules, ps, *fits[rules])
    print("FIT = {" + ", ".join(f'"{r}": ({a:.4f}, {b:.4f})' for r, (a, b) in fits.items()) + "}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
