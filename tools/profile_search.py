"""Where the search bot's time goes, and how many simulations a second it runs.

It plays 3 seeded heuristic-vs-heuristic duels (Yugi vs Kaiba), keeps every 5th position where
a decision has more than one answer, and lets the search bot (a level, no time limit) decide
each of them, first plainly (CPU time: simulations per second, time per decision) and then
under cProfile. The profile is cut into parts that do not overlap:

  determinize       dealing the hidden cards again (clone + index of the dealt cards)
  clone             copying a world for each simulation
  engine steps      the engine playing the answers of the simulations (duel.apply), of which
                    "legal moves" is building the lists of legal answers
  rollout policy    choosing those answers (the rule policy; its look-ahead probes are clones
                    and engine steps of their own, counted here)
  evaluation        scoring the boards the simulations reach
  tree              the search's own bookkeeping (information sets, UCB1, backing up)

Usage: python tools/profile_search.py [LEVEL=normal] [--no-profile]
"""
from __future__ import annotations

import cProfile
import pstats
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))   # this checkout's ygosim

from ygosim.agents.heuristic import HeuristicAgent
from ygosim.agents.search import SearchAgent
from ygosim.engine.api import new_duel
from ygosim.formats.deck import load_deck


def positions(games: int = 3, every: int = 5) -> list:
    a, b = load_deck("yugi"), load_deck("kaiba")
    out = []
    for seed in range(games):
        d = new_duel(a, b, seed=100 + seed)
        bots = [HeuristicAgent(seed, budget=1e9), HeuristicAgent(seed + 1, budget=1e9)]
        k = 0
        while d.winner is None:
            if len(d.pending.options) > 1:
                k += 1
                if k % every == 0:
                    out.append(d.clone())
            d.apply(bots[d.pending.player].choose(d))
    return out


def decide_all(pos: list, level: str) -> tuple[int, int, list]:
    sims = work = 0
    times = []
    for i, d in enumerate(pos):
        bot = SearchAgent(i, level=level, time_limit=1e9)
        t = time.process_time()
        bot.choose(d)
        times.append(time.process_time() - t)
        sims += bot.last_sims
        work += bot.last_work
    return sims, work, times


def _key(stats, module: str, name: str):
    for k in stats:
        if k[0].replace("\\", "/").endswith(module) and k[2] == name:
            return k
    return None


def _cum(stats, module: str, name: str, callers=None, exclude=()) -> float:
    """Cumulative time of a function, counting only calls from `callers` (names) if given,
    and leaving out calls from `exclude` (names)."""
    k = _key(stats, module, name)
    if k is None:
        return 0.0
    cc, nc, tt, ct, by = stats[k]
    if callers is None and not exclude:
        return ct
    total = 0.0
    for caller, (_, _, _, cct) in by.items():
        if callers is not None and caller[2] not in callers:
            continue
        if caller[2] in exclude:
            continue
        total += cct
    return total


def breakdown(stats) -> dict:
    sim = _cum(stats, "agents/search.py", "_simulate")
    choose = _cum(stats, "agents/search.py", "_choose_index")
    det = _cum(stats, "engine/observe.py", "determinize")
    clone = _cum(stats, "engine/duel.py", "clone", callers={"_simulate"})
    steps = _cum(stats, "engine/duel.py", "_apply", callers={"_simulate"})
    pol = _cum(stats, "agents/search.py", "policy", callers={"_simulate"})
    score = _cum(stats, "agents/search.py", "_score")
    legal = (_cum(stats, "flow/main.py", "idle_options")
             + _cum(stats, "flow/chain.py", "activatable", exclude={"idle_options"})
             + _cum(stats, "flow/battle.py", "battle_options")
             + _cum(stats, "engine/duel.py", "select_options"))
    tree = sim - clone - steps - pol - score
    response = _cum(stats, "agents/heuristic.py", "_greedy_response")
    spells = _cum(stats, "agents/search.py", "_spell_worth_it")
    select = _cum(stats, "agents/heuristic.py", "_probe")
    return {"total": choose, "determinize": det, "clone": clone, "engine steps": steps,
            "rollout policy": pol, "  of which Trap/Quick Effect probes": response,
            "  of which Spell probes": spells, "  of which selection probes": select,
            "evaluation": score, "tree": tree, "other": choose - sim - det,
            "legal moves (everywhere)": legal}


def main(argv) -> None:
    level = next((a for a in argv if not a.startswith("-")), "normal")
    pos = positions()
    sims, work, times = decide_all(pos, level)
    total = sum(times)
    times.sort()
    print(f"{len(pos)} positions, level {level}: {sims} simulations, {work} engine steps "
          f"in {total:.2f} s CPU")
    print(f"  {sims / total:.0f} simulations/s, {work / total:.0f} steps/s, "
          f"{work / max(sims, 1):.1f} steps per simulation")
    print(f"  per decision: mean {1000 * total / len(pos):.0f} ms, "
          f"slowest {1000 * times[-1]:.0f} ms (CPU)")
    if "--no-profile" in argv:
        return
    prof = cProfile.Profile(time.process_time)
    prof.enable()
    decide_all(pos, level)
    prof.disable()
    stats = pstats.Stats(prof).stats
    parts = breakdown(stats)
    total = parts.pop("total")
    print("where the time goes (cProfile, its own overhead included):")
    for name, t in parts.items():
        print(f"  {name:20s} {100 * t / total:5.1f}%")


if __name__ == "__main__":
    main(sys.argv[1:])
