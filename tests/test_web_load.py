"""The people's rooms stay quick while bots think (issue 24): `ygosim serve` in a process of
its own, person rooms answering like quick people and rooms against the search bot at once,
over loopback, for a few seconds. Prints the answer-time percentiles of the person rooms,
alone and with the bots thinking; the bots think in worker processes at a lower priority, so
the person rooms' p99 stays under 200 ms (or, on a machine already slow without any bot,
within twice that machine's own figure and 100 ms). Bounded: about 40 s of wall clock."""
from __future__ import annotations

import json

import pytest

pytest.importorskip("websockets")

from web_load import run_load, start_server  # noqa: E402

PEOPLE, BOTS, SECONDS = 6, 4, 8.0


def test_person_rooms_stay_quick_while_bots_think():
    proc, port = start_server(workers=2)
    try:
        alone = run_load(port, people=PEOPLE, bots=0, seconds=SECONDS, warmup=2.0)
        busy = run_load(port, people=PEOPLE, bots=BOTS, bot="normal", seconds=SECONDS,
                        warmup=3.0, first_addr=100)
    finally:
        proc.terminate()
        proc.wait(20)
    print("\nperson rooms alone:", json.dumps(alone["people"]))
    print(f"person rooms with {BOTS} rooms against the normal bot:", json.dumps(busy["people"]))
    print("bot rooms (answer to the bot's reply):", json.dumps(busy["bot_rooms"]))
    assert not alone["errors"] and not busy["errors"], alone["errors"] + busy["errors"]
    assert alone["people"]["n"] > 50 and busy["people"]["n"] > 50
    assert busy["bot_rooms"]["n"] > 3                     # the bots played meanwhile
    bound = max(200.0, 2 * alone["people"]["p99_ms"] + 100.0)
    assert busy["people"]["p99_ms"] < bound, (busy["people"], alone["people"])
