"""The uniformly random legal agent."""
from __future__ import annotations

from ..engine.rng import Rng


class RandomAgent:
    name = "random"

    def __init__(self, seed: int = 0):
        self.rng = Rng(seed ^ 0x5EED)

    def choose(self, duel):
        opts = duel.pending.options
        return opts[self.rng.below(len(opts))]
