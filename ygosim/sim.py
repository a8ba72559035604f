"""Headless play: whole duels between agents, seat-swapped, and the speed benchmark."""
from __future__ import annotations

import time
from dataclasses import dataclass, field

from .agents import make_agent
from .engine.api import new_duel


@dataclass
class DuelResult:
    winner: object          # 0, 1 (seat) or "draw"
    reason: str
    turns: int
    decisions: int


def play_duel(deck_a, deck_b, agent_a, agent_b, seed: int, options=None,
              names=("A", "B")) -> tuple:
    d = new_duel(deck_a, deck_b, seed=seed, options=options, names=names)
    agents = (agent_a, agent_b)
    while d.winner is None:
        d.apply(agents[d.pending.player].choose(d))
    return d


@dataclass
class SimStats:
    games: int = 0
    wins_a: int = 0
    wins_b: int = 0
    draws: int = 0
    turns: int = 0
    decisions: int = 0
    seconds: float = 0.0
    reasons: dict = field(default_factory=dict)

    def add(self, other: "SimStats") -> None:
        for k in ("games", "wins_a", "wins_b", "draws", "turns", "decisions"):
            setattr(self, k, getattr(self, k) + getattr(other, k))
        for k, v in other.reasons.items():
            self.reasons[k] = self.reasons.get(k, 0) + v

    def as_dict(self) -> dict:
        g = max(self.games, 1)
        return {"games": self.games, "wins_a": self.wins_a, "wins_b": self.wins_b,
                "draws": self.draws, "mean_turns": round(self.turns / g, 2),
                "mean_decisions": round(self.decisions / g, 1),
                "duels_per_second": round(self.games / self.seconds, 2) if self.seconds else 0.0,
                "seconds": round(self.seconds, 3), "win_reasons": dict(self.reasons)}


def simulate_range(deck_a, deck_b, agent_a: str, agent_b: str, seed: int, start: int, stop: int,
                   options=None, progress=None) -> SimStats:
    """Games start..stop-1 of a seat-swapped series: in odd games deck B's player goes in
    seat 0. Game i uses seed (seed, i)."""
    st = SimStats()
    for i in range(start, stop):
        s = seed * 1_000_003 + i
        a = make_agent(agent_a, s)
        b = make_agent(agent_b, s + 1)
        swapped = i % 2 == 1
        if swapped:
            d = play_duel(deck_b, deck_a, b, a, s, options)
        else:
            d = play_duel(deck_a, deck_b, a, b, s, options)
        st.games += 1
        st.turns += d.turn
        st.decisions += d.n_decisions
        st.reasons[d.win_reason] = st.reasons.get(d.win_reason, 0) + 1
        if d.winner == "draw":
            st.draws += 1
        elif (d.winner == 0) != swapped:
            st.wins_a += 1
        else:
            st.wins_b += 1
        if progress:
            progress()
    return st


def _worker(args):
    return simulate_range(*args)


def simulate(deck_a, deck_b, agent_a="random", agent_b="random", games=100, seed=0, jobs=1,
             options=None, progress=None) -> SimStats:
    t0 = time.perf_counter()
    if jobs <= 1 or games < 2 * jobs:
        st = simulate_range(deck_a, deck_b, agent_a, agent_b, seed, 0, games, options, progress)
    else:
        from concurrent.futures import ProcessPoolExecutor
        bounds = [(games * k // jobs, games * (k + 1) // jobs) for k in range(jobs)]
        st = SimStats()
        with ProcessPoolExecutor(jobs) as ex:
            for part in ex.map(_worker, [(deck_a, deck_b, agent_a, agent_b, seed, a, b, options)
                                         for a, b in bounds]):
                st.add(part)
                if progress:
                    for _ in range(part.games):
                        progress()
    st.seconds = time.perf_counter() - t0
    return st


def bench(deck_a, deck_b, games: int = 200, seed: int = 0) -> dict:
    """Random-vs-random duels per second on one core, decisions, and the cost of clone().

    Times are this process's CPU time, so that other work on the machine does not skew the
    figures: they are what one core does."""
    from .agents.random_agent import RandomAgent
    t0 = _clock()
    decisions = 0
    turns = 0
    setup = 0.0
    clone_total = 0.0
    clones = 0
    for i in range(games):
        ts = _clock()
        d = new_duel(deck_a, deck_b, seed=seed + i)
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


def _clock() -> float:
    return time.process_time()
