"""Reports for deck testers: win rates with Wilson intervals, going first/second, gauntlets,
opening-hand odds, progress bars, and --jobs giving the very same games."""
from __future__ import annotations

import io
import json
from fractions import Fraction
from itertools import combinations

import pytest
from click.testing import CliRunner

from ygosim.cli import main
from ygosim.engine.api import new_duel
from ygosim.agents import make_agent
from ygosim.formats.deck import load_deck
from ygosim.analysis.sim import game_seed, simulate
from ygosim.analysis.stats import p_all_parts, p_at_least_one, wilson


def run(*args):
    r = CliRunner().invoke(main, list(args))
    return r


# ---------------------------------------------------------------------------- statistics
def test_wilson_known_values():
    # Newcombe (1998), Table I, and the closed forms at k = 0 and k = n
    lo, hi = wilson(81, 263)
    assert (round(lo, 4), round(hi, 4)) == (0.2553, 0.3662)
    lo, hi = wilson(15, 148)
    assert (round(lo, 4), round(hi, 4)) == (0.0624, 0.1605)
    lo, hi = wilson(0, 10)
    assert lo == 0.0 and round(hi, 4) == 0.2775
    lo, hi = wilson(10, 10)
    assert round(lo, 4) == 0.7225 and hi == 1.0
    assert wilson(0, 0) == (0.0, 1.0)


def test_wilson_matches_scipy():
    stats = pytest.importorskip("scipy.stats", reason="scipy is not installed")
    for k, n in ((3, 7), (50, 100), (99, 100), (1, 1000)):
        ci = stats.binomtest(k, n).proportion_ci(method="wilson")
        lo, hi = wilson(k, n)
        assert abs(lo - ci.low) < 1e-9 and abs(hi - ci.high) < 1e-9


def brute_force(deck_size, parts, hand):
    hits = total = 0
    for h in combinations(range(deck_size), hand):
        total += 1
        hits += all(set(h) & p for p in parts)
    return Fraction(hits, total)


def test_exact_odds_match_enumeration():
    assert p_at_least_one(40, 3, 5) == 1 - Fraction(37 * 36 * 35 * 34 * 33, 40 * 39 * 38 * 37 * 36)
    cases = [(10, [{0, 1}], 3), (10, [{0, 1}, {2}], 4), (12, [{0, 1, 2}, {2, 3}, {7}], 5),
             (9, [{0}, {0}], 2), (11, [{0, 1}, {5, 6, 7}], 6)]
    for n, parts, hand in cases:
        assert p_all_parts(n, parts, hand) == brute_force(n, parts, hand)


# ---------------------------------------------------------------------------- simulate
def test_simulate_json_names_everything_and_splits_first_second():
    r = run("simulate", "--games", "12", "--seed", "5", "--json", "--agent-a", "random",
            "--agent-b", "random")
    assert r.exit_code == 0, r.output
    out = json.loads(r.output)
    for key, value in (("deck_a", "yugi"), ("deck_b", "kaiba"), ("agent_a", "random"),
                       ("agent_b", "random"), ("rules", "v10"), ("seed", 5), ("games", 12),
                       ("interval", "wilson"), ("confidence", 0.95), ("random_play", True)):
        assert out[key] == value
    assert len(out["warnings"]) == 1 and "random play" in out["warnings"][0]
    first, second = out["a_going_first"], out["a_going_second"]
    assert first["games"] + second["games"] == 12
    assert first["wins"] + second["wins"] == out["wins_a"]
    assert first["losses"] + second["losses"] == out["wins_b"]
    w = out["win_rate_a"]
    assert w["low"] <= w["rate"] <= w["high"]
    assert (w["low"], w["high"]) == tuple(round(x, 4) for x in wilson(out["wins_a"], 12))
    r2 = run("simulate", "--games", "12", "--seed", "5", "--json", "--rules", "2020",
             "--agent-a", "random", "--agent-b", "random")
    assert json.loads(r2.output)["rules"] == "2020"


