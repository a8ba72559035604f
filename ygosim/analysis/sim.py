"""Headless play: whole duels between agents, seat-swapped, and the speed benchmark."""
from __future__ import annotations

import time
from dataclasses import dataclass, field

from ..agents import make_agent
from ..engine.api import new_duel


@dataclass
class DuelResult:
    winner: object          # 0, 1 (seat) or "draw"
    reason: str
    turns: int
    decisions: int


@dataclass
class SimStats:
    """The results of a series of duels, from deck A's side.

    `records` holds one tuple per game, in game order: (game index, result for A: "win",
    "loss" or "draw", did A go first, how the duel ended, turns, decisions). The counters are
    sums over them, so a series split into parts (processes, a Ray cluster) adds up to the
    same figures, and the same records, as one run."""
    games: int = 0
    wins_a: int = 0
    wins_b: int = 0
    draws: int = 0
    turns: int = 0
    decisions: int = 0
    seconds: float = 0.0
    reasons: dict = field(default_factory=dict)
    records: list = field(default_factory=list)
    cpu: dict = field(default_factory=dict)     # process id -> CPU seconds it spent playing

    def add(self, other: "SimStats") -> None:
        for k in ("games", "wins_a", "wins_b", "draws", "turns", "decisions"):
            setattr(self, k, getattr(self, k) + getattr(other, k))
        for k, v in other.reasons.items():
            self.reasons[k] = self.reasons.get(k, 0) + v
        self.records.extend(other.records)
        self.records.sort()
        for k, v in other.cpu.items():
            self.cpu[k] = self.cpu.get(k, 0.0) + v

    def record(self, index: int, result: str, a_first: bool, reason: str, turns: int,
               decisions: int) -> None:
        self.games += 1
        self.turns += turns
        self.decisions += decisions
        self.reasons[reason] = self.reasons.get(reason, 0) + 1
        if result == "draw":
            self.draws += 1
        elif result == "win":
            self.wins_a += 1
        else:
            self.wins_b += 1
        self.records.append((index, result, a_first, reason, turns, decisions))

    def split(self) -> dict:
        """Deck A's results going first and going second: games, wins, losses, draws."""
        out = {}
        for key, first in (("first", True), ("second", False)):
            rs = [r[1] for r in self.records if r[2] == first]
            out[key] = {"games": len(rs), "wins": rs.count("win"), "losses": rs.count("loss"),
                        "draws": rs.count("draw")}
        return out

    def as_dict(self) -> dict:
        from .stats import rate
        g = max(self.games, 1)
        split = self.split()
        for part in split.values():
            part.update(rate(part["wins"], part["games"]))
        return {"games": self.games, "wins_a": self.wins_a, "wins_b": self.wins_b,
                "draws": self.draws,
                "win_rate_a": rate(self.wins_a, self.games),
                "win_rate_b": rate(self.wins_b, self.games),
                "a_going_first": split["first"], "a_going_second": split["second"],
                "mean_turns": round(self.turns / g, 2),
                "mean_decisions": round(self.decisions / g, 1),
                "duels_per_second": round(self.games / self.seconds, 2) if self.seconds else 0.0,
                "seconds": round(self.seconds, 3),
                # CPU time of the processes that played (on idle cores, the busiest one's is
                # about the wall-clock time of the series: the measure of --jobs scaling that
                # does not depend on what else the machine runs)
                "cpu_seconds": round(sum(self.cpu.values()), 3),
                "busiest_process_cpu_seconds": round(max(self.cpu.values(), default=0.0), 3),
                "processes": len(self.cpu),
                "win_reasons": dict(self.reasons)}


def game_seed(seed: int, i: int) -> int:
    """The seed of game i of a series."""
    return seed * 1_000_003 + i


def simulate_range(deck_a, deck_b, agent_a: str, agent_b: str, seed: int, start: int, stop: int,
                   options=None, progress=None) -> SimStats:
    """Games start..stop-1 of a seat-swapped series: in odd games deck B's player goes in
    seat 0. Game i uses seed game_seed(seed, i)."""
    st = SimStats()
    cpu0 = time.process_time()
    for i in range(start, stop):
        s = game_seed(seed, i)
        a = make_agent(agent_a, s)
        b = make_agent(agent_b, s + 1)
        swapped = i % 2 == 1
        if swapped:
            d, first = play_duel_first(deck_b, deck_a, b, a, s, options)
        else:
            d, first = play_duel_first(deck_a, deck_b, a, b, s, options)
        a_seat = 1 if swapped else 0
        if d.winner == "draw":
            result = "draw"
        else:
            result = "win" if d.winner == a_seat else "loss"
        st.record(i, result, first == a_seat, d.win_reason, d.turn, d.n_decisions)
        if progress:
            progress()
    st.cpu[_process_key()] = time.process_time() - cpu0
    return st


def _process_key() -> str:
    import os
    import socket
    return f"{socket.gethostname()}:{os.getpid()}"


