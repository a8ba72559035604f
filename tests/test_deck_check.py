"""Deck rules (Official Rulebook v10), banlists, playability: check_deck and `ygosim deck`."""
from __future__ import annotations

import json

import pytest

from test_formats_support import DATA, home, legal_main, make_cdb, normal_monsters, run  # noqa: F401
from ygosim.cards.db import card_db
from ygosim.formats.deck import Deck, load_deck
from ygosim.formats.lflist import Banlist, load_banlist
from ygosim.cards.errors import YgosimError
from ygosim.formats.rules import check_deck, not_playable, require_playable
from ygosim.formats.store import import_cards
from ygosim.formats.ydk import format_ydk
from ygosim.formats.ydke import format_ydke

pytestmark = pytest.mark.usefixtures("home")

DARK_MAGICIAN, BLUE_EYES, POT_OF_GREED, DARKFIRE_DRAGON = 46986414, 89631139, 55144522, 17881964


def ydk(tmp_path, main, extra=(), side=(), name="deck.ydk"):
    path = tmp_path / name
    path.write_text(format_ydk(main, extra, side))
    return path


def problems(main, extra=(), side=(), banlist=None):
    db = card_db()
    deck = Deck("t", *([db[c] for c in codes] for codes in (main, extra, side)))
    return check_deck(deck, banlist)


def test_a_legal_deck_has_no_problems():
    assert problems(legal_main(40)) == []
    assert problems(legal_main(60), [], [c.passcode for c in normal_monsters(25)[-5:]]) == []


@pytest.mark.parametrize("main, extra, side, expected", [
    (39, 0, 0, "Main Deck: 39 cards (must be 40 to 60)"),
    (61, 0, 0, "Main Deck: 61 cards (must be 40 to 60)"),
    (40, 16, 0, "Extra Deck: 16 cards (must be 0 to 15)"),
    (40, 0, 16, "Side Deck: 16 cards (must be 0 to 15)"),
])
def test_deck_sizes(main, extra, side, expected):
    extra_cards = [c.passcode for c in card_db() if c.is_extra_deck]
    spares = [c.passcode for c in normal_monsters(30)[-6:] for _ in range(3)]
    found = problems(legal_main(main), (extra_cards * 3)[:extra], spares[:side])
    assert [p for p in found if "cards (must be" in p] == [expected]


def test_at_most_three_copies_across_main_extra_and_side():
    main = legal_main(40)
    assert problems(main, [], [main[0]]) == \
        [f"{card_db()[main[0]].name}: 4 copies (at most 3 across the Main, Extra and Side Deck)"]


def test_extra_deck_monsters_in_the_main_deck_and_the_other_way_round():
    found = problems(legal_main(40) + [DARKFIRE_DRAGON], [DARK_MAGICIAN])
    assert "Main Deck: Darkfire Dragon is a Fusion Monster: it belongs in the Extra Deck" in found
    assert "Extra Deck: Dark Magician is not a Fusion, Synchro, Xyz or Link Monster: " \
        "it belongs in the Main Deck" in found


def test_banlist_limits():
    banlist = load_banlist(DATA / "lflist.conf")                     # Pot 0, DM 1, BEWD 2
    main = legal_main(37) + [POT_OF_GREED, DARK_MAGICIAN, DARK_MAGICIAN]
    found = [p for p in problems(main, banlist=banlist) if "banlist" in p]
    assert found == ["Pot of Greed: 1 copy, Forbidden on banlist 'Test list A' (0 allowed)",
                     "Dark Magician: 2 copies, Limited on banlist 'Test list A' (1 allowed)"]
    assert [p for p in problems(legal_main(38) + [BLUE_EYES] * 2, banlist=banlist)
            if "banlist" in p] == []


