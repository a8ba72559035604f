"""The whole Goat pool is built in (issue 23): the facts of all 1,693 cards of the whitelist
ship with the project (ygosim/cards/data/goat-pool.jsonl, written by tools/gen_facts.py
--pool), so a fresh install knows every card of any Goat list; a card with no script is known
but not playable, and says so."""
from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

from test_formats_support import home, run  # noqa: F401  (fixture)
from test_goat_cards import reference_db
from ygosim.cards.db import built_in_cards, card_db, load_data_rows, normalize
from ygosim.formats.deck import load_deck
from ygosim.formats.pool import coverage
from ygosim.formats.ydk import format_ydk

pytestmark = pytest.mark.usefixtures("home")

ROOT = Path(__file__).resolve().parents[1]
WHITELIST = ROOT / "ygosim" / "data" / "goat" / "pool-whitelist.conf"


def whitelist() -> list[tuple[int, str]]:
    out = []
    for line in WHITELIST.read_text(encoding="utf-8").splitlines():
        if line[:1].isdigit():
            code, _, name = line.split(maxsplit=2)
            out.append((int(code), name.removeprefix("--")))
    return out


def gen_facts():
    spec = importlib.util.spec_from_file_location("gen_facts", ROOT / "tools" / "gen_facts.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_card_of_the_goat_pool_is_built_in():
    by_name, by_code = built_in_cards()
    cards = whitelist()
    assert len(cards) == 1693
    for code, name in cards:
        card = by_code.get(code)
        assert card is not None, f"{name} ({code}) is not built in"
        assert card.name == name and by_name[normalize(name)] is card


def test_a_fresh_install_knows_the_whole_goat_pool(home):
    assert not (home / "cards.sqlite3").exists()           # nothing imported
    counts = coverage("goat").counts()
    assert counts["unknown"] == 0 and sum(counts.values()) == 1693
    r = run("cards", "coverage", "--rules", "goat", "--json")
    assert r.exit_code == 0 and json.loads(r.output)["unknown"] == 0


def test_fusion_monsters_name_their_materials_among_the_built_in_cards():
    by_name, _ = built_in_cards()
    fusions = [c for c in by_name.values() if c.has_frame("fusion")]
    assert len(fusions) >= 52
    for card in fusions:
        assert len(card.materials) >= 2, card.name
        for name in card.materials:
            assert normalize(name) in by_name, f"{card.name}: material {name!r} is not built in"
    assert card_db()["Twin-Headed Thunder Dragon"].materials == ("Thunder Dragon",) * 2
    assert card_db()["Dark Paladin"].materials == ("Dark Magician", "Buster Blader")


def test_the_generated_file_is_what_the_tool_writes(tmp_path):
    """tools/gen_facts.py --pool, run again, writes the same facts (descriptions written by
    hand into the file are kept by the tool and not compared here)."""
    db = reference_db()
    tool = gen_facts()
    out = tmp_path / "pool.jsonl"
    fresh = tool.pool(db, WHITELIST, out, replaces=tool.OUT)
    assert fresh == load_data_rows(out)

    def facts(rows):
        return [{k: v for k, v in r.items() if k not in tool.HAND_WRITTEN} for r in rows]
    assert facts(fresh) == facts(load_data_rows(tool.OUT))
    again = tool.pool(db, WHITELIST, out, replaces=tool.OUT)        # idempotent
    assert again == fresh


def test_a_pool_card_with_no_script_is_known_but_not_playable(tmp_path):
    """Deck check of a Goat list with a card the engine has no script for: the card is known
    (no unknown passcode), the deck is legal, and it is named as not yet playable (and fails
    --require-playable)."""
    unscripted = [c for c in coverage("goat").missing() if c.status == "facts_only"
                  and c.kind == "monster" and card_db()[c.passcode].is_monster
                  and not card_db()[c.passcode].is_extra_deck]
    if not unscripted:
        pytest.skip("every Main Deck monster of the Goat pool plays")
    card = card_db()[unscripted[-1].passcode]
    goat = load_deck("goat-control")
    path = tmp_path / "with-unscripted.ydk"
    path.write_text(format_ydk([c.passcode for c in goat.main[:39]] + [card.passcode],
                               [c.passcode for c in goat.extra]))
    r = run("deck", "check", path, "--rules", "goat", "--json")
    out = json.loads(r.output)
    assert r.exit_code == 0 and out["legal"] and out["unknown"] == []
    assert out["playable"] is False and out["not_playable"] == [card.name]
    r = run("deck", "check", path, "--rules", "goat")
    assert r.exit_code == 0
    assert "not yet playable: 1 card the engine has no script for" in r.output
    assert card.name in r.output and "unknown" not in r.output
    r = run("cards", "show", str(card.passcode))
    assert r.exit_code == 0 and "Playable: not yet" in r.output
    r = run("deck", "check", path, "--rules", "goat", "--require-playable")
    assert r.exit_code == 1
