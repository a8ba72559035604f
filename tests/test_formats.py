"""Deck formats: .ydk files, ydke:// URLs, lflist.conf banlists, decks, `ygosim deck convert`."""
from __future__ import annotations

import codecs
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from test_formats_support import DATA, home, legal_main, run  # noqa: F401  (fixture)
from ygosim.cards.errors import YgosimError
from ygosim.formats.deck import load_deck, read_deck_list
from ygosim.formats.lflist import load_banlist, parse_lflist
from ygosim.cards.textfile import write_atomic
from ygosim.formats.ydk import format_ydk, parse_ydk, read_ydk
from ygosim.formats.ydke import format_ydke, parse_ydke

pytestmark = pytest.mark.usefixtures("home")
REAL = next((p / "real-files" for p in (Path("/work/shared"), Path(__file__).resolve().parents[2] / "shared")
             if (p / "real-files").exists()), Path("/nonexistent"))

DARK_MAGICIAN, BLUE_EYES, POLYMERIZATION, DARKFIRE_DRAGON = 46986414, 89631139, 24094653, 17881964


# -- .ydk ------------------------------------------------------------------------------------

def test_ydk_with_crlf_comments_and_blank_lines():
    deck = read_ydk(DATA / "windows.ydk")
    assert deck.codes("main") == [DARK_MAGICIAN, DARK_MAGICIAN, BLUE_EYES, POLYMERIZATION]
    assert deck.codes("extra") == []
    assert deck.codes("side") == [DARK_MAGICIAN]
    assert deck.main[2].where == f"{DATA / 'windows.ydk'}, line 6"


def test_ydk_utf8_byte_order_mark_is_accepted(tmp_path):
    path = tmp_path / "bom.ydk"
    path.write_bytes(codecs.BOM_UTF8 + b"#main\n46986414\n")
    assert read_ydk(path).codes("main") == [DARK_MAGICIAN]


def test_ydk_write_read_round_trip():
    text = format_ydk([DARK_MAGICIAN, BLUE_EYES], [DARKFIRE_DRAGON], [POLYMERIZATION])
    assert text.startswith("#created by ygosim\n#main\n46986414\n")
    deck = parse_ydk(text, "x.ydk")
    assert [deck.codes(s) for s in ("main", "extra", "side")] == \
        [[DARK_MAGICIAN, BLUE_EYES], [DARKFIRE_DRAGON], [POLYMERIZATION]]


@pytest.mark.parametrize("content, message", [
    (b"", "x.ydk: the file is empty"),
    (b"  \r\n\n", "x.ydk: the file is empty"),
    (codecs.BOM_UTF16_LE + "#main\n46986414\n".encode("utf-16-le"), "x.ydk, line 1: the file is UTF-16"),
    ("#main\n46986414\n".encode("utf-16-le"), "x.ydk, line 1: NUL bytes"),
    (b"#main\n46986414\n\xff\xfe9\n", "x.ydk, line 3: not UTF-8 text"),
    (b"#main\n46986414\n12ab\n", "x.ydk, line 3: bad passcode '12ab'"),
    (b"#main\n-5\n", "x.ydk, line 2: bad passcode '-5'"),
    (b"#main\n4294967296\n", "x.ydk, line 2: bad passcode 4294967296 (out of range)"),
    (b"#main\n0\n", "x.ydk, line 2: bad passcode 0 (out of range)"),
    (b"46986414\n#main\n", "x.ydk, line 1: '46986414' before the #main line"),
    (b"#main\n46986414\n!extra\n", "x.ydk, line 3: unknown section '!extra'"),
    (b"#created by nobody\n", "x.ydk: no #main line"),
    (b"{\"data\": []}", "x.ydk, line 1: '{\"data\": []}' before the #main line"),
])
def test_ydk_malformed(tmp_path, content, message):
    (tmp_path / "x.ydk").write_bytes(content)
    with pytest.raises(YgosimError) as e:
        read_ydk(tmp_path / "x.ydk")
    assert str(e.value).replace(str(tmp_path / "x.ydk"), "x.ydk").startswith(message)


def test_ydk_missing_file_and_directory(tmp_path):
    with pytest.raises(YgosimError, match="nope.ydk: no such file"):
        load_deck(tmp_path / "nope.ydk")
    with pytest.raises(YgosimError, match="is a directory"):
        load_deck(tmp_path)


def test_unknown_passcodes_are_named_with_file_and_line(tmp_path):
    path = tmp_path / "x.ydk"
    path.write_text("#main\n46986414\n1234\n#extra\n!side\n4698\n")       # truncated passcode
    with pytest.raises(YgosimError) as e:
        load_deck(path)
    assert f"{path}, line 3: unknown passcode 1234" in str(e.value)
    assert f"{path}, line 6: unknown passcode 4698" in str(e.value)
    deck = load_deck(path, allow_unknown=True)
    assert [e.code for _, e in deck.unknown] == [1234, 4698]
    assert deck.size("main") == 2 and deck.size("side") == 1


