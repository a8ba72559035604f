"""The web server against one abusive client: hostile JSON (deep, huge numbers, wrong types)
gets a 4xx with a one-line reason over HTTP and an error over the websocket, never a 500;
the Host and Origin checks; the seat's key out of addresses and rotated; rooms per client, the
reserve and the sweep of rooms nobody plays in; half-open connections that do not lock
anybody out."""
from __future__ import annotations

import json
import socket
import time

import pytest

pytest.importorskip("starlette")
from hypothesis import HealthCheck, given, settings, strategies as st  # noqa: E402
from starlette.testclient import TestClient  # noqa: E402
from starlette.websockets import WebSocketDisconnect  # noqa: E402

from ygosim.engine.observe import SPECTATOR  # noqa: E402
from ygosim.web.server import create_app  # noqa: E402

from web_util import SEED, LiveServer  # noqa: E402

YUGI = {"kind": "builtin", "name": "yugi"}


def app(**kw):
    kw.setdefault("hosts", ("testserver",))
    kw.setdefault("bot_workers", 0)
    return create_app(seeds=SEED, **kw)


@pytest.fixture(scope="module")
def client():
    with TestClient(app(per_client=1000, max_rooms=1000)) as c:
        c.shared = bot_room(c)       # made first: the fuzzing below uses up the creation rate
        yield c


def one_line_error(r, status=None):
    """The error of a refused request: a 4xx (or the 503 of a full server, when `status`
    says so) with a one-line reason."""
    assert 400 <= r.status_code < 500 or r.status_code == status == 503, \
        (r.status_code, r.text[:200])
    if status is not None:
        assert r.status_code == status, r.text
    err = r.json()["error"]
    assert isinstance(err, str) and err and "\n" not in err and len(err) < 300
    assert "Traceback" not in err
    return err


def hello(ws, token=None):
    ws.send_text(json.dumps({"type": "hello", "token": token}))
    m = ws.receive_json()
    assert m["type"] == "welcome"
    return m


def bot_room(c, **kw):
    body = {"deck": YUGI, "opponent": "bot", "bot": "random"}
    body.update(kw)
    r = c.post("/api/rooms", json=body)
    assert r.status_code == 200, r.text
    return r.json()


# ============================================================================ hostile JSON
@pytest.mark.parametrize("body, words", [
    (b"[" * 100_000 + b"]" * 100_000, "nests too deeply"),
    (b'{"deck": ' + b"[" * 40 + b"]" * 40 + b"}", "nests too deeply"),
    (b'{"deck": {"kind": "builtin", "name": "yugi"}, "name": ' + b"9" * 5000 + b"}",
     "number in the request is too long"),
    (b'{"deck": {"kind": "builtin", "name": "yugi"}, "bot": ["x"]}', "bot: a word"),
    (b'{"deck": {"kind": "builtin", "name": "yugi"}, "rules": {"a": 1}}', "rules: a word"),
    (b'{"deck": {"kind": "builtin", "name": "yugi"}, "opponent": 7}', "opponent: a word"),
    (b'{"deck": {"kind": "builtin", "name": "yugi"}, "name": [1]}', "a name is text"),
    (b'{"deck": {"kind": "builtin", "name": "yugi"}, "x": 1}', "unknown field 'x'"),
    (b'{"deck": NaN}', "not a number JSON allows"),
    (b'{"deck": 1e999999}', ""),
    (b"\xff\xfe", "not UTF-8"),
    (b'"just a string"', "is a JSON object"),
])
def test_hostile_bodies_get_a_4xx_with_one_line(client, body, words):
    r = client.post("/api/rooms", content=body, headers={"content-type": "application/json"})
    assert words in one_line_error(r)


JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False)
                    | st.text(max_size=30),
                    lambda kids: st.lists(kids, max_size=4)
                    | st.dictionaries(st.text(max_size=8), kids, max_size=4), max_leaves=12)
FIELDS = ("deck", "name", "rules", "opponent", "bot", "opponent_deck", "seed", "token")


