"""Every scenario file under tests/scenarios is an acceptance test."""
from pathlib import Path

import pytest

from ygosim.scenario import run_scenario_file

ROOT = Path(__file__).parent / "scenarios"
FILES = sorted(ROOT.rglob("*.yaml"))


@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(ROOT)) for p in FILES])
def test_scenario(path):
    r = run_scenario_file(path)
    log = "\n".join(r.duel.log[-40:]) if r.duel is not None else ""
    assert r.passed, f"{r.reason}\n--- last log lines ---\n{log}"
