"""The long random-deck soak (issues 13, 23): random legal decks drawn from every playable card of
the format's pool (the whole Goat pool: as cards get scripts they join), random and heuristic
duels between them, every check of tests/test_random_play.py after every decision. The bot
plays them with no per-card code.

    python3 tools/soak.py [--seed 1] [--decks 300] [--duels 3000] [--jobs 2] [--rules goat]
                          [--json] [--only I,J,...] [--show-log]

Deck k of a soak is random_deck(seed * 1000003 + k) (ygosim/formats/pool.py); duel i pairs two
of the decks and two agents (every 5th duel the heuristic bot against random) with its own seed
(tests/soak_util.py). A failure (a check that does not hold, an engine error, a duel past the turn
cap or the step bound, a decision that takes more than a minute of CPU) is reported with the
duel's number, seed, agents and both decks (as ydke:// URLs), and the command that plays it again
alone: `--only I` with the same --seed and --decks. Exit status 1 if any duel failed.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]          # this checkout's ygosim and test tools

from soak_util import Decks, run_soak  # noqa: E402
from ygosim.formats.pool import playable_pool  # noqa: E402


def _part(args):
    seed, decks, rules, duels, turn_cap, step_bound = args
    t0 = time.process_time()
    outs = run_soak(seed, decks, duels, rules, turn_cap=turn_cap, step_bound=step_bound)
    return outs, time.process_time() - t0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seed", type=int, default=1, help="the soak's seed (default 1)")
    ap.add_argument("--decks", type=int, default=300, help="how many random decks (default 300)")
    ap.add_argument("--duels", type=int, default=3000, help="how many duels (default 3000)")
    ap.add_argument("--rules", default="goat", help="the rule set (default goat)")
    ap.add_argument("--jobs", type=int, default=1, help="processes (default 1)")
    ap.add_argument("--turn-cap", type=int, default=120, help="turns before a draw (default 120)")
    ap.add_argument("--step-bound", type=int, default=20_000,
                    help="decisions after which a duel counts as hung (default 20000)")
    ap.add_argument("--only", metavar="I,J", help="play only these duels (to replay a failure)")
    ap.add_argument("--show-log", action="store_true", help="print each failure's last log lines")
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    a = ap.parse_args(argv)
    if a.decks < 2 or a.duels < 1 or a.jobs < 1:
        ap.error("--decks must be 2 or more, --duels and --jobs 1 or more")
    duels = [int(x) for x in a.only.split(",")] if a.only else list(range(a.duels))
    parts = [duels[k::a.jobs] for k in range(a.jobs)] if a.jobs > 1 else [duels]
    tasks = [(a.seed, a.decks, a.rules, part, a.turn_cap, a.step_bound) for part in parts if part]
    t0 = time.perf_counter()
    if len(tasks) > 1:
        with ProcessPoolExecutor(len(tasks)) as ex:
            results = list(ex.map(_part, tasks))
    else:
        results = [_part(tasks[0])]
    wall = time.perf_counter() - t0
    outs = sorted((o for part, _ in results for o in part), key=lambda o: o.plan["duel"])
    cpu = sum(c for _, c in results)
    decks = Decks(a.seed, a.decks, a.rules)
    failures = [o for o in outs if o.error]
    used = sorted({o.plan["deck_a"] for o in outs} | {o.plan["deck_b"] for o in outs})
    cards = {c.name for k in used for c in decks[k].cards()}
    pool = {c.name for c in playable_pool(a.rules)}
    endings: dict = {}
    for o in outs:
        if not o.error:
            endings[o.reason] = endings.get(o.reason, 0) + 1
    heuristic = sum(1 for o in outs if "heuristic" in o.plan["agents"])
    summary = {
        "seed": a.seed, "rules": a.rules, "decks": len(used), "distinct_cards": len(cards),
        "playable_pool": len(pool), "pool_cards_played": len(cards & pool),
        "duels": len(outs), "random_vs_random": len(outs) - heuristic,
        "heuristic_vs_random": heuristic,
        "decisions": sum(o.decisions for o in outs), "turns": sum(o.turns for o in outs),
        "endings": endings, "failures": len(failures),
        "cpu_seconds": round(cpu, 1), "wall_seconds": round(wall, 1),
        "failed": [{**o.plan, "agents": list(o.plan["agents"]), "error": o.error,
                    "where": o.where, "turn": o.turns, "decisions": o.decisions,
                    "deck_a_ydke": decks[o.plan["deck_a"]].to_ydke(),
                    "deck_b_ydke": decks[o.plan["deck_b"]].to_ydke(),
                    "replay": f"python3 tools/soak.py --seed {a.seed} --decks {a.decks} "
                              f"--rules {a.rules} --only {o.plan['duel']} --show-log",
                    "log": o.log} for o in failures]}
    if a.json:
        print(json.dumps(summary))
        return 1 if failures else 0
    print(f"soak seed {a.seed} ({a.rules} rules): {summary['duels']} duels "
          f"({summary['random_vs_random']} random vs random, {heuristic} heuristic vs random) "
          f"between {summary['decks']} random decks ({summary['distinct_cards']} distinct cards: "
          f"{len(cards & pool)} of the {len(pool)} playable cards of the pool)")
    print(f"  {summary['decisions']:,} decisions, {summary['turns']:,} turns, all checked; "
          f"CPU {cpu:.1f} s, wall clock {wall:.1f} s")
    print("  endings: " + ", ".join(f"{k}: {v}" for k, v in sorted(endings.items())))
    print(f"  failures: {len(failures)}")
    for f in summary["failed"]:
        print(f"  duel {f['duel']} (seed {f['seed']}, decks {f['deck_a']} vs {f['deck_b']}, "
              f"{' vs '.join(f['agents'])}), turn {f['turn']}, decision {f['decisions']}: "
              f"{f['error']}" + (f" [{f['where']}]" if f["where"] else ""))
        print(f"    replay: {f['replay']}")
        print(f"    deck A: {f['deck_a_ydke']}")
        print(f"    deck B: {f['deck_b_ydke']}")
        if a.show_log:
            for line in f["log"]:
                print(f"      {line}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
