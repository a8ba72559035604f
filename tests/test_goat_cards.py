"""The Goat format's card facts: every card of the pool (ygosim/data/goat/cards.tsv, and the whole
whitelist) and of the built-in Goat decks is known, facts agree with the reference database,
descriptions are the project's own words."""
from __future__ import annotations

import csv
import re
import sqlite3
from pathlib import Path

import pytest

from ygosim.cards.codes import (TYPE_BITS, facts_from_row, fusion_materials_from_desc,
                                ritual_from_desc)
from ygosim.cards.db import built_in_cards, card_db, data_files, load_data_rows, normalize

POOL = Path(__file__).resolve().parents[1] / "ygosim" / "data" / "goat" / "cards.tsv"
REFERENCE = [p / "reference" / "cards-2020.cdb"
             for p in (Path("/work/shared"), Path(__file__).resolve().parents[2] / "shared")]
VANILLA = "A vanilla monster with no effect."
ERAS = {"goat"}
FACT_KEYS = ("kind", "frames", "subtype", "attribute", "type", "atk", "def", "level", "rank",
             "link_rating", "link_arrows", "scale", "materials", "ritual")


def pool_rows() -> list[dict]:
    with open(POOL, encoding="utf-8", newline="") as f:
        return list(csv.DictReader(f, delimiter="\t"))


def data_rows() -> list[tuple[str, dict]]:
    """(file name, row) for every card of the built-in fact files (*.yaml and *.jsonl)."""
    return [(path.name, row) for path in data_files() for row in load_data_rows(path)]


def reference_db():
    path = next((p for p in REFERENCE if p.exists()), None)
    if path is None:
        pytest.skip("the reference cards-2020.cdb is not on this machine")
    return sqlite3.connect(f"file:{path}?mode=ro", uri=True)


def test_pool_file_has_the_first_step_cards():
    rows = pool_rows()
    assert len(rows) == 538
    assert sum(r["tags"] == "vanilla" for r in rows) == 345


@pytest.mark.parametrize("row", pool_rows(), ids=lambda r: r["name"])
def test_every_pool_card_is_known(row):
    card = card_db().get(int(row["passcode"]))
    assert card is not None, f"{row['name']} ({row['passcode']}) has no facts"
    assert card.name == row["name"] and card.kind == row["kind"]
    assert card_db().get(row["name"]) is card
    if row["tags"] == "vanilla":
        assert card.is_normal_monster and card.text.startswith(VANILLA[:-1])
    else:
        assert not card.is_normal_monster
        assert card.text and card.text != VANILLA


def test_no_card_is_listed_twice():
    codes, names = {}, {}
    for file, row in data_rows():
        where = f"{file}: {row['name']}"
        assert row["passcode"] not in codes, f"{where}: passcode also in {codes[row['passcode']]}"
        assert normalize(row["name"]) not in names, f"{where}: name also in {names[normalize(row['name'])]}"
        codes[row["passcode"]] = names[normalize(row["name"])] = where


def test_era_texts_name_a_known_era_and_say_something_new():
    found = 0
    for file, row in data_rows():
        era = row.get("era_text")
        if era is None:
            continue
        found += 1
        assert isinstance(era, dict) and set(era) <= ERAS, f"{file}: {row['name']}: era_text {era!r}"
        for text in era.values():
            assert isinstance(text, str) and len(text) > 20 and text != row.get("text"), row["name"]
    assert found >= 50


def test_tokens_are_monsters_with_the_token_frame():
    sheep = card_db()["Sheep Token"]
    assert sheep.is_monster and sheep.has_frame("token") and not sheep.is_extra_deck
    assert (sheep.level, sheep.attribute, sheep.type, sheep.atk, sheep.def_) == (1, "EARTH", "Beast", 0, 0)


def test_facts_agree_with_the_reference_database():
    db = reference_db()
    checked = 0
    for file, row in data_rows():
        ref = db.execute("select d.id, d.alias, d.type, d.atk, d.def, d.level, d.race, d.attribute,"
                         " t.name, t.desc from datas d join texts t on t.id = d.id where d.id = ?",
                         (row["passcode"],)).fetchone()
        if ref is None:
            continue
        assert ref[-2] == row["name"], f"{file}: {row['name']}: the reference calls it {ref[-2]}"
        facts = facts_from_row(*ref[:-2])
        if ref[2] & TYPE_BITS["fusion"]:
            facts["materials"] = list(fusion_materials_from_desc(ref[-1]))
        if ref[2] & TYPE_BITS["spell"] and ref[2] & TYPE_BITS["ritual"]:
            facts["ritual"] = ritual_from_desc(ref[-1])
        for key in FACT_KEYS:
            if key in facts or key in row:
                assert row.get(key) == facts.get(key), f"{file}: {row['name']}: {key}"
        checked += 1
    assert checked >= 1700


def words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9']+", text.lower())


def runs(text: str, n: int) -> set[tuple[str, ...]]:
    w = words(text)
    return {tuple(w[i:i + n]) for i in range(len(w) - n + 1)}


def test_descriptions_are_not_the_official_texts():
    """No description shares a run of 10 words with the card's official text."""
    db = reference_db()
    for file, row in data_rows():
        ref = db.execute("select desc from texts where id = ?", (row["passcode"],)).fetchone()
        if ref is None:
            continue
        official = runs(ref[0], 10)
        for text in [row.get("text", ""), *(row.get("era_text") or {}).values()]:
            shared = runs(text, 10) & official
            assert not shared, f"{file}: {row['name']}: copies '{' '.join(min(shared))}'"


GOAT_DECKS = {"goat-control": (40, 15), "chaos-turbo": (40, 0), "warrior": (40, 15),
              "empty-jar": (40, 0), "chaos-goat": (41, 0), "zombie": (40, 0)}


@pytest.mark.parametrize("name", GOAT_DECKS)
def test_goat_decks_are_built_in_and_every_card_resolves(name):
    from ygosim.formats.deck import load_deck
    deck = load_deck(name)
    assert not deck.unknown and not deck.notes
    assert (len(deck.main), len(deck.extra)) == GOAT_DECKS[name]
    pool = {int(r["passcode"]) for r in pool_rows()}
    assert {c.passcode for c in deck.main + deck.extra + deck.side} <= pool


def test_the_six_goat_decks_hold_79_distinct_cards():
    from ygosim.formats.deck import load_deck
    cards = {c.passcode for n in GOAT_DECKS for s in ("main", "extra", "side")
             for c in load_deck(n).section(s)}
    assert len(cards) == 79


def test_deck_show_lists_every_card_of_goat_control():
    from click.testing import CliRunner

    from ygosim.cli import main
    from ygosim.formats.deck import load_deck
    result = CliRunner().invoke(main, ["deck", "show", "goat-control"])
    assert result.exit_code == 0, result.output
    deck = load_deck("goat-control")
    for card in deck.main + deck.extra:
        assert card.name in result.output
    assert "Main 40, Extra 15" in result.output