def test_whitelist_allows_only_listed_cards():
    banlist = Banlist("vanillas", limits={DARK_MAGICIAN: 3}, whitelist=True)
    main = [DARK_MAGICIAN] * 3 + legal_main(37)
    found = [p for p in problems(main, banlist=banlist) if "banlist" in p]
    assert len(found) == len(set(main)) - 1
    assert all("not on the whitelist on banlist 'vanillas' (0 allowed)" in p for p in found)


def test_alternate_artworks_share_banlist_limits(tmp_path):
    import_cards(make_cdb(tmp_path / "cards.cdb"))
    banlist = Banlist("alt", limits={91000011: 1})                 # listed by its other artwork
    deck = load_deck(ydk(tmp_path, legal_main(38) + [91000001, 91000011]))
    assert "Cdb Vanilla: 2 copies, Limited on banlist 'alt' (1 allowed)" in check_deck(deck, banlist)


def test_playability_is_not_legality(tmp_path):
    import_cards(make_cdb(tmp_path / "cards.cdb"))
    deck = load_deck(ydk(tmp_path, legal_main(38) + [91000002] * 2, [91000004]))
    assert check_deck(deck) == []
    assert [c.name for c in not_playable(deck)] == ["Cdb Effect", "Cdb Xyz"]
    result = run("deck", "check", ydk(tmp_path, legal_main(38) + [91000002] * 2, [91000004]))
    assert result.exit_code == 0, result.output
    assert "not yet playable: 2 cards" in result.output and "Cdb Effect, Cdb Xyz" in result.output
    assert result.output.splitlines()[-1] == "legal, not yet playable"
    result = run("deck", "check", tmp_path / "deck.ydk", "--require-playable")
    assert result.exit_code == 1


def test_unknown_passcodes_are_grouped_and_count_toward_the_copy_limit(tmp_path):
    deck = load_deck(ydk(tmp_path, legal_main(36) + [1234] * 4), allow_unknown=True)
    found = check_deck(deck)
    assert found[0].startswith(f"4 unknown passcodes in {tmp_path / 'deck.ydk'} (line 39: 1234; "
                               "line 40: 1234; line 41: 1234; line 42: 1234): ")
    assert found[0].endswith("their legality cannot be checked (cards the project does not "
                             "know can be imported: ygosim cards import FILE)")
    assert "unknown passcode 1234: 4 copies (at most 3 across the Main, Extra and Side Deck)" \
        in found
    banlist = Banlist("codes", limits={1234: 1})
    assert "unknown passcode 1234: 4 copies, Limited on banlist 'codes' (1 allowed)" in \
        check_deck(deck, banlist)


def test_require_playable_refuses_and_allow_unscripted_warns(tmp_path):
    import_cards(make_cdb(tmp_path / "cards.cdb"))
    mine = load_deck(ydk(tmp_path, legal_main(38) + [91000002] * 2))
    with pytest.raises(YgosimError) as e:
        require_playable({"deck A (mine)": mine, "deck B (yugi)": load_deck("yugi")})
    assert str(e.value) == ("deck A (mine) has 1 card the engine cannot play yet (Cdb Effect): "
                            "they would play without their effects; --allow-unscripted plays "
                            "them anyway")
    assert require_playable({"A": mine}, allow_unscripted=True) == {"A": ["Cdb Effect"]}
    assert require_playable({"A": load_deck("yugi")}) == {}


# -- ygosim deck check -------------------------------------------------------------------------

def test_cli_check_legal_deck_exits_0(tmp_path):
    result = run("deck", "check", ydk(tmp_path, legal_main(40)))
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[-1] == "legal"
    assert run("deck", "check", format_ydke(legal_main(40), [], [])).exit_code == 0


