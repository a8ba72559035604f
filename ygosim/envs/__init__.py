"""Environments for reinforcement learning (the optional extra `rl`: numpy, gymnasium,
pettingzoo). docs/envs.md describes them, their observations and actions.

    from ygosim.envs import DuelEnv, duel_aec_env
    env = DuelEnv(deck="yugi", opponent_deck="kaiba", opponent="heuristic", rules="v10", seat=0)
    obs, info = env.reset(seed=1)
    obs, reward, terminated, truncated, info = env.step(env.action_space.sample(
        mask=obs["action_mask"]))
"""
from __future__ import annotations

__all__ = ["DuelEnv", "DuelAECEnv", "duel_aec_env", "Encoder", "ENV_ID", "from_replay",
           "from_scenario"]

ENV_ID = "ygosim/Duel-v0"       # gymnasium.make(ENV_ID, **kwargs) once ygosim.envs is imported

try:
    import gymnasium as _gym
except ImportError:        # the extra 'rl' is not installed: DuelEnv says so when asked for
    pass
else:
    if ENV_ID not in _gym.registry:
        _gym.register(id=ENV_ID, entry_point="ygosim.envs.gym_env:DuelEnv")


def __getattr__(name):
    try:
        if name == "DuelEnv":
            from .gym_env import DuelEnv
            return DuelEnv
        if name in ("DuelAECEnv", "duel_aec_env"):
            from . import aec_env
            return getattr(aec_env, name)
        if name == "Encoder":
            from .encoding import Encoder
            return Encoder
        if name in ("from_replay", "from_scenario"):
            from . import start
            return getattr(start, name)
    except ImportError as e:
        raise ImportError(f"ygosim.envs needs the extra 'rl' ({e.name} is missing): "
                          "pip install -e '.[rl]'") from e
    raise AttributeError(f"module 'ygosim.envs' has no attribute {name!r}")
