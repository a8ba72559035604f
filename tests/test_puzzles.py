"""Win-this-turn puzzles (tests/puzzles/*.yaml) and `ygosim puzzle`.

Each puzzle's `notes` give its solution and a tempting wrong line, as answers of the side that
plays the turn: the solution must win the turn, the tempting line must not (so the puzzle is
right and not trivial). The search bot at its normal level (no time limit: only its counted
budget) must solve every one of them with seeds 1, 2 and 3.
"""
from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from ygosim.agents.search import SearchAgent
from ygosim.cli import main
from ygosim.engine.decision import POSITION, RESPONSE, SELECT, ZONE
from ygosim.engine.observe import log_view
from ygosim.engine.text import match
from ygosim.play.puzzle import load_puzzle, run_puzzle

PUZZLES = sorted((Path(__file__).parent / "puzzles").glob("*.yaml"))


class LineAgent:
    """Plays a list of grammar lines in order; passes in windows the next line does not fit,
    takes the only answer of a selection, the first zone, Attack Position; ends the turn when
    the lines are used up."""

    def __init__(self, lines):
        self.lines = list(lines)

    def choose(self, d):
        dec = d.pending
        if self.lines:
            fits, err = match(d, dec, self.lines[0])
            if fits and not err:
                self.lines.pop(0)
                return fits[0]
        if dec.kind == RESPONSE:
            return next(o for o in dec.options if o.verb == "pass")
        if dec.kind == ZONE or (dec.kind == SELECT and len(dec.options) == 1):
            return dec.options[0]
        if dec.kind == POSITION:
            return next(o for o in dec.options if o.arg == "attack")
        assert not self.lines, f"{self.lines[0]!r} does not fit; legal: {d.texts()}"
        return next(o for o in dec.options if o.verb == "phase" and o.arg == "end")


def test_there_are_puzzles():
    assert len(PUZZLES) >= 40
    rules = [load_puzzle(p).get("rules", "v10") for p in PUZZLES]
    assert rules.count("goat") >= 10 and rules.count("v10") >= 10


@pytest.mark.parametrize("path", PUZZLES, ids=lambda p: p.stem)
def test_the_solution_wins_and_the_tempting_line_does_not(path):
    doc = load_puzzle(path)
    good = run_puzzle(doc, LineAgent(doc["notes"]["solution"]))
    assert good.solved, (good.reason, log_view(good.duel, None)[-12:])
    bad = run_puzzle(doc, LineAgent(doc["notes"]["tempting"]))
    assert not bad.solved


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("path", PUZZLES, ids=lambda p: p.stem)
def test_the_search_bot_solves_them(path, seed):
    r = run_puzzle(load_puzzle(path), SearchAgent(seed, time_limit=1e9))
    assert r.solved, (r.reason, r.moves)


def test_puzzle_command(tmp_path):
    easy = str(PUZZLES[1])
    r = CliRunner().invoke(main, ["puzzle", easy, "--agent", "heuristic", "-v"])
    assert r.exit_code == 0, r.output
    assert r.output.startswith("SOLVED ")
    assert "1/1 solved by heuristic" in r.output
    r = CliRunner().invoke(main, ["puzzle", easy, "--agent", "random", "--seed", "3"])
    assert r.exit_code in (0, 1) and "solved by random" in r.output


def test_puzzle_command_bad_input(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("name: x\nturn: 3\nA: {hand: [No Such Card]}\n")
    r = CliRunner().invoke(main, ["puzzle", str(bad)])
    assert r.exit_code == 2
    assert "No Such Card" in r.output and "Traceback" not in r.output
    wrong = tmp_path / "wrong.yaml"
    wrong.write_text("name: x\nturn: 3\nscript: [{A: end}]\n")
    r = CliRunner().invoke(main, ["puzzle", str(wrong)])
    assert r.exit_code == 2 and "defender" in r.output
    r = CliRunner().invoke(main, ["puzzle", str(PUZZLES[0]), "--agent", "nobody"])
    assert r.exit_code == 2 and "nobody" in r.output


def test_the_defender_only_passes_unless_its_script_fits():
    doc = load_puzzle(PUZZLES[0])         # Trap Hole waits for a summon
    r = run_puzzle(doc, LineAgent(doc["notes"]["tempting"]))
    assert "Trap Hole" in " ".join(log_view(r.duel, None))
    doc2 = dict(doc, script=[])
    r2 = run_puzzle(doc2, LineAgent(doc["notes"]["tempting"]))
    assert "activates Trap Hole" not in " ".join(log_view(r2.duel, None))
