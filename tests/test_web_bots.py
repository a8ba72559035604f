"""The web server's bots think in worker processes (ygosim/web/bots.py): the same duel as
thinking in the server's own process; a failing bot or a lost worker is answered for by a
simpler agent and logged with the replay that reproduces it; bot rooms beyond the bots'
capacity wait in a queue that says so."""
from __future__ import annotations

import json
import os
import time

import pytest

pytest.importorskip("starlette")
from starlette.testclient import TestClient  # noqa: E402

from ygosim.agents.random_agent import RandomAgent  # noqa: E402
from ygosim.formats.deck import load_deck  # noqa: E402
from ygosim.play import replay as R  # noqa: E402
from ygosim.play.table import Table  # noqa: E402
from ygosim.web.bots import BotPool  # noqa: E402
from ygosim.web.server import create_app  # noqa: E402

from web_util import SEED, pick  # noqa: E402

YUGI, KAIBA = load_deck("yugi"), load_deck("kaiba")


class Broken(RandomAgent):
    """A bot that fails on its 4th decision (module level: the worker unpickles it)."""
    name = "broken"

    def __init__(self, seed=0):
        super().__init__(seed)
        self.n = 0

    def choose(self, duel):
        self.n += 1
        if self.n == 4:
            raise ZeroDivisionError("broken on purpose")
        return super().choose(duel)


@pytest.fixture(scope="module")
def pool():
    p = BotPool(1)
    yield p
    p.close()


def pool_think(pool, room="t"):
    """A Table's think through the pool, as rooms.Room.think does."""
    def think(table):
        opts = dict(table.duel_options)
        opts["rules"] = table.duel.rules.ref()
        setup = {"seed": table.duel_seed, "options": opts, "names": list(table.names),
                 "decks": [R.deck_record(x) for x in table.duel_decks]}
        return pool.think(room, f"{room}/{table.duel_no}", setup, table.duel, table.bot,
                          table.bot_name)
    return think


def pool_coach(pool, room="t"):
    """A Table's coach through the pool, as rooms.Room.coach does."""
    def coach(table, kind, seat, top=5):
        opts = dict(table.duel_options)
        opts["rules"] = table.duel.rules.ref()
        setup = {"seed": table.duel_seed, "options": opts, "names": list(table.names),
                 "decks": [R.deck_record(x) for x in table.duel_decks]}
        answered = [(len(b.history), i) for b, i in table.answered[seat]]
        return pool.coach(room, f"{room}/{table.duel_no}", setup, table.duel, kind, answered,
                          top)
    return coach


def play(t, seed=4, limit=400):
    person = RandomAgent(seed)
    n = 0
    while t.state == "duel" and n < limit:
        t.answer(0, t.duel.pending.options.index(person.choose(t.duel)))
        n += 1


def test_a_bot_in_a_worker_plays_the_same_duel_as_in_the_server(pool):
    here = Table((YUGI, KAIBA), seed=12, bot="easy", quiet=False)
    there = Table((YUGI, KAIBA), seed=12, bot="easy", quiet=False, think=pool_think(pool))
    play(here)
    play(there)
    assert there.duel.log == here.duel.log and there.duel.history == here.duel.history
    chat = [e["text"] for e in there.events(0) if e["type"] == "chat"]
    assert chat == [e["text"] for e in here.events(0) if e["type"] == "chat"]
    assert pool.decisions > 10 and pool.failures == 0
    # an undo goes back; the worker's duel (a longer history) is made again and goes on
    there.proceed(0)
    play(there, limit=6)
    there.undo(0)
    play(there, seed=5, limit=30)
    assert there.failures == 0


def test_the_coach_thinks_in_a_worker_and_says_what_it_says_in_one_process(pool):
    """A hint and a review worked out in the bot's worker (not the server's process) are
    those of the coach in one process for the same duel (the same seed and budget)."""
    from ygosim.play.table import coach_here
    t = Table((YUGI, KAIBA), seed=5, bot="easy", quiet=True, think=pool_think(pool, "c"),
              coach=pool_coach(pool, "c"))
    play(t, limit=3)
    assert t.state == "duel"
    got = t.hint(0)
    assert pool.last_coach["kind"] == "hint"
    assert pool.last_coach["pid"] == pool.pid(0) != os.getpid()
    here = [h.as_dict() for h in coach_here(t, "hint", 0)]
    assert [{k: h[k] for k in here[0]} for h in got] == here
    assert t.coach_log[-1]["kind"] == "hint"
    play(t, limit=400)
    assert t.state == "over"
    there = t.review(0, top=3)
    assert there                          # (this duel has decisions to review)
    assert pool.last_coach["kind"] == "review" and pool.last_coach["pid"] != os.getpid()
    assert [{k: m[k] for k in m if k != "line"} for m in there] == \
        [m.as_dict() for m in coach_here(t, "review", 0, 3)]


