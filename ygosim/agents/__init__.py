"""Agents: anything that answers a duel's pending decision.

An agent is an object with `choose(duel) -> Option` (one of duel.legal_actions()).
`make_agent(name, seed)` builds one by name; ygosim.agents.AGENTS lists the names.
"""
from __future__ import annotations

from .random_agent import RandomAgent
from .heuristic import HeuristicAgent

AGENTS = {"random": RandomAgent, "heuristic": HeuristicAgent}


def make_agent(name: str, seed: int = 0):
    from ..errors import YgosimError
    if name not in AGENTS:
        try:  # agents added by later modules register themselves on import
            from . import heuristic  # noqa: F401
        except ImportError:
            pass
    if name not in AGENTS:
        raise YgosimError(f"unknown agent {name!r} (known: {', '.join(sorted(AGENTS))})")
    return AGENTS[name](seed=seed)