@settings(max_examples=120, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.dictionaries(st.sampled_from(FIELDS), JSON, max_size=4) | JSON)
def test_any_json_body_gets_an_answer_never_a_500(client, body):
    """Whatever JSON comes, each endpoint answers (200 or a 4xx with a one-line reason);
    TestClient raises if the server fails."""
    for path in ("/api/rooms", "/api/rooms/nope/join", "/api/rooms/nope/replay",
                 "/api/replays"):
        r = client.post(path, json=body)
        if r.status_code != 200:
            one_line_error(r)


@settings(max_examples=80, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.dictionaries(st.sampled_from(("type", "prompt", "index", "text", "line", "mode",
                                        "phase", "whose", "on", "name", "seat", "ref")),
                       JSON, max_size=4))
def test_any_websocket_message_gets_an_error_or_an_answer(client, msg):
    made = client.shared
    with client.websocket_connect(f"/ws/{made['room']}") as ws:
        hello(ws, made["token"])
        ws.send_text(json.dumps(msg))
        ws.send_text(json.dumps({"type": "ping", "ref": "done"}))
        ws.send_text(json.dumps({"type": "card", "name": "Kuriboh"}))
        while True:
            m = ws.receive_json()
            assert not (m["type"] == "error" and "server failed" in m["error"]), (msg, m)
            if m["type"] == "card":
                break


def test_deep_and_huge_websocket_messages_are_refused(client):
    made = client.shared
    with client.websocket_connect(f"/ws/{made['room']}") as ws:
        hello(ws, made["token"])
        for text, words in [("[" * 5000 + "]" * 5000, "nests too deeply"),
                            ('{"type": "answer", "index": ' + "7" * 3000 + "}", "too long"),
                            ('{"type": "answer", "index": Infinity}', "not a number JSON"),
                            ('{"type": ["answer"]}', "unknown message type")]:
            ws.send_text(text)
            m = ws.receive_json()
            while m["type"] != "error":
                m = ws.receive_json()
            assert words in m["error"] and "\n" not in m["error"], (text, m)


# ============================================================================ Host, Origin
def test_a_host_name_that_is_not_this_servers_is_refused():
    with TestClient(create_app(seeds=SEED, bot_workers=0), base_url="http://evil.example:8000") as c:
        r = c.get("/api/options")
        assert "does not answer to the name 'evil.example'" in one_line_error(r, 400)
    for base in ("http://127.0.0.1:8000", "http://localhost:8000", "http://[::1]:8000",
                 "http://192.168.1.20:8000"):
        with TestClient(create_app(seeds=SEED, bot_workers=0), base_url=base) as c:
            assert c.get("/api/options").status_code == 200, base
    with TestClient(create_app(seeds=SEED, hosts=("duelbox.lan",), bot_workers=0),
                    base_url="http://duelbox.lan:8000") as c:
        assert c.get("/api/options").status_code == 200


def test_another_sites_page_may_not_post_or_open_a_websocket():
    client = TestClient(app())
    made = bot_room(client)
    r = client.post("/api/rooms", json={"deck": YUGI},
                    headers={"origin": "http://evil.example"})
    assert "another site" in one_line_error(r, 403)
    ok = client.post("/api/rooms", json={"deck": YUGI, "bot": "random"},
                     headers={"origin": "http://testserver"})
    assert ok.status_code == 200
    with pytest.raises(WebSocketDisconnect):
        with client.websocket_connect(f"/ws/{made['room']}",
                                      headers={"origin": "http://evil.example"}) as ws:
            ws.receive_json()
    with client.websocket_connect(f"/ws/{made['room']}",
                                  headers={"origin": "http://testserver"}) as ws:
        assert hello(ws, made["token"])["viewer"] == 0


# ============================================================================ the seat's key
def test_a_seat_rotates_its_key_and_the_old_one_opens_nothing():
    client = TestClient(app())
    made = bot_room(client)
    rid, old = made["room"], made["token"]
    with client.websocket_connect(f"/ws/{rid}") as ws:
        hello(ws, old)
        ws.send_json({"type": "rotate"})
        m = ws.receive_json()
        while m["type"] != "token":
            m = ws.receive_json()
        new = m["token"]
        assert new != old and len(new) >= 24 and m["seat"] == 0
        ws.send_json({"type": "say", "text": "still here"})    # this connection stays the seat
        m = ws.receive_json()
        while m["type"] == "state" and not any(e.get("text") == "still here"
                                               for e in m["events"]):
            m = ws.receive_json()
        assert m["type"] == "state"
    with client.websocket_connect(f"/ws/{rid}") as ws:
        assert hello(ws, old)["viewer"] == SPECTATOR
    with client.websocket_connect(f"/ws/{rid}") as ws:
        assert hello(ws, new)["viewer"] == 0
    with client.websocket_connect(f"/ws/{rid}") as ws:       # spectators have no key to rotate
        hello(ws)
        ws.send_json({"type": "rotate"})
        m = ws.receive_json()
        while m["type"] != "error":
            m = ws.receive_json()
        assert "spectators only watch" in m["error"]


