"""`ygosim cards coverage`: how much of a format's card pool the engine plays (issue 13)."""
from __future__ import annotations

import json

import pytest

from test_formats_support import home, make_cdb, run  # noqa: F401
from ygosim.cards.db import card_db, normalize
from ygosim.formats.pool import coverage, reference_cards
from ygosim.formats.rules import format_lists
from ygosim.formats.store import import_cards

pytestmark = pytest.mark.usefixtures("home")


def whitelist_lines() -> list[tuple[int, str]]:
    """(passcode, name) of every card of the shipped Goat pool, read from the file itself."""
    from importlib import resources
    text = resources.files("ygosim").joinpath("data/goat/pool-whitelist.conf").read_text()
    out = []
    for line in text.splitlines():
        if line[:1].isdigit():
            code, count, name = line.split(maxsplit=2)
            assert count == "0" or count.isdigit()
            out.append((int(code), name.lstrip("-")))
    return out


def test_goat_coverage_counts_every_pool_card_once_by_what_the_store_knows():
    cov = coverage("goat")
    lines = whitelist_lines()
    assert len(lines) == len(cov.cards) == 1693
    db = card_db()
    expected = {"playable": 0, "facts_only": 0, "unknown": 0}
    for code, _ in lines:
        card = db.get(code)
        status = "unknown" if card is None else \
            "playable" if card.for_era("goat").playable else "facts_only"
        expected[status] += 1
    assert cov.counts() == expected
    kinds = cov.by_kind()
    for status in expected:
        assert sum(row[status] for row in kinds.values()) == expected[status]
    assert sum(row["total"] for row in kinds.values()) == 1693
    # every card of the reference list is known (its facts are built in), Normal Monsters play
    refs = reference_cards("goat")
    assert len(refs) == 538
    by_name = {normalize(c.name): c for c in cov.cards}
    for ref in refs:
        assert by_name[normalize(ref.name)].status != "unknown", ref.name
        assert by_name[normalize(ref.name)].decks == ref.decks
        if ref.tags == ("vanilla",):
            assert by_name[normalize(ref.name)].status == "playable", ref.name


def test_a_scripted_card_moves_from_facts_only_to_playable(unscripted_serpent):
    """Every card of cards.tsv is scripted now (issue 13): with Sinister Serpent's scripts taken
    away (today's and its 2005 one) the card counts as facts only in both eras; given its 2005
    script alone it plays in goat rules and not in v10; given both, in both."""
    card, scripts = unscripted_serpent
    without = {rules: coverage(rules).counts() for rules in ("goat", "v10")}
    for rules in ("goat", "v10"):
        assert "Sinister Serpent" in [c.name for c in coverage(rules).missing()]

    def gained(rules):
        counts = coverage(rules).counts()
        return (counts["playable"] - without[rules]["playable"],
                counts["facts_only"] - without[rules]["facts_only"])

    card.set_era_script("goat", scripts["goat"])
    assert card.playable_in("goat") and not card.playable_in("current")
    assert gained("goat") == (1, -1) and gained("v10") == (0, 0)
    card.set_era_script("current", scripts["current"])
    assert card.playable_in("goat") and card.playable_in("current")
    assert gained("goat") == (1, -1) and gained("v10") == (1, -1)


def test_every_card_of_the_reference_list_plays_in_goat_rules():
    """Issue 13: every row of cards.tsv (538 cards) is playable in goat rules."""
    db = card_db()
    refs = reference_cards("goat")
    assert len(refs) == 538
    assert [r.name for r in refs if not db[r.name].playable_in("goat")] == []


