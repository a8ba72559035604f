"""Positions to start an environment from (`reset(options={"duel": ...})`): a replay at a step,
or a scenario file (format 2, /work/shared/scenario-format.md)."""
from __future__ import annotations

from ..cards.errors import YgosimError


def from_replay(replay, step: int | None = None):
    """The duel of a replay (a path or a loaded play.replay.Replay) after its first `step`
    decisions (None: all of them)."""
    from ..play import replay as R
    rep = R.load(replay) if not isinstance(replay, R.Replay) else replay
    n = len(rep.decisions)
    if step is None:
        step = n
    if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step <= n:
        raise YgosimError(f"{rep.source}: step {step!r}: the replay has {n} decisions "
                          f"(0 to {n})")
    d = R.start(rep)
    for x in rep.decisions[:step]:
        R.step(d, x, rep.source)
    if d.winner is not None:
        raise YgosimError(f"{rep.source}: the duel is over after step {step}")
    return d


def from_scenario(path):
    """The starting position of a scenario file (its `script` is not played)."""
    from ..play.scenario import build, load_scenario
    doc = load_scenario(path)
    d = build(doc, str(path))
    if d.winner is not None or d.pending is None:
        raise YgosimError(f"{path}: the scenario's position has no decision to make")
    return d
