"""How strong the search bot is and how long it thinks: seat-swapped duels, one JSON line each.

    python tools/measure_search.py OUT.jsonl [--deck yugi] [--opponent kaiba] [--rules v10]
        [--agent-a normal] [--agent-b heuristic] [--games 1000] [--start 0] [--seed 0]
        [--jobs 2] [--budget-only]
    python tools/measure_search.py --summary OUT.jsonl

The duels are those of `ygosim simulate` with the same decks, agents, rules and seed (game i:
seed sim.game_seed(seed, i), deck B's player in seat 0 when i is odd: agent A always plays
deck A, in seat 0 and seat 1 in turn), so the win rates can be checked with it; this tool also times every decision of
agent A that has more than one legal answer, on CPU time (the process's own: what the budget's
safety net counts) and on the wall clock (what a person waits, which depends on how busy the
machine is), and counts the decisions the safety net cut short. One line per duel is appended
to OUT as it ends, so a run can be stopped at any time and summed up (--summary); --start goes
on where a run stopped. Run it with `nice`: the budgets are counted, so the results do not
depend on the machine's load, only the times do, as long as the bots' time safety nets (the
search bot's `time_limit`, the heuristic bot's `budget`: CPU seconds a decision) do not cut a
decision short, which they do on a busy machine. --budget-only lifts them, as
tools/same_bot_games.py does: only the counted budgets decide, so the duels measure the bot a
player gets on a quiet machine whatever the load here (the times are then no test of the
1 s limit); each JSON line says whether it was measured so ("budget_only").
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))   # this checkout's ygosim

def _timed(agent, times: list):
    """agent, with every decision that has a choice timed into `times` as (cpu, wall, cut)."""
    choose = agent.choose

    def timed_choose(d):
        if len(d.pending.options) < 2:
            return choose(d)
        c0, w0 = time.process_time(), time.perf_counter()
        opt = choose(d)
        cut = bool(getattr(agent, "last_info", {}).get("out_of_time"))
        times.append((round(time.process_time() - c0, 5), round(time.perf_counter() - w0, 5),
                      cut))
        return opt
    agent.choose = timed_choose
    return agent


def budget_only(agent):
    """agent with its time safety net lifted: only its counted budget decides."""
    if isinstance(getattr(agent, "cfg", None), dict) and "time_limit" in agent.cfg:
        agent.cfg["time_limit"] = 1e9         # the search bot (SearchAgent)
    elif hasattr(agent, "budget"):
        agent.budget = 1e9                    # the heuristic bot (HeuristicAgent)
    return agent


def play(args) -> dict:
    """Game i of the series (as ygosim.analysis.sim.simulate_range plays it), with agent A timed."""
    i, deck_a, deck_b, agent_a, agent_b, seed, rules, lift = args
    from ygosim.agents import make_agent
    from ygosim.formats.deck import load_deck
    from ygosim.analysis.sim import game_seed, play_duel_first
    da, db = load_deck(deck_a), load_deck(deck_b)
    s = game_seed(seed, i)
    times: list = []
    a, b = make_agent(agent_a, s), make_agent(agent_b, s + 1)
    if lift:
        a, b = budget_only(a), budget_only(b)
    a = _timed(a, times)
    options = {"rules": rules} if rules else None
    swapped = i % 2 == 1
    c0, w0 = time.process_time(), time.perf_counter()
    if swapped:
        d, first = play_duel_first(db, da, b, a, s, options)
    else:
        d, first = play_duel_first(da, db, a, b, s, options)
    a_seat = 1 if swapped else 0
    result = "draw" if d.winner == "draw" else ("win" if d.winner == a_seat else "loss")
    return {"i": i, "seed": s, "a_deck": deck_a, "b_deck": deck_b, "a_seat": a_seat,
            "budget_only": lift, "result": result, "a_first": first == a_seat, "reason": d.win_reason, "turns": d.turn,
            "decisions": d.n_decisions, "cpu": round(time.process_time() - c0, 3),
            "wall": round(time.perf_counter() - w0, 3), "end": time.time(),
            "times": times}


def run(ns) -> None:
    tasks = [(i, ns.deck, ns.opponent, ns.agent_a, ns.agent_b, ns.seed, ns.rules, ns.budget_only)
             for i in range(ns.start, ns.start + ns.games)]
    with open(ns.out, "a", encoding="utf-8") as f:
        f.write(json.dumps({"series": vars(ns), "start": time.time()}) + "\n")
        f.flush()
        if ns.jobs <= 1:
            results = map(play, tasks)
        else:
            from multiprocessing import Pool
            pool = Pool(ns.jobs)
            results = pool.imap(play, tasks)        # in game order
        for r in results:
            f.write(json.dumps(r) + "\n")
            f.flush()


def pct(xs: list, q: float) -> float:
    xs = sorted(xs)
    if not xs:
        return 0.0
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def summary(paths: list) -> dict:
    from ygosim.analysis.stats import wilson
    games, starts, series = [], [], None
    for p in paths:
        with open(p, encoding="utf-8") as f:
            for line in f:
                r = json.loads(line)
                if "series" in r:
                    series = series or r["series"]
                    starts.append(r["start"])
                else:
                    games.append(r)
    games.sort(key=lambda r: r["i"])
    n = len(games)

    def rate(rs):
        k = sum(r["result"] == "win" for r in rs)
        lo, hi = wilson(k, len(rs))
        return {"games": len(rs), "wins": k,
                "draws": sum(r["result"] == "draw" for r in rs),
                "rate": round(k / len(rs), 4) if rs else 0.0,
                "interval95": [round(lo, 4), round(hi, 4)]}

    out = {"series": {k: series.get(k) for k in ("deck", "opponent", "rules", "agent_a",
                                                 "agent_b", "seed")} if series else None,
           "a": rate(games)}
    if all("b_deck" in r for r in games):    # (older lines named deck B as A's in odd games)
        for deck in sorted({r["a_deck"] for r in games}):
            out[f"a with {deck}"] = rate([r for r in games if r["a_deck"] == deck])
        for deck in sorted({r["b_deck"] for r in games}):
            out[f"a against {deck}"] = rate([r for r in games if r["b_deck"] == deck])
    for seat in (0, 1):
        out[f"a in seat {seat}"] = rate([r for r in games if r["i"] % 2 == seat])
    out["budget only"] = sum(bool(r.get("budget_only")) for r in games)
    out["a going first"] = rate([r for r in games if r["a_first"]])
    out["a going second"] = rate([r for r in games if not r["a_first"]])
    times = [t for r in games for t in r["times"]]
    cpu = [t[0] for t in times]
    wall = [t[1] for t in times]
    out["decisions timed"] = len(times)
    out["cut by the time safety net"] = sum(t[2] for t in times)
    for name, xs in (("cpu", cpu), ("wall", wall)):
        out[f"decision {name} s"] = {"p50": pct(xs, 0.5), "p99": pct(xs, 0.99),
                                     "max": max(xs, default=0.0),
                                     "over 1 s": sum(x > 1.0 for x in xs)}
    out["mean turns"] = round(sum(r["turns"] for r in games) / max(n, 1), 1)
    if games and starts:
        out["ran (wall s)"] = round(max(r["end"] for r in games) - min(starts))
    out["duel wall s (mean)"] = round(sum(r["wall"] for r in games) / max(n, 1), 1)
    out["duel cpu s (mean)"] = round(sum(r["cpu"] for r in games) / max(n, 1), 1)
    out["reasons"] = {}
    for r in games:
        out["reasons"][r["reason"]] = out["reasons"].get(r["reason"], 0) + 1
    return out


def main(argv) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("out", nargs="+")
    ap.add_argument("--summary", action="store_true")
    ap.add_argument("--deck", default="yugi")
    ap.add_argument("--opponent", default="kaiba")
    ap.add_argument("--rules", default=None)
    ap.add_argument("--agent-a", default="normal")
    ap.add_argument("--agent-b", default="heuristic")
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--start", type=int, default=0)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1))
    ap.add_argument("--budget-only", action="store_true",
                    help="lift both bots' time safety nets: only the counted budgets decide")
    ns = ap.parse_args(argv)
    if ns.summary:
        print(json.dumps(summary(ns.out), indent=1))
        return 0
    if len(ns.out) != 1:
        ap.error("one output file to write")
    ns.out = ns.out[0]
    run(ns)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