def test_simulate_and_gauntlet_play_the_heuristic_bot_by_default_and_warn_of_random_play():
    r = run("simulate", "--games", "2", "--seed", "1", "--json")
    out = json.loads(r.output)
    assert (out["agent_a"], out["agent_b"], out["random_play"], out["warnings"]) == \
        ("heuristic", "heuristic", False, [])
    text = run("simulate", "--games", "2", "--seed", "1").output
    assert "yugi (played by heuristic) vs kaiba (played by heuristic)" in text
    assert "warning" not in text
    # one side at random: a warning on stderr (the JSON carries it instead)
    r = CliRunner().invoke(main, ["simulate", "--games", "2", "--agent-b", "random"])
    assert r.exit_code == 0
    assert r.stderr.startswith("warning: random play") and "warning" not in r.stdout
    assert "kaiba (played by random)" in r.stdout
    g = json.loads(run("gauntlet", "yugi", "--against", "kaiba", "--games", "2",
                       "--json").output)
    assert (g["agent"], g["opponent_agent"], g["warnings"]) == ("heuristic", "heuristic", [])
    g = CliRunner().invoke(main, ["gauntlet", "yugi", "--against", "kaiba", "--games", "2",
                                  "--opponent-agent", "random"])
    assert g.stderr.startswith("warning: random play")
    assert "played by random" in g.stdout


def test_going_first_is_read_from_the_duel():
    yugi, kaiba = load_deck("yugi"), load_deck("kaiba")
    st = simulate(yugi, kaiba, games=6, seed=9)
    for index, result, a_first, reason, turns, _ in st.records:
        s = game_seed(9, index)
        a, b = make_agent("random", s), make_agent("random", s + 1)
        swapped = index % 2 == 1
        d = new_duel(*((kaiba, yugi) if swapped else (yugi, kaiba)), seed=s)
        agents = (b, a) if swapped else (a, b)
        while d.winner is None:
            d.apply(agents[d.pending.player].choose(d))
        a_name = "B" if swapped else "A"
        assert any(line.endswith(f" {a_name} goes first") for line in d.log) == a_first
        assert d.turn == turns and d.win_reason == reason


def test_jobs_play_the_same_games():
    yugi, kaiba = load_deck("yugi"), load_deck("kaiba")
    one = simulate(yugi, kaiba, games=24, seed=4)
    two = simulate(yugi, kaiba, games=24, seed=4, jobs=2)
    assert one.records == two.records
    assert one.as_dict()["win_rate_a"] == two.as_dict()["win_rate_a"]
    assert one.as_dict()["processes"] == 1 and 1 <= two.as_dict()["processes"] <= 2
    d = two.as_dict()
    assert 0 < d["busiest_process_cpu_seconds"] <= d["cpu_seconds"]


def test_ray_missing_is_a_clear_error(monkeypatch):
    import sys
    monkeypatch.setitem(sys.modules, "ray", None)
    r = run("simulate", "--games", "2", "--ray")
    assert r.exit_code == 2
    assert "pip install -e '.[ray]'" in r.output


# ---------------------------------------------------------------------------- gauntlet
def test_gauntlet_json_table_and_report(tmp_path):
    pytest.importorskip("matplotlib", reason="matplotlib is not installed (extra 'report')")
    report = tmp_path / "g.html"
    r = run("gauntlet", "yugi", "--against", "kaiba", "masters", "--games", "6", "--seed", "3",
            "--json", "--report", str(report), "--agent", "random")
    assert r.exit_code == 0, r.output
    out = json.loads(r.output)
    assert out["field"] == ["kaiba", "masters"]
    assert [m["deck_b"] for m in out["matchups"]] == ["kaiba", "masters"]
    assert out["overall"]["games"] == 12
    assert out["overall"]["wins"] == sum(m["wins_a"] for m in out["matchups"])
    # each matchup is the same series simulate plays
    single = json.loads(run("simulate", "--deck", "yugi", "--opponent", "masters", "--games",
                            "6", "--seed", "3", "--json", "--agent-a", "random",
                            "--agent-b", "random").output)
    assert out["matchups"][1]["win_rate_a"] == single["win_rate_a"]
    text = report.read_text()
    assert text.count("<svg") == 4
    for title in ("Win rate per matchup", "Going first and second", "How the duels ended",
                  "Turns"):
        assert title in text
    assert "masters" in text and "Wilson" in text and "warning: random play" in text
    table = run("gauntlet", "yugi", "--against", "kaiba", "--games", "4", "--agent", "random")
    assert table.exit_code == 0
    assert "kaiba" in table.output and "overall" in table.output


