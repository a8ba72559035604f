"""Replays: a replayed duel ends exactly as the original; bad replays are clear errors."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from ygosim.play import replay as R
from ygosim.agents.heuristic import HeuristicAgent
from ygosim.agents.random_agent import RandomAgent
from ygosim.cli import main
from ygosim.formats.deck import load_deck
from ygosim.play.match import play_duel

YUGI, KAIBA = load_deck("yugi"), load_deck("kaiba")


def a_duel(seed, agents=("heuristic", "random")):
    mk = {"heuristic": lambda s: HeuristicAgent(s), "random": lambda s: RandomAgent(s)}
    return play_duel(YUGI, KAIBA, mk[agents[0]](seed), mk[agents[1]](seed + 1), seed)


@pytest.mark.parametrize("seed,suffix", [(1, ".json"), (2, ".yaml"), (3, ".json")])
def test_round_trip_same_log_same_winner(tmp_path, seed, suffix):
    d = a_duel(seed, ("heuristic", "random") if seed != 3 else ("random", "random"))
    rep = R.from_duel(d, YUGI, KAIBA, seed)
    path = R.save(rep, tmp_path / f"r{suffix}")
    back = R.load(path)
    assert back.seed == seed
    assert back.decks[0]["main"] == [c.passcode for c in YUGI.main]
    assert [x["index"] for x in back.decisions] == d.history
    assert all(isinstance(x["text"], str) and x["text"] for x in back.decisions)
    e = R.play(back)
    assert e.log == d.log
    assert e.winner == d.winner and e.win_reason == d.win_reason and e.turn == d.turn
    R.check_result(back, e)


def test_decisions_by_text_only(tmp_path):
    d = a_duel(4)
    rep = R.from_duel(d, YUGI, KAIBA, 4)
    data = rep.as_dict()
    data["decisions"] = [x["text"] for x in data["decisions"]]
    p = tmp_path / "t.json"
    p.write_text(json.dumps(data))
    e = R.play(R.load(p))
    assert e.log == d.log


def _saved(tmp_path, seed=5):
    d = a_duel(seed)
    rep = R.from_duel(d, YUGI, KAIBA, seed)
    p = R.save(rep, tmp_path / "r.json")
    return d, json.loads(p.read_text()), p


def test_wrong_index_names_the_step(tmp_path):
    d, data, p = _saved(tmp_path)
    k = next(i for i, x in enumerate(data["decisions"]) if x["index"] > 0 and i > 3)
    data["decisions"][k]["index"] = 999
    p.write_text(json.dumps(data))
    with pytest.raises(R.ReplayError, match=f"step {k + 1}:"):
        R.play(R.load(p))
    r = CliRunner().invoke(main, ["replay", str(p)])
    assert r.exit_code == 2
    assert f"step {k + 1}" in r.output and "Traceback" not in r.output


def test_text_that_does_not_fit_names_the_step(tmp_path):
    d, data, p = _saved(tmp_path)
    k = next(i for i, x in enumerate(data["decisions"]) if x["text"].startswith("summon"))
    data["decisions"][k]["text"] = "summon Blue-Eyes White Dragon"
    p.write_text(json.dumps(data))
    r = CliRunner().invoke(main, ["replay", str(p)])
    assert r.exit_code == 2
    assert f"error: {p}: step {k + 1}: the decision 'summon Blue-Eyes White Dragon' does not " \
        "fit" in r.output


def test_decisions_after_the_end(tmp_path):
    d, data, p = _saved(tmp_path)
    data["decisions"].append({"index": 0, "text": "pass"})
    p.write_text(json.dumps(data))
    r = CliRunner().invoke(main, ["replay", str(p)])
    assert r.exit_code == 2
    assert f"step {len(data['decisions'])}: the duel is already over" in r.output


def test_decks_that_do_not_fit(tmp_path):
    d, data, p = _saved(tmp_path)
    data["decks"][1]["main"][0] = 123
    p.write_text(json.dumps(data))
    r = CliRunner().invoke(main, ["replay", str(p)])
    assert r.exit_code == 2 and "unknown passcode 123" in r.output
    # another deck: the same seed and decisions no longer fit (or end differently)
    d2, data2, p2 = _saved(tmp_path)
    data2["decks"][0]["main"] = list(reversed(data2["decks"][0]["main"]))
    p2.write_text(json.dumps(data2))
    r = CliRunner().invoke(main, ["replay", str(p2)])
    assert r.exit_code == 2 and "error:" in r.output and "Traceback" not in r.output


def test_not_a_replay(tmp_path):
    p = tmp_path / "x.json"
    p.write_text("{not json")
    r = CliRunner().invoke(main, ["replay", str(p)])
    assert r.exit_code == 2 and "x.json, line 1: invalid JSON" in r.output
    r = CliRunner().invoke(main, ["replay", str(tmp_path / "missing.json")])
    assert r.exit_code == 2 and "missing.json: no such file" in r.output


def test_cli_plays_to_the_end_revealing_everything(tmp_path):
    d, data, p = _saved(tmp_path)
    r = CliRunner().invoke(main, ["replay", str(p)])
    assert r.exit_code == 0, r.output
    name = d.names[d.winner]
    assert f"{name} wins ({d.win_reason}) after {d.turn} turns." in r.output
    assert "B hand" in r.output and "A hand" in r.output


def test_cli_as_a_player_hides_the_other_hand(tmp_path):
    d, data, p = _saved(tmp_path)
    r = CliRunner().invoke(main, ["replay", str(p), "--as", "A"])
    assert r.exit_code == 0, r.output
    assert "Your hand" in r.output and "B hand" not in r.output
    # B's own decisions are not shown to A (only what the log says)
    b_texts = [x["text"] for x in data["decisions"] if x["player"] == 1]
    assert not any(f"B: {t}" in r.output for t in b_texts)


def test_cli_step_by_step(tmp_path):
    d, data, p = _saved(tmp_path)
    n = len(data["decisions"])
    r = CliRunner().invoke(main, ["replay", str(p), "--step"], input="\n" * (n + 2))
    assert r.exit_code == 0, r.output
    assert r.output.count("after step") == n
    # input running out: the rest plays to the end
    r = CliRunner().invoke(main, ["replay", str(p), "--step"], input="\n\n")
    assert r.exit_code == 0 and r.output.count("after step") == 3


def test_terminal_replay_round_trip(tmp_path):
    path = tmp_path / "duel.yaml"
    r = CliRunner().invoke(main, ["duel", "--seed", "6", "--quiet", "--save-replay", str(path)],
                           input="1\n" * 3000)
    assert r.exit_code == 0
    rep = R.load(path)
    e = R.play(rep)
    assert e.winner is not None
    assert rep.result["reason"] == e.win_reason
    out = CliRunner().invoke(main, ["replay", str(path), "--as", "A"]).output
    assert "Player: call" in out
