"""Card database import (cards.cdb, YGOProDeck JSON) into the card store, and `ygosim cards`."""
from __future__ import annotations

import codecs
import json
import sqlite3
from pathlib import Path

import pytest
import yaml

from test_formats_support import (DATA, OFFICIAL_TEXT, TEST_ROWS, files_in, home,  # noqa: F401
                                  make_cdb, run, store_bytes, stored)
from ygosim.cards.db import card_db
from ygosim.cards.errors import YgosimError
from ygosim.formats.deck import load_deck
from ygosim.formats.rules import check_deck
from ygosim.formats.store import import_cards, known_cards, store_path
from ygosim.formats.ydk import format_ydk

pytestmark = pytest.mark.usefixtures("home")

REFERENCE = [p / "reference" / "cards-2020.cdb"
             for p in (Path("/work/shared"), Path(__file__).resolve().parents[2] / "shared")]


FACT_KEYS = {"name", "passcode", "alias", "kind", "frames", "subtype", "attribute", "type", "atk",
             "def", "level", "rank", "link_rating", "link_arrows", "scale", "text",
             "pendulum_effect"}


# -- cards.cdb ---------------------------------------------------------------------------------

def test_cdb_import_writes_facts_only(tmp_path):
    report = import_cards(make_cdb(tmp_path / "cards.cdb"))
    assert (report.cards, report.added, report.updated) == (11, 11, 0)
    assert report.skipped == {} and report.tokens == 1
    assert (report.playable, report.alternate_artworks) == (2, 1)    # Vanilla, Pendulum; one artwork
    assert OFFICIAL_TEXT.encode() not in store_bytes()
    cards = stored()
    assert all(set(card) <= FACT_KEYS and card["text"] == "" for card in cards.values())
    assert cards[91000001] == {"name": "Cdb Vanilla", "passcode": 91000001, "kind": "monster",
                               "frames": ["normal"], "attribute": "EARTH", "type": "Warrior",
                               "atk": 1800, "def": 1200, "level": 4, "text": ""}
    assert (cards[91000002]["atk"], cards[91000002]["def"]) == ("?", "?")     # '?'
    assert cards[91000004]["rank"] == 4 and "level" not in cards[91000004]
    assert cards[91000005]["link_rating"] == 3
    assert cards[91000005]["link_arrows"] == ["bottom-left", "bottom-right", "top"]
    assert (cards[91000006]["level"], cards[91000006]["scale"]) == (4, 8)
    assert cards[91000007]["subtype"] == "quickplay" and cards[91000008]["subtype"] == "counter"
    assert cards[91000009]["frames"] == ["normal", "token"]                   # the Token
    assert "pendulum_effect" not in cards[91000006]           # its Pendulum Effect is '-n/a-'


def test_normal_pendulum_monsters_with_a_pendulum_effect_are_not_playable(tmp_path):
    rows = [(91000040, 0, 0x1000011, 1200, 800, (5 << 24) | (5 << 16) | 4, 0x2000, 0x20,
             "Cdb Pendulum With Effect"),
            (91000041, 0, 0x1000011, 1200, 800, (5 << 24) | (5 << 16) | 4, 0x2000, 0x20,
             "Cdb Pendulum No Text")]
    make_cdb(tmp_path / "p.cdb", rows)
    con = sqlite3.connect(tmp_path / "p.cdb")
    con.execute("UPDATE texts SET desc = ? WHERE id = 91000040",
                ("[ Pendulum Effect ]\r\nOnce per turn: do something.\r\n-----------------\r\n"
                 "[ Flavor Text ]\r\n" + OFFICIAL_TEXT,))
    con.execute("UPDATE texts SET desc = NULL WHERE id = 91000041")
    con.commit()
    con.close()
    report = import_cards(tmp_path / "p.cdb")
    assert (report.playable, report.not_playable) == (0, 2)     # no text: not called playable
    db = known_cards()
    assert db["Cdb Pendulum With Effect"].pendulum_effect
    assert not db["Cdb Pendulum With Effect"].playable
    assert OFFICIAL_TEXT.encode() not in store_bytes()


