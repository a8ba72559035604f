"""The bots of the web server think in worker processes, never in the server's own.

`BotPool(workers)` keeps `workers` single-process executors (concurrent.futures), each a
process started with `spawn` at a lower CPU priority (nice 10), so a search bot never takes
the CPU or the GIL from the people's rooms. A room's bot always thinks in the same worker
(`assign`): the worker keeps the room's duel (rebuilt from the seed, the decks and the answers,
then moved on by the answers since its last decision), so each decision sends only the bot's
state (a pickled agent: about a kilobyte) and the answers it has not seen.

The coach thinks there too (`coach(...)`: a player's hint or review, worked out in the room's
worker on its copy of the duel: a search of a whole decision, or of every decision of a duel,
never in the server's process).

`think(...)` returns (answer index, the agent after deciding, error): the agent's new state
comes back from the worker; on a failure of the agent (an exception, a lost worker) the error
is its traceback and the decision is a simpler agent's (play.table.FALLBACK), so the duel goes
on. The table reports it, and the room logs it with the replay that reproduces it.
"""
from __future__ import annotations

import logging
import os
import pickle
import threading
import time
import traceback
from collections import OrderedDict
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

log = logging.getLogger("ygosim.web")

NICE = 10                                 # the workers' CPU priority, below the server's
MAX_DUELS = 32                            # duels a worker keeps (LRU)


