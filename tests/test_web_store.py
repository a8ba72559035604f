"""Nothing lost (issue 24): `ygosim serve` keeps its rooms on disk (web/store.py). The server
is killed with SIGKILL in the middle of a duel against the bot (while the bot plays its
turn) and of a duel between two people, started again on the same folder; the players come
back with their keys and finish; each duel is the duel that would have been played without
the kill, answer for answer."""
from __future__ import annotations

import json
import signal
import socket
import time

import pytest

pytest.importorskip("websockets")

from ygosim.formats.deck import load_deck  # noqa: E402
from ygosim.play import replay as R  # noqa: E402
from ygosim.play.table import Table  # noqa: E402

from web_load import pick, request, start_server  # noqa: E402

YUGI = {"kind": "builtin", "name": "yugi"}
KAIBA = {"kind": "builtin", "name": "kaiba"}


class Player:
    """A seat over the websocket, answering with `pick` (the same answer for the same
    question, so a duel is a function of its seed)."""

    def __init__(self, port, room, token, addr):
        self.port, self.room, self.token, self.addr = port, room, token, addr
        self.seq = 0
        self.ws = None

    def connect(self, port=None):
        from websockets.sync.client import connect
        self.port = port or self.port
        sock = socket.create_connection(("127.0.0.1", self.port),
                                        source_address=(self.addr, 0))
        self._cm = connect(f"ws://127.0.0.1:{self.port}/ws/{self.room}", sock=sock,
                           open_timeout=60, max_size=2 ** 24)
        self.ws = self._cm.__enter__()
        self.ws.send(json.dumps({"type": "hello", "token": self.token, "since": self.seq}))
        m = json.loads(self.ws.recv(timeout=60))
        assert m["type"] == "welcome" and m["viewer"] in (0, 1), m

    def latest(self, wait: float) -> dict | None:
        """The latest final state among the messages that came (waiting up to `wait` s
        for the first); None if none came."""
        view = None
        timeout = wait
        while True:
            try:
                m = json.loads(self.ws.recv(timeout=timeout))
            except TimeoutError:
                return view
            for e in m.get("events", []):
                self.seq = max(self.seq, e["seq"])
            if m["type"] == "state" and m["final"]:
                view = m["view"]
            timeout = 0.05

    def answer(self, prompt) -> None:
        self.ws.send(json.dumps({"type": "answer", "prompt": prompt["id"],
                                 "index": pick(prompt["options"])}))

    def close(self):
        try:
            self._cm.__exit__(None, None, None)
        except Exception:         # noqa: BLE001  (the server was killed)
            pass


def play(players, answers=None, stop=None, limit=120.0, at_end_of_turn=False):
    """Answer each question put to a seat (once) until the duel is over; or, after
    `answers` answers (and, with at_end_of_turn, at the first answer after them that ends
    the seat's turn: the bot's turn starts), call `stop()` right after sending it (before
    its result)."""
    views = {p: None for p in players}
    done = set()                       # (player, prompt id) answered
    n = 0
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        for p in players:
            v = p.latest(0.2)
            if v is not None:
                views[p] = v
        if all(v is not None and v["state"] != "duel" for v in views.values()):
            return views
        for p in players:
            v = views[p]
            if v and v["state"] == "duel" and v["prompt"] and (p, v["prompt"]["id"]) not in done:
                done.add((p, v["prompt"]["id"]))
                p.answer(v["prompt"])
                n += 1
                chosen = next(o["text"] for o in v["prompt"]["options"]
                              if o["index"] == pick(v["prompt"]["options"]))
                if answers is not None and n >= answers and \
                        (not at_end_of_turn or chosen == "end"):
                    stop()
                    return None
    raise AssertionError("the duel did not end")


def same_duel_uninterrupted(rep, opponent, bot=None):
    """The duel the replay's seed gives when nobody is interrupted, answered by `pick`."""
    decks = (load_deck("yugi"), load_deck("kaiba"))
    kw = {"bot": bot} if bot else {}
    t = Table(decks, opponent=opponent, seeds=lambda: rep.seed, rules="v10",
              names=tuple(rep.names), deck_names=("yugi", "kaiba"), **kw)
    while t.state == "duel":
        seat = next(s for s in (0, 1) if t.prompt(s))
        t.answer_shown(seat, pick(t.prompt(seat)["options"]))
    return t