def test_imported_cards_join_the_card_store(tmp_path):
    import_cards(make_cdb(tmp_path / "cards.cdb"))
    db = known_cards()
    vanilla = db["Cdb Vanilla"]
    assert db.get(91000011) is vanilla                          # alternate artwork: same card
    assert vanilla.playable and db["cdb pendulum"].playable
    assert not db["Cdb Effect"].playable and not db["Cdb Fusion"].playable
    assert db["Cdb Other Spell"].alias == 91000007              # an alias to another name: its own card
    assert db["Cdb Link"].kind_line() == "Link-3 DARK Cyberse 2300/-  [Effect/Link]".replace("  ", " ")
    assert db["Cdb Effect"].kind_line() == "Level 5 DARK Dragon ?/? [Effect]"
    assert db["Cdb Effect"].atk == 0            # '?' counts as 0 where the engine counts
    assert db["Cdb Token"].has_frame("token")


def test_alternate_artworks_resolve_in_decks_and_count_as_one_card(tmp_path):
    import_cards(make_cdb(tmp_path / "cards.cdb"))
    path = tmp_path / "d.ydk"
    path.write_text(format_ydk([91000001, 91000011, 91000001], [], [91000011]))
    deck = load_deck(path)
    assert {c.name for c in deck.cards()} == {"Cdb Vanilla"}
    assert "Cdb Vanilla: 4 copies (at most 3 across the Main, Extra and Side Deck)" in check_deck(deck)


def test_import_merges_and_updates(tmp_path):
    import_cards(make_cdb(tmp_path / "a.cdb", TEST_ROWS[:3]))
    changed = [(91000002, 0, 0x21, 1000, 1000, 5, 0x2000, 0x20, "Cdb Effect"),
               (91000020, 0, 0x11, 100, 100, 1, 0x1, 0x1, "Cdb Newcomer")]
    report = import_cards(make_cdb(tmp_path / "b.cdb", changed))
    assert (report.added, report.updated) == (1, 1)
    cards = stored()
    assert set(cards) == {91000001, 91000011, 91000002, 91000020}
    assert cards[91000002]["atk"] == 1000
    report = import_cards(tmp_path / "b.cdb")
    assert (report.added, report.updated) == (0, 0)


def test_import_never_replaces_the_projects_own_cards(tmp_path):
    builtin = card_db()["Dark Magician"]
    rows = [(46986414, 0, 0x11, 1, 1, 1, 0x1, 0x1, "Dark Magician"),
            (91000099, 46986414, 0x11, 1, 1, 1, 0x1, 0x1, "Dark Magician"),
            (36996508, 46986414, 0x11, 1, 1, 1, 0x1, 0x1, "Dark Magician")]
    report = import_cards(make_cdb(tmp_path / "dm.cdb", rows))
    # (36996508 is an artwork the project knows already: it counts as built in)
    assert (report.built_in, report.alternate_artworks) == (2, 1)
    db = known_cards()
    assert db["Dark Magician"].atk == builtin.atk == 2500
    assert db.get(36996508) is db["Dark Magician"] and db.get(91000099) is db["Dark Magician"]


def _cdb_without_texts(path):
    make_cdb(path)
    con = sqlite3.connect(path)
    con.execute("DROP TABLE texts")
    con.commit()
    con.close()


def _cdb_missing_column(path):
    con = sqlite3.connect(path)
    con.executescript("CREATE TABLE datas (id INTEGER, type INTEGER);"
                      "CREATE TABLE texts (id INTEGER, name TEXT);")
    con.close()


def _cdb_with_row(row):
    def build(path):
        make_cdb(path, [TEST_ROWS[0], row])
    return build


