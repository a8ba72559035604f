"""A load on `ygosim serve`: person rooms (two seats each, answering like a quick person) and
rooms against the bot at once, over loopback, for a bounded time; the answer times of the
person rooms (an answer sent -> the frame that shows it taken) as percentiles.

Each simulated person connects from an address of its own (127.0.0.N: the server limits what
one address may do) to a server started as its own process (`python -m ygosim serve`), so the
load generator does not share the server's CPU time or its GIL.

    python tests/web_load.py [--people 10] [--bots 4] [--bot normal] [--seconds 20]
                             [--workers N]
prints the figures (the test tests/test_web_load.py runs a short one)."""
from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
YUGI = {"kind": "builtin", "name": "yugi"}
KAIBA = {"kind": "builtin", "name": "kaiba"}
PREFER = ("attack", "summon", "set", "activate", "end", "go first", "call heads", "pass")


def start_server(workers=None, bot_rooms=None, extra=(), data=None):
    """`python -m ygosim serve --port 0` in a process of its own (its rooms in the folder
    `data`, or in memory); returns (process, port)."""
    args = [sys.executable, "-m", "ygosim", "serve", "--port", "0", *extra]
    args += ["--data", str(data)] if data is not None else ["--memory"]
    if workers is not None:
        args += ["--bot-workers", str(workers)]
    if bot_rooms is not None:
        args += ["--bot-rooms", str(bot_rooms)]
    import tempfile
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    err = tempfile.TemporaryFile(mode="w+")       # (a pipe nobody reads would fill up)
    proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=err, text=True, env=env)
    proc.errors_file = err
    line = proc.stdout.readline()
    if not line.startswith("ygosim: open http://"):
        proc.kill()
        err.seek(0)
        raise RuntimeError(f"the server did not start: {line}{err.read()[:2000]}")
    port = int(line.split()[2].rstrip("/").rsplit(":", 1)[1])
    deadline = time.monotonic() + 30
    while True:
        try:
            request(port, "GET", "/api/options", addr="127.0.0.1")
            return proc, port
        except OSError:
            if time.monotonic() > deadline:
                proc.kill()
                raise
            time.sleep(0.1)


def request(port, method, path, body=None, addr="127.0.0.1"):
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=30, source_address=(addr, 0))
    c.request(method, path, body=json.dumps(body) if body is not None else None,
              headers={"Content-Type": "application/json", "Host": f"127.0.0.1:{port}"})
    r = c.getresponse()
    data = json.loads(r.read() or b"null")
    c.close()
    if r.status != 200:
        raise RuntimeError(f"{method} {path}: {r.status} {data}")
    return data


def pick(options):
    for word in PREFER:
        for o in options:
            if o["text"].startswith(word):
                return o["index"]
    return options[0]["index"]


class Seat(threading.Thread):
    """One simulated person at one seat: waits a little (a quick person), answers, and
    measures the time from the answer to the frame that shows it taken."""

    def __init__(self, port, room, token, addr, until, think=(0.05, 0.3), record=True):
        super().__init__(daemon=True)
        self.port, self.room, self.token, self.addr = port, room, token, addr
        self.until, self.think, self.record = until, think, record
        self.times: list[float] = []
        self.errors: list[str] = []
        self.answers = 0
        self.rng = random.Random(hash((room, addr)))

    def run(self):
        from websockets.sync.client import connect
        try:
            sock = socket.create_connection(("127.0.0.1", self.port),
                                            source_address=(self.addr, 0))
            with connect(f"ws://127.0.0.1:{self.port}/ws/{self.room}", sock=sock,
                         open_timeout=30, max_size=2 ** 24) as ws:
                ws.send(json.dumps({"type": "hello", "token": self.token}))
                self.loop(ws)
        except Exception as e:       # noqa: BLE001  (reported by the caller)
            self.errors.append(f"{type(e).__name__}: {e}")

    def loop(self, ws):
        sent = None                     # (prompt id, when)
        while time.monotonic() < self.until:
            try:
                raw = ws.recv(timeout=max(0.05, self.until - time.monotonic()))
            except TimeoutError:
                break
            m = json.loads(raw)
            if m["type"] == "error":
                if "earlier question" not in m["error"]:
                    self.errors.append(m["error"])
                continue
            if m["type"] != "state" or not m["final"]:
                continue
            v = m["view"]
            p = v["prompt"]
            if sent is not None and (p is None or p["id"] != sent[0]):
                if self.record:
                    self.times.append(time.monotonic() - sent[1])
                sent = None
            if v["state"] != "duel":
                ws.send(json.dumps({"type": "proceed"}))      # another duel
                continue
            if p is not None and sent is None:
                time.sleep(self.rng.uniform(*self.think))
                sent = (p["id"], time.monotonic())
                ws.send(json.dumps({"type": "answer", "prompt": p["id"],
                                    "index": pick(p["options"])}))
                self.answers += 1


