"""Hostile and malformed input, case by case (issue 10): every reader answers with one clear
line naming the file and the line, key or step, exit status 2, never a traceback; nothing is
read without bound; nothing is half-written."""
from __future__ import annotations

import errno
import json
import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from ygosim.play import replay as R
from ygosim.agents.random_agent import RandomAgent
from ygosim.cli import main
from ygosim.cards.errors import YgosimError
from ygosim.formats.deck import load_deck
from ygosim.cards.textfile import parse_json, parse_yaml
from ygosim.cards.safetext import excerpt
from ygosim.play.scenario import ScenarioError, load_scenario
from ygosim.play.match import play_duel

YUGI, KAIBA = load_deck("yugi"), load_deck("kaiba")


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def one_clear_line(result, *words, after_output=False):
    """Exit status 2, one line starting with 'error:' holding `words` (the only line, or the
    last one `after_output`), no traceback."""
    assert result.exit_code == 2, result.output
    assert not isinstance(result.exception, Exception) or isinstance(result.exception, SystemExit)
    lines = result.output.strip().splitlines()
    if after_output:
        lines = lines[-1:]
    assert len(lines) == 1 and lines[0].startswith("error: "), result.output
    for w in words:
        assert w in lines[0], (w, lines[0])
    return lines[0]


@pytest.fixture(scope="module")
def replay_doc():
    d = play_duel(YUGI, KAIBA, RandomAgent(1), RandomAgent(2), 1, {"turn_cap": 8})
    return R.from_duel(d, YUGI, KAIBA, 1, {"turn_cap": 8}).as_dict()


# -- nothing unbounded --------------------------------------------------------------------------

@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero")
@pytest.mark.parametrize("args", [["deck", "check", "/dev/zero"], ["deck", "show", "/dev/zero"],
                                  ["replay", "/dev/zero"], ["scenario", "/dev/zero"],
                                  ["deck", "check", "yugi", "--banlist", "/dev/zero"]])
def test_dev_zero_is_refused_before_it_is_read(args):
    one_clear_line(run(*args), "/dev/zero", "larger than any real")


def test_a_deck_list_of_thousands_of_cards_is_not_a_deck(tmp_path):
    path = tmp_path / "huge.ydk"
    path.write_text("#main\n" + "46986414\n" * 400)
    line = one_clear_line(run("deck", "check", path), "huge.ydk, line 302", "more than 300 cards")
    assert "Traceback" not in line


def test_deep_nesting_and_alias_bombs_are_refused():
    with pytest.raises(YgosimError, match="f.yaml, line 1: nested more than 50 levels"):
        parse_yaml("[" * 100_000, "f.yaml")            # libyaml itself would crash on this
    bomb = "a: &a [x, x, x, x, x, x, x, x, x, x]\n" + "".join(
        f"{c}: &{c} [{', '.join(['*' + p] * 10)}]\n" for p, c in zip("abcdef", "bcdefg"))
    with pytest.raises(YgosimError, match="more than 2,000,000 values"):
        parse_yaml(bomb, "f.yaml")
    with pytest.raises(YgosimError, match="nested too deeply"):
        parse_json("[" * 100_000, "f.json")
    with pytest.raises(YgosimError, match="a number with thousands of digits"):
        parse_json('{"seed": ' + "9" * 5000 + "}", "f.json")


def test_replay_limits(tmp_path, replay_doc):
    for options, words in [({"turn_cap": 10 ** 6}, ["options.turn_cap", "1 to 500"]),
                           ({"rules": {"name": "v10", "hand_limit": "6"}},
                            ["options.rules", "switch hand_limit: '6'"]),
                           ({"rules": {"name": "v10", "opening_hand": 10 ** 9}},
                            ["options.rules", "switch opening_hand"]),
                           ({"rules": "goat2"}, ["options.rules", "'goat2' is not one of"]),
                           ({"extra_summons": 1}, ["options.extra_summons", "not an engine option"])]:
        path = tmp_path / "r.json"
        path.write_text(json.dumps({**replay_doc, "options": options}))
        one_clear_line(run("replay", path), "r.json", *words)
    big = {**replay_doc, "decks": [{"main": [46986414] * 400}, replay_doc["decks"][1]]}
    path.write_text(json.dumps(big))
    one_clear_line(run("replay", path), "decks[0] (deck A)", "more than 300 cards")
    many = {**replay_doc, "decisions": [0] * (R.MAX_DECISIONS + 1)}
    path.write_text(json.dumps(many))
    one_clear_line(run("replay", path), "decisions", "longer than any duel")


# -- wrong types ----------------------------------------------------------------------------------

@pytest.mark.parametrize("change, words", [
    ({"result": [1]}, ["result", "must be a mapping"]),
    ({"result": {"winner": "C"}}, ["result.winner"]),
    ({"names": ["A"]}, ["names", "two players"]),
    ({"names": [["A"], "B"]}, ["names"]),
    ({"seed": 10 ** 80}, ["seed", "a number of 81 digits"]),
    ({"seed": "7"}, ["seed", "'7'"]),
    ({"decisions": {"0": 1}}, ["decisions", "must be a list"]),
    ({"decks": [{"main": ["Dark Magician"]}, {"main": []}]}, ["decks[0] (deck A).main",
                                                              "'Dark Magician' is not a passcode"]),
    ({"version": 99}, ["version", "99"]),
    ({"bogus": 1}, ["bogus: unknown key"]),
])
def test_replay_wrong_types(tmp_path, replay_doc, change, words):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({**replay_doc, **change}))
    one_clear_line(run("replay", path), "bad.json", *words)