def default_workers() -> int:
    """As many workers as the machine has CPUs (they run at a lower priority than the server,
    which keeps the people's rooms quick however busy they are)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:           # pragma: no cover - not on Linux
        return max(1, os.cpu_count() or 1)


# ================================================================== in a worker process
_DUELS: OrderedDict = OrderedDict()       # duel key -> the duel (in a worker)


def _worker_start(nice: int) -> None:
    try:
        os.nice(nice)
    except OSError:                   # pragma: no cover
        pass
    parent = os.getppid()

    def orphan_watch():               # a worker never outlives its server (a SIGKILL of the
        while True:                   # server closes no pipe the worker would notice)
            time.sleep(1.0)
            if os.getppid() != parent:
                os._exit(0)
    threading.Thread(target=orphan_watch, daemon=True, name="orphan-watch").start()
    from ..cards.db import card_db
    card_db()                         # the card data, loaded once


def _duel_for(key: str, setup: dict, history: list):
    """The duel `key` after `history` (the indexes of its answers so far): the worker's copy
    moved on, or built again from its setup when the worker has none (or the history went
    back: an undo)."""
    from ..play import replay as R
    d = _DUELS.get(key)
    if d is not None and d.history == history[:len(d.history)]:
        _DUELS.move_to_end(key)
    else:
        rep = R.Replay(seed=setup["seed"], decks=setup["decks"], options=setup["options"],
                       names=setup["names"])
        d = R.start(rep)
        _DUELS[key] = d
        while len(_DUELS) > MAX_DUELS:
            _DUELS.popitem(last=False)
    for i in history[len(d.history):]:
        d.apply(i)
    return d


def _think(key: str, setup: dict, history: list, agent_blob: bytes, name: str) -> dict:
    """One decision, in a worker: the agent (pickled) answers the duel's pending decision.
    Returns {"index", "agent" (pickled), "seconds"}; if the agent fails, the answer of a
    simpler agent (play.table.fallback_answer), the agent as it was and {"error": the
    traceback}."""
    from ..play.table import fallback_answer
    t0 = time.perf_counter()
    d = _duel_for(key, setup, history)
    agent = None
    try:
        agent = pickle.loads(agent_blob)
        index = d.pending.options.index(agent.choose(d))
        return {"index": index, "agent": pickle.dumps(agent),
                "seconds": time.perf_counter() - t0}
    except Exception:                 # noqa: BLE001  (the server reports and logs it)
        error = traceback.format_exc(limit=12)
    try:                              # the agent as its failure left it (as in one process)
        blob = pickle.dumps(agent) if agent is not None else None
    except Exception:                 # noqa: BLE001
        blob = None
    _DUELS.pop(key, None)            # (the agent may have changed it)
    d = _duel_for(key, setup, history)
    return {"index": fallback_answer(d, name, setup["seed"] + len(history)), "agent": blob,
            "error": error, "seconds": time.perf_counter() - t0}


def _coach(key: str, setup: dict, history: list, kind: str, answered: list, top: int) -> dict:
    """The coach, in a worker (play.table.COACH_SEED, as in one process). "hint": the hints of
    the duel's pending decision (agents.coach.hints) on a clone of the worker's copy;
    "review": agents.coach.review of the decisions `answered` ((number of answers before the
    decision, the answer) each), the duel made again from its setup up to each of them.
    Returns {"out": Hint or Mistake objects, "pid", "seconds"}."""
    from ..agents.coach import hints, review
    from ..play import replay as R
    from ..play.table import COACH_SEED
    t0 = time.perf_counter()
    if kind == "hint":
        out = hints(_duel_for(key, setup, history).clone(), COACH_SEED)
    else:
        d = R.start(R.Replay(seed=setup["seed"], decks=setup["decks"],
                             options=setup["options"], names=setup["names"]))
        at = dict(answered)
        decisions = []
        for k, i in enumerate(history):
            if k in at:
                if at[k] != i:
                    raise ValueError(f"answer {k} of the duel is {i}, not {at[k]}")
                decisions.append((d.clone(), i))
            d.apply(i)
        out = review(decisions, COACH_SEED, top=top)
    return {"out": out, "pid": os.getpid(), "seconds": time.perf_counter() - t0}


def _ping() -> int:
    return os.getpid()


# ================================================================== in the server
class BotPool:
    """Worker processes for the bots (see the module's text)."""

    def __init__(self, workers: int | None = None, nice: int = NICE):
        import multiprocessing
        self.size = workers or default_workers()
        self.nice = nice
        self._ctx = multiprocessing.get_context("spawn")
        self._lock = threading.Lock()
        self._pools: list = [None] * self.size
        self._load = [0] * self.size             # rooms assigned to each worker
        self._where: dict = {}                   # room key -> worker
        self.closing = False
        self.decisions = 0
        self.failures = 0
        self.seconds: list = []                  # the last decisions' thinking times
        self.last_coach: dict = {}               # the last hint or review: kind, pid, seconds

    def _pool(self, w: int) -> ProcessPoolExecutor:
        with self._lock:
            if self._pools[w] is None:
                self._pools[w] = ProcessPoolExecutor(1, mp_context=self._ctx,
                                                     initializer=_worker_start,
                                                     initargs=(self.nice,))
            return self._pools[w]

    def warm(self) -> None:
        """Start every worker now (the first decision need not wait for it)."""
        for w in range(self.size):
            self._pool(w).submit(_ping)

    def pid(self, w: int) -> int:
        """The process id of worker w (started if need be)."""
        return self._pool(w).submit(_ping).result()

    def assign(self, room: str) -> int:
        """The worker of a room's bot: the one with the fewest rooms, then always that one."""
        with self._lock:
            w = self._where.get(room)
            if w is None:
                w = min(range(self.size), key=lambda i: self._load[i])
                self._where[room] = w
                self._load[w] += 1
            return w

    def release(self, room: str) -> None:
        with self._lock:
            w = self._where.pop(room, None)
            if w is not None:
                self._load[w] -= 1

    def think(self, room: str, key: str, setup: dict, duel, agent, name: str) -> tuple:
        """The bot `agent` (made by name `name`) of `room` decides `duel` (its key for the
        worker's cache: `key`). Returns (answer index, the agent after deciding, None), or
        when it failed (a simpler agent's answer, the agent as it was, the error)."""
        from concurrent.futures import CancelledError
        from ..play.table import fallback_answer
        if self.closing:
            raise Closing("the server is stopping")
        w = self.assign(room)
        self.decisions += 1
        try:
            out = self._pool(w).submit(_think, key, setup, list(duel.history),
                                       pickle.dumps(agent), name).result()
        except CancelledError:           # the server stops: the decision is not made
            raise Closing("the server is stopping") from None
        except BrokenProcessPool:      # the worker died (killed, out of memory): a new one
            if self.closing:
                raise Closing("the server is stopping") from None
            with self._lock:
                self._pools[w] = None
            out = {"error": "the bot's worker process stopped", "agent": None,
                   "index": fallback_answer(duel, name, setup["seed"] + len(duel.history))}
        except Exception:              # noqa: BLE001  (an agent that does not pickle...)
            out = {"error": traceback.format_exc(limit=12), "agent": None,
                   "index": fallback_answer(duel, name, setup["seed"] + len(duel.history))}
        if out.get("error"):
            self.failures += 1
            return (out["index"], pickle.loads(out["agent"]) if out.get("agent") else agent,
                    out["error"])
        self.seconds.append(out["seconds"])
        del self.seconds[:-2000]
        return out["index"], pickle.loads(out["agent"]), None

    def coach(self, room: str, key: str, setup: dict, duel, kind: str,
              answered: list = (), top: int = 5) -> list:
        """A hint ("hint": of `duel`'s pending decision) or a review ("review": of the
        decisions `answered`, as (number of answers before it, the answer) each) for a player
        of `room`, worked out in the room's worker (see _coach). Raises CoachFailed when it
        cannot be (the worker failed or stopped): the player may ask again."""
        from concurrent.futures import CancelledError
        if self.closing:
            raise Closing("the server is stopping")
        w = self.assign(room)
        try:
            out = self._pool(w).submit(_coach, key, setup, list(duel.history), kind,
                                       list(answered), top).result()
        except CancelledError:
            raise Closing("the server is stopping") from None
        except BrokenProcessPool:
            if self.closing:
                raise Closing("the server is stopping") from None
            with self._lock:
                self._pools[w] = None
            raise CoachFailed("the coach's worker process stopped; ask again") from None
        except Exception as e:         # noqa: BLE001  (the room logs it)
            log.error("room %s: the coach failed: %s", room, traceback.format_exc(limit=12))
            raise CoachFailed(f"the coach failed ({type(e).__name__}); the server's log "
                              "has it") from None
        self.last_coach = {"kind": kind, "pid": out["pid"], "seconds": out["seconds"]}
        return out["out"]

    def close(self) -> None:
        """Stop the workers; decisions asked from now on (or waiting) raise Closing."""
        self.closing = True
        with self._lock:
            pools, self._pools = self._pools, [None] * self.size
        for p in pools:
            if p is not None:
                procs = list(getattr(p, "_processes", {}).values())
                p.shutdown(wait=False, cancel_futures=True)
                for proc in procs:         # a decision being made is not waited for
                    try:
                        proc.terminate()
                    except Exception:      # noqa: BLE001  (already gone)
                        pass


class CoachFailed(Exception):
    """The coach's worker failed: nothing was worked out (the table refuses the hint)."""


class Closing(Exception):
    """The server is stopping: the bot's decision is not made (nothing is applied; a server
    that keeps its rooms on disk plays it again when it starts)."""
