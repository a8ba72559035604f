"""The web server without a browser (Starlette's TestClient): whole duels over the websocket,
illegal answers, hostile messages, reconnecting, spectators, room clean-up, the lobby's deck
checks, replays, and that no frame holds what its viewer may not know."""
from __future__ import annotations

import json
import time

import pytest

pytest.importorskip("starlette")
from starlette.testclient import TestClient  # noqa: E402
from starlette.websockets import WebSocketDisconnect  # noqa: E402

from ygosim.play import replay as R  # noqa: E402
from ygosim.engine.observe import SPECTATOR  # noqa: E402
from ygosim.web import rooms as RM  # noqa: E402
from ygosim.web.server import create_app  # noqa: E402

from web_util import SEED, Spy, frame_problems, pick, secrets_of  # noqa: E402

YUGI = {"kind": "builtin", "name": "yugi"}
KAIBA = {"kind": "builtin", "name": "kaiba"}


def app(**kw):
    """The web app for TestClient (whose requests say Host: testserver), with the tests'
    seeds."""
    kw.setdefault("bot_workers", 0)          # the bots think in threads here (test_web_bots.py
    return create_app(seeds=SEED, hosts=("testserver",), **kw)   # runs the worker processes)


@pytest.fixture
def client():
    with TestClient(app()) as c:
        yield c


def make_room(c, seed=3, **kw):
    """A room; its duels play with `seed` (the test server's seeds hook: a client cannot
    choose a seed)."""
    SEED.value = seed
    body = {"deck": YUGI, "opponent": "bot", "bot": "random"}
    body.update(kw)
    r = c.post("/api/rooms", json=body)
    assert r.status_code == 200, r.text
    return r.json()


def hello(ws, token=None, since=0):
    ws.send_text(json.dumps({"type": "hello", "token": token, "since": since}))
    welcome = ws.receive_json()
    assert welcome["type"] == "welcome"
    return welcome


def final_state(ws, after=None, limit=5000):
    """Read messages up to the next final state (past those still asking question `after`, an
    answered question: every connection also gets a state when someone comes or goes);
    returns (it, every message read). An error or a waiting room ends the read too."""
    seen = []
    for _ in range(limit):
        m = ws.receive_json()
        seen.append(m)
        if m["type"] == "state" and m["final"]:
            p = m["view"]["prompt"]
            if after is None or p is None or p["id"] != after:
                return m, seen
        if m["type"] in ("error", "waiting"):
            return m, seen
    raise AssertionError("no final state")


