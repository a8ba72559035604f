"""--ray: the same series on a Ray cluster (a local one started here) plays the very same games
as --jobs. Skipped, with a message, where Ray is not installed (the extra `ray`)."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

ray = pytest.importorskip("ray", reason="Ray is not installed: pip install -e '.[ray]'")

from ygosim.cli import main  # noqa: E402
from ygosim.formats.deck import load_deck  # noqa: E402
from ygosim.analysis.sim import simulate  # noqa: E402


@pytest.fixture(scope="module")
def local_ray():
    """A local Ray cluster of this machine's two cores, with this checkout's ygosim shipped to
    its workers (as run_ray does for --ray)."""
    from pathlib import Path
    import ygosim
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, logging_level="ERROR",
             runtime_env={"py_modules": [str(Path(ygosim.__file__).parent)],
                          "excludes": ["__pycache__", "*.pyc"]})
    yield
    ray.shutdown()


def test_ray_plays_the_same_games_as_jobs(local_ray):
    yugi, masters = load_deck("yugi"), load_deck("masters")
    jobs = simulate(yugi, masters, games=30, seed=11, jobs=2)
    on_ray = simulate(yugi, masters, games=30, seed=11, ray="local")
    assert on_ray.records == jobs.records
    assert on_ray.as_dict()["win_rate_a"] == jobs.as_dict()["win_rate_a"]
    ticks = []
    simulate(yugi, masters, games=10, seed=11, ray="local", progress=lambda: ticks.append(1))
    assert len(ticks) == 10


def test_cli_ray_and_jobs_give_the_same_json(local_ray):
    common = ["--games", "16", "--seed", "2", "--json", "--agent-a", "random", "--agent-b",
              "random"]
    a = json.loads(CliRunner().invoke(main, ["simulate", *common, "--jobs", "2"]).output)
    b = json.loads(CliRunner().invoke(main, ["simulate", *common, "--ray"]).output)
    for k in ("wins_a", "wins_b", "draws", "win_rate_a", "a_going_first", "a_going_second",
              "mean_turns", "win_reasons"):
        assert a[k] == b[k]
    assert b["ray"] == "local"
    g = CliRunner().invoke(main, ["gauntlet", "yugi", "--against", "kaiba", "--games", "8",
                                  "--json", "--ray", "--agent", "random"])
    assert g.exit_code == 0, g.output
    assert json.loads(g.output)["overall"]["games"] == 8
