"""A fingerprint of N seeded random-vs-random duels (Yugi vs Kaiba by default): a hash of every
option list, every answer and every log line, and the mean number of decisions.

Speed work must not change a single game: run this before and after a change and compare.
Usage: python tools/same_games.py [N=100] [DECK_A DECK_B [RULES]]
  e.g. python tools/same_games.py 100 goat-control chaos-turbo goat
Cards the engine cannot play yet play without their effects (as in `ygosim bench`).
"""
import hashlib
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))   # this checkout's ygosim,
                                                                  # not an installed one
from ygosim.agents.random_agent import RandomAgent
from ygosim.engine.api import new_duel
from ygosim.formats.deck import load_deck


def fingerprint(n: int, deck_a: str = "yugi", deck_b: str = "kaiba",
                rules: str | None = None) -> tuple[str, float]:
    a, b = load_deck(deck_a), load_deck(deck_b)
    options = {"rules": rules} if rules else None
    h = hashlib.sha1()
    decisions = 0
    for seed in range(n):
        d = new_duel(a, b, seed=seed, options=options)
        agent = RandomAgent(seed)
        while d.winner is None:
            h.update(repr([(o.verb, o.cards, o.arg) for o in d.pending.options]).encode())
            d.apply(agent.choose(d))
        h.update("\n".join(d.log).encode())
        h.update(repr(d.history).encode())
        decisions += d.n_decisions
    return h.hexdigest(), decisions / n


if __name__ == "__main__":
    args = sys.argv[1:]
    if len(args) not in (0, 1, 3, 4):
        sys.exit("usage: python tools/same_games.py [N=100] [DECK_A DECK_B [RULES]]")
    digest, mean = fingerprint(int(args[0]) if args else 100, *args[1:])
    print(digest, round(mean, 2))