def test_extra_deck_monsters_are_sorted_like_ygopro(tmp_path):
    path = tmp_path / "mixed.ydk"
    path.write_text(format_ydk([DARK_MAGICIAN, DARKFIRE_DRAGON], [POLYMERIZATION], [DARKFIRE_DRAGON]))
    deck = load_deck(path)
    assert [c.name for c in deck.main] == ["Dark Magician", "Polymerization"]
    assert [c.name for c in deck.extra] == ["Darkfire Dragon"]
    assert [c.name for c in deck.side] == ["Darkfire Dragon"]        # the Side Deck holds any card
    assert deck.notes == [
        f"{path}, line 4: Darkfire Dragon belongs in the Extra Deck: moved there",
        f"{path}, line 6: Polymerization belongs in the Main Deck: moved there",
    ]


# -- ydke:// ---------------------------------------------------------------------------------

def test_ydke_known_url():
    url = format_ydke([DARK_MAGICIAN], [], [BLUE_EYES])
    assert url == "ydke://rvTMAg==!!o6lXBQ==!"
    deck = parse_ydke(url)
    assert (deck.codes("main"), deck.codes("extra"), deck.codes("side")) == \
        ([DARK_MAGICIAN], [], [BLUE_EYES])
    assert parse_ydke(url.rstrip("!")).codes("side") == [BLUE_EYES]     # no trailing '!'


codes = st.lists(st.integers(1, 0xFFFFFFFF), max_size=20)


@given(codes, codes, codes)
def test_ydke_round_trip(main, extra, side):
    deck = parse_ydke(format_ydke(main, extra, side))
    assert (deck.codes("main"), deck.codes("extra"), deck.codes("side")) == (main, extra, side)


@pytest.mark.parametrize("url, message", [
    ("ydke:/rvTMAg==!!!", "does not start with ydke://"),
    ("ydke://rvTMAg==!", "expected 3 parts"),
    ("ydke://rvTMAg==!!!!!", "expected 3 parts"),
    ("ydke://zviM*g==!!!", "ydke URL, Main Deck: not valid base64"),
    ("ydke://rvTMAg=!!!", "ydke URL, Main Deck: not valid base64"),
    ("ydke://!zviM!!", "ydke URL, Extra Deck: 3 bytes is not a whole number of passcodes"),
    ("ydke://!!AAAAAA==!", "ydke URL, Side Deck, card 1: bad passcode 0"),
])
def test_ydke_malformed(url, message):
    with pytest.raises(YgosimError, match=message):
        parse_ydke(url)


def test_ydk_to_ydke_to_ydk_round_trip_keeps_every_passcode():
    original = read_ydk(DATA / "windows.ydk")
    url = format_ydke(*(original.codes(s) for s in ("main", "extra", "side")))
    again = parse_ydk(format_ydk(*(parse_ydke(url).codes(s) for s in ("main", "extra", "side"))), "y")
    for section in ("main", "extra", "side"):
        assert again.codes(section) == original.codes(section)


def test_a_ydke_url_works_wherever_a_deck_path_does():
    deck = load_deck(format_ydke(legal_main(), [DARKFIRE_DRAGON], []))
    assert (deck.size("main"), deck.size("extra"), deck.source) == (40, 1, "ydke URL")


# -- built-in decks ----------------------------------------------------------------------------

@pytest.mark.parametrize("name, first", [("yugi", "Mystical Elf"), ("kaiba", "Blue-Eyes White Dragon")])
def test_built_in_starter_decks(name, first):
    deck = load_deck(name)
    assert (deck.name, len(deck.main), len(deck.extra), len(deck.side)) == (name, 50, 0, 0)
    assert deck.main[0].name == first
    assert load_deck(deck.to_ydke()).main == deck.main


# -- lflist.conf -------------------------------------------------------------------------------

def test_lflist_lists_and_selection():
    first = load_banlist(DATA / "lflist.conf")
    assert first.name == "Test list A" and not first.whitelist
    assert first.limits == {55144522: 0, 46986414: 1, 89631139: 2}
    assert load_banlist(DATA / "lflist.conf", "test LIST b").limits == {55144522: 1}
    whitelist = load_banlist(DATA / "lflist.conf", "Only vanillas")
    assert whitelist.whitelist and whitelist.limits == {46986414: 3, 89631139: 3}
    with pytest.raises(YgosimError, match="no list named 'C'.*'Test list A', 'Test list B'"):
        load_banlist(DATA / "lflist.conf", "C")


def test_lflist_crlf_and_comments():
    lists = parse_lflist("#[x]\r\n!x\r\n# comment\r\n55144522 0 --Pot of Greed\r\n\r\n", "l.conf")
    assert [(b.name, b.limits) for b in lists] == [("x", {55144522: 0})]