def moved(t, seat, pid, timeout=30.0):
    """Wait until the server has taken seat's answer to question `pid`."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        p = t.prompt(seat)
        if p is None or p["id"] != pid:
            return
        time.sleep(0.002)
    raise AssertionError("the server did not take the answer")


def synced(ws, t, seat, limit=5000):
    """The final state that shows the table as it is now (nobody plays meanwhile)."""
    p = t.prompt(seat)
    want = (p["id"] if p else None, len(t.duel.log), t.state)
    for _ in range(limit):
        m = ws.receive_json()
        if m["type"] == "state" and m["final"]:
            v = m["view"]
            if (v["prompt"]["id"] if v["prompt"] else None,
                    v["log_from"] + len(v["duel"]["log"]), v["state"]) == want:
                return m
    raise AssertionError("the connection never showed the table as it is")


def table_of(c, rid):
    return c.app.state.rooms.get(rid).table


# ============================================================================ lobby
def test_the_lobby_offers_the_built_in_decks_the_rule_sets_and_the_bots(client):
    from ygosim import agents
    from ygosim.engine.rules import NAMES
    opts = client.get("/api/options").json()
    names = {d["name"] for d in opts["decks"]}
    assert {"yugi", "kaiba", "masters", "goat-control", "chaos-turbo", "warrior", "empty-jar",
            "chaos-goat", "zombie"} <= names
    assert [r["name"] for r in opts["rules"]] == list(NAMES)
    goat = next(r for r in opts["rules"] if r["name"] == "goat")
    assert goat["emz"] is False and goat["pendulum"] is False
    assert {b["name"] for b in opts["bots"]} == set(agents.AGENTS)
    assert opts["default_bot"] == "normal"           # the search bot, thinking under a second
    assert [b["name"] for b in opts["bots"]][:3] == ["easy", "normal", "hard"]
    yugi = next(d for d in opts["decks"] if d["name"] == "yugi")
    assert yugi["playable"] == {r: True for r in NAMES}
    for page in ("/", "/replay", "/room/whatever", "/static/room.js", "/static/style.css"):
        r = client.get(page)
        assert r.status_code == 200 and "script-src 'self'" in r.headers["content-security-policy"]


def test_decks_the_engine_cannot_play_are_refused_naming_their_cards(client, monkeypatch):
    # goat-control plays complete now: two of its cards are made unscripted for this test (the
    # shared check, formats.rules.not_playable, reads CardData.playable_in)
    from ygosim.cards.model import CardData
    from ygosim.formats.deck import load_deck
    from ygosim.formats.rules import not_playable
    assert not not_playable(load_deck("goat-control"), "goat")
    hidden = {"Sangan", "Scapegoat"}
    real = CardData.playable_in
    monkeypatch.setattr(CardData, "playable_in",
                        lambda self, era: self.name not in hidden and real(self, era))
    missing = [c.name for c in not_playable(load_deck("goat-control"), "goat")]
    assert set(missing) == hidden
    r = client.post("/api/rooms", json={"deck": {"kind": "builtin", "name": "goat-control"},
                                        "rules": "goat", "opponent": "bot"})
    assert r.status_code == 400
    err = r.json()["error"]
    assert "2 cards the engine cannot play yet under goat rules" in err
    assert all(name in err for name in hidden)
    monkeypatch.setattr(CardData, "playable_in", real)
    r = client.post("/api/rooms", json={"deck": {"kind": "builtin", "name": "goat-control"},
                                        "rules": "goat", "opponent": "bot"})
    assert r.status_code == 200, r.text


@pytest.mark.parametrize("deck, words", [
    ({"kind": "builtin", "name": "../../etc/passwd"}, "there is no built-in deck"),
    ({"kind": "builtin", "name": ["yugi"]}, "there is no built-in deck"),
    ({"kind": "ydke", "url": "ydke://!!!"}, "the Main Deck is empty"),
    ({"kind": "ydke", "url": "http://example.com"}, "is not a ydke:// URL"),
    ({"kind": "ydk", "text": "#main\n99999999\n", "filename": "x.ydk"}, "unknown passcode 99999999"),
    ({"kind": "ydk", "text": "#main\n", "filename": "x.ydk"}, "the Main Deck is empty"),
    ({"kind": "ydk", "text": "x" * 70000, "filename": "x.ydk"}, "too big"),
    ({"kind": "path", "name": "/etc/passwd"}, "choose a built-in deck"),
    ("yugi", "choose a deck"),
])
def test_bad_decks_are_refused_with_the_reason(client, deck, words):
    r = client.post("/api/rooms", json={"deck": deck, "opponent": "bot"})
    assert r.status_code in (400, 413) and words in r.json()["error"], r.text
    assert not client.app.state.rooms.rooms


@pytest.mark.parametrize("bot", [None, "easy", "hard"])
def test_a_room_plays_the_bot_level_asked_for_normal_by_default(client, bot):
    body = {"deck": YUGI, "opponent": "bot"}
    if bot:
        body["bot"] = bot
    r = client.post("/api/rooms", json=body)
    assert r.status_code == 200, r.text
    t = table_of(client, r.json()["room"])
    assert t.bot_name == (bot or "normal")
    assert t.names[1] == f"Bot ({bot or 'normal'})"


def test_an_uploaded_ydk_and_a_ydke_url_make_decks(client):
    from ygosim.formats.deck import load_deck
    deck = load_deck("yugi")
    r = client.post("/api/rooms", json={"deck": {"kind": "ydk", "text": deck.to_ydk(),
                                                 "filename": "../my deck.ydk"},
                                        "opponent": "bot", "bot": "random",
                                        "opponent_deck": {"kind": "ydke",
                                                          "url": load_deck("kaiba").to_ydke()}})
    assert r.status_code == 200, r.text
    t = table_of(client, r.json()["room"])
    assert t.deck_names == ("my deck", "ydke deck")
    assert [c.name for c in t.duel_decks[0].main] == [c.name for c in deck.main]


@pytest.mark.parametrize("body, words", [
    ({"rules": "goat2"}, "is not a rule set"), ({"opponent": "cat"}, "'bot' or 'human'"),
    ({"bot": "nobody"}, "is not one of"), ({"seed": 7}, "nobody's choice"),
    ({"seed": True}, "nobody's choice"),
    ({"name": "x" * 40}, "too long"), ({"name": "a\x1bb"}, "not text"),
])
def test_bad_lobby_choices_are_refused(client, body, words):
    r = client.post("/api/rooms", json=dict({"deck": YUGI}, **body))
    assert r.status_code == 400 and words in r.json()["error"], r.text


def test_bad_requests_are_refused(client):
    r = client.post("/api/rooms", content=b"{not json", headers={"content-type": "application/json"})
    assert r.status_code == 400 and "not JSON" in r.json()["error"]
    r = client.post("/api/rooms", content=b"x" * 300_000)
    assert r.status_code == 413 and "too big" in r.json()["error"]
    assert client.post("/api/rooms", json=[1, 2]).status_code == 400
    assert client.get("/api/rooms/nope").status_code == 404
    assert client.post("/api/rooms/nope/join", json={"deck": YUGI}).status_code == 404
    assert client.get("/api/card?name=Dark%20Magician").json()["name"] == "Dark Magician"
    assert client.get("/api/card?name=zzzzzz").status_code == 404
    assert client.get("/api/card?name=Sangan&rules=bad").status_code == 400


# ============================================================================ whole duels
def play_duel(ws, first, limit=3000):
    """Answer every question of the seat behind `ws` with `pick` until the Duel is over."""
    m = first
    n = 0
    while m["view"]["state"] == "duel" and n < limit:
        p = m["view"]["prompt"]
        assert p is not None, "a person's turn to wait, but nobody else plays"
        ws.send_json({"type": "answer", "prompt": p["id"], "index": pick(p["options"])})
        m, _ = final_state(ws, after=p["id"])
        assert m["type"] == "state", m
        n += 1
    return m, n


def test_a_web_duel_has_a_secret_seed_nobody_sees_before_the_end():
    """No seed from a client; the server's own seeds (128 bits from the OS, a new one for each
    Duel) are in no frame before the Duel is over; then the result and the replay hold that
    Duel's seed, and the next Duel's is another."""
    with TestClient(create_app(hosts=("testserver",), bot_workers=0,
                               rate=(1000.0, 1000))) as c:      # (answers as fast as it can)
        made = c.post("/api/rooms", json={"deck": YUGI, "opponent": "bot",
                                          "bot": "random"}).json()
        with c.websocket_connect(f"/ws/{made['room']}") as ws:
            hello(ws, made["token"])
            first, _ = final_state(ws)
            m, seen = first, []
            while m["view"]["state"] == "duel":
                assert m["view"]["seed"] is None
                assert not any("seed" in e for e in m["events"] if e["type"] != "duel_over")
                p = m["view"]["prompt"]
                ws.send_json({"type": "answer", "prompt": p["id"],
                              "index": pick(p["options"])})
                m, seen = final_state(ws, after=p["id"])
                assert m["type"] == "state", m
                assert all(x["view"]["seed"] is None for x in seen
                           if x["type"] == "state" and x["view"]["state"] == "duel")
            seed = m["view"]["seed"]
            assert seed == m["view"]["result"]["seed"] and seed.bit_length() > 64
            rep = R.from_dict(c.post(f"/api/rooms/{made['room']}/replay",
                                     json={"token": made["token"]}).json())
            assert rep.seed == seed and R.play(rep).winner == m["view"]["result"]["winner"]
            ws.send_json({"type": "proceed"})
            nxt, _ = final_state(ws)
            assert nxt["view"]["duel_no"] == 2 and nxt["view"]["seed"] is None
            assert table_of(c, made["room"]).duel_seed != seed


def test_a_whole_duel_against_the_bot_over_the_websocket_then_its_replay(client, monkeypatch):
    spy = Spy(monkeypatch)
    made = make_room(client, bot="heuristic", seed=11)
    with client.websocket_connect(f"/ws/{made['room']}") as ws, \
            client.websocket_connect(f"/ws/{made['room']}") as watch:
        assert hello(ws, made["token"])["viewer"] == 0
        assert hello(watch)["viewer"] == SPECTATOR
        first, _ = final_state(ws)
        end, answers = play_duel(ws, first)
    assert end["view"]["state"] == "over" and answers > 10
    res = end["view"]["result"]
    assert res["winner"] in (0, 1) and res["bot_hand"] is not None
    kinds = {m["type"] for m, _ in spy.sent[0]}
    assert kinds == {"state"}
    steps = [m for m, _ in spy.sent[0] if not m["final"]]
    assert len(steps) > 20           # the bot's moves were shown as they happened
    assert spy.problems(0) == [] and spy.problems(SPECTATOR) == []
    assert len(spy.sent[SPECTATOR]) > 20
    # the replay, for the players only, once the duel is over
    rid = made["room"]
    assert client.post(f"/api/rooms/{rid}/replay", json={}).status_code == 403
    assert client.post(f"/api/rooms/{rid}/replay", json={"token": "x"}).status_code == 403
    assert client.get(f"/api/rooms/{rid}/replay?token={made['token']}").status_code == 405
    r = client.post(f"/api/rooms/{rid}/replay", json={"token": made["token"]})
    assert r.status_code == 200 and "attachment" in r.headers["content-disposition"]
    rep = R.from_dict(r.json())
    d = R.play(rep)
    assert d.winner == res["winner"] and d.turn == res["turns"]
    # watched in the replay viewer
    up = client.post("/api/replays", json=r.json()).json()
    assert up["steps"] == len(rep.decisions) and up["result"]["winner"] == res["winner"]
    last = client.get(f"/api/replays/{up['id']}/{up['steps']}?as=all").json()
    assert last["duel"]["winner"] == res["winner"]
    start = client.get(f"/api/replays/{up['id']}/0?as=0").json()
    assert start["did"] is None and start["duel"]["sides"][1]["hand"] is None
    mid = client.get(f"/api/replays/{up['id']}/{up['steps'] // 2}?as=1").json()
    assert mid["duel"]["sides"][0]["hand"] is None and mid["duel"]["sides"][1]["hand"] is not None
    assert client.get(f"/api/replays/{up['id']}/{up['steps'] + 1}").status_code == 404
    assert client.get(f"/api/replays/{up['id']}/3?as=2").status_code == 400
    assert client.get(f"/api/replays/{up['id']}").json()["steps"] == up["steps"]


def test_a_whole_duel_between_two_people_and_a_spectator(client, monkeypatch):
    spy = Spy(monkeypatch)
    made = make_room(client, opponent="human", seed=21, rules="goat", casual=True)
    rid = made["room"]
    assert client.get(f"/api/rooms/{rid}").json()["state"] == "waiting"
    with client.websocket_connect(f"/ws/{rid}") as a:
        hello(a, made["token"])
        m, _ = final_state(a)
        assert m["type"] == "waiting" and m["room"]["connected"] == [True, False]
        joined = client.post(f"/api/rooms/{rid}/join", json={"deck": KAIBA, "name": "Kaiba"})
        assert joined.status_code == 200
        third = client.post(f"/api/rooms/{rid}/join", json={"deck": KAIBA})
        assert third.status_code == 409 and "spectator" in third.json()["error"]
        with client.websocket_connect(f"/ws/{rid}") as b, \
                client.websocket_connect(f"/ws/{rid}") as watch:
            assert hello(b, joined.json()["token"])["viewer"] == 1
            hello(watch)
            socks = {0: a, 1: b}
            t = table_of(client, rid)
            n = 0
            while n < 3000:
                views = [synced(socks[s], t, s)["view"] for s in (0, 1)]
                if views[0]["state"] != "duel":
                    break
                seat = 0 if views[0]["prompt"] else 1
                p = views[seat]["prompt"]
                assert p is not None and views[1 - seat]["prompt"] is None
                assert views[1 - seat]["waiting_for"] == seat
                socks[seat].send_json({"type": "answer", "prompt": p["id"],
                                       "index": pick(p["options"])})
                moved(t, seat, p["id"])
                n += 1
            assert views[0]["state"] == "over" and views[0]["result"] == views[1]["result"]
            assert views[0]["rules"] == "goat" and n > 20
    for viewer in (0, 1, SPECTATOR):
        assert len(spy.sent[viewer]) > 20
        assert spy.problems(viewer) == []
    watched = [m for m, _ in spy.sent[SPECTATOR]]
    assert all(m["view"]["prompt"] is None for m in watched)
    assert all(s["hand"] is None for m in watched for s in m["view"]["duel"]["sides"])


def test_the_frame_check_finds_a_leak():
    """The check the duels above pass can fail: frames made with everything revealed (the
    opponent's hand, face-down cards) are caught, naming what leaked."""
    from ygosim.engine.api import new_duel
    from ygosim.engine.observe import observe
    from ygosim.formats.deck import load_deck
    from ygosim.agents.random_agent import RandomAgent
    d = new_duel(load_deck("yugi"), load_deck("kaiba"), seed=4)
    agent = RandomAgent(4)
    caught = clean = total = 0
    for _ in range(150):
        if d.winner is not None:
            break
        d.apply(agent.choose(d))
        secret = secrets_of(d, 0)
        leaky = {"type": "state", "view": {"viewer": 0, "duel": observe(d, None)}, "events": []}
        fine = {"type": "state", "view": {"viewer": 0, "duel": observe(d, 0)}, "events": []}
        total += 1
        caught += bool(frame_problems(leaky, secret))
        clean += not frame_problems(fine, secret)
    assert total == 150 and clean == total and caught >= 140
    problems = frame_problems(leaky, secret)
    assert any("player 1's hand" in x for x in problems)
    assert any("hidden card id" in x for x in problems)


# ============================================================================ refusals
def test_illegal_answers_are_refused_with_the_reason_and_change_nothing(client):
    made = make_room(client)
    t = table_of(client, made["room"])
    with client.websocket_connect(f"/ws/{made['room']}") as ws:
        hello(ws, made["token"])
        m, _ = final_state(ws)
        p = m["view"]["prompt"]
        before = (list(t.duel.history), t.duel.pending.kind)
        for msg, words in [
            ({"type": "answer", "prompt": p["id"], "index": 7}, "there is no answer number 7"),
            ({"type": "answer", "prompt": p["id"], "index": -1}, "there is no answer number"),
            ({"type": "answer", "prompt": p["id"] + 5, "index": 0}, "question now is"),
            ({"type": "answer", "prompt": p["id"], "text": "summon Dark Magician"},
             "not a legal answer"),
            ({"type": "answer", "prompt": p["id"], "index": True}, "'index' is the number"),
            ({"type": "answer", "prompt": p["id"], "index": "0"}, "'index' is the number"),
            ({"type": "answer", "prompt": "1", "index": 0}, "'prompt' is the number"),
            ({"type": "answer", "prompt": p["id"]}, "give 'index'"),
            ({"type": "answer", "prompt": p["id"], "text": "\x00\x1b[2J"}, "not text"),
            ({"type": "answer", "prompt": p["id"], "index": 0, "seat": 1},
             "cannot act for seat 1"),
            ({"type": "proceed"}, "the duel is not over"),
            ({"type": "command", "line": "dance"}, "is not a command"),
            ({"type": "priority", "mode": "never"}, "is not a mode"),
            ({"type": "stop", "phase": "lunch"}, "is not a phase"),
            ({"type": "say", "text": ""}, "say what"),
            ({"type": "side", "line": "out x in y"}, "no side decking"),
        ]:
            ws.send_json(msg)
            err = ws.receive_json()
            assert err["type"] == "error" and words in err["error"], (msg, err)
            assert (list(t.duel.history), t.duel.pending.kind) == before
        ws.send_json({"type": "undo"})
        assert "nothing to undo" in ws.receive_json()["error"]
        ws.send_json({"type": "answer", "prompt": p["id"], "text": "call heads"})
        m, _ = final_state(ws, after=p["id"])
        assert m["view"]["prompt"]["id"] > p["id"] and len(t.duel.history) > len(before[0])


def test_hostile_messages_get_an_error_and_change_nothing(client):
    made = make_room(client)
    t = table_of(client, made["room"])
    with client.websocket_connect("/ws/no-such-room") as ws:
        m = ws.receive_json()
        assert m["fatal"] and "no such room" in m["error"]
    with client.websocket_connect(f"/ws/{made['room']}") as ws:     # no hello first
        ws.send_text("[1, 2]")
        assert "hello" in ws.receive_json()["error"]
    with client.websocket_connect(f"/ws/{made['room']}") as ws:
        welcome = hello(ws, "not-a-token")
        assert welcome["viewer"] == SPECTATOR and welcome["token_ok"] is False
        final_state(ws)
        ws.send_json({"type": "answer", "index": 0})
        assert "spectators only watch" in ws.receive_json()["error"]
    before = list(t.duel.history)
    with client.websocket_connect(f"/ws/{made['room']}") as ws:
        hello(ws, made["token"])
        final_state(ws)
        for text, words in [("{bad json", "not JSON"), ("[]", "JSON object"), ("42", "JSON object"),
                            ('{"type": "fly"}', "unknown message type"),
                            ('{"no": "type"}', "unknown message type"),
                            ("x" * 20000, "too long"),
                            ('{"type": "card", "name": 5}', "a name is text"),
                            ('{"type": "card", "name": "qqqqqq"}', "no card is called")]:
            ws.send_text(text)
            m = ws.receive_json()
            assert m["type"] == "error" and words in m["error"], (text, m)
        ws.send_bytes(b"\x00\x01")
        assert "JSON text" in ws.receive_json()["error"]
        ws.send_json({"type": "card", "name": "Sangan"})
        assert ws.receive_json()["card"]["name"] == "Sangan"
    assert t.duel.history == before


def test_a_flood_of_messages_is_cut_off(monkeypatch):
    with TestClient(app(rate=(5.0, 10))) as c:
        made = make_room(c)
        t = table_of(c, made["room"])
        before = list(t.duel.history)
        with c.websocket_connect(f"/ws/{made['room']}") as ws:
            hello(ws, made["token"])
            final_state(ws)
            for _ in range(RM.MAX_STRIKES + 40):
                ws.send_json({"type": "ping"})
            errors = []
            with pytest.raises(WebSocketDisconnect):
                for _ in range(300):
                    m = ws.receive_json()
                    errors.append(m)
            assert any("too many messages: slow down" in m.get("error", "") for m in errors)
            assert errors[-1]["fatal"] and "connection is closed" in errors[-1]["error"]
        assert t.duel.history == before


def test_an_answer_for_the_other_player_is_refused(client):
    made = make_room(client, opponent="human", seed=5)
    rid = made["room"]
    joined = client.post(f"/api/rooms/{rid}/join", json={"deck": KAIBA}).json()
    t = table_of(client, rid)
    asked = t.prompt(0) and 0 if t.prompt(0) else 1
    other = 1 - asked
    tokens = {0: made["token"], 1: joined["token"]}
    with client.websocket_connect(f"/ws/{rid}") as ws:
        hello(ws, tokens[other])
        m, _ = final_state(ws)
        assert m["view"]["prompt"] is None and m["view"]["waiting_for"] == asked
        pid = t.prompt(asked)["id"]
        before = list(t.duel.history)
        ws.send_json({"type": "answer", "prompt": pid, "index": 0})
        assert "it is not your decision" in ws.receive_json()["error"]
        ws.send_json({"type": "answer", "prompt": pid, "index": 0, "seat": asked})
        assert "cannot act for seat" in ws.receive_json()["error"]
        ws.send_json({"type": "undo"})
        assert "only for duels against the bot" in ws.receive_json()["error"]
        assert t.duel.history == before


# ============================================================================ reconnecting, spectators
def test_a_player_who_reconnects_is_back_where_they_were(client):
    made = make_room(client, bot="heuristic", seed=8)
    rid = made["room"]
    with client.websocket_connect(f"/ws/{rid}") as ws:
        hello(ws, made["token"])
        m, _ = final_state(ws)
        for _ in range(6):
            p = m["view"]["prompt"]
            ws.send_json({"type": "answer", "prompt": p["id"], "index": pick(p["options"])})
            m, _ = final_state(ws, after=p["id"])
        seq = max(e["seq"] for mm in [m] for e in mm["events"]) if m["events"] else 0
        prompt = m["view"]["prompt"]
        ws.send_json({"type": "say", "text": "brb"})
        final_state(ws)
    assert client.get(f"/api/rooms/{rid}").json()["connected"] == [False, True]
    with client.websocket_connect(f"/ws/{rid}") as ws:        # a reload: every event again
        assert hello(ws, made["token"])["viewer"] == 0
        m, _ = final_state(ws)
        assert m["view"]["prompt"] == prompt
        assert [e["text"] for e in m["events"] if e["type"] == "chat" and e["from"] == "person"] \
            == ["brb"]
        assert m["events"][0]["type"] == "duel_start"
    with client.websocket_connect(f"/ws/{rid}") as ws:        # a lost connection: what is new
        hello(ws, made["token"], since=seq)
        m, _ = final_state(ws)
        assert m["view"]["prompt"] == prompt
        assert all(e["seq"] > seq for e in m["events"])
        ws.send_json({"type": "answer", "prompt": prompt["id"], "index": 0})
        m, _ = final_state(ws, after=prompt["id"])
        assert m["view"]["prompt"]["id"] > prompt["id"]


def test_spectators_see_public_information_and_who_is_there(client):
    made = make_room(client, opponent="human", seed=2)
    rid = made["room"]
    joined = client.post(f"/api/rooms/{rid}/join", json={"deck": KAIBA}).json()
    t = table_of(client, rid)
    with client.websocket_connect(f"/ws/{rid}") as w1, client.websocket_connect(f"/ws/{rid}") as w2:
        hello(w1)
        hello(w2, "")
        m, _ = final_state(w2)
        v = m["view"]
        assert v["viewer"] == SPECTATOR and v["prompt"] is None
        assert v["duel"]["pending"] == {"player": t.duel.pending.player}
        assert all(s["hand"] is None and s["extra"] is None for s in v["duel"]["sides"])
        assert "priority" not in v and "can_undo" not in v
        assert m["room"]["spectators"] == 2 and m["room"]["connected"] == [False, False]
        assert not frame_problems(m, secrets_of(t.duel, SPECTATOR))
        w2.send_json({"type": "say", "text": "hi"})
        assert "spectators only watch" in w2.receive_json()["error"]
    assert joined["seat"] == 1


# ============================================================================ clean-up
def test_rooms_nobody_is_in_are_closed_after_the_grace_period():
    with TestClient(app(grace=0.3, sweep_every=0.05)) as c:
        rooms = c.app.state.rooms
        never = make_room(c)["room"]             # made, never opened
        made = make_room(c)
        with c.websocket_connect(f"/ws/{made['room']}") as ws:
            hello(ws, made["token"])
            final_state(ws)
            time.sleep(0.6)
            assert rooms.get(made["room"]) is not None     # someone is there
            assert rooms.get(never) is None
        time.sleep(0.15)
        assert rooms.get(made["room"]) is not None         # within the grace period: kept
        with c.websocket_connect(f"/ws/{made['room']}") as ws:   # and rejoined
            assert hello(ws, made["token"])["viewer"] == 0
            final_state(ws)
        deadline = time.monotonic() + 5
        while rooms.get(made["room"]) is not None and time.monotonic() < deadline:
            time.sleep(0.05)
        assert rooms.get(made["room"]) is None and not rooms.rooms
        assert c.get(f"/api/rooms/{made['room']}").status_code == 404


def test_too_many_rooms_are_refused():
    with TestClient(app(max_rooms=2)) as c:
        make_room(c)
        make_room(c)
        r = c.post("/api/rooms", json={"deck": YUGI, "bot": "random"})
        assert r.status_code == 503 and "too many rooms" in r.json()["error"]


def test_uploaded_replays_that_do_not_fit_are_refused(client):
    assert client.post("/api/replays", json={"format": "nope"}).status_code == 400
    made = make_room(client)
    t = table_of(client, made["room"])
    rep = t.replay().as_dict()
    rep["decisions"] = [{"step": 1, "player": 0, "index": 5, "text": "call heads"}]
    r = client.post("/api/replays", json=rep)
    assert r.status_code == 400 and "step 1" in r.json()["error"]
    assert client.get("/api/replays/nope/0").status_code == 404


# ============================================================================ ygosim serve
def test_ygosim_serve_prints_its_address_and_serves_the_lobby(tmp_path):
    import os
    import socket
    import subprocess
    import sys
    import urllib.request
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    env = dict(os.environ, PYTHONPATH=root)
    proc = subprocess.Popen([sys.executable, "-m", "ygosim", "serve", "--port", "0",
                             "--data", str(tmp_path)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    try:
        line = proc.stdout.readline()
        assert line.startswith("ygosim: open http://127.0.0.1:"), line
        url = line.split()[2]
        deadline = time.monotonic() + 20
        while True:
            try:
                page = urllib.request.urlopen(url, timeout=5).read().decode()
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.1)
        assert "lobby.js" in page
        port = int(url.rstrip("/").rsplit(":", 1)[1])
    finally:
        proc.terminate()
        proc.wait(timeout=10)
    # a port that is taken: one line naming it, exit status 2
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        taken = s.getsockname()[1]
        r = subprocess.run([sys.executable, "-m", "ygosim", "serve", "--port", str(taken),
                            "--memory"],
                           capture_output=True, text=True, env=env, timeout=30)
    assert r.returncode == 2 and f"cannot listen on 127.0.0.1:{taken}" in r.stderr
    assert "Traceback" not in r.stderr and port > 0


def test_undo_priority_stops_hold_and_chat_over_the_websocket(client):
    made = make_room(client, bot="heuristic", seed=8)
    rid = made["room"]
    t = table_of(client, rid)
    with client.websocket_connect(f"/ws/{rid}") as ws:
        hello(ws, made["token"])
        m, _ = final_state(ws)
        assert m["view"]["priority"] == {"mode": "auto", "hold": False, "stops": []}
        for _ in range(4):
            p = m["view"]["prompt"]
            ws.send_json({"type": "answer", "prompt": p["id"], "index": pick(p["options"])})
            m, _ = final_state(ws, after=p["id"])
        before = list(t.duel.history)
        asked = m["view"]["prompt"]
        ws.send_json({"type": "answer", "prompt": asked["id"], "index": pick(asked["options"])})
        final_state(ws, after=asked["id"])
        assert len(t.duel.history) > len(before)
        ws.send_json({"type": "undo"})
        m, _ = final_state(ws)
        undone = [e for e in m["events"] if e["type"] == "undone"]
        assert len(undone) == 1 and undone[0]["text"].startswith("Undone: took back")
        assert t.duel.history == before
        assert t.prompt(0)["question"] == asked["question"]
        ws.send_json({"type": "priority", "mode": "ask-all"})
        m, _ = final_state(ws)
        assert m["view"]["priority"]["mode"] == "ask-all"
        ws.send_json({"type": "stop", "phase": "end", "whose": "opponent", "on": True})
        m, _ = final_state(ws)
        assert m["view"]["priority"]["stops"] == [{"phase": "end", "turn": "opponent"}]
        ws.send_json({"type": "command", "line": "stops"})
        m = ws.receive_json()
        while m["type"] == "state":
            m = ws.receive_json()
        assert m["type"] == "info" and "stop at the opponent's End Phase" in m["lines"]
        ws.send_json({"type": "hold"})
        m, _ = final_state(ws)
        assert m["view"]["priority"]["hold"] is True
        ws.send_json({"type": "say", "text": "nice move"})
        m, _ = final_state(ws)
        assert m["events"][-1]["text"] == "nice move" and m["events"][-1]["from"] == "person"


def test_a_full_room_turns_spectators_away_but_never_its_players(client, monkeypatch):
    from ygosim.web import server
    monkeypatch.setattr(server, "MAX_CONNECTIONS", 2)
    made = make_room(client)
    rid = made["room"]
    with client.websocket_connect(f"/ws/{rid}") as w1, client.websocket_connect(f"/ws/{rid}") as w2:
        hello(w1)
        hello(w2)
        with client.websocket_connect(f"/ws/{rid}") as w3:
            w3.send_json({"type": "hello"})
            m = w3.receive_json()
            assert m["fatal"] and "as many spectators" in m["error"]
        with client.websocket_connect(f"/ws/{rid}") as me:
            assert hello(me, made["token"])["viewer"] == 0
            m, _ = final_state(me)
            assert m["view"]["prompt"] is not None


def test_frames_carry_only_the_new_log_lines(client):
    """Each frame holds the log lines its connection does not have yet (`log_from`: where
    they start); put together they are the viewer's whole log, after an undo too (which
    sends the log again from 0), and the lines sent over a duel are about the log's length,
    not its square."""
    made = make_room(client, bot="heuristic", seed=8)
    t = table_of(client, made["room"])
    log, sent, frames, undone = [], 0, 0, False
    with client.websocket_connect(f"/ws/{made['room']}") as ws:
        hello(ws, made["token"])
        m, _ = final_state(ws)
        while m["view"]["state"] == "duel":
            for x in [m]:
                v = x["view"]
                assert v["log_from"] <= len(log)
                log = log[:v["log_from"]] + v["duel"]["log"]
                sent += len(v["duel"]["log"])
                frames += 1
            assert log == t.view(0)["duel"]["log"]
            p = m["view"]["prompt"]
            if not undone and frames > 12 and t._can_undo(0):
                ws.send_json({"type": "undo"})
                undone = True
                m, _ = final_state(ws)
                assert m["view"]["log_from"] == 0
                log = []
                continue
            ws.send_json({"type": "answer", "prompt": p["id"], "index": pick(p["options"])})
            m, seen = final_state(ws, after=p["id"])
            for x in seen[:-1]:
                if x["type"] == "state":
                    v = x["view"]
                    log = log[:v["log_from"]] + v["duel"]["log"]
                    sent += len(v["duel"]["log"])
    assert undone and frames > 20
    assert sent < 3 * len(t.duel.log) + 200, (sent, len(t.duel.log))