def percentiles(xs):
    if not xs:
        return {"n": 0}
    s = sorted(xs)
    at = lambda q: s[min(len(s) - 1, int(q * len(s)))]        # noqa: E731
    return {"n": len(s), "median_ms": round(statistics.median(s) * 1000, 1),
            "p90_ms": round(at(0.90) * 1000, 1), "p99_ms": round(at(0.99) * 1000, 1),
            "max_ms": round(s[-1] * 1000, 1)}


def run_load(port, people=10, bots=4, bot="normal", seconds=20.0, first_addr=10,
             warmup=5.0):
    """Make `people` person rooms and `bots` bot rooms (each from its own address), play
    them for `seconds`; returns the person rooms' answer-time percentiles, the bot rooms'
    (which include the bot's thinking) and the errors."""
    until = time.monotonic() + seconds + warmup
    seats, n = [], first_addr
    for i in range(people):
        a, b = f"127.0.0.{n}", f"127.0.0.{n + 1}"
        n += 2
        made = request(port, "POST", "/api/rooms", {"deck": YUGI, "opponent": "human",
                                                    "name": f"P{i}"}, addr=a)
        joined = request(port, "POST", f"/api/rooms/{made['room']}/join",
                         {"deck": KAIBA, "name": f"Q{i}"}, addr=b)
        seats.append(Seat(port, made["room"], made["token"], a, until))
        seats.append(Seat(port, made["room"], joined["token"], b, until))
    bot_seats = []
    for i in range(bots):
        a = f"127.0.0.{n}"
        n += 1
        made = request(port, "POST", "/api/rooms", {"deck": YUGI, "opponent": "bot",
                                                    "bot": bot, "name": f"B{i}"}, addr=a)
        bot_seats.append(Seat(port, made["room"], made["token"], a, until, think=(0.0, 0.05)))
    for s in seats + bot_seats:
        s.start()
    time.sleep(warmup)                 # the rooms start; then the figures count
    for s in seats:
        s.times.clear()
    for s in seats + bot_seats:
        s.join(seconds + 30)
    people_times = [x for s in seats for x in s.times]
    bot_times = [x for s in bot_seats for x in s.times]
    return {"people": percentiles(people_times), "bot_rooms": percentiles(bot_times),
            "answers": sum(s.answers for s in seats + bot_seats),
            "errors": [e for s in seats + bot_seats for e in s.errors]}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--people", type=int, default=10)
    ap.add_argument("--bots", type=int, default=4)
    ap.add_argument("--bot", default="normal")
    ap.add_argument("--seconds", type=float, default=20.0)
    ap.add_argument("--workers", type=int, default=None)
    a = ap.parse_args(argv)
    proc, port = start_server(a.workers)
    try:
        out = run_load(port, a.people, a.bots, a.bot, a.seconds)
    finally:
        proc.terminate()
        proc.wait(10)
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