def test_gauntlet_bad_input():
    r = run("gauntlet", "yugi", "--games", "2")
    assert r.exit_code == 2 and "--against" in r.output
    r = run("gauntlet", "yugi", "--against", "nosuchdeck.ydk", "--games", "2")
    assert r.exit_code == 2 and "nosuchdeck" in r.output
    r = run("gauntlet", "yugi", "--against", "kaiba", "--agent", "wizard")
    assert r.exit_code == 2 and "wizard" in r.output


# ---------------------------------------------------------------------------- deck odds
def test_deck_odds_hand_sizes_follow_the_rules():
    v10 = json.loads(run("deck", "odds", "yugi", "--card", "Dark Magician", "--json").output)
    goat = json.loads(run("deck", "odds", "yugi", "--card", "Dark Magician", "--json",
                          "--rules", "goat").output)
    assert v10["hand_sizes"] == {"first": 5, "second": 6}
    assert goat["hand_sizes"] == {"first": 6, "second": 6}
    n = v10["deck_size"]
    row = v10["rows"][0]
    assert row["copies"] == 1
    assert row["first"] == pytest.approx(float(p_at_least_one(n, 1, 5)))
    assert row["second"] == pytest.approx(float(p_at_least_one(n, 1, 6)))
    assert goat["rows"][0]["first"] == goat["rows"][0]["second"]


def test_deck_odds_combo_simulation_agrees_with_exact():
    r = run("deck", "odds", "yugi", "--group", "removal=Dark Hole,Fissure", "--combo",
            "dark magician + removal", "--trials", "20000", "--json")
    assert r.exit_code == 0, r.output
    out = json.loads(r.output)
    group, combo = out["rows"]
    assert group["kind"] == "group" and group["copies"] == 2
    assert combo["label"] == "Dark Magician + removal"
    for side in ("first", "second"):
        sim = combo["simulated"][side]
        assert sim["low"] <= combo[side] <= sim["high"]
        assert sim["trials"] == 20000


def test_deck_odds_every_card_by_default_and_errors():
    out = json.loads(run("deck", "odds", "kaiba", "--json").output)
    assert sum(row["copies"] for row in out["rows"]) == out["deck_size"]
    r = run("deck", "odds", "yugi", "--card", "Blue-Eyes White Dragon")
    assert r.exit_code == 2 and "Blue-Eyes White Dragon" in r.output and "yugi" in r.output
    r = run("deck", "odds", "yugi", "--group", "oops")
    assert r.exit_code == 2 and "LABEL=NAME" in r.output


# ---------------------------------------------------------------------------- progress bars
def test_progress_bar_on_a_terminal_only():
    from rich.console import Console
    from ygosim.cli.series import progress_bar
    buf = io.StringIO()
    console = Console(file=buf, force_terminal=True, width=100)
    with progress_bar(5, "duels", console=console) as advance:
        assert advance is not None
        for _ in range(5):
            advance()
    assert "5/5" in buf.getvalue()
    with progress_bar(5, "duels", enabled=False, console=console) as advance:
        assert advance is None
    # CliRunner's stderr is not a terminal: no bar, the output is the report alone
    r = CliRunner().invoke(main, ["simulate", "--games", "3", "--agent-a", "random",
                                  "--agent-b", "random"])
    assert r.exit_code == 0 and "━" not in r.output


def test_envs_without_the_rl_extra_say_how_to_install_it(monkeypatch):
    import sys
    import ygosim.envs
    monkeypatch.setitem(sys.modules, "gymnasium", None)
    monkeypatch.delitem(sys.modules, "ygosim.envs.gym_env", raising=False)
    with pytest.raises(ImportError, match=r"pip install -e '\.\[rl\]'"):
        ygosim.envs.DuelEnv
