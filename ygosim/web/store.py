"""The rooms on disk: a restarted server resumes every room and its duel where it was.

A room is kept as what made it and everything done in it, in order, so that doing it all
again gives the same table, byte for byte (the engine and the table are deterministic):

* `rooms`: the room's settings (rules, opponent, bot, names, the decks as the lobby chose
  them, the address that made it) and its seat keys (their SHA-256, never the keys);
* `inputs`: in order, a seat taken (`join`), the table started (`start`), every table call a
  seat made (`call`: the method and its arguments: answers, commands, undo, chat...), a new
  seat key (`rotate`). A call is written before it runs, so a server killed while the bot
  plays its turn has the answer that started the turn;
* `draws`: in order, what came from outside the table: each Duel's secret seed (`seed`) and
  each decision of the bot (`bot`: the answer and the agent after it, pickled).

`Room.restore` does the inputs again with the draws given back in order (the bot does not
think again); a bot decision or a seed beyond those recorded is made and recorded as usual.

SQLite (the standard library's), in WAL mode, one small transaction per write: a write is on
disk for any later reader when it returns, even if the server is then killed. The file holds
the secret seeds of the duels being played and pickled bot states: it is the server's own
file (made readable by its user only), in the user's data folder by default.
"""
from __future__ import annotations

import json
import logging
import os
import sqlite3
import threading
import zlib
from pathlib import Path

log = logging.getLogger("ygosim.web")

SCHEMA = """
CREATE TABLE IF NOT EXISTS rooms (id TEXT PRIMARY KEY, config TEXT NOT NULL,
                                  made REAL NOT NULL);
CREATE TABLE IF NOT EXISTS inputs (room TEXT NOT NULL, n INTEGER PRIMARY KEY AUTOINCREMENT,
                                   kind TEXT NOT NULL, data TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS draws (room TEXT NOT NULL, n INTEGER PRIMARY KEY AUTOINCREMENT,
                                  kind TEXT NOT NULL, data TEXT NOT NULL, blob BLOB);
CREATE INDEX IF NOT EXISTS inputs_room ON inputs (room, n);
CREATE INDEX IF NOT EXISTS draws_room ON draws (room, n);
"""
VERSION = 1


class Store:
    """The rooms' file (see the module's text). Thread-safe: one connection, one lock."""

    def __init__(self, path):
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fresh = not self.path.exists()
        self.db = sqlite3.connect(str(self.path), check_same_thread=False,
                                  isolation_level=None, timeout=30)
        if fresh:
            try:
                os.chmod(self.path, 0o600)
            except OSError:            # pragma: no cover
                pass
        self.lock = threading.Lock()
        with self.lock:
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA synchronous=NORMAL")
            self.db.executescript(SCHEMA)
            self.db.execute(f"PRAGMA user_version={VERSION}")

    def _write(self, sql: str, args=()) -> int:
        with self.lock:
            return self.db.execute(sql, args).lastrowid

    def new_room(self, rid: str, config: dict, made: float) -> None:
        self._write("INSERT INTO rooms (id, config, made) VALUES (?, ?, ?)",
                    (rid, json.dumps(config), made))

    def set_config(self, rid: str, config: dict) -> None:
        self._write("UPDATE rooms SET config = ? WHERE id = ?", (json.dumps(config), rid))

    def add_input(self, rid: str, kind: str, data) -> int:
        return self._write("INSERT INTO inputs (room, kind, data) VALUES (?, ?, ?)",
                           (rid, kind, json.dumps(data)))

    def drop_input(self, n: int) -> None:
        self._write("DELETE FROM inputs WHERE n = ?", (n,))

    def add_draw(self, rid: str, kind: str, data, blob: bytes | None = None) -> None:
        self._write("INSERT INTO draws (room, kind, data, blob) VALUES (?, ?, ?, ?)",
                    (rid, kind, json.dumps(data),
                     zlib.compress(blob) if blob is not None else None))

    def drop_room(self, rid: str) -> None:
        with self.lock:
            self.db.execute("BEGIN")
            for table in ("inputs", "draws"):
                self.db.execute(f"DELETE FROM {table} WHERE room = ?", (rid,))
            self.db.execute("DELETE FROM rooms WHERE id = ?", (rid,))
            self.db.execute("COMMIT")

    def rooms(self) -> list[dict]:
        """Every room kept: {"id", "config", "made", "inputs": [(kind, data)], "draws":
        [(kind, data, blob)]}, oldest first."""
        with self.lock:
            rows = self.db.execute("SELECT id, config, made FROM rooms ORDER BY made").fetchall()
            out = []
            for rid, config, made in rows:
                inputs = [(k, json.loads(d)) for k, d in self.db.execute(
                    "SELECT kind, data FROM inputs WHERE room = ? ORDER BY n", (rid,))]
                draws = [(k, json.loads(d), zlib.decompress(b) if b is not None else None)
                         for k, d, b in self.db.execute(
                             "SELECT kind, data, blob FROM draws WHERE room = ? ORDER BY n",
                             (rid,))]
                out.append({"id": rid, "config": json.loads(config), "made": made,
                            "inputs": inputs, "draws": draws})
        return out

    def close(self) -> None:
        with self.lock:
            self.db.close()


def default_path() -> Path:
    """rooms.sqlite3 in the user's data folder (platformdirs: ~/.local/share/ygosim/web on
    Linux)."""
    import platformdirs
    return Path(platformdirs.user_data_dir("ygosim")) / "web" / "rooms.sqlite3"
