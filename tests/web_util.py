"""Helpers of the web tests: what a viewer must never be sent (checked against the duel's real
hidden cards at the moment each frame was made), a simple person's policy, and a server in a
thread for the browser tests."""
from __future__ import annotations

import json
import os
import shutil
import socket
import threading
import time

from ygosim.engine.observe import SPECTATOR, hidden_from

PREFER = ("attack", "summon", "flip", "activate", "set", "battle", "end", "go first",
          "call heads", "pass")


def pick(options: list[dict], prefer=PREFER) -> int:
    """A person who plays simply: attack, summon, activate, set, then move on; else the
    first answer. options: the prompt's options (index, text)."""
    for word in prefer:
        for o in options:
            if o["text"].startswith(word):
                return o["index"]
    return options[0]["index"]


def secrets_of(d, viewer) -> dict:
    """What `viewer` may not be told at this moment of duel `d`: the names of cards hidden from
    them that no card they can see shares, the ids of hidden cards, and the order of the Decks
    (the names of the top cards of each Deck, in order)."""
    n = len(d.data)
    hidden = [c for c in range(n) if hidden_from(d, c, viewer)]
    known = {d.data[c].name for c in range(n) if not hidden_from(d, c, viewer)}
    if viewer in (0, 1):      # a player knows their own deck list (not its order)
        known |= {d.data[c].name for c in d.deck[viewer]}
    names = {d.data[c].name for c in hidden} - known
    names = {x for x in names if not any(x in k for k in known)}
    orders = []
    for p in (0, 1):
        deck = list(d.deck[p])
        if len(deck) >= 3:
            orders.append([d.data[c].name for c in deck[-3:]])    # the top of the Deck
            orders.append([d.data[c].name for c in deck[:3]])
    return {"names": names, "ids": set(hidden), "orders": orders, "over": d.winner is not None,
            "hand_ids": {c for p in (0, 1) for c in d.hand[p] if hidden_from(d, c, viewer)}}


def _walk(x, path=()):
    if isinstance(x, dict):
        for k, v in x.items():
            yield from _walk(v, path + (k,))
        yield path, x
    elif isinstance(x, list):
        for i, v in enumerate(x):
            yield from _walk(v, path + (i,))
        yield path, x


def frame_problems(msg: dict, secret: dict) -> list[str]:
    """Everything in a state message that gives away what `secret` (secrets_of) says the viewer
    may not know. The duel log (the engine's, public by design: issue 10) and, after the end of
    a Duel against the bot, its revealed hand are left out of the name check."""
    msg = json.loads(json.dumps(msg))          # what went over the wire
    problems = []
    view = msg.get("view") or {}
    duel = view.get("duel") or {}
    for path, node in _walk(msg):
        if isinstance(node, dict) and "id" in node and path[-1:] != ("room",) and \
                isinstance(node["id"], int) and "zone" in node and node["id"] in secret["ids"]:
            problems.append(f"hidden card id {node['id']} at {path}")
        if isinstance(node, list) and len(node) >= 3 and all(isinstance(v, str) for v in node):
            for order in secret["orders"]:
                k = len(order)
                for i in range(len(node) - k + 1):
                    if node[i:i + k] == order and len(set(order)) > 1:
                        problems.append(f"a Deck's order {order} at {path}")
    stripped = json.loads(json.dumps(msg))
    sd = (stripped.get("view") or {}).get("duel")
    if sd:
        sd["log"] = []
    pr = (stripped.get("view") or {}).get("prompt")
    if pr:
        pr["happened"] = []
    stripped["events"] = [e for e in stripped.get("events", [])
                          if not (e.get("type") == "reveal" and secret["over"])]
    res = (stripped.get("view") or {}).get("result")
    if res and secret["over"]:
        res.pop("bot_hand", None)
    text = json.dumps(stripped, ensure_ascii=False)
    for name in secret["names"]:
        if json.dumps(name, ensure_ascii=False)[1:-1] in text:
            problems.append(f"the hidden card {name!r}")
    if duel:
        for p, side in enumerate(duel.get("sides", [])):
            if view.get("viewer") != p and side.get("hand") is not None:
                problems.append(f"player {p}'s hand")
    return problems


