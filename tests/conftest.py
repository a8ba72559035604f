"""Test-wide settings.

Bots in tests decide by their counted budget only (`work`: rollout steps, the search bot's
simulations and engine steps), never by the clock: the heuristic bot's time budget and the
search bot's time limit are safety nets for slow machines, and under a loaded machine
it would cut searches short at different places and make a test's duel differ from run to run
(the same seed must give the same duel). A bot's decisions take milliseconds of CPU, so this
costs nothing on an idle machine."""
from __future__ import annotations

import pytest

from ygosim.agents.heuristic import HeuristicAgent
from ygosim.agents.search import SearchAgent

_init = HeuristicAgent.__init__
_search_init = SearchAgent.__init__


def _budget_only(self, *args, **kw):
    if len(args) < 4:                    # (seed, talk, work, budget): budget not given
        kw.setdefault("budget", 1e9)
    _init(self, *args, **kw)


def _search_budget_only(self, *args, **kw):
    if len(args) < 6:                    # (seed, talk, level, sims, worlds, time_limit)
        kw.setdefault("time_limit", 1e9)
    _search_init(self, *args, **kw)


@pytest.fixture(autouse=True)
def budget_only_bots(monkeypatch):
    monkeypatch.setattr(HeuristicAgent, "__init__", _budget_only)
    monkeypatch.setattr(SearchAgent, "__init__", _search_budget_only)
