"""`ygosim serve`: the duel in the browser (Starlette, served by uvicorn).

Pages (hand-written static files in ygosim/web/static): `/` the lobby, `/room/ID` a duel,
`/replay` the replay viewer. The API:

    GET  /api/options                   decks, rule sets, bots the lobby offers
    POST /api/rooms                     make a room: {deck, name, rules, opponent: "bot"|"human",
                                        bot, opponent_deck} -> {room, token, seat, url}
    GET  /api/rooms/ID                  the room's public state (waiting for a player or not)
    POST /api/rooms/ID/join             take the free seat: {deck, name} -> {room, token, seat}
    GET  /api/rooms/ID/replay?token=T   the Duel's replay (a seat, once the Duel is over)
    GET  /api/card?name=N&rules=R       a card's facts and the project's description
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
from pathlib import Path

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from ..engine.observe import SPECTATOR
from ..cards.errors import IllegalAction, YgosimError
from ..cards.safetext import excerpt
from . import decks as D
from .rooms import MAX_CONNECTIONS, MAX_MESSAGE, MAX_STRIKES, Conn, Refused, Room, Rooms

log = logging.getLogger("ygosim.web")
STATIC = Path(__file__).parent / "static"
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


async def read_json(request: Request, limit: int = MAX_BODY):
    """The request's JSON body, at most `limit` bytes (Refused otherwise)."""
    size = request.headers.get("content-length")
    if size is not None and (not size.isdigit() or int(size) > limit):
        raise Refused(f"the request is too big (at most {limit // 1000} kB)")
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > limit:
            raise Refused(f"the request is too big (at most {limit // 1000} kB)")
    try:
        return json.loads(body.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as e:
        raise Refused(f"the request is not JSON ({excerpt(str(e), 60)})") from None


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


def create_app(*, grace: float = 120.0, sweep_every: float = 5.0, max_rooms: int = 200,
               rate=None, seeds=None) -> Starlette:
    """The web app. grace: seconds a room with nobody connected is kept (for reconnects);
    sweep_every: how often rooms are checked; rate: (messages per second, burst) a
    connection may send (tests lower it); seeds: for tests only, a callable giving each
    Duel's seed (by default each Duel's seed is secret: 128 bits from the OS, never chosen
    or seen by a client before that Duel is over)."""
    from . import rooms as RM
    rooms = Rooms(max_rooms=max_rooms, grace=grace)
    replays: OrderedDict = OrderedDict()
    creators: dict = {}
    rate = rate or (RM.RATE, RM.BURST)

    def page(name):
        async def handler(request):
            return FileResponse(STATIC / name, headers={"Cache-Control": "no-cache"})
        return handler

    async def options(request):
        opts = await asyncio.to_thread(D.lobby_options)
        return JSONResponse(opts)

    def allowed_to_create(request) -> bool:
        host = request.client.host if request.client else "?"
        b = creators.get(host)
        if b is None:
            if len(creators) > 10_000:
                creators.clear()
            b = creators[host] = RM.Bucket(*CREATE_RATE)
        return b.take()

    def seat_taken(request, room, seat) -> JSONResponse:
        """What the person who takes a seat needs: the room, the seat's key, the link."""
        return JSONResponse({"room": room.id, "token": room.tokens[seat], "seat": seat,
                             "url": str(request.url_for("room_page", rid=room.id))})

    def find_room(request):
        room = rooms.get(request.path_params["rid"])
        if room is None:
            raise Missing("there is no such room (it may have ended)")
        return room

    async def create_room(request):
        try:
            if not allowed_to_create(request):
                return error(429, "too many rooms made from here: wait a little")
            data = await read_json(request)
            if not isinstance(data, dict):
                raise Refused("the request is a JSON object")
            from ..engine.rules import NAMES
            rules = data.get("rules") or "v10"
            if rules not in NAMES:
                raise Refused(f"rules: {excerpt(rules, 20)!r} is not a rule set ("
                              + ", ".join(NAMES) + ")")
            opponent = data.get("opponent", "bot")
            if opponent not in ("bot", "human"):
                raise Refused("opponent: 'bot' or 'human'")
            if "seed" in data:
                raise Refused("seed: a duel's seed here is secret and nobody's choice (choose "
                              "one on your own machine: ygosim duel --seed N)")
            name = D.player_name(data.get("name"), "Player" if opponent == "bot" else "Player 1")
            deck, deck_name = await asyncio.to_thread(D.load_choice, data.get("deck"))
            D.require_playable(deck, rules)
            bot = None
            names, decks, deck_names = [name, None], [deck, None], [deck_name, None]
            if opponent == "bot":
                bot_list, default = D.bots()
                bot = data.get("bot") or default
                if bot not in {b["name"] for b in bot_list}:
                    raise Refused(f"bot: {excerpt(bot, 20)!r} is not one of "
                                  + ", ".join(b["name"] for b in bot_list))
                odeck, oname = await asyncio.to_thread(
                    D.load_choice, data.get("opponent_deck") or {"kind": "builtin",
                                                                 "name": "kaiba"},
                    "the bot's deck")
                D.require_playable(odeck, rules, "the bot's deck")
                names[1], decks[1], deck_names[1] = f"Bot ({bot})", odeck, oname
            room = Room(rooms.new_id(), opponent=opponent, rules=rules, bot=bot, names=names,
                        decks=decks, deck_names=deck_names, seeds=seeds,
                        loop=asyncio.get_running_loop())
            rooms.add(room)
            if opponent == "bot":
                await room.run(room.start_table)
        except YgosimError as e:
            return error(400, str(e))
        return seat_taken(request, room, 0)

    async def room_info(request):
        return JSONResponse(find_room(request).info(SPECTATOR))

    async def join_room(request):
        room = find_room(request)
        try:
            data = await read_json(request)
            if not isinstance(data, dict):
                raise Refused("the request is a JSON object")
            if not room.seat_free():
                return error(409, "this room's seats are taken: you can watch as a spectator")
            name = D.player_name(data.get("name"), "Player 2")
            deck, deck_name = await asyncio.to_thread(D.load_choice, data.get("deck"))
            D.require_playable(deck, room.rules)
            async with room.lock:
                if not room.seat_free():
                    return error(409, "this room's seats are taken: you can watch as a "
                                      "spectator")
                room.tokens[1] = secrets.token_urlsafe(18)
                room.names[1], room.decks[1], room.deck_names[1] = name, deck, deck_name
                try:
                    await asyncio.to_thread(room.start_table)
                except Exception:
                    room.tokens[1] = None
                    raise
                room.broadcast()
        except YgosimError as e:
            return error(400, str(e))
        return seat_taken(request, room, 1)

    async def room_replay(request):
        room = find_room(request)
        seat = room.viewer_for(request.query_params.get("token"))
        if seat == SPECTATOR:
            return error(403, "only the players may download the replay")
        t = room.table
        if t is None or t.state not in ("over", "match_over"):
            return error(409, "the replay can be downloaded when the duel is over")
        async with room.lock:
            data = await asyncio.to_thread(lambda: t.replay().as_dict())
        body = json.dumps(data, indent=1, ensure_ascii=False) + "\n"
        return Response(body, media_type="application/json", headers={
            "Content-Disposition":
                f'attachment; filename="ygosim-{room.id}-duel{t.duel_no}.json"'})

    async def card(request):
        from ..engine.rules import NAMES, get_rules
        from ..play.table import TableError, card_facts
        name = request.query_params.get("name", "")
        rules = request.query_params.get("rules", "v10")
        if rules not in NAMES:
            return error(400, f"rules: one of {', '.join(NAMES)}")
        try:
            return JSONResponse(card_facts(name, get_rules(rules).card_era),
                                headers={"Cache-Control": "max-age=3600"})
        except TableError as e:
            return error(404, str(e))

    async def upload_replay(request):
        from ..play import replay as R
        if not allowed_to_create(request):
            return error(429, "too many uploads from here: wait a little")
        try:
            data = await read_json(request, MAX_REPLAY)
            rep = R.from_dict(data, "the replay")
            view = await asyncio.to_thread(ReplayView, rep)
        except YgosimError as e:
            return error(400, str(e))
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

    async def replay_about(request):
        view = replays.get(request.path_params["rid"])
        if view is None:
            return error(404, "no such replay here (upload it again)")
        return JSONResponse(replay_info(request.path_params["rid"], view))

    async def replay_step(request):
        from ..engine.observe import observe
        from ..engine.rules import get_rules
        view = replays.get(request.path_params["rid"])
        if view is None:
            return error(404, "no such replay here (upload it again)")
        replays.move_to_end(request.path_params["rid"])
        n = request.path_params["n"]
        if not 0 <= n <= len(view.rep.decisions):
            return error(404, f"the replay has steps 0 to {len(view.rep.decisions)}")
        who = request.query_params.get("as", "all")
        viewer = {"all": None, "0": 0, "1": 1}.get(who, "bad")
        if viewer == "bad":
            return error(400, "as: all, 0 or 1")

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
        room = rooms.get(ws.path_params["rid"])
        if room is None:
            await ws.send_json({"type": "error", "error": "there is no such room (it may have "
                                                          "ended)", "fatal": True})
            await ws.close(code=4404)
            return
        try:
            hello = await asyncio.wait_for(ws.receive_text(), HELLO_TIMEOUT)
            msg = json.loads(hello) if len(hello) <= MAX_MESSAGE else None
        except (asyncio.TimeoutError, json.JSONDecodeError, WebSocketDisconnect, KeyError,
                RuntimeError):
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
            while True:
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
            try:
                msg = json.loads(text)
            except json.JSONDecodeError as e:
                raise Refused(f"that message is not JSON ({excerpt(str(e), 60)})") from None
            if not isinstance(msg, dict):
                raise Refused("a message is a JSON object with a 'type'")
            ref = msg.get("ref") if isinstance(msg.get("ref"), (int, str)) else None
            said = await room.handle(conn, msg)
            if said:
                conn.send({"type": "info", "lines": [str(x) for x in said], "ref": ref})
        except (YgosimError, IllegalAction) as e:
            conn.send({"type": "error", "error": str(e), "ref": ref})
        except Exception:              # noqa: BLE001  (never a traceback to a browser)
            log.exception("room %s: a message failed", room.id)
            conn.send({"type": "error", "error": "the server failed on that message (its log "
                                                 "says why)", "ref": ref})

    async def sweeper():
        while True:
            await asyncio.sleep(sweep_every)
            for rid in rooms.sweep():
                log.info("room %s closed: nobody there", rid)

    @contextlib.asynccontextmanager
    async def lifespan(app):
        task = asyncio.create_task(sweeper())
        try:
            yield
        finally:
            task.cancel()
            for room in list(rooms.rooms.values()):
                room.close()

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
        Route("/api/rooms/{rid}/replay", room_replay),
        Route("/api/card", card),
        Route("/api/replays", upload_replay, methods=["POST"]),
        Route("/api/replays/{rid}", replay_about),
        Route("/api/replays/{rid}/{n:int}", replay_step),
        WebSocketRoute("/ws/{rid}", ws_endpoint),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    app = Starlette(routes=routes, lifespan=lifespan,
                    middleware=[Middleware(BaseHTTPMiddleware, dispatch=headers)],
                    exception_handlers={Missing: missing})
    app.state.rooms = rooms
    app.state.replays = replays
    return app
