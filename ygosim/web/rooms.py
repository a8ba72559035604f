"""Rooms: a table (ygosim.play.table.Table) and the people connected to it.

A room is made in the lobby: against the bot (its table starts at once) or against another
person (the table starts when they join through the room's link). Each seat has a secret
token, kept by the browser, so a person who reloads the page or loses the connection rejoins
their seat; anyone else who opens the link watches as a spectator. Everything sent to a
connection comes from the table's `view(viewer)` and `events(viewer)` for that connection's
viewer (a seat or SPECTATOR), which come from `observe(duel, viewer)`: nothing else about the
duel is ever sent.

The table is synchronous: every call that may play the bot runs in a worker thread, one at a
time per room (`Room.lock`). While the bot plays, the table's watcher (`Table.watch`) sends
each viewer its view after every decision that changed something visible, so a person sees
the bot's turn as it happens; the browser paces them.
"""
from __future__ import annotations

import asyncio
import logging
import secrets
import time

from ..engine.observe import SPECTATOR
from ..cards.errors import IllegalAction, YgosimError
from ..cards.safetext import excerpt

log = logging.getLogger("ygosim.web")

MAX_MESSAGE = 16_000          # characters of one message from a browser
RATE = 15.0                   # messages per second a connection may send, on average
BURST = 40                    # ... and at once
MAX_STRIKES = 200             # messages refused for the rate before the connection is closed
MAX_QUEUE = 2000              # frames waiting to be sent to one connection
MAX_CONNECTIONS = 24          # per room (two seats, several tabs, spectators)


CALLS = {"answer", "answer_shown", "command", "set_priority", "set_stops", "hold", "undo", "say", "proceed",
         "side", "hint", "review"}    # the table calls a seat makes (and the store keeps)


def token_hash(token: str) -> str:
    import hashlib
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


class Refused(YgosimError):
    """A message or request the server refuses; its text goes back to the client as the error
    (over HTTP with `status`, a 4xx)."""

    def __init__(self, text: str, status: int = 400):
        super().__init__(text)
        self.status = status


class Bucket:
    """A token bucket: `take()` is False when messages come faster than `rate` per second
    (with bursts of `burst`)."""

    def __init__(self, rate: float = RATE, burst: int = BURST):
        self.rate, self.burst = rate, burst
        self.tokens = float(burst)
        self.at = time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


class Conn:
    """One browser connection: who it is (a seat or SPECTATOR), the last event sent, and a
    queue of frames that its own task writes in order."""

    def __init__(self, ws, viewer):
        self.ws = ws
        self.viewer = viewer
        self.seq = 0
        self.queue: asyncio.Queue = asyncio.Queue()
        self.bucket = Bucket()
        self.strikes = 0
        self.closed = False
        self.last_error = 0.0
        self.log_epoch, self.log_len = None, 0     # the log lines it was sent (trim)

    def trim(self, view: dict, epoch: int) -> dict:
        """The view with only the log lines this connection does not have yet: `log_from`
        says where they start (0: the whole log, after a new duel, an undo or at first).
        Within an epoch of the table a viewer's log only grows (Table.duel)."""
        log = view["duel"]["log"]
        start = self.log_len if self.log_epoch == epoch and self.log_len <= len(log) else 0
        self.log_epoch, self.log_len = epoch, len(log)
        duel = dict(view["duel"], log=log[start:])
        return dict(view, duel=duel, log_from=start)

    def send(self, msg: dict) -> None:
        if self.closed:
            return
        if self.queue.qsize() >= MAX_QUEUE:       # a client that does not read: let it go
            self.closed = True
            self.queue.put_nowait(None)
            return
        self.queue.put_nowait(msg)

    async def writer(self) -> None:
        while True:
            msg = await self.queue.get()
            if msg is None:
                break
            try:
                await self.ws.send_json(msg)
            except Exception:         # noqa: BLE001  (the client went away)
                self.closed = True
                break
        if self.closed:
            try:
                await self.ws.close()
            except Exception:         # noqa: BLE001
                pass


