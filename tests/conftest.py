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
from ygosim.cards.db import card_db

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


@pytest.fixture
def unscripted_serpent(monkeypatch):
    """Every built-in card is scripted: for tests that need one that is not, Sinister Serpent
    with both its scripts (today's and 2005's) taken away. Yields (card, {era: script}) and
    gives the scripts back after the test."""
    card = card_db()["Sinister Serpent"]
    scripts = {"current": card.script, "goat": card.era_scripts["goat"]}
    monkeypatch.setattr(card, "script", None)
    monkeypatch.setattr(card, "era_scripts", {k: v for k, v in card.era_scripts.items()
                                              if k != "goat"})
    card._variants.clear()
    yield card, scripts
    card._variants.clear()


def pytest_configure(config):
    """A whole-suite run waits for any other whole-suite run on this machine to finish
    (an flock on a file in the temporary folder), so that several engineers sharing a small
    machine do not run five suites at once: each would take five times as long, and the tests
    with real terminals, servers and timeouts would run starved. Runs of chosen files or tests
    never wait; YGOSIM_SUITE_LOCK=0 turns the wait off. The file is not the one people wrap
    a suite in by hand (`flock /tmp/ygosim-suite.lock pytest ...`): the same file would make
    the run wait for itself for ever."""
    import fcntl
    import os
    import sys
    import tempfile
    from pathlib import Path

    if hasattr(config, "workerinput") or os.environ.get("YGOSIM_SUITE_LOCK") == "0":
        return                                   # an xdist worker: its controller waited
    tests = Path(__file__).resolve().parent
    chosen = [Path(a.split("::")[0]).resolve() for a in config.args]
    if any(p != tests and p != tests.parent for p in chosen):
        return                                   # chosen files or tests
    lock = open(os.path.join(tempfile.gettempdir(), "ygosim-suite-run.lock"), "w")
    try:
        fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        print("ygosim: another whole test suite is running on this machine; waiting for it "
              "(YGOSIM_SUITE_LOCK=0 runs at once)", file=sys.stderr, flush=True)
        fcntl.flock(lock, fcntl.LOCK_EX)
    config._ygosim_suite_lock = lock             # held until this process ends