# ============================================================================ rooms
def test_rooms_per_client_and_the_reserve_for_newcomers():
    with TestClient(app(max_rooms=6, reserve=2, per_client=3),
                    client=("10.0.0.1", 5000)) as a:
        for _ in range(3):
            bot_room(a)
        assert "at most 3 from one address" in one_line_error(
            a.post("/api/rooms", json={"deck": YUGI, "bot": "random"}), 429)
        b = TestClient(a.app, client=("10.0.0.2", 5000))
        bot_room(b)                                  # 4 rooms: the reserve (2) starts
        r = b.post("/api/rooms", json={"deck": YUGI, "bot": "random"})
        assert "kept for people who have none" in one_line_error(r, 503)
        c = TestClient(a.app, client=("10.0.0.3", 5000))
        bot_room(c)                                  # a newcomer still gets one
        d = TestClient(a.app, client=("10.0.0.4", 5000))
        bot_room(d)
        e = TestClient(a.app, client=("10.0.0.5", 5000))
        assert "too many rooms" in one_line_error(
            e.post("/api/rooms", json={"deck": YUGI, "bot": "random"}), 503)


def test_a_room_where_nobody_plays_is_closed_even_with_a_connection_open():
    with TestClient(app(idle=0.5, sweep_every=0.05, grace=60)) as c:
        made = bot_room(c)
        rooms = c.app.state.rooms
        with c.websocket_connect(f"/ws/{made['room']}") as ws:
            hello(ws, made["token"])
            deadline = time.monotonic() + 10
            m = ws.receive_json()
            while not (m["type"] == "error" and m.get("fatal")):
                m = ws.receive_json()
                assert time.monotonic() < deadline
            assert "nobody played" in m["error"]
        assert rooms.get(made["room"]) is None
        # playing keeps a room
        made = bot_room(c)
        with c.websocket_connect(f"/ws/{made['room']}") as ws:
            hello(ws, made["token"])
            for _ in range(8):
                time.sleep(0.15)
                ws.send_json({"type": "say", "text": "hm"})
            assert rooms.get(made["room"]) is not None


# ============================================================================ connections
def test_half_open_connections_from_one_address_lock_nobody_out():
    """An address that opens many connections and sends nothing (or half a request) gets at
    most `per_address` of them; each is closed when its headers are late; another address
    is answered at once meanwhile."""
    from ygosim.web.guard import guarded_protocol
    config = {"http": guarded_protocol(per_address=20, header_timeout=1.5),
              "limit_concurrency": 400}
    with LiveServer(config=config, seeds=SEED) as live:
        held = []
        for i in range(300):
            s = socket.socket()
            s.bind(("127.0.0.2", 0))
            s.settimeout(5)
            s.connect(("127.0.0.1", live.port))
            if i % 2:
                s.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
            held.append(s)
        t0 = time.monotonic()
        with socket.create_connection(("127.0.0.1", live.port), timeout=5) as s:
            s.sendall(b"GET /api/options HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close"
                      b"\r\n\r\n")
            reply = b""
            while chunk := s.recv(65536):
                reply += chunk
        waited = time.monotonic() - t0
        assert reply.startswith(b"HTTP/1.1 200") and waited < 2.0, (reply[:80], waited)
        time.sleep(2.5)
        closed = 0
        for s in held:
            try:
                s.settimeout(0.2)
                closed += s.recv(100) == b""
            except (ConnectionResetError, BrokenPipeError):
                closed += 1
            except socket.timeout:
                pass
            s.close()
        assert closed == len(held)          # refused at once, or closed when late