def play_duel_first(deck_a, deck_b, agent_a, agent_b, seed: int, options=None):
    """play_duel that also says which seat went first (the turn player of turn 1)."""
    d = new_duel(deck_a, deck_b, seed=seed, options=options)
    agents = (agent_a, agent_b)
    first = d.tp if d.turn >= 1 else None
    while d.winner is None:
        d.apply(agents[d.pending.player].choose(d))
        if first is None and d.turn >= 1:
            first = d.tp
    return d, first


def _worker(args):
    return simulate_range(*args)


def chunks(games: int, parts: int) -> list[tuple[int, int]]:
    """games split into `parts` runs of consecutive games (fewer if there are few games)."""
    parts = max(1, min(parts, games))
    return [(games * k // parts, games * (k + 1) // parts) for k in range(parts)]


def simulate(deck_a, deck_b, agent_a="random", agent_b="random", games=100, seed=0, jobs=1,
             options=None, progress=None, ray=None) -> SimStats:
    """A seat-swapped series of `games` duels. `jobs` > 1: that many processes on this
    machine; `ray`: run on a Ray cluster ("local" starts one here, else its address). The
    games, and so the results, are the same whichever way they are run."""
    t0 = time.perf_counter()
    if ray is not None:
        from .distributed import run_ray
        bounds = chunks(games, 4 * max(jobs, 8))
        tasks = [(deck_a, deck_b, agent_a, agent_b, seed, a, b, options) for a, b in bounds]
        st = SimStats()
        for part in run_ray(ray, _worker, tasks, progress=_part_progress(progress)):
            st.add(part)
    elif jobs <= 1 or games < 2 * jobs:
        st = simulate_range(deck_a, deck_b, agent_a, agent_b, seed, 0, games, options, progress)
    else:
        from concurrent.futures import ProcessPoolExecutor, as_completed
        # more parts than processes, so that the progress bar moves and the processes finish
        # together; the parts are added up in game order
        bounds = chunks(games, 8 * jobs)
        st = SimStats()
        with ProcessPoolExecutor(jobs) as ex:
            futures = [ex.submit(_worker, (deck_a, deck_b, agent_a, agent_b, seed, a, b, options))
                       for a, b in bounds]
            report = _part_progress(progress)
            for f in as_completed(futures):
                report(f.result())
            for f in futures:
                st.add(f.result())
    st.seconds = time.perf_counter() - t0
    return st


def _part_progress(progress):
    def report(part: SimStats) -> None:
        if progress:
            for _ in range(part.games):
                progress()
    return report


def bench(deck_a, deck_b, games: int = 200, seed: int = 0, options=None) -> dict:
    """Random-vs-random duels per second on one core, decisions, and the cost of clone().

    Times are this process's CPU time, so that other work on the machine does not skew the
    figures: they are what one core does."""
    from ..agents.random_agent import RandomAgent
    t0 = _clock()
    decisions = 0
    turns = 0
    setup = 0.0
    clone_total = 0.0
    clones = 0
    for i in range(games):
        ts = _clock()
        d = new_duel(deck_a, deck_b, seed=seed + i, options=options)
        setup += _clock() - ts
        agent = RandomAgent(seed + i)
        k = 0
        while d.winner is None:
            if k % 25 == 0:
                tc = _clock()
                d.clone()
                clone_total += _clock() - tc
                clones += 1
            d.apply(agent.choose(d))
            k += 1
        decisions += d.n_decisions
        turns += d.turn
    elapsed = _clock() - t0 - clone_total
    return {"games": games, "duels_per_second": round(games / elapsed, 2),
            "duels_per_second_without_setup": round(games / (elapsed - setup), 2),
            "decisions_per_second": round(decisions / elapsed, 1),
            "mean_decisions": round(decisions / games, 1), "mean_turns": round(turns / games, 2),
            "clone_us": round(clone_total / max(clones, 1) * 1e6, 2)}


def bench_agent(deck_a, deck_b, agent: str, games: int = 4, seed: int = 0, options=None) -> dict:
    """Duels per CPU-second of this process with the bot `agent` (a name of
    ygosim.agents.AGENTS) on both seats (seat p of duel i is seeded seed + 2i + p): what a
    series of bot-played duels costs a deck tester, beside bench()'s random figure."""
    t0 = _clock()
    decisions = 0
    turns = 0
    for i in range(games):
        d = new_duel(deck_a, deck_b, seed=seed + i, options=options)
        bots = (make_agent(agent, seed + 2 * i), make_agent(agent, seed + 2 * i + 1))
        while d.winner is None:
            d.apply(bots[d.pending.player].choose(d))
        decisions += d.n_decisions
        turns += d.turn
    elapsed = _clock() - t0
    return {"agent": agent, "games": games, "duels_per_second": round(games / elapsed, 3),
            "cpu_seconds_per_duel": round(elapsed / games, 3),
            "ms_per_decision": round(1000 * elapsed / max(decisions, 1), 2),
            "mean_decisions": round(decisions / games, 1), "mean_turns": round(turns / games, 2)}


def _clock() -> float:
    return time.process_time()