def test_a_hint_over_the_websocket_comes_from_the_worker():
    with TestClient(create_app(seeds=SEED, hosts=("testserver",), bot_workers=1)) as c:
        SEED.value = 8
        made = c.post("/api/rooms", json={"deck": {"kind": "builtin", "name": "yugi"},
                                          "bot": "easy"}).json()
        pool = c.app.state.rooms.get(made["room"]).bots
        with c.websocket_connect(f"/ws/{made['room']}") as ws:
            ws.send_text(json.dumps({"type": "hello", "token": made["token"]}))
            p = None
            while p is None:
                m = ws.receive_json()
                if m["type"] == "state" and m["final"]:
                    p = m["view"]["prompt"]
            ws.send_json({"type": "hint"})
            hs = None
            while hs is None:
                m = ws.receive_json()
                assert m["type"] != "error", m
                if m["type"] == "state":
                    hs = next((e["hints"] for e in m["events"] if e["type"] == "hint"), None)
        assert {h["text"] for h in hs} == {o["text"] for o in p["options"]}
        assert pool.last_coach["kind"] == "hint" and pool.last_coach["pid"] != os.getpid()


def test_a_failing_bot_or_a_lost_worker_is_answered_for(pool):
    told = []
    t = Table((YUGI, KAIBA), seed=3, bot=Broken(1), quiet=True, think=pool_think(pool, "b"),
              on_failure=lambda table, what, error, answer: told.append(error))
    play(t, limit=30)
    assert len(told) == 1 and "ZeroDivisionError: broken on purpose" in told[0]
    os.kill(pool.pid(0), 9)                 # the worker dies: a simpler agent answers
    time.sleep(0.2)
    play(t, limit=400)
    assert any("worker process stopped" in e for e in told)
    assert t.state == "over"


def test_the_room_logs_a_failure_with_the_replay_that_reproduces_it(tmp_path, caplog,
                                                                     monkeypatch):
    from ygosim import agents
    monkeypatch.setitem(agents.AGENTS, "broken", Broken)
    with TestClient(create_app(seeds=SEED, hosts=("testserver",), bot_workers=1,
                               data_dir=tmp_path)) as c:
        SEED.value = 3
        made = c.post("/api/rooms", json={"deck": {"kind": "builtin", "name": "yugi"},
                                          "bot": "random"}).json()
        room = c.app.state.rooms.get(made["room"])
        room.table.bot = Broken(1)          # (the worker unpickles it from this module)
        with c.websocket_connect(f"/ws/{made['room']}") as ws:
            ws.send_text(json.dumps({"type": "hello", "token": made["token"]}))
            fails = []
            for _ in range(3000):
                m = ws.receive_json()
                if m["type"] != "state":
                    continue
                fails += [e for e in m["events"] if e["type"] == "failure"]
                p = m["view"]["prompt"]
                if fails or m["view"]["state"] != "duel":
                    break
                if m["final"] and p:
                    ws.send_json({"type": "answer", "prompt": p["id"],
                                  "index": pick(p["options"])})
        assert fails and fails[0]["what"] == "bot" and "broken on purpose" in fails[0]["error"]
        files = list((tmp_path / "errors").glob("*.json"))
        assert len(files) == 1
        rep = R.load(files[0])
        assert rep.meta["failure"]["error"] == "ZeroDivisionError: broken on purpose"
        d = R.play(rep)                       # it plays up to the decision that failed
        assert d.pending.player == 1
        assert any("the replay that reproduces it" in r.getMessage() for r in caplog.records)


def test_bot_rooms_beyond_the_capacity_wait_in_a_queue_that_says_so():
    with TestClient(create_app(seeds=SEED, hosts=("testserver",), bot_workers=1,
                               bot_rooms=1, sweep_every=0.05)) as c:
        body = {"deck": {"kind": "builtin", "name": "yugi"}, "bot": "random"}
        first = c.post("/api/rooms", json=body).json()
        second = c.post("/api/rooms", json=body).json()
        third = c.post("/api/rooms", json=body).json()
        info = c.get(f"/api/rooms/{second['room']}").json()
        assert info["state"] == "queued" and info["queue"] == 1
        assert c.get(f"/api/rooms/{third['room']}").json()["queue"] == 2
        with c.websocket_connect(f"/ws/{second['room']}") as ws:
            ws.send_text(json.dumps({"type": "hello", "token": second["token"]}))
            assert ws.receive_json()["room"]["state"] == "queued"
            m = ws.receive_json()
            assert m["type"] == "waiting" and m["room"]["queue"] == 1
            c.app.state.rooms.remove(first["room"])       # the first room closes
            while m["type"] != "state":
                m = ws.receive_json()
            assert m["view"]["state"] == "duel" and m["view"]["prompt"] is not None
        assert c.get(f"/api/rooms/{third['room']}").json()["queue"] == 1
