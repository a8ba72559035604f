"""`ygosim serve`: the duel in the browser (Starlette, served by uvicorn).

Pages (hand-written static files in ygosim/web/static): `/` the lobby, `/room/ID` a duel,
`/replay` the replay viewer. The API:

    GET  /api/options                   decks, rule sets, bots the lobby offers
    POST /api/rooms                     make a room: {deck, name, rules, opponent: "bot"|"human",
                                        bot, opponent_deck} -> {room, token, seat, url}
    GET  /api/rooms/ID                  the room's public state (waiting for a player or not)
    POST /api/rooms/ID/join             take the free seat: {deck, name} -> {room, token, seat}
    POST /api/rooms/ID/replay           the Duel's replay: {token} (a seat, once the Duel is over)
    GET  /api/card?name=N&rules=R       a card's facts and the project's description; "picture":
                                        whether the server has its picture
    GET  /api/card-images               {"enabled": whether the server has card pictures}
    GET  /api/card-image?name=N         a card's picture (ygosim serve --card-images DIR)
    POST /api/replays                   a replay file to watch -> {id, steps, names, ...}
    GET  /api/replays/ID/N?as=all|0|1   the board after step N of that replay
    WS   /ws/ID                         the duel: {"type": "hello", "token": T} first, then
                                        answers and commands (see ygosim/web/rooms.py)

The server is authoritative: a browser only receives what the table gives its viewer (from
`observe(duel, viewer)`), answers are checked by the table, and anything malformed or hostile
gets an error and changes nothing.
"""
from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import time
from collections import OrderedDict
from importlib import resources

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from ..engine.observe import SPECTATOR
from ..cards.errors import IllegalAction, YgosimError
from ..cards.safetext import excerpt
from . import decks as D
from .bots import Closing
from .guard import HostCheck, parse_json
from .rooms import MAX_CONNECTIONS, MAX_MESSAGE, MAX_STRIKES, Conn, Refused, Room, Rooms

log = logging.getLogger("ygosim.web")
STATIC = resources.files("ygosim.web") / "static"      # the pages, found as package data
MAX_BODY = 200_000             # bytes of a lobby request (an uploaded .ydk is in it)
MAX_REPLAY = 4_000_000         # bytes of an uploaded replay
HELLO_TIMEOUT = 15.0           # seconds a new connection has to say who it is
CREATE_RATE = (0.5, 20)        # rooms a client address may make: per second, at once
CHECKPOINT = 25                # replay viewer: a clone of the duel every 25 steps
MAX_REPLAYS = 16

CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
       "connect-src 'self' ws: wss:; frame-ancestors 'none'; base-uri 'none'; "
       "form-action 'none'")


def error(status: int, text: str) -> JSONResponse:
    return JSONResponse({"error": text}, status_code=status)


class Missing(Exception):
    """No such room: 404 with the reason."""


async def missing(request, exc) -> JSONResponse:
    return error(404, str(exc))


BODY_TIMEOUT = 20.0            # seconds a client has to send a request's body


async def read_json(request: Request, limit: int = MAX_BODY):
    """The request's JSON body, at most `limit` bytes, within guard.parse_json's limits and
    BODY_TIMEOUT seconds (Refused otherwise)."""
    size = request.headers.get("content-length")
    if size is not None and (not size.isdigit() or len(size) > 12 or int(size) > limit):
        raise Refused(f"the request is too big (at most {limit // 1000} kB)", 413)

    async def read() -> bytes:
        body = bytearray()
        async for chunk in request.stream():
            body += chunk
            if len(body) > limit:
                raise Refused(f"the request is too big (at most {limit // 1000} kB)", 413)
        return bytes(body)
    try:
        body = await asyncio.wait_for(read(), BODY_TIMEOUT)
    except asyncio.TimeoutError:
        raise Refused("the request's body came too slowly", 408) from None
    return parse_json(body)


def fields(data, allowed: set, what: str = "the request") -> dict:
    """`data` must be a JSON object with no keys but `allowed` (Refused naming the first
    other)."""
    if not isinstance(data, dict):
        raise Refused(f"{what} is a JSON object")
    for k in data:
        if k not in allowed:
            raise Refused(f"{what}: unknown field {excerpt(k, 30)!r} (the fields are "
                          + ", ".join(sorted(allowed)) + ")")
    return data


def text_field(data: dict, key: str, default=None):
    v = data.get(key)
    if v is None or v == "":
        return default
    if not isinstance(v, str):
        raise Refused(f"{key}: a word (text), not {excerpt(v, 20)}")
    return v


