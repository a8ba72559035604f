"""Matches: best of N Duels, who chooses first or second, side decking, `ygosim match`."""
from __future__ import annotations

import copy
import json

import pytest
from click.testing import CliRunner

from ygosim.cards.db import card_db
from ygosim.cli import main
from ygosim.engine.api import new_duel
from ygosim.engine.decision import CALL, FIRST
from ygosim.formats.deck import load_deck
from ygosim.play.match import (Match, SideDeckError, duel_seed, parse_side_line, play_match,
                          side_swap, went_first)


@pytest.fixture(scope="module")
def decks():
    return load_deck("yugi"), load_deck("kaiba")


def sided_deck(n_side=9):
    """Yugi's deck with its last n_side Main Deck cards in the Side Deck (41 + 9)."""
    d = copy.copy(load_deck("yugi"))
    d.main, d.side, d.extra = d.main[:50 - n_side], d.main[50 - n_side:], []
    return d


class Scripted:
    """A play_one_duel whose Duels end as scripted; it records how each Duel started."""

    def __init__(self, outcomes, go="first"):
        self.outcomes = list(outcomes)
        self.go = go
        self.starts = []        # (kind of the first decision, who was asked, options chooser)

    def __call__(self, deck_a, deck_b, seed, options, names, game):
        d = new_duel(deck_a, deck_b, seed=seed, options=options, names=names)
        self.starts.append((d.pending.kind, d.pending.player, options.get("chooser")))
        if d.pending.kind == CALL:
            d.apply("call heads")
        assert d.pending.kind == FIRST
        d.apply(f"go {self.go}")
        d.winner = self.outcomes[game - 1]
        d.win_reason = "scripted"
        return d


def test_two_nil(decks):
    s = Scripted([0, 0, 1])
    r = play_match(*decks, play_one_duel=s)
    assert r.winner == 0 and r.wins == [2, 0] and len(r.games) == 2
    assert [k for k, _, _ in s.starts] == [CALL, FIRST]
    assert s.starts[1][1] == 1          # B lost Duel 1: B chooses, no coin toss
    assert r.games[1].coin_toss is False and r.games[1].chooser == 1
    assert r.games[1].first == 1        # B chose to go first


def test_two_one_and_the_loser_chooses(decks):
    s = Scripted([1, 0, 0], go="second")
    r = play_match(*decks, play_one_duel=s)
    assert r.winner == 0 and r.wins == [2, 1] and len(r.games) == 3
    assert s.starts[0][0] == CALL
    assert s.starts[1] == (FIRST, 0, 0)     # A lost Duel 1
    assert s.starts[2] == (FIRST, 1, 1)     # B lost Duel 2
    assert r.games[1].first == 1 and r.games[2].first == 0   # they chose to go second
    assert "lost Duel 1" in r.games[1].line()


def test_a_draw_means_a_new_coin_toss_and_counts_for_no_one(decks):
    s = Scripted(["draw", 1, 0])
    r = play_match(*decks, play_one_duel=s)
    assert [k for k, _, _ in s.starts] == [CALL, CALL, FIRST]
    assert s.starts[1][2] is None and r.games[1].coin_toss
    assert s.starts[2][1] == 0
    assert r.wins == [1, 1] and r.draws == 1 and r.winner == "draw"
    assert "Match drawn" in r.line()


def test_draws_play_on_to_the_limit(decks):
    r = play_match(*decks, play_one_duel=Scripted(["draw", "draw", 1]))
    assert r.winner == 1 and r.wins == [0, 1] and r.draws == 2
    r = play_match(*decks, play_one_duel=Scripted([0, "draw", 0]))
    assert r.winner == 0 and len(r.games) == 3
    # the result is settled early when the leader cannot be caught
    r = play_match(*decks, play_one_duel=Scripted(["draw", "draw", 0, 0, 1]), games=5)
    assert r.winner == 0 and len(r.games) == 4


