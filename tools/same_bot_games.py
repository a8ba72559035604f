"""A fingerprint of seeded duels the bots play on both seats: a hash of every answer and log
line, so that a speed change to the engine or the bots is shown to leave every decision as it
was (as tools/same_games.py does for random play). The time safety nets are lifted (the
heuristic bot's `budget`, the search bot's `time_limit`): only the counted budgets decide, so
the fingerprint does not depend on how busy the machine is.
Usage: python tools/same_bot_games.py [N=2] [AGENT=heuristic] [DECK_A DECK_B [RULES]]
  e.g. python tools/same_bot_games.py 2 heuristic goat-control chaos-turbo goat
       python tools/same_bot_games.py 1 search goat-control chaos-turbo goat   (sims 64)
"""
import hashlib
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))   # this checkout's ygosim

from ygosim.agents.heuristic import HeuristicAgent
from ygosim.agents.search import SearchAgent
from ygosim.engine.api import new_duel
from ygosim.formats.deck import load_deck


def bot(agent: str, seed: int):
    if agent == "heuristic":
        return HeuristicAgent(seed, budget=1e9)
    if agent == "search":
        return SearchAgent(seed, sims=64, time_limit=1e9)
    sys.exit(f"unknown agent {agent!r} (heuristic or search)")


def fingerprint(n: int, agent: str = "heuristic", deck_a: str = "goat-control",
                deck_b: str = "chaos-turbo", rules: str | None = "goat"):
    a, b = load_deck(deck_a), load_deck(deck_b)
    options = {"rules": rules} if rules else None
    h = hashlib.sha1()
    decisions = 0
    t0 = time.process_time()
    for seed in range(n):
        d = new_duel(a, b, seed=seed, options=options)
        bots = (bot(agent, 2 * seed), bot(agent, 2 * seed + 1))
        while d.winner is None:
            d.apply(bots[d.pending.player].choose(d))
        h.update("\n".join(d.log).encode())
        h.update(repr(d.history).encode())
        decisions += d.n_decisions
    return h.hexdigest(), decisions / n, (time.process_time() - t0) / n


if __name__ == "__main__":
    args = sys.argv[1:]
    if len(args) not in (0, 1, 2, 4, 5):
        sys.exit("usage: python tools/same_bot_games.py [N=2] [AGENT=heuristic] "
                 "[DECK_A DECK_B [RULES]]")
    digest, mean, cpu = fingerprint(int(args[0]) if args else 2, *args[1:])
    print(digest, round(mean, 2), f"({cpu:.2f} s of CPU a duel)")