def test_importing_a_database_makes_unknown_pool_cards_known(tmp_path, monkeypatch):
    """The whole Goat pool is built in (issue 23); with two of its cards taken out of the
    built-in set they are unknown, and importing a database that has them makes them known."""
    from ygosim.cards import db as cards_db
    assert coverage("goat").counts()["unknown"] == 0
    by_name, by_code = cards_db.built_in_cards()
    spell = next(c for c in by_name.values() if c.kind == "spell" and not c.playable_in("goat"))
    vanilla = next(c for c in by_name.values() if c.is_normal_monster and c.passcode in
                   format_lists("goat")[1].limits and len(card_db().codes_of(c)) == 1)
    gone = {normalize(spell.name), normalize(vanilla.name)}
    monkeypatch.setattr(cards_db, "_BUILT_IN", (
        {k: c for k, c in by_name.items() if k not in gone},
        {code: c for code, c in by_code.items() if normalize(c.name) not in gone}))
    cards_db.reset_card_db()
    before = coverage("goat")
    unknown = {c.passcode: c for c in before.cards if c.status == "unknown"}
    assert set(unknown) == {spell.passcode, vanilla.passcode}
    make_cdb(tmp_path / "pool.cdb", [
        (spell.passcode, 0, 0x40002, 0, 0, 0, 0, 0, spell.name),              # an Equip Spell
        (vanilla.passcode, 0, 0x11, 1000, 1000, 3, 0x1, 0x1, vanilla.name)])  # a Normal Monster
    import_cards(tmp_path / "pool.cdb")
    after = coverage("goat")
    assert after.counts() == {"playable": before.counts()["playable"] + 1,
                              "facts_only": before.counts()["facts_only"] + 1,
                              "unknown": before.counts()["unknown"] - 2}
    kinds = after.by_kind()
    assert kinds["spell"]["facts_only"] == before.by_kind()["spell"]["facts_only"] + 1
    assert kinds["monster"]["playable"] == before.by_kind()["monster"]["playable"] + 1
    missing = {c.passcode: c for c in after.missing()}
    assert missing[spell.passcode].status == "facts_only" and vanilla.passcode not in missing


def test_missing_cards_come_by_how_many_reference_lists_play_them():
    missing = coverage("goat").missing()
    assert all(c.status != "playable" for c in missing)
    decks = [c.decks for c in missing]
    listed = [n for n in decks if n is not None]
    assert listed == sorted(listed, reverse=True)
    assert decks == listed + [None] * (len(decks) - len(listed))     # unlisted cards after
    refs = {normalize(r.name): r.decks for r in reference_cards("goat")}
    assert all(refs.get(normalize(c.name)) == c.decks for c in missing)


def test_without_rules_every_known_card_as_v10_plays_it():
    cov = coverage(None)
    db = card_db()
    known = {normalize(c.name): c for c in db if not c.has_frame("token")}
    assert len(cov.cards) == len(known)
    assert cov.counts()["unknown"] == 0
    assert cov.counts()["playable"] == sum(c.playable for c in known.values())
    assert coverage("v10").counts() == cov.counts()


def test_command_line_table_json_and_missing():
    r = run("cards", "coverage", "--rules", "goat", "--json", "--missing")
    assert r.exit_code == 0, r.output
    out = json.loads(r.output)
    cov = coverage("goat")
    assert out["cards"] == 1693 and out["pool"] == format_lists("goat")[1].name
    assert {k: out[k] for k in ("playable", "facts_only", "unknown")} == cov.counts()
    assert out["by_kind"] == cov.by_kind()
    assert [m["name"] for m in out["missing"]] == [c.name for c in cov.missing()]
    r = run("cards", "coverage", "--rules", "goat")
    assert r.exit_code == 0, r.output
    counts = cov.counts()
    assert f"1,693 cards, {counts['playable']:,} playable" in r.output
    assert "facts only" in r.output and "not playable" not in r.output
    r = run("cards", "coverage", "--rules", "goat", "--missing")
    first = cov.missing()[0]
    assert "not playable" in r.output and first.name in r.output
    r = run("cards", "coverage")
    assert r.exit_code == 0 and "every card the store knows" in r.output
    assert run("cards", "coverage", "--rules", "modern").exit_code == 2
