"""`ygosim duel --match`: a Match against the bot in the terminal, side decking in plain text."""
from __future__ import annotations

import copy
import io

import pytest
from click.testing import CliRunner

terminal = pytest.importorskip("ygosim.frontends.terminal")

from ygosim.cli import main  # noqa: E402
from ygosim.formats.deck import load_deck  # noqa: E402
from ygosim.frontends.terminal_match import replay_path, run_match  # noqa: E402
from ygosim.sim import play_duel  # noqa: E402
from ygosim.agents.random_agent import RandomAgent  # noqa: E402


def test_duel_match_plain_to_the_end():
    r = CliRunner().invoke(main, ["duel", "--match", "--seed", "4", "--bot", "random", "--plain",
                                  "--quiet"], input="1\n" * 9000)
    assert r.exit_code == 0, r.output[-2000:]
    assert "== Duel 1 of the Match (best of 3) ==" in r.output
    assert "== Duel 2 of the Match" in r.output
    # Duel 2: the loser of Duel 1 chooses, with no coin toss (unless Duel 1 was a draw)
    assert ("No coin toss" in r.output or "lost Duel 1 and chose" in r.output
            or "a draw" in r.output)
    assert "wins the Match" in r.output or "Match drawn" in r.output
    assert "Traceback" not in r.output


def test_duel_match_input_ends():
    r = CliRunner().invoke(main, ["duel", "--match", "--seed", "4", "--plain"], input="1\n" * 5)
    assert r.exit_code == 0
    assert "You left the Match." in r.output


class FakeSession:
    """A terminal Session whose Duel two random agents play (the person's side decking is
    what the test is about)."""
    seen = []

    def __init__(self, io_, da, db, seed, bot, quiet, options, save_replay, names):
        self.args = (da, db, seed, options)
        self.duel = None
        FakeSession.seen.append((da, dict(options)))

    def play(self):
        da, db, seed, options = self.args
        self.duel = play_duel(da, db, RandomAgent(seed), RandomAgent(seed + 1), seed, options,
                              terminal.NAMES)
        return "end"


def test_person_sides_between_duels(monkeypatch):
    monkeypatch.setattr(terminal, "Session", FakeSession)
    FakeSession.seen = []
    deck = copy.copy(load_deck("yugi"))
    deck.main, deck.side = deck.main[:41], deck.main[41:]
    out_name, in_name = deck.main[0].name, deck.side[0].name
    lines = [f"side: out Blue-Eyes White Dragon in {in_name}",
             f"side: out {out_name} in {in_name}", "done"] + ["done"] * 5
    out = io.StringIO()
    tio = terminal.IO(True, io.StringIO("".join(x + "\n" for x in lines)), out)
    r = run_match(tio, deck, load_deck("kaiba"), 1, "random", True, {}, None, ("me", "kaiba"))
    text = out.getvalue()
    assert r is not None and len(r.games) >= 2
    assert "Side decking for Player before Duel 2" in text
    assert "error: out Blue-Eyes White Dragon: not in your Main or Extra Deck" in text
    assert r.games[1].sided[0] == (((out_name,), (in_name,)),)
    second = FakeSession.seen[1][0]
    assert any(c.name == in_name for c in second.main) and len(second.side) == 9
    assert "chooser" in FakeSession.seen[1][1] or r.games[0].winner == "draw"


def test_replay_path():
    assert replay_path("a/duel.json", 2) == "a/duel-2.json"
    assert replay_path(None, 1) is None