class Spy:
    """Records, for every state message the server hands a connection, what its viewer may not
    know at the moment the message's view was made (Table.view is wrapped: same thread, same
    lock, same moment). Use with pytest's monkeypatch."""

    def __init__(self, monkeypatch):
        from ygosim.play.table import Table
        from ygosim.web import rooms
        self.made: dict = {}
        self.sent: dict = {}          # viewer -> [(message, secret)]
        orig_view = Table.view
        orig_send = rooms.Conn.send
        spy = self

        def view(self, viewer):
            out = orig_view(self, viewer)
            # (a connection is sent a copy with only its new log lines: the observation's
            # `sides` list is the same object in it)
            spy.made[id(out["duel"]["sides"])] = (out, secrets_of(self.duel, viewer))
            return out

        def send(self, msg):
            if isinstance(msg, dict) and msg.get("type") == "state":
                secret = spy.made[id(msg["view"]["duel"]["sides"])][1]
                spy.sent.setdefault(self.viewer, []).append((msg, secret))
            orig_send(self, msg)

        monkeypatch.setattr(Table, "view", view)
        monkeypatch.setattr(rooms.Conn, "send", send)

    def problems(self, viewer) -> list[str]:
        out = []
        for msg, secret in self.sent.get(viewer, []):
            out += frame_problems(msg, secret)
        return out


class TestSeed:
    """The test servers' seeds hook (create_app(seeds=SEED)): the seed the next duels play
    with, set by the test (a client can never choose one)."""

    def __init__(self, value: int = 3):
        self.value = value

    def __call__(self) -> int:
        return self.value


SEED = TestSeed()


# ---------------------------------------------------------------------------- a live server
class LiveServer:
    """The web app served by uvicorn in a thread, on a free port of 127.0.0.1."""

    def __init__(self, config=None, **app_kw):
        import uvicorn
        from ygosim.web.server import create_app
        self.app = create_app(**app_kw)
        self.sock = socket.socket()
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.sock.bind(("127.0.0.1", 0))
        self.port = self.sock.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"
        from ygosim.web.server import uvicorn_server
        self.server = uvicorn_server(uvicorn.Config(self.app, log_level="warning",
                                                    ws_max_size=65536, **(config or {})))
        self.thread = threading.Thread(target=self.server.run,
                                       kwargs={"sockets": [self.sock]}, daemon=True)

    def __enter__(self):
        self.thread.start()
        t0 = time.monotonic()
        while not self.server.started:
            if time.monotonic() - t0 > 20:
                raise RuntimeError("the test server did not start")
            time.sleep(0.02)
        return self

    def __exit__(self, *exc):
        self.server.should_exit = True
        self.thread.join(timeout=10)
        self.sock.close()


# ---------------------------------------------------------------------------- a browser
CHROMIUM = os.environ.get("YGOSIM_CHROMIUM") or shutil.which("chromium") or \
    shutil.which("chromium-browser") or "/usr/bin/chromium"
BROWSER_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update",
                "--disable-sync"]


def skip_without_chromium() -> None:
    """Skip the calling test module, saying why, where there is no Chromium to drive."""
    import pytest
    if not os.path.exists(CHROMIUM):
        pytest.skip(f"no Chromium to drive ({CHROMIUM} is not there): install one with "
                    "`apt-get install chromium`, or set YGOSIM_CHROMIUM",
                    allow_module_level=True)


def launched_browser():
    """A headless Chromium driven by Playwright (a generator for a fixture: yields it, then
    closes it)."""
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=BROWSER_ARGS, headless=True)
        yield b
        b.close()


def shot(page, path) -> None:
    """A screenshot; with Pillow there, in 255 colours (a fifth of the size, the same look)."""
    page.evaluate("() => document.getElementById('toasts')?.remove()")   # passing notes
    data = page.screenshot()
    try:
        import io
        from PIL import Image
        img = Image.open(io.BytesIO(data)).convert("RGB")
        img = img.quantize(colors=255, method=Image.Quantize.FASTOCTREE,
                           dither=Image.Dither.NONE)
        img.save(path, optimize=True)
    except ImportError:
        path.write_bytes(data)