def test_cli_check_reports_every_problem_at_once(tmp_path):
    main = legal_main(35) + [legal_main(3)[0], 1234, POT_OF_GREED]          # a 4th copy
    path = ydk(tmp_path, main, [DARK_MAGICIAN], [99999999])
    result = run("deck", "check", path, "--banlist", DATA / "lflist.conf")
    assert result.exit_code == 1
    out = result.output
    assert f"problem: 2 unknown passcodes in {path} (line 39: 1234; line 44: 99999999)" in out
    assert "problem: Main Deck: 39 cards (must be 40 to 60)" in out   # with Dark Magician, moved
    assert "4 copies" in out and "Pot of Greed: 1 copy, Forbidden" in out
    assert f"note: {path}, line 42: Dark Magician belongs in the Main Deck: moved there" in out
    rules = [l for l in out.splitlines() if l.startswith("problem:") and "not yet playable" not in l]
    assert len(rules) == 4 and out.splitlines()[-1].startswith("not legal: ")


def test_cli_check_banlist_list_selection(tmp_path):
    path = ydk(tmp_path, legal_main(38) + [DARK_MAGICIAN] * 2)           # Limited in list A only
    assert run("deck", "check", path, "--banlist", DATA / "lflist.conf").exit_code == 1
    result = run("deck", "check", path, "--banlist", DATA / "lflist.conf", "--list", "Test list B")
    assert result.exit_code == 0 and "banlist 'Test list B'" in result.output


@pytest.mark.parametrize("args, message", [
    (["missing.ydk"], "error: missing.ydk: no such file"),
    (["ydke://!"], "error: ydke URL: expected 3 parts"),
    (["yugi", "--banlist", "missing.conf"], "error: missing.conf: no such file"),
    (["yugi", "--banlist", DATA / "lflist.conf", "--list", "Nope"], "no list named 'Nope'"),
    (["yugi", "--list", "A"], "--list needs --banlist"),
])
def test_cli_check_unreadable_input_exits_2(args, message):
    result = run("deck", "check", *args)
    assert result.exit_code == 2
    assert message in result.output and "Traceback" not in result.output


def test_cli_check_bad_ydk_exits_2(tmp_path):
    path = tmp_path / "bad.ydk"
    path.write_bytes(b"#main\n46986414\n4698641x\n")
    result = run("deck", "check", path)
    assert result.exit_code == 2
    assert f"error: {path}, line 3: bad passcode '4698641x'" in result.output


# -- ygosim deck show --------------------------------------------------------------------------

def test_cli_show(tmp_path):
    result = run("deck", "show", "kaiba")
    assert result.exit_code == 0
    assert "kaiba (built-in deck kaiba): Main 50, Extra 0, Side 0" in result.output
    assert "Main Deck: 50 cards (" in result.output
    assert "Blue-Eyes White Dragon" in result.output and "89631139" in result.output
    path = ydk(tmp_path, [DARK_MAGICIAN, DARK_MAGICIAN, 1234], [DARKFIRE_DRAGON])
    result = run("deck", "show", path)
    assert result.exit_code == 0
    assert "Main Deck: 3 cards (2 monsters)" in result.output
    assert "unknown passcode" in result.output and "1234" in result.output
    line = next(l for l in result.output.splitlines() if "Dark Magician" in l)
    assert line.split()[0] == "2"


def test_cli_check_with_real_edopro_lists_counts_the_lines_edopro_ignores():
    from pathlib import Path
    speed = Path("/work/shared/real-files/lflist/Speed.lflist.conf")
    genesys = speed.with_name("Genesys.lflist.conf")
    if not speed.exists():
        pytest.skip("the team's real files are not here")
    result = run("deck", "check", "yugi", "--banlist", speed)
    assert "warning: " in result.output and "5 lines of list '2025.07 Speed Duel' ignored, as " \
        "EDOPro ignores them (line 403: '--SS05 Bakura' does not start with a passcode" \
        in result.output
    assert result.exit_code == 1                 # the Speed Duel pool is a whitelist
    result = run("deck", "check", "yugi", "--banlist", genesys, "--json")
    out = json.loads(result.output)
    assert out["legal"] and result.exit_code == 0
    assert out["warnings"] == [f"{genesys}: list '2026.03 Genesys' gives 652 cards point values "
                               "(Genesys): points are not checked, only the copies"]
