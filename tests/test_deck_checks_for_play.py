"""What a duel asks of a deck (issue 23): legality where the rules have lists (goat: the April
2005 list, its card pool and deck sizes; `--casual` and the lobby's checkbox skip it), the Main
and Fusion Deck playable (a duel's cards), Side Deck cards not yet playable named in a warning
and refused when sided in during a Match; `deck check --json` never calls a deck with an unknown
card playable."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from test_formats_support import home  # noqa: F401  (fixture)
from test_goat_deck_check import pool_normal_monsters
from ygosim.cli import main
from ygosim.cards.db import card_db
from ygosim.formats.deck import default_decks, load_deck
from ygosim.formats.rules import (IllegalDeck, format_problems, not_playable, require_legal,
                                  require_playable, side_not_playable)
from ygosim.formats.ydk import format_ydk
from ygosim.play.match import Match, SideDecking, SideDeckError, play_match, side_swap

pytestmark = pytest.mark.usefixtures("home")

UNKNOWN = 12345678                      # no card has this passcode
FORBIDDEN = ["Dark Hole: 1 copy, Forbidden on banlist '2005.04 Goat' (0 allowed)",
             "Monster Reborn: 1 copy, Forbidden on banlist '2005.04 Goat' (0 allowed)",
             "Change of Heart: 1 copy, Forbidden on banlist '2005.04 Goat' (0 allowed)"]


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def goat_control():
    """goat-control (legal in goat) with its Sinister Serpent (Limited: the tests side one in
    or add one) swapped for a Normal Monster."""
    deck = load_deck("goat-control")
    serpent = [c for c in deck.main if c.name == "Sinister Serpent"]
    assert len(serpent) == 1
    deck.main.remove(serpent[0])
    deck.main.append(card_db()[pool_normal_monsters(1, deck)[0]])
    return deck


def goat_ydk(path, main_add=(), side=(), main_cut=0):
    """goat_control() as a .ydk, with cards added to its Main Deck (as many cut from its end)
    and a Side Deck."""
    deck = goat_control()
    main = [c.passcode for c in deck.main[:len(deck.main) - main_cut]] + list(main_add)
    path.write_text(format_ydk(main, [c.passcode for c in deck.extra], list(side)))
    return path


def side_with(card) -> list[int]:
    """A legal 15-card Goat Side Deck for goat_control(): `card` and 14 Normal Monsters."""
    return [card.passcode] + pool_normal_monsters(14, goat_control())


# ------------------------------------------------------------------------------ deck check
def test_an_unknown_card_is_never_playable(tmp_path):
    path = goat_ydk(tmp_path / "unknown.ydk", main_add=[UNKNOWN], main_cut=1)
    r = run("deck", "check", path, "--rules", "goat", "--json")
    out = json.loads(r.output)
    assert out["playable"] is False and out["playable_with_side"] is False
    assert [u["passcode"] for u in out["unknown"]] == [UNKNOWN]
    assert out["not_playable"] == []            # known cards the engine cannot play: none
    assert out["legal"] is False and r.exit_code == 1
    r = run("deck", "check", path, "--json")     # v10: no lists, yet still not playable
    out = json.loads(r.output)
    assert out["playable"] is False and [u["passcode"] for u in out["unknown"]] == [UNKNOWN]
    r = run("deck", "check", path, "--rules", "goat")
    assert f"not playable: 1 unknown passcode ({UNKNOWN})" in r.output
    assert "not legal: 1 problem, not playable" in r.output


def test_unknown_in_the_side_deck_is_not_playable_either(tmp_path):
    path = goat_ydk(tmp_path / "side.ydk", side=[UNKNOWN] + pool_normal_monsters(14, goat_control()))
    out = json.loads(run("deck", "check", path, "--rules", "goat", "--json").output)
    assert out["playable"] is False and out["unknown"][0]["passcode"] == UNKNOWN


def test_side_deck_cards_not_yet_playable_are_listed_apart(tmp_path, unscripted_serpent):
    serpent, _ = unscripted_serpent
    path = goat_ydk(tmp_path / "side.ydk", side=side_with(serpent))
    r = run("deck", "check", path, "--rules", "goat", "--json", "--require-playable")
    out = json.loads(r.output)
    assert r.exit_code == 0 and out["legal"] and out["playable"] is True
    assert out["playable_with_side"] is False
    assert out["not_playable_by_section"] == {"main": [], "extra": [], "side": [serpent.name]}
    text = run("deck", "check", path, "--rules", "goat").output
    assert "Side Deck: 1 card not yet playable" in text and serpent.name in text
    assert text.rstrip().endswith("legal")
    main = goat_ydk(tmp_path / "main.ydk", main_add=[serpent.passcode], main_cut=1)
    r = run("deck", "check", main, "--rules", "goat", "--json", "--require-playable")
    out = json.loads(r.output)
    assert out["playable"] is False and out["not_playable_by_section"]["main"] == [serpent.name]
    assert r.exit_code == 1


# ------------------------------------------------------------------------------ a duel
def test_a_duel_needs_the_main_and_fusion_deck_and_warns_of_the_side(tmp_path,
                                                                      unscripted_serpent):
    serpent, _ = unscripted_serpent
    deck = load_deck(goat_ydk(tmp_path / "side.ydk", side=side_with(serpent)))
    assert require_playable({"A": deck}, rules="goat") == {}
    assert side_not_playable({"A": deck}, "goat") == {"A": [serpent.name]}
    assert not_playable(deck, "goat", ("main", "extra")) == []
    r = run("simulate", "--deck", tmp_path / "side.ydk", "--opponent", "empty-jar",
            "--rules", "goat", "--games", "1", "--seed", "3", "--json")
    assert r.exit_code == 0, r.output
    warning = next(line for line in r.output.splitlines() if line.startswith("warning:"))
    assert warning == ("warning: deck A (side): 1 Side Deck card not yet playable (Sinister "
                       "Serpent): a duel does not use the Side Deck, and a Match refuses to side "
                       "it in")
    goat_ydk(tmp_path / "main.ydk", main_add=[serpent.passcode], main_cut=1)
    r = run("simulate", "--deck", tmp_path / "main.ydk", "--rules", "goat", "--games", "1")
    assert r.exit_code == 2 and serpent.name in r.output and "Traceback" not in r.output
    assert "--allow-unscripted" in r.output


@pytest.mark.parametrize("command", [
    ["simulate", "--games", "1"], ["match", "--games-per-match", "1"],
    ["gauntlet", "yugi", "--against", "chaos-turbo", "--games", "1"], ["duel"]])
def test_goat_rules_refuse_an_illegal_deck_naming_each_problem(command):
    args = command + ["--rules", "goat"] + (["--deck", "yugi"] if command[0] != "gauntlet"
                                            else [])
    r = run(*args)
    assert r.exit_code == 2 and "Traceback" not in r.output
    lines = r.output.splitlines()
    head = next(i for i, line in enumerate(lines) if "is not a legal goat deck" in line)
    assert "(yugi)" in lines[head] or "deck yugi" in lines[head]
    assert [line.strip() for line in lines[head + 1:head + 4]] == FORBIDDEN
    assert "--casual" in r.output


def test_casual_play_skips_the_lists_and_other_rules_have_none():
    r = run("simulate", "--deck", "yugi", "--opponent", "kaiba", "--rules", "goat", "--casual",
            "--games", "1", "--json")
    assert r.exit_code == 0, r.output
    assert json.loads(r.output)["rules"] == "goat"
    assert format_problems(load_deck("yugi"), "v10") == []     # v10 and 2020: no lists
    require_legal({"deck": load_deck("masters")}, "2020")


def test_goat_defaults_to_legal_goat_decks():
    assert default_decks("goat") == ("goat-control", "chaos-turbo")
    assert default_decks("v10") == default_decks(None) == ("yugi", "kaiba")
    for name in default_decks("goat"):
        assert format_problems(load_deck(name), "goat") == []
    r = run("simulate", "--rules", "goat", "--games", "1", "--json")
    out = json.loads(r.output)
    assert r.exit_code == 0 and (out["deck_a"], out["deck_b"]) == default_decks("goat")


def test_every_problem_of_every_deck_is_named():
    masters = load_deck("masters")
    with pytest.raises(IllegalDeck) as e:
        require_legal({"deck A (yugi)": load_deck("yugi"), "deck B (masters)": masters}, "goat")
    found = e.value.found
    assert list(found) == ["deck A (yugi)", "deck B (masters)"]
    assert found["deck A (yugi)"] == FORBIDDEN
    assert found["deck B (masters)"] == format_problems(masters, "goat")
    assert any("Synchro Monster" in p for p in found["deck B (masters)"])
    text = str(e.value).splitlines()
    assert text[0] == "deck A (yugi) is not a legal goat deck (3 problems):"
    assert len(text) == 2 + 3 + len(found["deck B (masters)"]) + 1
    assert "\n" not in e.value.one_line() and all(p in e.value.one_line() for p in FORBIDDEN)


# ------------------------------------------------------------------------------ a Match
def test_siding_in_a_card_not_yet_playable_is_refused_and_the_match_goes_on(
        tmp_path, unscripted_serpent):
    serpent, _ = unscripted_serpent
    deck = load_deck(goat_ydk(tmp_path / "side.ydk", side=side_with(serpent)))
    out_card, normal = deck.main[0].name, deck.side[1].name
    with pytest.raises(SideDeckError) as e:
        side_swap(deck, [out_card], [serpent.name], rules=_goat())
    assert e.value.problems[0] == ("in Sinister Serpent: not yet playable in goat rules (the "
                                   "engine has no script for what it does): it cannot be "
                                   "sided in")
    assert side_swap(deck, [out_card], [serpent.name], rules=_goat(), allow_unscripted=True)
    sd = SideDecking(deck, rules=_goat())
    said = sd.line(f"out {out_card} in {serpent.name}")
    assert said[0].startswith("error: in Sinister Serpent: not yet playable") and not sd.outs
    assert sd.line(f"out {out_card} in {normal}") == [] and sd.line("done")[0].startswith("Sided")
    errors, asked = [], []

    def side(player, deck_now, match):           # first Serpent (refused), then a good swap
        asked.append(player)
        if player == 0 and len([p for p in asked if p == 0]) == 1:
            return [(out_card, serpent.name)]
        return [(out_card, normal)] if player == 0 and match.game == 2 else None

    def on_error(player, error):
        errors.append((player, str(error)))
        return True                              # ask again

    result = play_match(deck, load_deck("empty-jar"), side_deck=(side, None), games=3,
                        seed=4, options={"rules": "goat"}, on_side_error=on_error)
    assert errors and errors[0][0] == 0 and "Sinister Serpent: not yet playable" in errors[0][1]
    assert len(result.games) >= 2 and result.winner is not None
    assert result.games[1].sided[0] == (((out_card,), (normal,)),)
    m = Match(deck, load_deck("empty-jar"), options={"rules": "goat"})
    with pytest.raises(SideDeckError):
        m.replace_deck(0, side_swap(deck, [out_card], [serpent.name], rules=_goat(),
                                    allow_unscripted=True))
    assert m.decks[0] is deck                    # unchanged


def _goat():
    from ygosim.engine.rules import get_rules
    return get_rules("goat")
