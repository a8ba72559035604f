"""The machinery every procedure runs on: the registry of procedures, the frame stack, the loop.

Each procedure is a function `proc(duel, frame)` over a small dict frame on `duel.stack`,
re-entered step by step (`frame["s"]`). A procedure that needs a decision sets
`duel.pending` and returns; the answer is in `duel.answer` when it is re-entered. Procedures
push child frames for sub-procedures and pop themselves when done. Nothing else holds state,
so a duel can be cloned at any decision.
"""
from __future__ import annotations

PROCS = {}


def proc(fn):
    PROCS[fn.__name__] = fn
    return fn


def push(d, name: str, **kw) -> dict:
    f = {"p": name, "s": 0}
    f.update(kw)
    d.stack.append(f)
    return f


def run(d) -> None:
    """Run the duel until it waits for a decision or ends."""
    stack = d.stack
    procs = PROCS
    while d.pending is None and d.winner is None and stack:
        f = stack[-1]
        procs[f["p"]](d, f)
        if d.lp_out:          # LP reached 0 during this step: both at once is a draw
            d.check_state()


def pop(d) -> None:
    d.stack.pop()
