"""The random-deck soak (issue 13), shared by tests/test_soak.py (a small seeded run) and
tools/soak.py (the long one). Not a test module.

A soak of seed S plays duels between random legal decks of the format (ygosim.formats.pool
.random_deck: deck k is random_deck(deck_seed(S, k))). Duel i pairs two of the decks and two
agents (random vs random; every HEURISTIC_EVERY-th duel the heuristic bot vs random) with its
own seed, so any one duel can be played again alone from (S, number of decks, i). After every
decision the checks of tests/test_random_play.py hold (each card in one place, zone limits, LP
changes explained, every legal answer obeys the rules, every basic action is offered, the hand
size limit, who responds first); a duel ends within the turn cap and `step_bound` decisions, and
each decision takes less than `cpu_limit` seconds of CPU (else it is reported as a hang).
"""
from __future__ import annotations

import signal
import traceback
from dataclasses import dataclass, field

from engine_util import RuleWatch, check_invariants, check_option_rules, check_options_complete
from test_random_play import step_checked

from ygosim.agents import make_agent
from ygosim.engine.api import new_duel
from ygosim.engine.observe import log_view
from ygosim.engine.rng import Rng
from ygosim.formats.pool import random_deck

HEURISTIC_EVERY = 5
TURN_CAP = 120
STEP_BOUND = 20_000
CPU_LIMIT = 60.0            # seconds of CPU for one decision (the heuristic bot's included)


def deck_seed(seed: int, k: int) -> int:
    return seed * 1_000_003 + k


def duel_plan(seed: int, decks: int, i: int) -> dict:
    """Duel i of a soak: which decks (their numbers), which agents, the duel's seed."""
    rng = Rng(seed * 7_919 + i)
    a = rng.below(decks)
    b = rng.below(decks - 1) if decks > 1 else 0
    if decks > 1 and b >= a:
        b += 1                              # two different decks
    agents = ("heuristic", "random") if i % HEURISTIC_EVERY == HEURISTIC_EVERY - 1 \
        else ("random", "random")
    if rng.below(2):
        agents = agents[::-1]
    return {"duel": i, "deck_a": a, "deck_b": b, "agents": agents,
            "seed": seed * 1_000_003 + i}


class Hang(Exception):
    pass


def _on_alarm(signum, frame):
    raise Hang(f"a decision took more than {CPU_LIMIT:.0f} s of CPU")


@dataclass
class DuelOutcome:
    plan: dict
    winner: object = None
    reason: str = ""
    turns: int = 0
    decisions: int = 0
    error: str | None = None                    # None: every check held
    where: str = ""                             # the engine file and line the error came from
    log: list = field(default_factory=list)     # the last log lines when it failed


def play_soak_duel(plan: dict, deck_a, deck_b, rules: str = "goat", turn_cap: int = TURN_CAP,
                   step_bound: int = STEP_BOUND, cpu_limit: float | None = CPU_LIMIT
                   ) -> DuelOutcome:
    """Play one planned duel with every check after every decision; never raises: a failure
    is in the outcome's `error`."""
    out = DuelOutcome(plan)
    d = None
    timer = cpu_limit and hasattr(signal, "setitimer")
    if timer:
        old = signal.signal(signal.SIGVTALRM, _on_alarm)
    try:
        d = new_duel(deck_a, deck_b, seed=plan["seed"],
                     options={"rules": rules, "turn_cap": turn_cap})
        players = [make_agent(name, plan["seed"] * 2 + k) for k, name in
                   enumerate(plan["agents"])]

        def pick(d):
            if timer:
                signal.setitimer(signal.ITIMER_VIRTUAL, cpu_limit)
            return players[d.pending.player].choose(d)

        watch = RuleWatch(d)
        check_invariants(d)
        check_option_rules(d)
        check_options_complete(d)
        for _ in range(step_bound):
            if d.winner is not None:
                break
            step_checked(d, pick, watch)
        else:
            raise AssertionError(f"no end after {step_bound} decisions (turn {d.turn})")
        assert d.winner in (0, 1, "draw"), f"winner {d.winner!r}"
        assert d.turn <= turn_cap, f"turn {d.turn} past the cap"
        assert d.win_reason, "no reason given for the result"
    except Exception as e:          # a check that failed, an engine error or a hang
        out.error = f"{type(e).__name__}: {e}"
        frames = [f for f in traceback.extract_tb(e.__traceback__)
                  if "/ygosim/" in f.filename.replace("\\", "/")]
        if frames:
            f = frames[-1]
            out.where = f"{f.filename.split('ygosim/', 1)[-1]}:{f.lineno} ({f.name})"
        out.log = log_view(d, None, max(0, len(d.log) - 15)) if d is not None else []
    finally:
        if timer:
            signal.setitimer(signal.ITIMER_VIRTUAL, 0)
            signal.signal(signal.SIGVTALRM, old)
    if d is not None:
        out.winner, out.reason, out.turns, out.decisions = \
            d.winner, d.win_reason, d.turn, d.n_decisions
    return out


class Decks:
    """The soak's decks, made when first needed."""

    def __init__(self, seed: int, count: int, rules: str = "goat"):
        self.seed, self.count, self.rules = seed, count, rules
        self._made: dict = {}

    def __getitem__(self, k: int):
        if k not in self._made:
            self._made[k] = random_deck(deck_seed(self.seed, k), self.rules)
        return self._made[k]


def run_soak(seed: int, decks: int, duels, rules: str = "goat", **kw) -> list[DuelOutcome]:
    """Play the duels numbered in `duels` (an iterable) of the soak (seed, decks)."""
    made = Decks(seed, decks, rules)
    out = []
    for i in duels:
        plan = duel_plan(seed, decks, i)
        out.append(play_soak_duel(plan, made[plan["deck_a"]], made[plan["deck_b"]], rules, **kw))
    return out