class Room:
    """A table and its connections."""

    def __init__(self, rid: str, *, opponent: str, rules: str, bot: str | None,
                 names: list, decks: list, deck_names: list, seeds=None,
                 loop: asyncio.AbstractEventLoop, owner: str = "?", bots=None,
                 errors_dir=None, choices=None, store=None, casual: bool = False):
        self.id = rid
        self.casual = casual          # casual play: decks are not checked against the lists
        self.opponent = opponent
        self.rules = rules
        self.bot = bot
        self.names = names
        self.decks = decks
        self.deck_names = deck_names
        self.seeds = seeds              # None: secret seeds (tests may give a callable)
        self.tokens = [None, None]      # the seats' keys, as their SHA-256 (issue_token)
        self.choices = list(choices or (None, None))   # the decks as the lobby chose them
        self.store = store              # store.Store: everything done here, on disk
        self._replay = None             # while restoring: the recorded draws, in order
        self._restoring = False
        self.table = None
        self.conns: set[Conn] = set()
        self.lock = asyncio.Lock()
        self.loop = loop
        self.owner = owner              # the address that made it (per-client limits)
        self.empty_since = time.monotonic()
        self.last_play = time.monotonic()      # the last time a seat did something
        self.created = time.monotonic()
        self.queued = False             # a bot room waiting for the bots' capacity
        self.queue_place = 0            # its place in that queue (1: the next to start)
        self.bots = bots                # bots.BotPool: the bot thinks in a worker process
        self.errors_dir = errors_dir    # where a failure's replay is written
        self._setup = None              # (duel number, the duel's setup for the workers)
        self._sig = None

    def played(self) -> None:
        self.last_play = time.monotonic()

    # ------------------------------------------------------------------ seats
    def viewer_for(self, token) -> object:
        """The seat a token opens, or SPECTATOR."""
        if isinstance(token, str) and token and len(token) <= 200:
            h = token_hash(token)
            for seat, t in enumerate(self.tokens):
                if t is not None and secrets.compare_digest(t, h):
                    return seat
        return SPECTATOR

    def issue_token(self, seat: int) -> str:
        """A new key for `seat` (the old one opens nothing any more); the room keeps only its
        hash."""
        raw = secrets.token_urlsafe(18)
        self.tokens[seat] = token_hash(raw)
        return raw

    def seat_free(self) -> bool:
        return self.opponent == "human" and self.tokens[1] is None

    # ------------------------------------------------------------------ on disk
    def config(self) -> dict:
        """What made the room (the store's `rooms` row)."""
        return {"opponent": self.opponent, "rules": self.rules, "bot": self.bot,
                "names": list(self.names), "deck_names": list(self.deck_names),
                "choices": list(self.choices), "owner": self.owner,
                "tokens": list(self.tokens), "casual": self.casual}

    def record(self, kind: str, data) -> int | None:
        """Write an input to the store (not while the room is being restored from it)."""
        if self.store is None or self._restoring:
            return None
        return self.store.add_input(self.id, kind, data)

    def join(self, name: str, deck, deck_name: str, choice) -> str:
        """Seat 1 is taken (in a worker thread): the table starts. Returns the seat's key."""
        token = self.issue_token(1)
        self.names[1], self.decks[1], self.deck_names[1] = name, deck, deck_name
        self.choices[1] = choice
        self.record("join", {"name": name, "deck_name": deck_name, "choice": choice,
                             "token": self.tokens[1]})
        self.start_table()
        return token

    def start_table(self) -> None:
        """Make the table (in a worker thread: the bot may play its first decisions)."""
        from ..play.table import Table
        self.record("start", {})
        kw = {}
        if self.opponent == "bot":
            kw["bot"] = self.bot
            kw["think"] = self.think
            if self.bots is not None:
                kw["coach"] = self.coach
        t = Table(tuple(self.decks), opponent="bot" if self.opponent == "bot" else "human",
                  seeds=self.next_seed, rules=self.rules, names=tuple(self.names),
                  deck_names=tuple(self.deck_names), on_failure=self.failure, **kw)
        t.watch(self._on_step)
        from .decks import side_note
        for seat, deck in enumerate(self.decks):
            note = side_note(deck, self.rules)
            if note:
                t.note(note, seat)
        self.table = t

    def next_seed(self) -> int:
        """Each Duel's secret seed: the recorded one when restoring, else a new one (from the
        tests' hook if given), recorded."""
        from ..engine.rng import secret_seed
        if self._replay and self._replay["seed"]:
            return int(self._replay["seed"].pop(0)[0]["seed"])
        seed = self.seeds() if self.seeds is not None else secret_seed()
        if self.store is not None:
            self.store.add_draw(self.id, "seed", {"seed": str(seed)})
        return seed

    def think(self, table) -> tuple:
        """The table's bot decides: the recorded decision when restoring; else in a worker
        process (bots.BotPool), or in this process without one; recorded with the agent
        after it."""
        import pickle
        if self._replay and self._replay["bot"]:
            data, blob = self._replay["bot"].pop(0)[:2]
            return data["index"], pickle.loads(blob), data.get("error")
        if self.bots is not None:
            i, agent, error = self.bots.think(self.id, f"{self.id}/{table.duel_no}",
                                              self.duel_setup(table), table.duel, table.bot,
                                              table.bot_name)
        else:
            from ..play.table import think_here
            i, agent, error = think_here(table)
        if self.store is not None:
            self.store.add_draw(self.id, "bot", {"index": i, "error": error,
                                                 "duel": table.duel_no}, pickle.dumps(agent))
        return i, agent, error

    def duel_setup(self, table) -> dict:
        """What a bot worker makes the table's Duel again from (seed, decks, options, names;
        kept per Duel)."""
        from ..play import replay as R
        if self._setup is None or self._setup[0] != table.duel_no:
            opts = dict(table.duel_options)
            opts["rules"] = table.duel.rules.ref()
            self._setup = (table.duel_no, {
                "seed": table.duel_seed, "options": opts, "names": list(table.names),
                "decks": [R.deck_record(x) for x in table.duel_decks]})
        return self._setup[1]

    def coach(self, table, kind: str, seat: int, top: int = 5) -> list:
        """The table's coach: a hint or a review worked out in the room's bot worker (never in
        the server's process; bots.BotPool.coach), from the Duel as the worker makes it
        again: the same answers as play.table.coach_here in one process."""
        from ..play.table import TableError
        from .bots import CoachFailed
        answered = [(len(before.history), i) for before, i in table.answered[seat]]
        try:
            return self.bots.coach(self.id, f"{self.id}/{table.duel_no}",
                                   self.duel_setup(table), table.duel, kind, answered, top)
        except CoachFailed as e:
            raise TableError(str(e)) from None

    @classmethod
    def from_saved(cls, saved: dict, **kw) -> "Room":
        """A room made again from its settings in the store (store.Store.rooms() gives
        `saved`), before anything done in it (`resume`). Raises if it cannot be made again
        (a deck that no longer loads...)."""
        from . import decks as D
        c = saved["config"]
        decks = [D.load_choice(c["choices"][0])[0], None]
        if c["opponent"] == "bot":
            decks[1] = D.load_choice(c["choices"][1], "the bot's deck")[0]
        room = cls(saved["id"], opponent=c["opponent"], rules=c["rules"], bot=c["bot"],
                   names=list(c["names"]), decks=decks, deck_names=list(c["deck_names"]),
                   owner=c.get("owner", "?"), choices=c["choices"],
                   casual=c.get("casual", False), **kw)
        room.tokens = list(c["tokens"])
        room._restoring = True          # (until resume has done everything again)
        return room

    def resume(self, saved: dict) -> None:
        """Do every input again, with the recorded draws given back in order (in a worker
        thread, holding the room's lock; a bot decision beyond those recorded is made and
        recorded as usual)."""
        self._replay = {"seed": [x[1:] for x in saved["draws"] if x[0] == "seed"],
                        "bot": [x[1:] for x in saved["draws"] if x[0] == "bot"]}
        try:
            self.redo(saved["inputs"])
        finally:
            self._restoring = False
            left = {k: len(v) for k, v in self._replay.items() if v}
            self._replay = None
        if left:
            log.warning("room %s: resumed with draws left over (%s)", self.id, left)
        self.queued = self.opponent == "bot" and self.table is None

    def redo(self, inputs) -> None:
        from . import decks as D
        for kind, data in inputs:
            if kind == "join":
                self.decks[1] = D.load_choice(data["choice"])[0]
                self.names[1], self.deck_names[1] = data["name"], data["deck_name"]
                self.choices[1], self.tokens[1] = data["choice"], data["token"]
            elif kind == "start":
                self.start_table()
            elif kind == "rotate":
                self.tokens[data["seat"]] = data["token"]
            elif kind == "call":
                method, args, kwargs = data
                try:
                    getattr(self.table, method)(*args, **kwargs)
                except (YgosimError, IllegalAction):     # refused then too
                    pass

    async def call(self, method: str, *args, **kwargs):
        """table.<method>(*args, **kwargs) in a worker thread (see `run`), written to the
        store before it runs (a server killed during the bot's turn that follows has it);
        a call refused without changing anything is taken out again."""
        t = self.table
        if method not in CALLS:
            raise Refused(f"unknown table call {method!r}")

        def go():
            before = t.seq
            n = self.record("call", [method, list(args), kwargs])
            try:
                out = getattr(t, method)(*args, **kwargs)
            except (YgosimError, IllegalAction):
                if n is not None and t.seq == before:
                    self.store.drop_input(n)
                raise
            if out is None and method == "command":       # not a command: nothing was done
                if n is not None:
                    self.store.drop_input(n)
                raise Refused(f"'{excerpt(args[1], 40)}' is not a command (undo, hold, stops, "
                              "stop PHASE, unstop PHASE, priority auto|ask-all, say TEXT)")
            return out
        return await self.run(go)

    def failure(self, table, what: str, error: str, answer) -> None:
        """The table's on_failure: the error goes to the server's log with the replay that
        reproduces it (the duel up to the failed decision, and what failed, in its meta),
        written to the errors folder."""
        from ..play.table import last_line
        if self._restoring:             # (logged when it happened)
            return
        path = None
        if self.errors_dir is not None:
            try:
                from ..play import replay as R
                rep = table.replay()
                rep.meta["failure"] = {"what": what, "answer": answer, "bot": table.bot_name,
                                       "error": last_line(error)}
                self.errors_dir.mkdir(parents=True, exist_ok=True)
                path = self.errors_dir / (f"{self.id}-duel{table.duel_no}-"
                                          f"{len(table.duel.history)}-{what}.json")
                R.save(rep, path)
            except Exception:          # noqa: BLE001
                log.exception("room %s: could not write the replay of a failure", self.id)
        log.error("room %s: the %s failed at decision %d of duel %d (%s); the replay that "
                  "reproduces it: %s\n%s", self.id, what, len(table.duel.history),
                  table.duel_no, last_line(error), path or "(not written)", error.rstrip())

    def info(self, viewer) -> dict:
        from ..engine.rules import get_rules
        r = get_rules(self.rules)
        connected = [any(c.viewer == s and not c.closed for c in self.conns) for s in (0, 1)]
        if self.opponent == "bot":
            connected[1] = True
        return {"id": self.id, "opponent": self.opponent, "bot": self.bot,
                "rules": r.name, "rules_title": r.title, "casual": self.casual,
                "zones": {"emz": r.extra_monster_zones, "pendulum": r.pendulum_zones},
                "state": "resuming" if self._restoring else
                ("queued" if self.queued else "waiting") if self.table is None
                else "playing",
                "names": list(self.names), "deck_names": list(self.deck_names),
                "connected": connected,
                "spectators": sum(1 for c in self.conns if c.viewer == SPECTATOR),
                "queue": self.queue_place if self.queued else None,
                "you": viewer}

    # ------------------------------------------------------------------ sending
    def frame(self, conn: Conn, view_cache: dict, final: bool = True) -> dict:
        """The state message for a connection: its viewer's view and the events since the
        last it got. Only called while no worker plays at this table (or from the worker)."""
        t = self.table
        v = conn.viewer
        if t is None:
            return {"type": "waiting", "room": self.info(v)}
        if v not in view_cache:
            view_cache[v] = t.view(v)
        events = t.events(v, since=conn.seq)
        if events:
            conn.seq = events[-1]["seq"]
        return {"type": "state", "final": final, "view": conn.trim(view_cache[v], t.epoch),
                "events": events, "room": self.info(v)}

    def broadcast(self) -> None:
        cache: dict = {}
        for c in list(self.conns):
            c.send(self.frame(c, cache))

    def _on_step(self, table) -> None:
        """The table's watcher: in the worker thread, after each decision. When something
        visible changed (the log, the chain, LP, phase or step), each connection gets its
        viewer's view now (the events follow with it)."""
        d = table.duel
        sig = (id(d), len(d.log), len(d.chain), tuple(d.lp), d.turn, d.phase, d.step,
               d.winner)
        if sig == self._sig or not self.conns:
            self._sig = sig
            return
        self._sig = sig
        frames = []
        views: dict = {}
        conns = list(self.conns)
        for c in conns:
            v = c.viewer
            if v not in views:
                since = min(x.seq for x in conns if x.viewer == v)
                views[v] = (table.view(v), table.events(v, since=since))
            view, evs = views[v]
            frames.append((c, view, evs, table.epoch))
        if frames:
            try:
                self.loop.call_soon_threadsafe(self._deliver, frames)
            except RuntimeError:        # the server is shutting down
                pass

    def _deliver(self, frames) -> None:
        for c, view, evs, epoch in frames:
            new = [e for e in evs if e["seq"] > c.seq]
            if new:
                c.seq = new[-1]["seq"]
            c.send({"type": "state", "final": False, "view": c.trim(view, epoch),
                    "events": new, "room": self.info(c.viewer)})

    # ------------------------------------------------------------------ messages
    async def run(self, fn):
        """Run `fn()` (table calls) in a worker thread, one at a time per room; then every
        connection gets its view. Refused (TableError, YgosimError) goes to the caller."""
        async with self.lock:
            try:
                out = await asyncio.to_thread(fn)
            except (YgosimError, IllegalAction):     # refused: nothing changed
                raise
            except Exception:
                self.broadcast()          # an engine failure: show what there is
                raise
            self.broadcast()
            return out

    async def handle(self, conn: Conn, msg: dict):
        """One message from a connection. Returns what to say to it (lines), or None."""
        from ..play.table import TableError
        kind = msg.get("type")
        if kind == "ping":
            return None
        if kind == "card":
            from ..engine.rules import get_rules
            from ..play.table import card_facts
            name = msg.get("name")
            if not isinstance(name, str):
                raise Refused("card: a name is text")
            try:
                info = card_facts(name, get_rules(self.rules).card_era)
            except TableError as e:
                raise Refused(str(e)) from None
            conn.send({"type": "card", "card": info, "ask": excerpt(name, 60)})
            return None
        seat = conn.viewer
        if "seat" in msg and msg["seat"] != seat:
            raise Refused(f"you are {_viewer_words(seat)}: you cannot act for seat "
                          f"{excerpt(msg['seat'], 10)}")
        if seat == SPECTATOR:
            raise Refused("spectators only watch: they cannot answer, chat or change anything")
        if kind == "rotate":               # a new key for this seat; the old one opens nothing
            async with self.lock:
                raw = self.issue_token(seat)
                self.record("rotate", {"seat": seat, "token": self.tokens[seat]})
            self.played()
            for c in list(self.conns):
                if c.viewer == seat:
                    c.send({"type": "token", "token": raw, "seat": seat})
            return None
        t = self.table
        if t is None:
            raise Refused("the duel has not started: waiting for your opponent to join")
        self.played()
        if kind == "answer":
            pid = msg.get("prompt")
            if pid is not None and (not isinstance(pid, int) or isinstance(pid, bool)):
                raise Refused("answer: 'prompt' is the number of the question")
            if "index" in msg:
                ans = msg["index"]
                if not isinstance(ans, int) or isinstance(ans, bool):
                    raise Refused("answer: 'index' is the number of an answer, from 0")
            elif "text" in msg:
                ans = msg["text"]
                if not isinstance(ans, str):
                    raise Refused("answer: 'text' is a line of text")
            else:
                raise Refused("answer: give 'index' (from 0) or 'text'")
            return await self.call("answer_shown" if isinstance(ans, int) else "answer", seat,
                                   ans, prompt_id=pid)
        if kind == "command":
            line = msg.get("line")
            if not isinstance(line, str):
                raise Refused("command: 'line' is a line of text")
            return await self.call("command", seat, line)
        if kind == "priority":
            mode = msg.get("mode")
            return await self.call("set_priority", seat, mode)
        if kind == "stop":
            phase, whose, on = msg.get("phase"), msg.get("whose", "opponent"), msg.get("on", True)
            if not isinstance(phase, str) or not isinstance(whose, str) or \
                    not isinstance(on, bool):
                raise Refused("stop: 'phase' and 'whose' are words, 'on' true or false")
            return await self.call("set_stops", seat, [phase], whose, on)
        if kind == "hold":
            return await self.call("hold", seat)
        if kind == "undo":                 # the table's "undone" event tells what was taken back
            await self.call("undo", seat)
            return None
        if kind in ("hint", "review"):     # the table's "hint" / "review" event carries them
            await self.call(kind, seat)
            return None
        if kind == "say":
            text = msg.get("text")
            return await self.call("say", seat, text)
        if kind == "proceed":
            return await self.call("proceed", seat)
        if kind == "side":
            line = msg.get("line")
            if not isinstance(line, str):
                raise Refused("side: 'line' is a line of text")
            return await self.call("side", seat, line)
        raise Refused(f"unknown message type {excerpt(kind, 30)!r}")

    def close(self) -> None:
        if self.bots is not None:
            self.bots.release(self.id)
        for c in list(self.conns):
            c.closed = True
            c.queue.put_nowait(None)
        self.conns.clear()