@pytest.mark.parametrize("content, message", [
    (b"", "l.conf: no banlist in the file"),
    (b"# only a comment\n", "l.conf: no banlist in the file"),
    (b"55144522 0\n", "l.conf: no banlist in the file"),
    (b"!\n", "l.conf: no banlist in the file"),
    (b"!x\n55144522 1 --Pot of Gr\xe9ed\n", "l.conf, line 2: not UTF-8 text"),
    (codecs.BOM_UTF16_LE + "!x\n".encode("utf-16-le"), "l.conf, line 1: the file is UTF-16"),
])
def test_lflist_malformed(tmp_path, content, message):
    path = tmp_path / "l.conf"
    path.write_bytes(content)
    with pytest.raises(YgosimError) as e:
        load_banlist(path)
    assert str(e.value).replace(str(path), "l.conf").startswith(message)


def test_lflist_lines_edopro_ignores_are_ignored_and_counted():
    text = ("55144522 0\n!x\n55144522\n55144522 x --Pot\n46986414 5\n5514452a 1\n"
            "--SS05 Bakura\n!\n89631139 2 --kept\n")
    (banlist,) = parse_lflist(text, "l.conf")
    assert banlist.limits == {89631139: 2}
    assert [n for n, _ in banlist.ignored] == [1, 3, 4, 5, 6, 7, 8]
    (warning,) = banlist.warnings()
    assert warning.startswith("l.conf: 7 lines of list 'x' ignored, as EDOPro ignores them "
                              "(line 1: '55144522 0' before the first '!name' line; line 3: "
                              "'55144522' has no count after the passcode; line 4: '55144522 x")
    assert warning.endswith("; and 4 more)")


@pytest.mark.parametrize("name, lists, limits, ignored, points", [
    ("Speed.lflist.conf", 1, 1512, 5, 0),       # '--SS05 Bakura' lines: no passcode
    ("Genesys.lflist.conf", 1, 0, 0, 652),      # $genesys: point values, not counts
    ("GOAT.lflist.conf", 1, 1704, 0, 0),
    ("Edison.lflist.conf", 1, 3688, 0, 0),
])
def test_real_edopro_banlists_load_as_edopro_loads_them(name, lists, limits, ignored, points):
    path = REAL / "lflist" / name
    if not path.exists():
        pytest.skip("the team's real files are not here")
    found = parse_lflist(path.read_text(encoding="utf-8"), name)
    assert len(found) == lists
    banlist = found[0]
    assert (len(banlist.limits), len(banlist.ignored), len(banlist.points)) == \
        (limits, ignored, points)
    assert len(banlist.warnings()) == (ignored > 0) + (points > 0)


# -- writing -----------------------------------------------------------------------------------

def test_write_atomic_leaves_the_old_file_on_error(tmp_path, monkeypatch):
    path = tmp_path / "deck.ydk"
    path.write_text("old")

    def fail(*args):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr("os.replace", fail)
    with pytest.raises(YgosimError, match="deck.ydk: cannot be written: No space left"):
        write_atomic(path, "new")
    assert [p.name for p in tmp_path.iterdir()] == ["deck.ydk"] and path.read_text() == "old"


# -- ygosim deck convert -----------------------------------------------------------------------

def test_convert_ydk_to_ydke_and_back(tmp_path):
    result = run("deck", "convert", DATA / "windows.ydk", "--to", "ydke")
    assert result.exit_code == 0, result.output
    url = result.output.strip()
    assert parse_ydke(url).codes("side") == [DARK_MAGICIAN]
    out = tmp_path / "back.ydk"
    result = run("deck", "convert", url, "--to", "ydk", "-o", out)
    assert result.exit_code == 0, result.output
    assert read_ydk(out).codes("main") == read_ydk(DATA / "windows.ydk").codes("main")
    assert read_deck_list(str(out)).codes("side") == [DARK_MAGICIAN]


def test_convert_keeps_unknown_passcodes_and_built_in_decks_convert(tmp_path):
    path = tmp_path / "x.ydk"
    path.write_text("#main\n1234\n")
    result = run("deck", "convert", path, "--to", "ydk")
    assert result.exit_code == 0 and "#main\n1234\n#extra\n!side\n" in result.output
    result = run("deck", "convert", "kaiba", "--to", "ydke")
    assert result.exit_code == 0 and len(parse_ydke(result.output).main) == 50


@pytest.mark.parametrize("args, message", [
    (["deck", "convert", "missing.ydk", "--to", "ydke"], "error: missing.ydk: no such file"),
    (["deck", "convert", "ydke://@@!!!", "--to", "ydk"], "error: ydke URL, Main Deck: not valid base64"),
])
def test_convert_unreadable_input_exits_2(args, message):
    result = run(*args)
    assert result.exit_code == 2
    assert message in result.output and "Traceback" not in result.output


def test_convert_needs_a_known_format():
    assert run("deck", "convert", "yugi", "--to", "pdf").exit_code == 2
