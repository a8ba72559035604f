"""Alternate artworks: a deck file may name a built-in card by any of its printed passcodes
(ygosim/cards/data/alternate-artworks.tsv, written by tools/gen_facts.py --artworks), with no
card database imported: a real list exported with an alternate artwork of a Goat card loads."""
from __future__ import annotations

import sys
from pathlib import Path

from ygosim.cards.db import DATA_DIR, ARTWORKS_FILE, card_db, load_alternate_artworks
from ygosim.formats.deck import build_deck
from ygosim.formats.rules import check_deck, format_lists
from ygosim.formats.ydk import format_ydk, parse_ydk


def test_every_alternate_passcode_leads_to_its_card():
    db = card_db()
    alts = load_alternate_artworks(Path(DATA_DIR) / ARTWORKS_FILE)
    assert len(alts) >= 40
    mains = {c.passcode for c in db.by_name.values()}
    for code, name in alts:
        assert code not in mains, code          # never another card's own passcode
        card = db.get(code)
        assert card is not None and card.name == name, code
        assert code in db.codes_of(card)[1:]    # listed after the card's own passcode
    assert db.get(83555667).name == "Ring of Destruction"
    assert db.get(46986416) is db.get("Dark Magician")


def test_a_deck_with_alternate_passcodes_loads_and_is_goat_legal():
    db = card_db()
    main = [83555667, 46986416, 40640058] + [db.get(n).passcode for n in (
        ["Battle Ox", "Celtic Guardian", "Mystic Tomato", "Feral Imp", "Giant Soldier of Stone",
         "Archfiend Soldier", "Mystical Elf", "Axe Raider", "Gemini Elf", "Sakuretsu Armor",
         "Amphibian Beast"] * 3 + ["Pot of Greed", "Graceful Charity", "Heavy Storm", "Sangan"])]
    assert len(main) == 40
    deck = build_deck(parse_ydk(format_ydk(main), "alts.ydk"), "alts")
    assert deck.unknown == []
    assert [c.name for c in deck.main[:3]] == ["Ring of Destruction", "Dark Magician", "Kuriboh"]
    banlist, pool = format_lists("goat")
    assert check_deck(deck, banlist, rules="goat", pool=pool) == []


def test_the_file_is_what_the_tool_writes(tmp_path):
    """Every other passcode the reference database prints for a built-in card (the whole Goat
    pool among them: Widespread Ruin 77754945, Harpie's Feather Duster 18144507, Polymerization
    27847700) is in the file."""
    from test_goat_cards import reference_db
    db = reference_db()
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))
    import gen_facts
    out = tmp_path / "alts.tsv"
    rows = gen_facts.artworks(db, out)
    assert out.read_text() == (Path(DATA_DIR) / ARTWORKS_FILE).read_text()
    assert {(77754945, "Widespread Ruin"), (18144507, "Harpie's Feather Duster"),
            (27847700, "Polymerization")} <= set(rows)
    assert not [code for code, _ in rows if code >= 100_000_000]
