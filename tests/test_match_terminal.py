"""`ygosim duel --match`: a Match against the bot in the terminal, side decking in plain text."""
from __future__ import annotations

import copy
import io

from click.testing import CliRunner

from ygosim.agents.random_agent import RandomAgent
from ygosim.cli import main
from ygosim.formats.deck import load_deck
from ygosim.cli.terminal import IO, TerminalTable
from ygosim.play.table import Table


def test_duel_match_plain_to_the_end():
    r = CliRunner().invoke(main, ["duel", "--match", "--seed", "4", "--bot", "random", "--plain",
                                  "--quiet"], input="1\n" * 9000)
    assert r.exit_code == 0, r.output[-2000:]
    assert "== Duel 1 of the Match (best of 3) ==" in r.output
    assert "== Duel 2 of the Match" in r.output
    # Duel 2: the loser of Duel 1 chooses, with no coin toss (unless Duel 1 was a draw)
    assert ("No coin toss" in r.output or "lost Duel 1 and chose" in r.output
            or "a draw" in r.output)
    assert "The Match is over:" in r.output and ("wins the Match" in r.output
                                                 or "Match drawn" in r.output)
    assert "Type again to play a new Match" in r.output
    assert r.output.count("Type help for help.") == 1
    assert "Traceback" not in r.output


def test_duel_match_input_ends():
    r = CliRunner().invoke(main, ["duel", "--match", "--seed", "4", "--plain"], input="1\n" * 5)
    assert r.exit_code == 0
    assert "You left the Match." in r.output


def test_person_sides_between_duels():
    deck = copy.copy(load_deck("yugi"))
    deck.main, deck.side = deck.main[:41], deck.main[41:]
    out_name, in_name = deck.main[0].name, deck.side[0].name
    t = Table((deck, load_deck("kaiba")), seed=1, games=3, bot="random", quiet=True,
              deck_names=("me", "kaiba"))
    person = RandomAgent(1)
    while t.state == "duel":             # Duel 1, answered directly at the table
        t.answer(0, t.duel.pending.options.index(person.choose(t.duel)))
    lines = ["next", f"side: out Blue-Eyes White Dragon in {in_name}",
             f"side: out {out_name} in {in_name}", "done", "quit"]
    out = io.StringIO()
    tio = IO(True, io.StringIO("".join(x + "\n" for x in lines)), out)
    t.take_events(0)
    assert TerminalTable(tio, t).run() == 0
    text = out.getvalue()
    assert "Side decking for Player before Duel 2" in text
    assert "error: out Blue-Eyes White Dragon: not in your Main or Extra Deck" in text
    assert "Sided: out " in text
    assert "== Duel 2 of the Match (best of 3)" in text and "You left the Match." in text
    assert t._game == 2 and any(c.name == in_name for c in t.duel_decks[0].main)
    assert len(t.duel_decks[0].side) == 9
    assert "chooser" in t.duel_options or t.match.result.games[0].winner == "draw"
