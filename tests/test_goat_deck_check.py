"""Deck legality in Goat format (issue 12): `ygosim deck check DECK --rules goat` checks the
Goat sizes (from the goat rule set), the April 2005 list and the Goat card pool, shipped in the
package; the six real Goat decks are legal; a Synchro Monster, a Forbidden card or a deck over
the list's limits each get a clear verdict."""
from __future__ import annotations

import json

import pytest

from test_formats_support import home, run  # noqa: F401  (fixture)
from ygosim.cards.db import card_db
from ygosim.engine.rules import GOAT
from ygosim.formats.deck import Deck, load_deck
from ygosim.formats.rules import check_deck, format_lists
from ygosim.formats.ydk import format_ydk

pytestmark = pytest.mark.usefixtures("home")

GOAT_DECKS = ["goat-control", "chaos-turbo", "warrior", "empty-jar", "chaos-goat", "zombie"]
BREAKER, DARK_HOLE, SCRAP_ARCHFIEND, TUNE_WARRIOR = 71413901, 53129443, 45815891, 74093656


def goat_problems(deck):
    banlist, pool = format_lists("goat")
    return check_deck(deck, banlist, rules="goat", pool=pool)


def pool_normal_monsters(n: int, besides: Deck) -> list[int]:
    """`n` distinct Normal Monsters of the Goat pool the project knows, none of them in
    `besides`."""
    _, pool = format_lists("goat")
    db = card_db()
    taken = {c.name for c in besides.cards()}
    found = [db.get(code) for code in sorted(pool.limits) if pool.limits[code] == 3]
    found = [c for c in found if c is not None and c.is_normal_monster and c.name not in taken]
    assert len(found) >= n
    return [c.passcode for c in found[:n]]


def with_cards(base: str, main_add=(), extra_add=(), side=(), main_cut=0) -> Deck:
    deck = load_deck(base)
    db = card_db()
    main = deck.main[:len(deck.main) - main_cut] + [db[c] for c in main_add]
    return Deck("test", main, deck.extra + [db[c] for c in extra_add], [db[c] for c in side])


@pytest.mark.parametrize("name", GOAT_DECKS)
def test_the_six_goat_decks_are_legal(name):
    deck = load_deck(name, allow_unknown=True)
    assert not deck.unknown, f"{name}: cards the project does not know yet"
    assert goat_problems(deck) == []
    result = run("deck", "check", name, "--rules", "goat", "--json")
    out = json.loads(result.output)
    assert out["legal"] and out["problems"] == [] and out["rules"] == "goat"
    assert out["banlist"] == "2005.04 Goat" and out["pool"] == "2005.04 Goat (card pool)"
    assert result.exit_code == 0       # not playable yet is not illegal


def test_the_shipped_lists():
    banlist, pool = format_lists("goat")
    statuses = [sum(1 for n in banlist.limits.values() if n == k) for k in (0, 1, 2)]
    assert statuses == [17, 41, 15] and not banlist.whitelist
    assert pool.whitelist and len(pool.limits) == 1693
    assert format_lists("v10") == (None, None)


def test_a_synchro_monster_in_a_goat_deck():
    deck = with_cards("chaos-turbo", extra_add=[SCRAP_ARCHFIEND])
    found = goat_problems(deck)
    assert "Scrap Archfiend is a Synchro Monster: Goat format (TCG, April 2005) has no Synchro " \
        "Monsters" in found
    assert "Scrap Archfiend: not in the card pool of '2005.04 Goat (card pool)'" in found
    assert check_deck(deck) == []                  # legal in v10


def test_a_forbidden_card_and_a_deck_over_the_lists_limits():
    deck = with_cards("goat-control", main_add=[DARK_HOLE, BREAKER], main_cut=2)
    found = goat_problems(deck)
    assert sorted(found) == [
        "Breaker the Magical Warrior: 2 copies, Limited on banlist '2005.04 Goat' (1 allowed)",
        "Dark Hole: 1 copy, Forbidden on banlist '2005.04 Goat' (0 allowed)"]


def test_a_card_outside_the_pool():
    found = goat_problems(with_cards("zombie", main_add=[TUNE_WARRIOR], main_cut=1))
    assert found == ["Tune Warrior: not in the card pool of '2005.04 Goat (card pool)'"]


def test_goat_sizes_come_from_the_rule_set():
    deck = load_deck("chaos-goat")                                     # Main 41
    assert check_deck(deck, rules="goat") == []
    assert check_deck(deck, rules=GOAT.with_(main_min=42)) == \
        ["Main Deck: 41 cards (must be 42 or more)"]
    short = with_cards("empty-jar", main_cut=1)
    assert check_deck(short, rules="goat") == ["Main Deck: 39 cards (must be 40 or more)"]
    big = with_cards("empty-jar", main_add=pool_normal_monsters(30, load_deck("empty-jar")))
    assert [p for p in check_deck(big, rules="goat") if "cards (must" in p] == []   # 70: fine
    db = card_db()
    goat = load_deck("goat-control")
    side7 = Deck("s", goat.main, goat.extra, [db[c] for c in pool_normal_monsters(7, goat)])
    assert "Side Deck: 7 cards (must be 0 or 15)" in check_deck(side7, rules="goat")
    side15 = Deck("s", goat.main, goat.extra, [db[c] for c in pool_normal_monsters(15, goat)])
    assert [p for p in check_deck(side15, rules="goat") if "Side Deck" in p] == []
    many_fusions = Deck("f", goat.main, goat.extra * 2)                 # a Fusion Deck of 30
    assert [p for p in check_deck(many_fusions, rules="goat") if "Fusion Deck:" in p] == []
    assert "Extra Deck: 30 cards (must be 0 to 15)" in check_deck(many_fusions)   # v10


def test_cli_goat_verdicts(tmp_path):
    path = tmp_path / "bad-goat.ydk"
    main = [c.passcode for c in load_deck("goat-control").main[:38]] + [DARK_HOLE, TUNE_WARRIOR]
    path.write_text(format_ydk(main, [SCRAP_ARCHFIEND]))
    result = run("deck", "check", path, "--rules", "goat")
    assert result.exit_code == 1
    out = result.output
    assert "problem: Dark Hole: 1 copy, Forbidden on banlist '2005.04 Goat' (0 allowed)" in out
    assert "problem: Scrap Archfiend is a Synchro Monster" in out
    assert "problem: Tune Warrior: not in the card pool" in out
    assert out.splitlines()[0].startswith("bad-goat: Main 40, Fusion 1, Side 0 (rules goat; ")
    assert out.splitlines()[-1].startswith("not legal: ")