def test_replay_step_errors_name_the_file_and_the_step(tmp_path, replay_doc):
    doc = dict(replay_doc, decisions=[{"index": 0, "text": "call heads"}, {"index": 97}])
    path = tmp_path / "steps.json"
    path.write_text(json.dumps(doc))
    one_clear_line(run("replay", path), "steps.json: step 2: answer number 97 does not exist",
                   after_output=True)


@pytest.mark.parametrize("text, words", [
    ("name: x\nphase: [1]\n", ["`phase`", "[1]"]),
    ("name: x\nturn: 99999999999999999999999999999999999\n", ["`turn`", "a number of 35 digits"]),
    ("name: x\nseed: -1\n", ["`seed`"]),
    ("name: x\nrules: [v10]\n", ["`rules`", "goat"]),
    ("name: x\nA: {hand: [[Dark Magician]]}\n", ["`A.hand[0]`"]),
    ("name: x\nA: {monsters: [{card: Dark Magician, zone: [m1]}]}\n", ["`A.monsters[0].zone`"]),
    ("name: x\nA: {monsters: [{card: Dark Magician, attacked: maybe}]}\n",
     ["`A.monsters[0].attacked`", "true or false"]),
    ("name: x\nexpect: {winner: [A]}\n", ["`expect.winner`"]),
    ("name: x\nexpect: {A: {stats: {Dark Magician: 2500}}}\n", ["`expect.A.stats.Dark Magician`"]),
    ("name: x\n? [1]\n: 2\n", ["not valid YAML"]),
    ("name: x\nA: {hand: [" + ", ".join(["Dark Magician"] * 301) + "]}\n", ["`A.hand`", "300"]),
    ("name: \x1b[2Jx\n", ["not valid YAML"]),
    ('name: "\\u001b[2J"\nbogus: 1\n', ["`bogus`"]),
])
def test_scenario_wrong_types(tmp_path, text, words):
    path = tmp_path / "s.yaml"
    path.write_text(text)
    line = one_clear_line(run("scenario", path), "s.yaml", *words)
    assert "\x1b" not in line


def test_scenario_not_utf8_and_lone_surrogates(tmp_path):
    path = tmp_path / "s.yaml"
    path.write_bytes(b"name: x\nA: {hand: [Dark Magici\xe9n]}\n")
    with pytest.raises(ScenarioError, match="s.yaml, line 2: not UTF-8 text"):
        load_scenario(path)
    path.write_text('name: x\nA: {hand: ["\\uD800"]}\n')
    with pytest.raises(ScenarioError, match="s.yaml"):
        load_scenario(path)


# -- text from files is printed escaped -----------------------------------------------------------

def test_control_characters_in_file_names_and_replay_names_are_escaped(tmp_path, replay_doc):
    path = tmp_path / "evil\x1b[2J.ydk"
    path.write_text("#main\n1234\n")
    out = run("deck", "check", path).output
    assert "\x1b" not in out and "evil\\x1b[2J.ydk" in out
    rep = R.from_dict({**replay_doc, "names": ["\x1b[31mMallory", "Bob\u202e"],
                       "decks": [{**replay_doc["decks"][0], "name": "deck\x07"},
                                 replay_doc["decks"][1]]})
    assert rep.names == ["\\x1b[31mMallory", "Bob\\u202e"]
    assert rep.decks[0]["name"] == "deck\\x07"


def test_excerpt_of_anything_is_short():
    assert excerpt(10 ** 5000) == "a number of about 5001 digits"
    nested = []
    for _ in range(50):
        nested = [nested, nested]
    assert len(excerpt(nested)) < 80
    assert excerpt("\ud800" * 10) == "\\ud800" * 10


# -- nothing half-written -------------------------------------------------------------------------

def test_save_replay_is_atomic_on_a_full_disk(tmp_path, monkeypatch, replay_doc):
    path = tmp_path / "duel.json"
    path.write_text("the old replay")
    rep = R.from_dict(replay_doc)

    def full(fd):
        raise OSError(errno.ENOSPC, "No space left on device")
    monkeypatch.setattr(os, "fsync", full)
    with pytest.raises(YgosimError, match="duel.json: cannot be written: No space left"):
        R.save(rep, path)
    assert path.read_text() == "the old replay"
    assert [p.name for p in tmp_path.iterdir()] == ["duel.json"]      # no temporary file left
    monkeypatch.undo()
    R.save(rep, path)
    assert R.load(path).decisions == rep.decisions


def test_writing_to_a_device_does_not_replace_it(tmp_path):
    if not Path("/dev/null").exists():
        pytest.skip("no /dev/null")
    result = run("deck", "convert", "yugi", "--to", "ydk", "-o", "/dev/null")
    assert result.exit_code == 0
    assert Path("/dev/null").is_char_device()


def test_an_argument_with_a_nul_byte():
    result = run("scenario", "a\0b.yaml")
    assert result.exit_code == 2 and "holds a NUL byte" in result.output
