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


def _make(opponent: str, deck: str, opponent_deck: str):
    def make():
        from .gym_env import DuelEnv
        return DuelEnv(deck=deck, opponent_deck=opponent_deck, opponent=opponent)
    return make


def bench_single(steps: int = 5000, opponent: str = "random", deck="yugi",
                 opponent_deck="kaiba", seed: int = 0) -> dict:
    env = _make(opponent, deck, opponent_deck)()
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


def bench_vector(steps: int = 5000, envs: int = 2, opponent: str = "random", deck="yugi",
                 opponent_deck="kaiba", seed: int = 0) -> dict:
    """`steps` steps in all (steps // envs vector steps) of an AsyncVectorEnv."""
    import resource
    from gymnasium.vector import AsyncVectorEnv

    def children_cpu():
        r = resource.getrusage(resource.RUSAGE_CHILDREN)
        return r.ru_utime + r.ru_stime
    c0 = children_cpu()
    vec = AsyncVectorEnv([_make(opponent, deck, opponent_deck) for _ in range(envs)])
    rng = np.random.default_rng(seed)
    try:
        obs, _ = vec.reset(seed=seed)
        rounds = max(1, steps // envs)
        t0 = time.perf_counter()
        for _ in range(rounds):
            masks = obs["action_mask"]
            actions = np.array([int(rng.choice(np.flatnonzero(m))) if m.any() else 0
                                for m in masks])
            obs, _, _, _, _ = vec.step(actions)
        dt = time.perf_counter() - t0
    finally:
        vec.close()
    cpu = children_cpu() - c0       # the worker processes' CPU time (set-up included)
    return {"envs": envs, "steps": rounds * envs, "seconds": round(dt, 3),
            "steps_per_second": round(rounds * envs / dt, 1),
            "worker_cpu_seconds": round(cpu, 3)}
