"""What keeps the web server standing when a client is hostile: JSON read with limits, the
Host and Origin checks, and the HTTP protocol with a cap on connections per address and a
deadline for a request's headers.

* `parse_json(text)`: JSON with at most MAX_DEPTH levels, numbers of at most MAX_DIGITS
  digits, no NaN or Infinity; anything else is a `Refused` naming what is wrong (a 4xx with
  a one-line reason over HTTP, an `error` message over the websocket; never a traceback).
* `HostCheck`: an ASGI middleware. A request whose `Host` is not this server's name (an IP
  address, localhost, or a name given with `--allow-host`) is refused with 400: a web page
  of another site whose name was pointed at this machine (DNS rebinding) cannot talk to it. A
  websocket or a POST whose `Origin` is another site is refused with 403.
* `GuardedH11Protocol`: uvicorn's h11 protocol, plus: at most `per_address` connections from
  one address (the others are closed at once), and a request's headers must be complete
  within `header_timeout` seconds of the connection or of the last response (a client that
  opens connections and sends nothing, or a byte at a time, is closed). uvicorn's own
  `limit_concurrency` answers 503 beyond the server's total.
"""
from __future__ import annotations

import ipaddress
import json

from ..cards.safetext import excerpt
from .rooms import Refused

MAX_DEPTH = 16           # levels of nesting in a request
MAX_DIGITS = 24          # digits of a number in a request


def _number(text: str) -> int:
    if len(text) > MAX_DIGITS:
        raise Refused(f"a number in the request is too long ({len(text)} digits; at most "
                      f"{MAX_DIGITS})")
    return int(text)


def _float(text: str) -> float:
    if len(text) > MAX_DIGITS * 2:
        raise Refused(f"a number in the request is too long ({len(text)} characters)")
    return float(text)


def _constant(name: str):
    raise Refused(f"{name} is not a number JSON allows")


def depth(x, limit: int = MAX_DEPTH) -> int:
    """How deeply `x` nests (lists and objects), counting no further than limit + 1."""
    most, todo = 0, [(x, 1)]
    while todo:
        v, d = todo.pop()
        if isinstance(v, (list, dict)):
            most = max(most, d)
            if d > limit:
                return d
            todo.extend((c, d + 1) for c in (v.values() if isinstance(v, dict) else v))
    return most


def parse_json(text, what: str = "the request"):
    """`text` (str or UTF-8 bytes) as JSON, within the limits (Refused otherwise)."""
    if isinstance(text, (bytes, bytearray)):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise Refused(f"{what} is not UTF-8 text") from None
    try:
        data = json.loads(text, parse_int=_number, parse_float=_float,
                          parse_constant=_constant)
    except RecursionError:
        raise Refused(f"{what} nests too deeply (at most {MAX_DEPTH} levels)") from None
    except json.JSONDecodeError as e:
        raise Refused(f"{what} is not JSON ({excerpt(str(e), 60)})") from None
    except ValueError as e:           # int() of an odd literal
        raise Refused(f"{what} is not JSON ({excerpt(str(e), 60)})") from None
    if depth(data) > MAX_DEPTH:
        raise Refused(f"{what} nests too deeply (at most {MAX_DEPTH} levels)")
    return data


# ================================================================== Host and Origin
def _host_name(value: str) -> str:
    """The name part of a Host header or an origin's host ("[::1]:8000" -> "::1")."""
    v = value.strip().lower()
    if v.startswith("["):
        return v[1:v.find("]")] if "]" in v else v
    return v.rsplit(":", 1)[0] if v.count(":") == 1 else v


def _is_ip(name: str) -> bool:
    try:
        ipaddress.ip_address(name)
        return True
    except ValueError:
        return False


class HostCheck:
    """ASGI middleware: the Host check (400) and the Origin check (403) described above."""

    def __init__(self, app, hosts=()):
        self.app = app
        self.hosts = {"localhost"} | {h.lower() for h in hosts}

    def host_ok(self, host: str) -> bool:
        name = _host_name(host)
        return bool(name) and (_is_ip(name) or name in self.hosts
                               or name.endswith(".localhost"))

    async def __call__(self, scope, receive, send):
        if scope["type"] not in ("http", "websocket"):
            return await self.app(scope, receive, send)
        headers = {k.decode("latin-1"): v.decode("latin-1") for k, v in scope["headers"]}
        host = headers.get("host", "")
        if not self.host_ok(host):
            return await _refuse(scope, receive, send, 400,
                                 f"this server does not answer to the name "
                                 f"'{excerpt(_host_name(host), 40)}' (start it with "
                                 f"--allow-host NAME to use that name)")
        origin = headers.get("origin")
        unsafe = scope["type"] == "websocket" or scope.get("method") not in ("GET", "HEAD")
        if origin is not None and unsafe and not _same_origin(origin, host):
            return await _refuse(scope, receive, send, 403,
                                 "a page of another site may not use this server "
                                 f"(Origin {excerpt(origin, 40)})")
        return await self.app(scope, receive, send)


def _same_origin(origin: str, host: str) -> bool:
    if "://" not in origin:
        return False
    return origin.split("://", 1)[1].rstrip("/").lower() == host.strip().lower()


async def _refuse(scope, receive, send, status: int, reason: str) -> None:
    if scope["type"] == "websocket":       # closed before it is accepted: HTTP 403
        await send({"type": "websocket.close", "code": 1008, "reason": reason[:120]})
        return
    body = json.dumps({"error": reason}).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"),
                            (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})


# ================================================================== connections
def guarded_protocol(per_address: int = 32, header_timeout: float = 10.0):
    """uvicorn's h11 protocol class with the per-address cap and the header deadline (for
    `uvicorn.Config(http=...)`)."""
    from uvicorn.protocols.http.h11_impl import H11Protocol

    class GuardedH11Protocol(H11Protocol):
        def connection_made(self, transport) -> None:
            super().connection_made(transport)
            addr = self.client[0] if self.client else None
            if addr is not None:
                mine = sum(1 for c in self.connections
                           if getattr(c, "client", None) and c.client[0] == addr)
                if mine > per_address:
                    transport.close()
                    return
            self._arm()

        def _arm(self) -> None:
            self._deadline = self.loop.call_later(header_timeout, self._too_slow)

        def _too_slow(self) -> None:
            if self.cycle is None or self.cycle.response_complete:
                if not self.transport.is_closing():
                    self.transport.close()

        def _disarm(self) -> None:
            d = getattr(self, "_deadline", None)
            if d is not None:
                d.cancel()
                self._deadline = None

        def handle_events(self) -> None:
            before = self.cycle
            super().handle_events()
            if self.cycle is not None and self.cycle is not before:
                self._disarm()                  # a whole request's headers came

        def handle_websocket_upgrade(self, event) -> None:
            self._disarm()
            super().handle_websocket_upgrade(event)

        def on_response_complete(self) -> None:
            super().on_response_complete()
            if not self.transport.is_closing():
                self._disarm()
                self._arm()                     # the next request's headers, in time

        def connection_lost(self, exc) -> None:
            self._disarm()
            super().connection_lost(exc)

    return GuardedH11Protocol


def raise_file_limit() -> int:
    """Raise this process's open-file limit to its hard limit (connections are files);
    returns the limit."""
    try:
        import resource
        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        if hard == resource.RLIM_INFINITY:
            hard = max(soft, 65536)
        if soft < hard:
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
        return hard
    except (ImportError, ValueError, OSError):     # pragma: no cover - not on Linux
        return 1024