def _truncated_cdb(path):
    make_cdb(path, TEST_ROWS * 1)
    con = sqlite3.connect(path)
    con.executemany("INSERT INTO texts VALUES (?, ?, ?, '')",
                    [(i, f"Filler {i}", "x" * 300) for i in range(1, 400)])
    con.commit()
    con.close()
    data = path.read_bytes()
    path.write_bytes(data[:len(data) // 2])


@pytest.mark.parametrize("build, message", [
    (lambda p: p.write_bytes(b""), "not an SQLite database"),
    (lambda p: p.write_text("#main\n46986414\n"), "not an SQLite database"),
    (_cdb_without_texts, "not a YGOPro card database: no table texts"),
    (lambda p: sqlite3.connect(p).execute("CREATE TABLE other (x)").connection.close(),
     "not a YGOPro card database: no table datas or texts"),
    (_cdb_missing_column, "not a readable YGOPro card database: no such column"),
    (_truncated_cdb, "not a readable YGOPro card database"),
])
def test_malformed_cdb_is_refused_and_the_store_is_left_as_it_was(tmp_path, build, message):
    import_cards(make_cdb(tmp_path / "first.cdb", TEST_ROWS[:1]))
    before = files_in(store_path().parent)
    path = tmp_path / "cards.cdb"
    build(path)
    with pytest.raises(YgosimError) as e:
        import_cards(path)
    assert message in str(e.value).replace(str(path), "cards.cdb")
    assert str(path) in str(e.value)
    assert files_in(store_path().parent) == before      # nothing written, no temporary file left


def _bad_name_row(path):
    """A row whose name is not UTF-8 (sqlite3 can store such bytes as TEXT)."""
    make_cdb(path, TEST_ROWS[:1])
    con = sqlite3.connect(path)
    con.execute("INSERT INTO datas VALUES (91000050, 3, 0, 0, 17, 1, 1, 1, 1, 1, 0)")
    con.execute("INSERT INTO texts VALUES (91000050, CAST(? AS TEXT), '', '')", (b"Bad \xff",))
    con.commit()
    con.close()


@pytest.mark.parametrize("row, message", [
    ((91000030, 0, "monster", 0, 0, 0, 0, 0, "Bad Type"),
     "cards.cdb, datas row 91000030: bad type 'monster' (expected a whole number)"),
    ((91000031, 0, 0x11, 0, 0, 0, 0, 0, ""), "datas row 91000031 (id 91000031): the card has no name"),
    ((91000033, 0, 0x10, 0, 0, 0, 0, 0, "Kindless"),
     "(id 91000033): type 0x10 is not a monster, spell or trap"),
    ((91000034, 0, 0x11, 0, 0, 1, 1, 1, "\u00b2"), "(id 91000034): the name '\u00b2' is only digits that are not 0-9"),
    ((91000035, 0, 0x11, 0, 0, 1, 1, 1, "Evil\x1b[2J"), "(id 91000035): the name 'Evil\\x1b[2J' "
                                                        "holds control characters"),
    ((91000036, 0, 0x11, 0, 0, 1, 1, 1, "Ever\u202eLonger"), "holds control characters"),
    ((91000037, 0, 0x11, 0, 0, 1, 1, 1, "x" * 101), "longer than 100 characters"),
    (_bad_name_row, "(id 91000050): the name is not UTF-8 text"),
])
def test_broken_rows_are_left_out_and_reported_and_the_good_rows_imported(tmp_path, row, message):
    path = tmp_path / "cards.cdb"
    if callable(row):
        row(path)
    else:
        make_cdb(path, [TEST_ROWS[0], row])
    report = import_cards(path)
    assert report.added == 1 and list(stored()) == [TEST_ROWS[0][0]]
    (rejected,) = report.rejected
    assert message in rejected.replace(str(path), "cards.cdb"), rejected
    db = known_cards()                                  # the store reads back, card by card
    assert [c.name for c in db if c.name.startswith("Cdb")] == ["Cdb Vanilla"]
    result = run("cards", "import", path)
    assert result.exit_code == 0 and "warning: 1 broken entry left out:" in result.output
    assert "\x1b" not in result.output


def test_rows_that_are_not_cards_are_skipped(tmp_path):
    path = make_cdb(tmp_path / "c.cdb", [TEST_ROWS[0], (91000032, 0, 0x8000000, 0, 0, 0, 0, 0, "Skill"),
                                         (91000038, 0, 0, 0, 0, 0, 0, 0, "Type Zero")])
    report = import_cards(path)
    assert report.skipped == {"skill": 1, "not a card": 1} and not report.rejected


def test_nothing_importable_is_an_error_and_writes_nothing(tmp_path):
    path = make_cdb(tmp_path / "c.cdb", [(91000031, 0, 0x11, 0, 0, 0, 0, 0, "\u00b3")])
    with pytest.raises(YgosimError, match="no card could be imported: 1 broken"):
        import_cards(path)
    assert not store_path().exists()


def test_missing_or_unknown_files(tmp_path):
    with pytest.raises(YgosimError, match="nope.cdb: no such file"):
        import_cards(tmp_path / "nope.cdb")
    (tmp_path / "cards.txt").write_text("x")
    with pytest.raises(YgosimError, match="unknown card database format"):
        import_cards(tmp_path / "cards.txt")
    assert not store_path().exists()


def test_a_damaged_store_is_reported_and_not_overwritten(tmp_path):
    store_path().parent.mkdir(parents=True)
    store_path().write_bytes(b"SQLite format 3\0" + b"garbage" * 100)
    with pytest.raises(YgosimError, match="the imported card store cannot be read"):
        import_cards(make_cdb(tmp_path / "cards.cdb"))
    assert store_path().read_bytes() == b"SQLite format 3\0" + b"garbage" * 100
    result = run("cards", "show", "Some Imported Card")
    assert result.exit_code == 2 and "the imported card store cannot be read" in result.output


def test_an_import_that_fails_midway_leaves_the_store_as_it_was(tmp_path, monkeypatch):
    import_cards(make_cdb(tmp_path / "a.cdb", TEST_ROWS[:3]))
    before = stored()
    from ygosim.formats import store as store_module
    real_put = store_module.StoreWriter.put
    calls = []

    def put_then_fail(self, *args):
        calls.append(args)
        if len(calls) == 3:
            raise sqlite3.OperationalError("database or disk is full")
        return real_put(self, *args)
    monkeypatch.setattr(store_module.StoreWriter, "put", put_then_fail)
    with pytest.raises(YgosimError, match="disk is full.*left as it was"):
        import_cards(make_cdb(tmp_path / "b.cdb"))
    assert stored() == before
    assert [p.name for p in store_path().parent.iterdir()] == [store_path().name]


def test_a_store_of_the_yaml_days_is_converted(tmp_path):
    old = store_path().parent / "cards.yaml"
    old.parent.mkdir(parents=True)
    old.write_text("- {name: Old Vanilla, passcode: 91000060, kind: monster, frames: [normal],\n"
                   "   attribute: EARTH, type: Warrior, atk: 100, def: 100, level: 1, text: ''}\n"
                   "- {name: Old Vanilla, passcode: 91000061, alias: 91000060, kind: monster,\n"
                   "   frames: [normal], attribute: EARTH, type: Warrior, atk: 100, def: 100,\n"
                   "   level: 1, text: ''}\n")
    db = known_cards()
    assert db.get(91000061) is db["old vanilla"] and db["Old Vanilla"].passcode == 91000060
    assert store_path().exists() and old.exists()


# -- YGOProDeck JSON ---------------------------------------------------------------------------

def test_ygoprodeck_json_import():
    report = import_cards(DATA / "cardinfo.json")
    assert report.skipped == {"skill": 1} and report.tokens == 1
    assert (report.cards, report.alternate_artworks, report.playable) == (11, 1, 2)
    assert OFFICIAL_TEXT.encode() not in store_bytes()
    cards = stored()
    assert cards[90000011]["alias"] == 90000001
    assert cards[90000002]["frames"] == ["effect", "flip"] and cards[90000002]["atk"] == "?"
    assert cards[90000008]["frames"] == ["normal", "token"]
    assert (cards[90000012]["atk"], cards[90000012]["def"]) == ("?", "?")
    assert "pendulum_effect" not in cards[90000004] and cards[90000010]["pendulum_effect"]
    assert cards[90000003]["link_arrows"] == ["bottom-left", "bottom-right", "top"]
    assert cards[90000003]["link_rating"] == 3 and "def" not in cards[90000003]
    assert cards[90000004]["frames"] == ["normal", "pendulum"] and cards[90000004]["scale"] == 8
    assert cards[90000005]["frames"] == ["effect", "xyz"] and cards[90000005]["rank"] == 4
    assert cards[90000006]["subtype"] == "quickplay" and cards[90000007]["subtype"] == "counter"
    db = known_cards()
    assert db.get(90000011) is db["Test Vanilla"] and db["Test Vanilla"].playable
    assert db["Test Pendulum"].playable and not db["Test Xyz"].playable
    assert not db["Test Pendulum Effect"].playable


def _card(**changes):
    card = {"id": 90000001, "name": "Test Vanilla", "type": "Normal Monster",
            "frameType": "normal", "atk": 1800, "def": 1200, "level": 4, "race": "Warrior",
            "attribute": "EARTH"}
    card.update(changes)
    return json.dumps({"data": [card]}).encode()


@pytest.mark.parametrize("content, message", [
    (b"", "cards.json: the file is empty"),
    (b'{"data": [\n  {"id": 1,\n', "cards.json, line 3: invalid JSON"),
    (b'{"data": [}', "cards.json, line 1: invalid JSON"),
    (b'{"cards": []}', "cards.json: not a YGOProDeck card list"),
    (b'{"data": [42]}', "cards.json, data[0]: expected a card object, found int"),
    (codecs.BOM_UTF16_LE + '{"data": []}'.encode("utf-16-le"), "cards.json, line 1: the file is UTF-16"),
    (b'{"data": [{"id": 1, "name": "Caf\xe9"}]}', "cards.json, line 1: not UTF-8 text"),
    (_card(id="90000001"), "cards.json, data[0]: bad passcode '90000001'"),
    (_card(name=None), "cards.json, data[0] (id 90000001): bad 'name': expected text, found nothing"),
    (_card(atk="1800"), "bad 'atk': expected a whole number, found '1800'"),
    (_card(type="Weird Card"), "bad 'type': expected a Monster, Spell or Trap card type"),
    (_card(type="Spell Card", race="Sideways"), "bad 'race': expected a kind of Spell Card"),
    (_card(type="Link Monster", linkmarkers=["Up"]), "bad 'linkmarkers'"),
    (_card(card_images=[{"id": -3}]), "bad passcode -3"),
])
def test_malformed_json_is_refused_and_nothing_is_written(tmp_path, content, message):
    path = tmp_path / "cards.json"
    path.write_bytes(content)
    with pytest.raises(YgosimError) as e:
        import_cards(path)
    assert message in str(e.value).replace(str(path), "cards.json")
    assert not store_path().parent.exists()


# -- ygosim cards ------------------------------------------------------------------------------

def test_cli_import_search_show(tmp_path):
    result = run("cards", "import", make_cdb(tmp_path / "cards.cdb"))
    assert result.exit_code == 0, result.output
    assert "11 added" in result.output and "2 Normal Monsters are playable" in result.output
    assert "1 Tokens" in result.output

    result = run("cards", "search", "CDB V")
    assert result.exit_code == 0
    assert "Cdb Vanilla" in result.output and "Cdb Effect" not in result.output
    result = run("cards", "search", "VANILLA MONSTER WITH NO EFFECT")   # the project's descriptions
    assert result.exit_code == 0 and "Dark Magician" in result.output

    result = run("cards", "show", "91000011")
    assert result.exit_code == 0
    assert result.output.splitlines()[0] == "Cdb Vanilla"
    assert "Also: 91000011 (alternate artworks)" in result.output
    assert "Playable: yes" in result.output
    result = run("cards", "show", "cdb effect")
    assert "Level 5 DARK Dragon ?/? [Effect]" in result.output
    assert "Description: (not yet written by the project)" in result.output
    assert "Playable: not yet" in result.output


def test_cli_errors_exit_2_without_traceback(tmp_path):
    (tmp_path / "bad.json").write_text('{"data": [')
    for args, message in [(["cards", "import", tmp_path / "bad.json"], "bad.json, line 1: invalid JSON"),
                          (["cards", "show", "Dark Magican"], "did you mean 'Dark Magician'")]:
        result = run(*args)
        assert result.exit_code == 2
        assert message in result.output and "Traceback" not in result.output
    assert run("cards", "search", "no such card at all").output.startswith("no card matches")


@pytest.mark.skipif(not any(p.exists() for p in REFERENCE), reason="no reference cards.cdb here")
def test_import_the_reference_cdb():
    path = next(p for p in REFERENCE if p.exists())
    report = import_cards(path)
    assert report.cards > 10000 and report.alternate_artworks > 50
    assert report.tokens > 100 and not report.rejected
    db = known_cards()
    assert db.get(36996508) is db["Dark Magician"]
    assert db["Decode Talker"].link_arrows == ("bottom-left", "bottom-right", "top")
    assert db["Odd-Eyes Pendulum Dragon"].scale == 4
    assert db["7"].passcode == 67048711 and db.get(67048711) is db["7"]       # a card named 7
    assert not db["Dragonpulse Magician"].playable                     # its Pendulum Effect
    assert all(set(card) <= FACT_KEYS and card["text"] == "" for card in stored().values())


def test_the_store_is_read_lazily_card_by_card(tmp_path):
    rows = [(92000000 + i, 0, 0x11, 100, 100, 1, 0x1, 0x1, f"Lazy Card {i}") for i in range(3000)]
    import_cards(make_cdb(tmp_path / "many.cdb", rows))
    db = known_cards()
    built_in = len(db.by_name)
    assert db["lazy card 1234"].passcode == 92001234 and db.get(92002999).name == "Lazy Card 2999"
    assert len(db.by_name) == built_in + 2                 # only what was asked for was read
    assert db.get("Lazy Card 99999") is None and db.get(93000000) is None
    assert [c.name for c in db.search("lazy card 29")][:2] == ["Lazy Card 29", "Lazy Card 290"]
    assert len(db) == built_in + 3000


def test_store_location_follows_the_platform_unless_ygosim_home_says(monkeypatch, tmp_path):
    import platformdirs
    from ygosim.cards.db import user_store_dir
    assert user_store_dir() == tmp_path / "ygosim-home"               # the fixture's YGOSIM_HOME
    monkeypatch.delenv("YGOSIM_HOME")
    assert user_store_dir() == Path(platformdirs.user_data_dir("ygosim", appauthor=False))


def test_race_and_attribute_bits_edopro_added_later_read_as_unknown(tmp_path):
    rows = [(91000070, 0, 0x11, 100, 100, 1, 1 << 62, 0x80, "Cdb Later Race")]
    report = import_cards(make_cdb(tmp_path / "r.cdb", rows))
    assert report.added == 1 and not report.rejected
    assert known_cards()["Cdb Later Race"].kind_line() == "Level 1 ? ? 100/100 [Normal]"