def test_real_draws_by_turn_limit(decks):
    r = play_match(*decks, seed=2, options={"turn_cap": 2})
    assert r.winner == "draw" and r.draws == 3 and all(g.coin_toss for g in r.games)
    assert all(g.reason == "turn limit reached" for g in r.games)


def test_engine_chooser_option(decks):
    d = new_duel(*decks, seed=4, options={"chooser": 1})
    assert d.pending.kind == FIRST and d.pending.player == 1
    assert not any("Coin toss" in line for line in d.log)
    d.apply("go second")
    assert went_first(d) == 0 and d.tp == 0 and d.turn == 1


def test_random_agents_and_determinism(decks):
    a = play_match(*decks, seed=11).as_dict()
    b = play_match(*decks, seed=11).as_dict()
    assert a == b
    assert a["winner"] in ("A", "B", "draw")
    assert [g["seed"] for g in a["games"]] == [duel_seed(11, i + 1) for i in range(len(a["games"]))]
    for g in a["games"][1:]:
        assert g["coin_toss"] or g["chooser"] != a["games"][g["game"] - 2]["winner"]
    seeds = {tuple(g["seed"] for g in play_match(*decks, seed=s).as_dict()["games"])
             for s in range(3)}
    assert len(seeds) == 3


# ------------------------------------------------------------------ side decking
def test_side_swap_moves_cards_and_keeps_counts():
    d = sided_deck()
    out_name, in_name = d.main[0].name, d.side[0].name
    new = side_swap(d, [out_name.upper()], [in_name])
    assert len(new.main) == 41 and len(new.side) == 9
    assert any(c.name == out_name for c in new.side)
    assert len(d.side) == 9 and d.main[0].name == out_name       # the original is unchanged


def test_side_swap_errors_name_the_cards():
    d = sided_deck()
    with pytest.raises(SideDeckError) as e:
        side_swap(d, ["Blue-Eyes White Dragon"], [d.side[0].name])
    assert "Blue-Eyes White Dragon" in str(e.value) and "not in your Main or Extra Deck" in str(e.value)
    with pytest.raises(SideDeckError) as e:
        side_swap(d, [d.main[0].name], [d.main[1].name if d.main[1].name not in
                                        {c.name for c in d.side} else "Kuriboh"])
    assert "not in your Side Deck" in str(e.value)
    with pytest.raises(SideDeckError) as e:
        side_swap(d, [d.main[0].name, d.main[1].name], [d.side[0].name])
    assert "Side Deck: 10 cards after siding, 9 before" in str(e.value)
    assert d.main[1].name in str(e.value) or "count must stay" in str(e.value)


def test_side_swap_deck_sizes():
    d = copy.copy(load_deck("yugi"))
    d.main, d.side = d.main[:40], d.main[40:45]
    fusion = next(c for c in card_db().by_name.values() if c.is_extra_deck)
    d.side = d.side + [fusion]
    with pytest.raises(SideDeckError) as e:
        side_swap(d, [d.main[0].name], [fusion.name])
    assert "Main Deck: 39 cards after siding (must be 40 to 60)" in str(e.value)
    d.main = d.main + load_deck("kaiba").main[:5]
    new = side_swap(d, [d.main[0].name], [fusion.name])
    assert fusion in new.extra and len(new.main) == 44 and len(new.side) == 6


def test_side_deck_between_duels_and_validation(decks):
    a = sided_deck()
    calls = []

    def person(p, deck, m):
        calls.append((p, m.game))
        return [(deck.main[0].name, deck.side[0].name)]

    r = play_match(a, decks[1], play_one_duel=Scripted([1, 0, 0]), side_deck=(person, None))
    assert calls == [(0, 2), (0, 3)]
    assert len(r.games[1].sided[0]) == 1 and r.games[1].sided[1] == ()

    def bad(p, deck, m):
        return [("Blue-Eyes White Dragon", deck.side[0].name)]

    with pytest.raises(SideDeckError, match="out Blue-Eyes White Dragon"):
        play_match(a, decks[1], play_one_duel=Scripted([1, 0, 0]), side_deck=(bad, None))

    tries = []

    def retry(p, deck, m):
        tries.append(1)
        return bad(p, deck, m) if len(tries) == 1 else None

    errors = []
    r = play_match(a, decks[1], play_one_duel=Scripted([1, 0, 0]), side_deck=(retry, None),
                   on_side_error=lambda p, e: errors.append((p, str(e))) or True)
    assert len(tries) == 3 and r.winner == 0 and r.games[1].sided == ((), ())
    assert errors == [(0, "out Blue-Eyes White Dragon: not in your Main or Extra Deck")]


