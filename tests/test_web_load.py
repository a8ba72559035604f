"""The people's rooms stay served while bots think (issue 24): `ygosim serve` in a process of
its own, person rooms answering like quick people and rooms against the search bot at once,
over loopback, for a few seconds. The bots think in worker processes at a lower CPU priority
than the server: every person room is answered throughout, with no error, while the bot
rooms play. The answer-time percentiles are printed (a figure, not a test: timings on a
shared machine swing; `python tests/web_load.py` runs the longer benchmark, docs/web.md has
its figures). Bounded: about 40 s of wall clock."""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

pytest.importorskip("websockets")

from web_load import run_load, start_server  # noqa: E402

PEOPLE, BOTS, SECONDS = 6, 4, 8.0


def _descendants(pid: int) -> list[int]:
    """The processes started by `pid` and theirs (Linux /proc)."""
    out, todo = [], [pid]
    while todo:
        p = todo.pop()
        for task in Path(f"/proc/{p}/task").glob("*"):
            kids = (task / "children").read_text().split()
            out += map(int, kids)
            todo += map(int, kids)
    return out


def test_person_rooms_are_served_while_bots_think_in_lower_priority_workers():
    proc, port = start_server(workers=2)      # (two bot workers)
    try:
        alone = run_load(port, people=PEOPLE, bots=0, seconds=SECONDS, warmup=2.0)
        busy = run_load(port, people=PEOPLE, bots=BOTS, bot="normal", seconds=SECONDS,
                        warmup=3.0, first_addr=100)
        workers = _descendants(proc.pid) if Path("/proc/self/task").exists() else None
        if workers is not None:
            mine = os.getpriority(os.PRIO_PROCESS, proc.pid)
            niceness = [os.getpriority(os.PRIO_PROCESS, w) for w in workers]
    finally:
        proc.terminate()
        proc.wait(20)
    print("\nperson rooms alone:", json.dumps(alone["people"]))
    print(f"person rooms with {BOTS} rooms against the normal bot:", json.dumps(busy["people"]))
    print("bot rooms (answer to the bot's reply):", json.dumps(busy["bot_rooms"]))
    assert not alone["errors"] and not busy["errors"], alone["errors"] + busy["errors"]
    assert alone["people"]["n"] > 50 and busy["people"]["n"] > 50
    assert busy["bot_rooms"]["n"] > 3                     # the bots played meanwhile
    if workers is not None:     # the two bot workers yield the CPU (the other child processes,
        # multiprocessing's resource tracker, do no work of the duels)
        assert sum(n > mine for n in niceness) == 2, (mine, niceness)
