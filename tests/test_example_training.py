"""The training example (examples/train_reinforce.py) learns: after a short seeded training the
policy beats the `random` agent more often than the untrained (uniform random) policy does, on
the same evaluation duels."""
from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

pytest.importorskip("gymnasium", reason="gymnasium is not installed (extra 'rl')")


def test_reinforce_example_learns():
    path = Path(__file__).parent.parent / "examples" / "train_reinforce.py"
    spec = importlib.util.spec_from_file_location("train_reinforce", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    out = mod.main(["--episodes", "150", "--eval", "60", "--seed", "1", "--quiet"])
    assert out["after_greedy"] >= out["before"] + 12
    assert out["after_greedy"] >= 0.75 * out["eval"]