def test_whole_deck_answer_must_keep_the_pool():
    a = sided_deck()
    m = Match(a, load_deck("kaiba"))
    other = sided_deck(8)
    with pytest.raises(SideDeckError, match="Side Deck: 8 cards after siding, 9 before"):
        m.replace_deck(0, other)
    wrong = copy.copy(a)
    wrong.main = a.main[:-1] + [load_deck("kaiba").main[0]]
    with pytest.raises(SideDeckError) as e:
        m.replace_deck(0, wrong)
    assert load_deck("kaiba").main[0].name in str(e.value)


def test_parse_side_line():
    assert parse_side_line("side: out Dark Magician in Kuriboh") == (["Dark Magician"], ["Kuriboh"])
    assert parse_side_line("out Trap Hole") == (["Trap Hole"], [])
    assert parse_side_line("in Mystical Elf") == ([], ["Mystical Elf"])
    with pytest.raises(SideDeckError, match="write 'out CARD in CARD'"):
        parse_side_line("swap everything")


# ------------------------------------------------------------------ command line
def test_cli_match_text():
    r = CliRunner().invoke(main, ["match", "--seed", "5"])
    assert r.exit_code == 0, r.output
    assert "Duel 1:" in r.output and "went first" in r.output
    assert "wins the Match" in r.output or "Match drawn" in r.output


def test_cli_match_json_and_determinism():
    args = ["match", "--deck", "yugi", "--opponent", "kaiba", "--games-per-match", "3",
            "--agent-a", "random", "--agent-b", "random", "--seed", "9", "--json",
            "--rules", "v10"]
    r = CliRunner().invoke(main, args)
    assert r.exit_code == 0, r.output
    out = json.loads(r.output)
    for k in ("deck_a", "deck_b", "seed", "games_per_match", "wins_a", "wins_b", "draws",
              "winner", "games"):
        assert k in out
    for g in out["games"]:
        for k in ("game", "first", "winner", "reason", "turns", "coin_toss", "chooser"):
            assert k in g
    assert 2 <= len(out["games"]) <= 3
    assert CliRunner().invoke(main, args).output == r.output


def test_cli_match_bad_input():
    r = CliRunner().invoke(main, ["match", "--agent-a", "nobody"])
    assert r.exit_code == 2 and "'nobody' is not one of" in r.output   # the agents are listed


def test_text_side_deck_for_a_person(decks):
    from ygosim.play.match import text_side_deck
    a = sided_deck()
    out_name, in_name = a.main[0].name, a.side[0].name
    lines = iter(["side: out Blue-Eyes White Dragon in " + in_name,   # refused: not in the deck
                  f"out {out_name}",
                  "done",                                             # refused: 1 out, 0 in
                  f"in {in_name}",
                  "list",
                  "done"])
    said = []
    side = text_side_deck(lambda prompt="": next(lines, None), said.append)
    r = play_match(a, decks[1], play_one_duel=Scripted([1, 0, 0]), side_deck=(side, None))
    text = "\n".join(said)
    assert "error: out Blue-Eyes White Dragon: not in your Main or Extra Deck" in text
    assert "error: Side Deck: 10 cards after siding, 9 before" in text
    assert r.games[1].sided[0] == (((out_name,), (in_name,)),)
    assert r.games[2].sided[0] == ()            # input ended: the deck is kept


def test_text_side_deck_end_of_input_keeps_the_deck():
    from ygosim.play.match import text_side_deck

    def eof(prompt=""):
        raise EOFError
    assert text_side_deck(eof, lambda s: None)(0, sided_deck(), None) is None