def test_a_server_killed_mid_duel_resumes_every_room_as_it_was(tmp_path):
    proc, port = start_server(workers=1, data=tmp_path)
    try:
        made = request(port, "POST", "/api/rooms", {"deck": YUGI, "bot": "easy",
                                                    "opponent_deck": KAIBA}, addr="127.0.0.31")
        human = request(port, "POST", "/api/rooms", {"deck": YUGI, "opponent": "human"},
                        addr="127.0.0.32")
        joined = request(port, "POST", f"/api/rooms/{human['room']}/join", {"deck": KAIBA},
                         addr="127.0.0.33")
        me = Player(port, made["room"], made["token"], "127.0.0.31")
        a = Player(port, human["room"], human["token"], "127.0.0.32")
        b = Player(port, human["room"], joined["token"], "127.0.0.33")
        for p in (me, a, b):
            p.connect()
        play([a, b], answers=25, stop=lambda: None)
        # the last answer to the bot starts its turn: the kill comes while it plays
        play([me], answers=12, stop=lambda: proc.send_signal(signal.SIGKILL),
             at_end_of_turn=True)
        if proc.poll() is None:
            # (on a loaded machine the bot's turn may not have begun within the answers: the
            # kill still comes mid-duel)
            proc.send_signal(signal.SIGKILL)
        proc.wait(10)
    finally:
        if proc.poll() is None:
            proc.kill()
    for p in (me, a, b):
        p.close()
    assert (tmp_path / "rooms.sqlite3").exists()
    proc, port = start_server(workers=1, data=tmp_path)
    try:
        states = []
        for _ in range(600):
            states.append(request(port, "GET", f"/api/rooms/{made['room']}")["state"])
            if states[-1] != "resuming":
                break
            time.sleep(0.05)
        assert states[-1] == "playing" and set(states) <= {"resuming", "playing"}
        for p in (me, a, b):
            p.connect(port)
        end = play([me], limit=300)[me]
        ends = play([a, b], limit=300)
        rep_bot = R.from_dict(request(port, "POST", f"/api/rooms/{made['room']}/replay",
                                      {"token": made["token"]}, addr="127.0.0.31"))
        rep_people = R.from_dict(request(port, "POST", f"/api/rooms/{human['room']}/replay",
                                         {"token": joined["token"]}, addr="127.0.0.33"))
    except AssertionError as e:        # the restarted server's log says why (a room dropped?)
        proc.errors_file.seek(0)
        raise AssertionError(f"{e}\n--- the restarted server's log:\n"
                             f"{proc.errors_file.read()[-4000:]}") from None
    finally:
        proc.terminate()
        proc.wait(20)
    assert end["result"]["winner"] in (0, 1, "draw") and ends[a]["state"] == "over"
    t = same_duel_uninterrupted(rep_bot, "bot", bot="easy")
    assert [x["index"] for x in rep_bot.decisions] == t.duel.history
    assert R.play(rep_bot).log == t.duel.log
    t = same_duel_uninterrupted(rep_people, "human")
    assert [x["index"] for x in rep_people.decisions] == t.duel.history
    assert R.play(rep_people).log == t.duel.log


def test_a_room_still_being_resumed_at_start_up_is_waited_for_not_missing(tmp_path,
                                                                          monkeypatch):
    """Right after a restart the rooms of the store are made again in the background; a
    request for one of them in that window waits for it (it used to answer 404 'no such
    room' until the room's settings were loaded)."""
    from starlette.testclient import TestClient

    from ygosim.web import rooms as RM
    from ygosim.web.server import create_app

    def app():
        return create_app(hosts=("testserver",), bot_workers=0, data_dir=tmp_path)

    with TestClient(app()) as c:
        made = c.post("/api/rooms", json={"deck": YUGI, "opponent": "human"}).json()
    slow = RM.Room.from_saved.__func__

    def from_saved(cls, saved, **kw):
        time.sleep(0.5)                    # a big store, a slow disk: the window is wide
        return slow(cls, saved, **kw)

    monkeypatch.setattr(RM.Room, "from_saved", classmethod(from_saved))
    with TestClient(app()) as c:
        r = c.get(f"/api/rooms/{made['room']}")
        assert r.status_code == 200, r.text
        assert r.json()["id"] == made["room"] and r.json()["opponent"] == "human"
        j = c.post(f"/api/rooms/{made['room']}/join", json={"deck": KAIBA})
        assert j.status_code == 200 and j.json()["seat"] == 1, j.text
        assert c.get("/api/rooms/no-such-room").status_code == 404
