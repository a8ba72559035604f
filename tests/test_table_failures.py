"""Nothing stuck: when the bot or the engine fails, the table says what failed, a simpler
agent answers for the bot, the duel is as it was before a failed answer, and the duel goes
on; the front end's on_failure gets the error (to log it with the replay)."""
from __future__ import annotations

import pytest

from ygosim.agents.random_agent import RandomAgent
from ygosim.engine.duel import Duel
from ygosim.engine.observe import SPECTATOR
from ygosim.formats.deck import load_deck
from ygosim.play.table import Table, TableError

YUGI, KAIBA = load_deck("yugi"), load_deck("kaiba")


class Flaky(RandomAgent):
    """A bot that fails on its decisions number `bad` (counted from 1)."""
    name = "flaky"

    def __init__(self, bad=(3,)):
        super().__init__(1)
        self.bad, self.n = set(bad), 0

    def choose(self, duel):
        self.n += 1
        if self.n in self.bad:
            raise ZeroDivisionError("the bot divided by zero")
        return super().choose(duel)


def play_out(t, limit=3000):
    person = RandomAgent(5)
    n = 0
    while t.state == "duel" and n < limit:
        t.answer(0, t.duel.pending.options.index(person.choose(t.duel)))
        n += 1
    return n


def test_a_failing_bot_is_answered_for_and_the_duel_goes_on():
    told = []
    t = Table((YUGI, KAIBA), seed=3, quiet=True, bot=Flaky((3, 10)),
              on_failure=lambda table, what, error, answer: told.append((what, error)))
    play_out(t)
    assert t.state == "over" and t.failures == 2
    assert [w for w, _ in told] == ["bot", "bot"]
    assert "ZeroDivisionError: the bot divided by zero" in told[0][1]
    fails = [e for e in t.events(SPECTATOR) if e["type"] == "failure"]
    assert len(fails) == 2 and "simpler bot answered" in fails[0]["text"]
    assert fails[0]["error"] == "ZeroDivisionError: the bot divided by zero"


def test_an_answer_the_engine_fails_on_changes_nothing(monkeypatch):
    t = Table((YUGI, KAIBA), seed=3, quiet=True, bot="random",
              on_failure=lambda *a: None)
    t.answer(0, "call heads")
    t.answer(0, "go first")
    before = (list(t.duel.history), t.duel.log[:], t.prompt(0)["id"])
    real = Duel.apply

    def apply(self, x):
        if len(self.history) == len(before[0]) and x == 0:
            self.log.append("half done")          # the failure leaves a half-made change
            raise KeyError("engine bug")
        return real(self, x)
    monkeypatch.setattr(Duel, "apply", apply)
    with pytest.raises(TableError, match="engine failed on that answer"):
        t.answer(0, 0)
    assert (t.duel.history, t.duel.log, t.prompt(0)["id"]) == before
    fails = [e for e in t.events(0) if e["type"] == "failure"]
    assert fails[-1]["what"] == "engine" and "KeyError" in fails[-1]["error"]
    t.answer(0, 1)                                  # another answer goes through
    assert len(t.duel.history) > len(before[0])


def test_a_bots_answer_the_engine_fails_on_is_replaced(monkeypatch):
    t = Table((YUGI, KAIBA), seed=3, quiet=True, bot="random", on_failure=lambda *a: None)
    real = Duel.apply
    state = {"armed": True}

    def apply(self, x):
        if state["armed"] and self.pending.player == 1 and len(self.pending.options) > 1:
            state["armed"] = False
            raise RuntimeError("once")
        return real(self, x)
    monkeypatch.setattr(Duel, "apply", apply)
    play_out(t)
    assert t.state == "over" and not state["armed"]
    assert [e["what"] for e in t.events(0) if e["type"] == "failure"] == ["engine"]


def test_a_duel_no_answer_works_in_ends_as_failed_and_a_new_one_starts(monkeypatch):
    t = Table((YUGI, KAIBA), seed=3, quiet=True, bot="random", on_failure=lambda *a: None)
    t.answer(0, "call heads")
    real = Duel.apply
    monkeypatch.setattr(Duel, "apply", lambda self, x: (_ for _ in ()).throw(OSError("x")))
    with pytest.raises(TableError):
        t.answer(0, "go first")
    monkeypatch.setattr(Duel, "apply", lambda self, x: real(self, x) if self.pending.player == 0
                        else (_ for _ in ()).throw(OSError("the bot's side is broken")))
    t.answer(0, "go first")
    while t.state == "duel":
        t.answer(0, 0)
    assert t.state == "failed" and t.result["reason"] == "the engine failed"
    assert t.view(0)["seed"] == t.duel_seed
    monkeypatch.setattr(Duel, "apply", real)
    t.proceed(0)
    assert t.state == "duel" and t.duel_no == 2


def test_a_bot_whose_chat_fails_stops_talking_and_plays_on(monkeypatch):
    from ygosim.agents.heuristic import HeuristicAgent
    monkeypatch.setattr(HeuristicAgent, "react",
                        lambda self, duel: (_ for _ in ()).throw(ValueError("no words")),
                        raising=False)
    t = Table((YUGI, KAIBA), seed=3, bot="heuristic", on_failure=lambda *a: None)
    play_out(t)
    assert t.state == "over"
    assert [e["error"] for e in t.events(0) if e["type"] == "failure"] == \
        ["ValueError: no words"]