def _viewer_words(viewer) -> str:
    return "a spectator" if viewer == SPECTATOR else f"seat {viewer}"


class Rooms:
    """Every room of the server, with the clean-up of rooms nobody is in."""

    def __init__(self, max_rooms: int = 200, grace: float = 120.0, per_client: int = 4,
                 reserve: int = 20, idle: float = 900.0, bot_capacity: int | None = None,
                 store=None):
        self.bot_capacity = bot_capacity   # bot rooms playing at once (None: no limit)
        self.store = store                 # store.Store: rooms that end are taken out
        self.rooms: dict[str, Room] = {}
        self.max_rooms = max_rooms
        self.grace = grace
        self.per_client = per_client
        self.reserve = reserve
        self.idle = idle

    def new_id(self) -> str:
        while True:
            rid = secrets.token_urlsafe(6).replace("-", "x").replace("_", "y")
            if rid not in self.rooms:
                return rid

    def check_room_for(self, owner: str) -> None:
        """May `owner` (an address) make a room now? Refused (429/503) saying why not: a
        client has at most `per_client` rooms open, and the last `reserve` places are kept
        for clients with no room, so one client never takes them all."""
        mine = sum(1 for r in self.rooms.values() if r.owner == owner)
        if mine >= self.per_client:
            raise Refused(f"you have {mine} rooms open already (at most {self.per_client} "
                          f"from one address): finish or leave one first", 429)
        if len(self.rooms) >= self.max_rooms:
            raise Refused(f"the server has too many rooms ({self.max_rooms}): try again "
                          f"later", 503)
        if mine and len(self.rooms) >= self.max_rooms - self.reserve:
            raise Refused("the server is nearly full: its last rooms are kept for people "
                          "who have none yet", 503)

    def add(self, room: Room) -> None:
        """Add a room; a bot room beyond the bots' capacity waits in the queue (`queued`)
        until a bot room closes (`promote`)."""
        self.check_room_for(room.owner)
        if room.opponent == "bot" and self.bot_capacity is not None and \
                (self.bot_rooms() >= self.bot_capacity or self.queue()):
            room.queued = True
        self.rooms[room.id] = room
        self._places()

    def bot_rooms(self) -> int:
        """Bot rooms playing (their bots may think now)."""
        return sum(1 for r in self.rooms.values() if r.opponent == "bot" and not r.queued)

    def queue(self) -> list[Room]:
        return sorted((r for r in self.rooms.values() if r.queued), key=lambda r: r.created)

    def _places(self) -> None:
        for i, r in enumerate(self.queue()):
            r.queue_place = i + 1

    async def promote(self) -> None:
        """Start the queued bot rooms there is capacity for, oldest first; every queued room
        hears its new place."""
        while self.bot_capacity is not None and self.bot_rooms() < self.bot_capacity:
            q = self.queue()
            if not q:
                break
            room = q[0]
            room.queued = False
            try:
                await room.run(room.start_table)
            except Exception:          # noqa: BLE001
                log.exception("room %s: the queued duel could not start", room.id)
                self.remove(room.id)
        self._places()
        for r in self.queue():
            r.broadcast()

    def remove(self, rid: str) -> None:
        room = self.rooms.pop(rid, None)
        if room is not None:
            room.close()
            self.forget(rid)
        self._places()

    def forget(self, rid: str) -> None:
        if self.store is not None:
            self.store.drop_room(rid)

    def get(self, rid) -> Room | None:
        return self.rooms.get(rid) if isinstance(rid, str) else None

    def sweep(self, now: float | None = None) -> list[tuple[str, str]]:
        """Close the rooms nobody has been connected to for `grace` seconds, and those where
        nobody has played for `idle` seconds (connected or not: an idle connection does not
        keep a room). Returns (room, why) for each."""
        now = time.monotonic() if now is None else now
        gone = []
        for rid, room in list(self.rooms.items()):
            if room.lock.locked():
                continue
            if not room.conns and now - room.empty_since >= self.grace:
                why = "nobody there"
            elif now - room.last_play >= self.idle:
                why = f"nobody played for {int(self.idle // 60)} minutes"
                for c in list(room.conns):
                    c.send({"type": "error", "fatal": True,
                            "error": f"this room is closed: {why}"})
            else:
                continue
            room.close()
            del self.rooms[rid]
            self.forget(rid)
            gone.append((rid, why))
        return gone