class ReplayView:
    """A replay being watched: the duel at any step, from clones kept every CHECKPOINT
    steps."""

    def __init__(self, rep):
        from ..play import replay as R
        self.rep = rep
        d = R.start(rep)
        self.checkpoints = {0: d.clone()}
        self.who = []                   # (player, text) of each step
        for i, x in enumerate(rep.decisions):
            dec = d.pending
            who = dec.player if dec is not None else None
            R.step(d, x, rep.source)
            self.who.append((who, x.get("text") or ""))
            if (i + 1) % CHECKPOINT == 0:
                self.checkpoints[i + 1] = d.clone()
        R.check_result(rep, d)
        self.end = d

    def at(self, n: int):
        from ..play import replay as R
        base = max(k for k in self.checkpoints if k <= n)
        d = self.checkpoints[base].clone()
        for x in self.rep.decisions[base:n]:
            R.step(d, x, self.rep.source)
        return d


def client_of(conn) -> str:
    """The address a request or websocket comes from (what per-client limits count)."""
    return conn.client.host if conn.client else "?"


def create_app(*, grace: float = 120.0, sweep_every: float = 5.0, max_rooms: int = 200,
               rate=None, seeds=None, hosts=(), per_client: int = 4, reserve: int | None = None,
               idle: float = 900.0, bot_workers: int | None = None,
               bot_rooms: int | None = None, data_dir=None,
               card_images=None) -> Starlette:
    """The web app. grace: seconds a room with nobody connected is kept (for reconnects);
    idle: seconds a room is kept when nobody plays in it (connected or not); max_rooms: rooms
    at once, `reserve` of them (a tenth by default) only for clients with no room yet;
    per_client: rooms one address may have open at once; sweep_every: how often rooms are
    checked; rate: (messages per second, burst) a connection may send (tests lower it);
    hosts: names besides IP addresses and localhost this server answers to (guard.HostCheck);
    seeds: for tests only, a callable giving each Duel's seed (by default each Duel's seed is
    secret: 128 bits from the OS, never chosen or seen by a client before that Duel is
    over). bot_workers: processes the bots think in (bots.BotPool; None: one per CPU; 0:
    in the server's own threads, for tests); bot_rooms: bot rooms that play at once (4 per
    worker by default; more wait in a queue that says so). data_dir: the server's folder on
    disk: the rooms (store.Store, rooms.sqlite3: a restarted server resumes them) and the
    replays of failures (errors/); None: nothing is written (rooms live in memory only).
    card_images: a folder of card pictures named by passcode (ygosim.formats.pics), or None."""
    from pathlib import Path as _Path

    from . import rooms as RM
    from .bots import BotPool, default_workers
    if reserve is None:
        reserve = max_rooms // 10
    workers = default_workers() if bot_workers is None else bot_workers
    pool = BotPool(workers) if workers > 0 else None
    if bot_rooms is None:
        bot_rooms = 4 * workers if workers > 0 else None
    home = _Path(data_dir) if data_dir is not None else None
    store = None
    if home is not None:
        from .store import Store
        store = Store(home / "rooms.sqlite3")
    rooms = Rooms(max_rooms=max_rooms, grace=grace, per_client=per_client, reserve=reserve,
                  idle=idle, bot_capacity=bot_rooms, store=store)
    errors_dir = home / "errors" if home is not None else None
    replays: OrderedDict = OrderedDict()
    creators: dict = {}
    rate = rate or (RM.RATE, RM.BURST)

    pictures = None
    if card_images is not None:
        from ..formats.pics import CardPictures
        pictures = CardPictures(card_images)

    def page(name):
        text = (STATIC / name).read_text(encoding="utf-8")

        async def handler(request):
            return HTMLResponse(text, headers={"Cache-Control": "no-cache"})
        return handler

    async def options(request):
        opts = await asyncio.to_thread(D.lobby_options)
        return JSONResponse(opts)

    def allowed_to_create(request) -> bool:
        host = client_of(request)
        b = creators.get(host)
        if b is None:
            if len(creators) > 10_000:
                creators.clear()
            b = creators[host] = RM.Bucket(*CREATE_RATE)
        return b.take()

    def seat_taken(request, room, seat, token) -> JSONResponse:
        """What the person who takes a seat needs: the room, the seat's key, the link."""
        return JSONResponse({"room": room.id, "token": token, "seat": seat,
                             "url": str(request.url_for("room_page", rid=room.id))})

    async def ready_room(rid: str):
        """The room `rid`, or None; a room of the store that the starting server is still
        making again is waited for (its resume task), not reported missing."""
        room = rooms.get(rid)
        if room is None and rid in resumes:
            await asyncio.wait([resumes[rid]])
            room = rooms.get(rid)
        return room

    async def find_room(request):
        room = await ready_room(request.path_params["rid"])
        if room is None:
            raise Missing("there is no such room (it may have ended)")
        return room

    async def create_room(request):
        if not allowed_to_create(request):
            raise Refused("too many rooms made from here: wait a little", 429)
        data = fields(await read_json(request), {"deck", "name", "rules", "opponent", "bot",
                                                 "opponent_deck", "seed", "casual"})
        from ..engine.rules import NAMES
        rules = text_field(data, "rules", "v10")
        if rules not in NAMES:
            raise Refused(f"rules: {excerpt(rules, 20)!r} is not a rule set ("
                          + ", ".join(NAMES) + ")")
        opponent = text_field(data, "opponent", "bot")
        if opponent not in ("bot", "human"):
            raise Refused("opponent: 'bot' or 'human'")
        if "seed" in data:
            raise Refused("seed: a duel's seed here is secret and nobody's choice (choose "
                          "one on your own machine: ygosim duel --seed N)")
        name = D.player_name(data.get("name"), "Player" if opponent == "bot" else "Player 1")
        casual = D.casual_choice(data.get("casual"))
        rooms.check_room_for(client_of(request))
        deck, deck_name = await asyncio.to_thread(D.load_choice, data.get("deck"))
        D.require_legal(deck, rules, casual)
        D.require_playable(deck, rules)
        bot = None
        names, decks, deck_names = [name, None], [deck, None], [deck_name, None]
        choices = [data.get("deck"), None]
        if opponent == "bot":
            bot_list, default = D.bots()
            bot = text_field(data, "bot", default)
            if bot not in {b["name"] for b in bot_list}:
                raise Refused(f"bot: {excerpt(bot, 20)!r} is not one of "
                              + ", ".join(b["name"] for b in bot_list))
            from ..formats.deck import default_decks
            choices[1] = data.get("opponent_deck") or {"kind": "builtin",
                                                       "name": default_decks(rules)[1]}
            odeck, oname = await asyncio.to_thread(D.load_choice, choices[1], "the bot's deck")
            D.require_legal(odeck, rules, casual, "the bot's deck")
            D.require_playable(odeck, rules, "the bot's deck")
            names[1], decks[1], deck_names[1] = f"Bot ({bot})", odeck, oname
        room = Room(rooms.new_id(), opponent=opponent, rules=rules, bot=bot, names=names,
                    decks=decks, deck_names=deck_names, seeds=seeds,
                    loop=asyncio.get_running_loop(), owner=client_of(request), bots=pool,
                    errors_dir=errors_dir, choices=choices, store=store, casual=casual)
        token = room.issue_token(0)
        rooms.add(room)
        if store is not None:
            await asyncio.to_thread(store.new_room, room.id, room.config(), time.time())
        if opponent == "bot" and not room.queued:
            try:
                await room.run(room.start_table)
            except Exception:
                rooms.remove(room.id)
                raise
        return seat_taken(request, room, 0, token)

    async def room_info(request):
        return JSONResponse((await find_room(request)).info(SPECTATOR))

    async def join_room(request):
        room = await find_room(request)
        data = fields(await read_json(request), {"deck", "name"})
        if not room.seat_free():
            raise Refused("this room's seats are taken: you can watch as a spectator", 409)
        name = D.player_name(data.get("name"), "Player 2")
        deck, deck_name = await asyncio.to_thread(D.load_choice, data.get("deck"))
        D.require_legal(deck, room.rules, room.casual)
        D.require_playable(deck, room.rules)
        async with room.lock:
            if not room.seat_free():
                raise Refused("this room's seats are taken: you can watch as a spectator", 409)
            try:
                token = await asyncio.to_thread(room.join, name, deck, deck_name,
                                                data.get("deck"))
            except Exception:
                room.tokens[1] = None
                raise
            room.played()
            room.broadcast()
        return seat_taken(request, room, 1, token)

    async def room_replay(request):
        """The Duel's replay, for a seat (its token in the body, never in the address: an
        address stays in the browser's history) once the Duel is over."""
        room = await find_room(request)
        data = fields(await read_json(request), {"token"})
        seat = room.viewer_for(data.get("token"))
        if seat == SPECTATOR:
            raise Refused("only the players may download the replay", 403)
        t = room.table
        if t is None or t.state not in ("over", "match_over", "siding"):
            raise Refused("the replay can be downloaded when the duel is over", 409)
        async with room.lock:
            rep = await asyncio.to_thread(lambda: t.replay().as_dict())
        body = json.dumps(rep, indent=1, ensure_ascii=False) + "\n"
        return Response(body, media_type="application/json", headers={
            "Content-Disposition":
                f'attachment; filename="ygosim-{room.id}-duel{t.duel_no}.json"',
            "Cache-Control": "no-store"})

    async def card(request):
        from ..engine.rules import NAMES, get_rules
        from ..play.table import TableError, card_facts
        name = request.query_params.get("name", "")
        rules = request.query_params.get("rules", "v10")
        if rules not in NAMES:
            raise Refused(f"rules: one of {', '.join(NAMES)}")
        try:
            facts = card_facts(name, get_rules(rules).card_era)
        except TableError as e:
            raise Refused(str(e), 404) from None
        facts["picture"] = picture_of(facts["name"]) is not None
        return JSONResponse(facts, headers={"Cache-Control": "max-age=3600"})

    def picture_of(name: str):
        """The picture file of the card called exactly `name`, or None. The page asks only for
        cards its viewer sees (a face-down card has no name in what it is sent); a name is
        looked up in the card store, and the file's name is the card's passcode, so nothing
        outside the pictures' folder can be named."""
        if pictures is None or not isinstance(name, str) or len(name) > 200:
            return None
        from ..cards.db import card_db
        db = card_db()
        card = db.get(name)
        return None if card is None else pictures.find(card, db)

    async def card_images(request):
        return JSONResponse({"enabled": pictures is not None})

    async def card_image(request):
        from ..formats.pics import media_type
        name = request.query_params.get("name", "")
        path = await asyncio.to_thread(picture_of, name)
        if path is None:
            raise Refused(f"no picture of '{excerpt(name, 60)}' here", 404)
        return FileResponse(path, media_type=media_type(path),
                            headers={"Cache-Control": "max-age=86400"})

    async def upload_replay(request):
        from ..play import replay as R
        if not allowed_to_create(request):
            raise Refused("too many uploads from here: wait a little", 429)
        data = await read_json(request, MAX_REPLAY)
        rep = R.from_dict(data, "the replay")
        view = await asyncio.to_thread(ReplayView, rep)
        rid = secrets.token_urlsafe(8)
        replays[rid] = view
        while len(replays) > MAX_REPLAYS:
            replays.popitem(last=False)
        return JSONResponse(replay_info(rid, view))

    def replay_info(rid, view) -> dict:
        rep = view.rep
        return {"id": rid, "steps": len(rep.decisions), "names": list(rep.names),
                "decks": [dk.get("name", "") for dk in rep.decks], "seed": str(rep.seed),
                "result": rep.result, "rules": view.end.rules.name}

    def find_replay(request):
        view = replays.get(request.path_params["rid"])
        if view is None:
            raise Refused("no such replay here (upload it again)", 404)
        return view

    async def replay_about(request):
        return JSONResponse(replay_info(request.path_params["rid"], find_replay(request)))

    async def replay_step(request):
        from ..engine.observe import observe
        from ..engine.rules import get_rules
        view = find_replay(request)
        replays.move_to_end(request.path_params["rid"])
        n = request.path_params["n"]
        if not 0 <= n <= len(view.rep.decisions):
            raise Refused(f"the replay has steps 0 to {len(view.rep.decisions)}", 404)
        who = request.query_params.get("as", "all")
        viewer = {"all": None, "0": 0, "1": 1}.get(who, "bad")
        if viewer == "bad":
            raise Refused("as: all, 0 or 1")

        def build():
            d = view.at(n)
            obs = observe(d, viewer)
            r = d.rules
            return {"step": n, "steps": len(view.rep.decisions), "duel": obs,
                    "did": None if n == 0 else {"player": view.who[n - 1][0],
                                                "text": view.who[n - 1][1]},
                    "rules": r.name,
                    "zones": {"emz": r.extra_monster_zones, "pendulum": r.pendulum_zones},
                    "card_era": get_rules(r).card_era}
        return JSONResponse(await asyncio.to_thread(build))

    async def ws_endpoint(ws: WebSocket):
        await ws.accept()
        room = await ready_room(ws.path_params["rid"])
        if room is None:
            await ws.send_json({"type": "error", "error": "there is no such room (it may have "
                                                          "ended)", "fatal": True})
            await ws.close(code=4404)
            return
        try:
            hello = await asyncio.wait_for(ws.receive_text(), HELLO_TIMEOUT)
            msg = parse_json(hello, "the hello") if len(hello) <= MAX_MESSAGE else None
        except (asyncio.TimeoutError, WebSocketDisconnect, KeyError, RuntimeError, Refused):
            msg = None
        if not isinstance(msg, dict) or msg.get("type") != "hello":
            with contextlib.suppress(Exception):
                await ws.send_json({"type": "error", "fatal": True,
                                    "error": 'say {"type": "hello", "token": ...} first'})
                await ws.close(code=4400)
            return
        viewer = room.viewer_for(msg.get("token"))
        if viewer == SPECTATOR and len(room.conns) >= MAX_CONNECTIONS:   # players always get in
            await ws.send_json({"type": "error", "fatal": True,
                                "error": "this room has as many spectators as it can take"})
            await ws.close(code=4429)
            return
        conn = Conn(ws, viewer)
        conn.bucket.rate, conn.bucket.burst = rate
        conn.bucket.tokens = float(rate[1])
        since = msg.get("since", 0)
        conn.seq = since if isinstance(since, int) and not isinstance(since, bool) and \
            since >= 0 else 0
        writer = asyncio.create_task(conn.writer())
        async with room.lock:
            room.conns.add(conn)
            conn.send({"type": "welcome", "room": room.info(viewer),
                       "viewer": viewer, "token_ok": viewer != SPECTATOR
                       or not msg.get("token")})
            room.broadcast()           # everyone sees who is connected
        try:
            while not conn.closed:
                try:
                    text = await ws.receive_text()
                except KeyError:          # a binary frame
                    conn.send({"type": "error", "error": "messages are JSON text"})
                    continue
                if not conn.bucket.take():
                    conn.strikes += 1
                    if conn.strikes > MAX_STRIKES:
                        conn.send({"type": "error", "fatal": True,
                                   "error": "too many messages: the connection is closed"})
                        break
                    now = time.monotonic()
                    if now - conn.last_error > 1.0:
                        conn.last_error = now
                        conn.send({"type": "error", "error": "too many messages: slow down "
                                                             "(this one was not read)"})
                    continue
                await answer_message(room, conn, text)
        except WebSocketDisconnect:
            pass
        finally:
            room.conns.discard(conn)
            if not room.conns:
                room.empty_since = time.monotonic()
            conn.queue.put_nowait(None)
            with contextlib.suppress(Exception):
                await writer
            with contextlib.suppress(Exception):
                await ws.close(code=1008 if conn.strikes > MAX_STRIKES else 1000)
            if rooms.get(room.id) is room and not room.lock.locked():
                room.broadcast()

    async def answer_message(room: Room, conn: Conn, text: str) -> None:
        ref = None
        try:
            if len(text) > MAX_MESSAGE:
                raise Refused(f"that message is too long ({len(text)} characters; at most "
                              f"{MAX_MESSAGE})")
            msg = parse_json(text, "that message")
            if not isinstance(msg, dict):
                raise Refused("a message is a JSON object with a 'type'")
            ref = msg.get("ref") if isinstance(msg.get("ref"), (int, str)) and \
                not isinstance(msg.get("ref"), bool) else None
            said = await room.handle(conn, msg)
            if said:
                conn.send({"type": "info", "lines": [str(x) for x in said], "ref": ref})
        except (YgosimError, IllegalAction) as e:
            conn.send({"type": "error", "error": str(e), "ref": ref})
        except Closing:
            conn.send({"type": "error", "error": "the server is stopping", "ref": ref})
        except Exception:              # noqa: BLE001  (never a traceback to a browser)
            log.exception("room %s: a message failed", room.id)
            conn.send({"type": "error", "error": "the server failed on that message (its log "
                                                 "says why)", "ref": ref})

    resumes: dict = {}      # room id -> the task that resumes it from the store (at start-up)

    async def resume(saved: dict) -> None:
        """A room from the store, made again as it was (in a worker thread). The room is
        there at once; a connection waits for it to be ready (it holds the room's lock)."""
        loop = asyncio.get_running_loop()
        try:
            room = await asyncio.to_thread(Room.from_saved, saved, loop=loop, bots=pool,
                                           errors_dir=errors_dir, seeds=seeds, store=store)
        except Exception:              # noqa: BLE001
            log.exception("room %s could not be resumed: it is dropped", saved["id"])
            rooms.forget(saved["id"])
            return
        async with room.lock:
            rooms.rooms[room.id] = room
            try:
                await asyncio.to_thread(room.resume, saved)
            except Exception:          # noqa: BLE001
                log.exception("room %s could not be resumed: it is dropped", saved["id"])
                rooms.rooms.pop(room.id, None)
                rooms.forget(saved["id"])
                return
            rooms._places()
        log.info("room %s resumed", room.id)

    async def sweeper():
        while True:
            await asyncio.sleep(sweep_every)
            for rid, why in rooms.sweep():
                log.info("room %s closed: %s", rid, why)
            await rooms.promote()

    @contextlib.asynccontextmanager
    async def lifespan(app):
        from concurrent.futures import ThreadPoolExecutor
        # table calls run in threads; a bot room's thread waits while its bot thinks in a
        # worker process, so there are threads enough for every bot room and the people's
        asyncio.get_running_loop().set_default_executor(
            ThreadPoolExecutor(max_workers=(bot_rooms or 16) + 32,
                               thread_name_prefix="ygosim-table"))
        if pool is not None:
            pool.warm()
        for saved in await asyncio.to_thread(store.rooms) if store is not None else []:
            resumes[saved["id"]] = asyncio.create_task(resume(saved))
        resuming = list(resumes.values())
        task = asyncio.create_task(sweeper())
        try:
            yield
        finally:
            task.cancel()
            if pool is not None:        # first: a table waiting for its bot stops waiting
                pool.close()
            for t in resuming:
                t.cancel()
            for room in list(rooms.rooms.values()):
                room.close()              # (kept in the store: the next start resumes them)
            if store is not None:
                store.close()

    async def refused(request, exc: Refused) -> JSONResponse:
        return error(exc.status, str(exc))

    async def ygosim_error(request, exc: YgosimError) -> JSONResponse:
        return error(400, str(exc))

    async def failed(request, exc: Exception) -> JSONResponse:     # (a bug: the log has it)
        return error(500, "the server failed on that request (its log says why)")

    async def headers(request, call_next):
        response = await call_next(request)
        response.headers["Content-Security-Policy"] = CSP
        response.headers["X-Content-Type-Options"] = "nosniff"
        response.headers["Referrer-Policy"] = "no-referrer"
        return response

    from starlette.middleware.base import BaseHTTPMiddleware
    routes = [
        Route("/", page("index.html")),
        Route("/favicon.ico", lambda request: Response(status_code=204)),
        Route("/room/{rid}", page("room.html"), name="room_page"),
        Route("/replay", page("replay.html")),
        Route("/api/options", options),
        Route("/api/rooms", create_room, methods=["POST"]),
        Route("/api/rooms/{rid}", room_info),
        Route("/api/rooms/{rid}/join", join_room, methods=["POST"]),
        Route("/api/rooms/{rid}/replay", room_replay, methods=["POST"]),
        Route("/api/card", card),
        Route("/api/card-images", card_images),
        Route("/api/card-image", card_image),
        Route("/api/replays", upload_replay, methods=["POST"]),
        Route("/api/replays/{rid}", replay_about),
        Route("/api/replays/{rid}/{n:int}", replay_step),
        WebSocketRoute("/ws/{rid}", ws_endpoint),
        Mount("/static", StaticFiles(packages=[("ygosim.web", "static")]), name="static"),
    ]
    app = Starlette(routes=routes, lifespan=lifespan,
                    middleware=[Middleware(HostCheck, hosts=hosts),
                                Middleware(BaseHTTPMiddleware, dispatch=headers)],
                    exception_handlers={Missing: missing, Refused: refused,
                                        YgosimError: ygosim_error, Exception: failed})
    app.state.rooms = rooms
    app.state.replays = replays
    app.state.bots = pool
    return app


def uvicorn_server(config):
    """A uvicorn Server for this app that, when asked to stop, first stops the bots' workers
    (a table waiting for its bot's decision stops waiting: the decision is not made), so the
    requests in flight end and the server stops at once instead of after every queued bot
    decision."""
    import uvicorn

    class Server(uvicorn.Server):
        async def shutdown(self, sockets=None):
            pool = getattr(getattr(config.app, "state", None), "bots", None)
            if pool is not None:
                pool.close()
            await super().shutdown(sockets=sockets)

    return Server(config)
