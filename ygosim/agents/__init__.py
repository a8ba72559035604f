"""Agents: anything that answers a duel's pending decision.

An agent is an object with `choose(duel) -> Option` (one of duel.legal_actions()).
`make_agent(name, seed)` builds one by name; ygosim.agents.AGENTS lists the names.
The bot's levels (`easy`, `normal`, `hard`: LEVELS) are names too: easy is the heuristic bot,
normal and hard the search bot (`search` is `normal`).
"""
from __future__ import annotations

from .random_agent import RandomAgent
from .heuristic import HeuristicAgent
from .search import SearchAgent, make_level

AGENTS = {"random": RandomAgent, "heuristic": HeuristicAgent, "search": make_level("normal"),
          "easy": make_level("easy"), "normal": make_level("normal"), "hard": make_level("hard")}
LEVELS = ("easy", "normal", "hard")


def make_agent(name: str, seed: int = 0, talk: bool = False):
    """The agent called `name`, seeded; `talk` turns on the chat of agents that talk."""
    from ..cards.errors import YgosimError
    if name not in AGENTS:
        raise YgosimError(f"unknown agent {name!r} (known: {', '.join(sorted(AGENTS))})")
    make = AGENTS[name]
    if talk and getattr(make, "talks", False):        # a Talking bot, or a level of one
        return make(seed=seed, talk=True)
    return make(seed=seed)
