"""Environment speed: steps per second of DuelEnv on one core and of a Gymnasium vector of
environments over several processes (`ygosim bench-env`).

A step is one decision of the agent (with the opponent's decisions played in between); actions
are drawn at random among the legal ones. One core: steps per second of the process's CPU time
(what one core does, whatever else runs) and of wall-clock time. Vector: wall-clock time of
gymnasium.vector.AsyncVectorEnv (one process per environment), with the CPU time its worker
processes used: on a loaded machine the wall-clock figures fall, the CPU figures do not."""
from __future__ import annotations

import time

import numpy as np


def _make(opponent: str, deck, opponent_deck, rules="v10"):
    def make():
        from .gym_env import DuelEnv
        return DuelEnv(deck=deck, opponent_deck=opponent_deck, opponent=opponent, rules=rules)
    return make


def bench_single(steps: int = 5000, opponent: str = "random", deck="yugi",
                 opponent_deck="kaiba", seed: int = 0, rules="v10") -> dict:
    env = _make(opponent, deck, opponent_deck, rules)()
    rng = np.random.default_rng(seed)
    obs, _ = env.reset(seed=seed)
    episodes = 0
    engine_decisions = 0
    w0 = time.perf_counter()
    t0 = time.process_time()
    for _ in range(steps):
        legal = np.flatnonzero(obs["action_mask"])
        obs, _, term, trunc, _ = env.step(int(rng.choice(legal)))
        if term or trunc:
            episodes += 1
            engine_decisions += env.duel.n_decisions
            obs, _ = env.reset()
    engine_decisions += env.duel.n_decisions
    dt = time.process_time() - t0
    wall = time.perf_counter() - w0
    return {"steps": steps, "seconds": round(dt, 3), "steps_per_second": round(steps / dt, 1),
            "wall_steps_per_second": round(steps / wall, 1),
            "episodes": episodes,
            "engine_decisions_per_second": round(engine_decisions / dt, 1)}


def _proc_cpu(pid: int) -> float | None:
    """CPU seconds process `pid` has used (Linux /proc; None elsewhere)."""
    import os
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return None


def bench_vector(steps: int = 5000, envs: int = 2, opponent: str = "random", deck="yugi",
                 opponent_deck="kaiba", seed: int = 0, rules="v10") -> dict:
    """`steps` steps in all (steps // envs vector steps) of an AsyncVectorEnv: steps per second
    of wall-clock time, and the CPU time of each worker process and of this one over the loop.
    On idle cores the loop would take about max(busiest worker, all CPU / cores): the estimate
    `cpu_bound_steps_per_second`, which other work on the machine does not change."""
    import os
    from gymnasium.vector import AsyncVectorEnv
    vec = AsyncVectorEnv([_make(opponent, deck, opponent_deck, rules) for _ in range(envs)])
    rng = np.random.default_rng(seed)
    try:
        obs, _ = vec.reset(seed=seed)
        pids = [proc.pid for proc in getattr(vec, "processes", [])]
        w0 = [_proc_cpu(pid) for pid in pids]
        rounds = max(1, steps // envs)
        t0 = time.perf_counter()
        c0 = time.process_time()
        for _ in range(rounds):
            masks = obs["action_mask"]
            actions = np.array([int(rng.choice(np.flatnonzero(m))) if m.any() else 0
                                for m in masks])
            obs, _, _, _, _ = vec.step(actions)
        dt = time.perf_counter() - t0
        main_cpu = time.process_time() - c0
        w1 = [_proc_cpu(pid) for pid in pids]
    finally:
        vec.close()
    n = rounds * envs
    out = {"envs": envs, "steps": n, "seconds": round(dt, 3),
           "steps_per_second": round(n / dt, 1), "main_cpu_seconds": round(main_cpu, 3)}
    if pids and None not in w0 + w1:
        workers = [b - a for a, b in zip(w0, w1)]
        cores = os.cpu_count() or 1
        bound = max(max(workers), (sum(workers) + main_cpu) / cores)
        out["worker_cpu_seconds"] = [round(w, 3) for w in workers]
        out["cpu_bound_steps_per_second"] = round(n / bound, 1) if bound > 0 else None
    return out
