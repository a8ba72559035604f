"""Hostile input for every reader: hypothesis strategies and one probe per reader.

A probe feeds one input to a reader and returns "ok" (read) or "error" (a YgosimError: the
clear one-line error the command line prints with exit status 2). Anything else escapes: a
traceback is a bug. tests/test_fuzz_readers.py runs a few hundred inputs per reader;
tools/fuzz_readers.py runs thousands and counts the outcomes.

Inputs are built three ways: random bytes and text; lines of the reader's own grammar mixed
with junk; and real files (decks, scenarios, replays) with one part replaced by a hostile
value (a list where a name goes, a number of 5000 digits, a lone surrogate, deep nesting...).
"""
from __future__ import annotations

import base64
import json
import os
import sqlite3
import struct
import tempfile
from functools import lru_cache
from pathlib import Path

import yaml
from hypothesis import strategies as st

from ygosim.cards.errors import YgosimError

ROOT = Path(__file__).resolve().parents[1]
SCENARIOS = ROOT / "tests" / "scenarios"
WORK = Path(tempfile.mkdtemp(prefix="ygosim-fuzz-"))

# -- values -----------------------------------------------------------------------------------

NASTY_TEXT = ["\ud800", "\udfff", "\x1b[31mred", "\x00", "²", "\u202e", "", " ", "A", "B",
              "draw", "main1", "battle", "v10", "goat", "2020", "Dark Magician",
              "Dark Magician (defense)", "m1", "s6", "fz", "A: pass", "x" * 400,
              "Celtic Guardian", "summon Dark Magician", "call heads", "\n", "-1", "1e999"]
HUGE = [10 ** 5000, -(10 ** 5000), 2 ** 64, 2 ** 63, -1, 0, 1, 2, 6, 500, 10 ** 9 + 1,
        0xFFFFFFFF, 0x100000000]


def _huge(i: int) -> int:
    return HUGE[i]


def _deep(levels: int):
    v: object = 1
    for _ in range(levels):
        v = [v]
    return v


scalars = st.one_of(
    st.none(), st.booleans(), st.integers(), st.integers(0, len(HUGE) - 1).map(_huge),
    st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=30),
    st.sampled_from(NASTY_TEXT))
values = st.recursive(scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8) | st.sampled_from(NASTY_TEXT),
                                                 inner, max_size=4)),
    max_leaves=12) | st.sampled_from([_deep(30), _deep(120), [[]] * 3, {"card": 1}])


def _paths(doc, prefix=()):
    """Every place in a document: (path, value)."""
    yield prefix, doc
    if isinstance(doc, dict):
        for k, v in doc.items():
            yield from _paths(v, prefix + (k,))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            yield from _paths(v, prefix + (i,))


def _replace(doc, path, new):
    if not path:
        return new
    if isinstance(doc, dict):
        out = dict(doc)
    else:
        out = list(doc)
    out[path[0]] = _replace(doc[path[0]], path[1:], new)
    return out


@st.composite
def mutated(draw, docs):
    """A real document with one or two places replaced by hostile values, a key added or
    removed."""
    doc = draw(st.sampled_from(docs))
    for _ in range(draw(st.integers(1, 2))):
        places = list(_paths(doc))
        path, old = draw(st.sampled_from(places))
        how = draw(st.integers(0, 3))
        if how == 0 and isinstance(old, dict) and old:
            key = draw(st.sampled_from(sorted(old, key=str)))
            doc = _replace(doc, path, {k: v for k, v in old.items() if k != key})
        elif how == 1 and isinstance(old, dict):
            key = draw(st.text(max_size=8) | st.sampled_from(NASTY_TEXT))
            doc = _replace(doc, path, {**old, key: draw(values)})
        else:
            doc = _replace(doc, path, draw(values))
    return doc


def _text_mutations(text: str, draw) -> str:
    """Damage at the level of the text: a huge number, deep brackets, cut short, a bad byte."""
    how = draw(st.integers(0, 6))
    if how == 0 or not text:
        return text
    at = draw(st.integers(0, len(text)))
    if how == 1:
        return text[:at] + "1" * 5000 + text[at:]
    if how == 2:
        return text[:at] + "[" * 3000 + text[at:]
    if how == 3:
        return text[:at]
    if how == 4:
        return text[:at] + draw(st.sampled_from(NASTY_TEXT)) + text[at:]
    if how == 5:
        return text + "\n" + draw(st.text(max_size=40))
    return text[:at] + "&a [1]\nb: [*a, *a, *a]\n" + text[at:]


def _write(name: str, data) -> Path:
    path = WORK / name
    if isinstance(data, str):
        data = data.encode("utf-8", "surrogatepass")
    path.write_bytes(data)
    return path


def _probe(call) -> str:
    try:
        call()
    except YgosimError:
        return "error"
    return "ok"


def encodings(text_strategy):
    """Text as UTF-8 bytes mostly; sometimes UTF-16, Latin-1 or with a stray byte."""
    @st.composite
    def enc(draw):
        text = draw(text_strategy)
        how = draw(st.integers(0, 5))
        if how == 0:
            return text.encode("utf-16", "surrogatepass")
        if how == 1:
            return text.encode("latin-1", "replace")
        data = text.encode("utf-8", "surrogatepass")
        if how == 2 and data:
            at = draw(st.integers(0, len(data)))
            return data[:at] + bytes([draw(st.integers(0, 255))]) + data[at:]
        return data
    return enc()


# -- .ydk -------------------------------------------------------------------------------------

ydk_lines = st.one_of(
    st.sampled_from(["#main", "#extra", "!side", "#created by x", "!other", "", "  #MAIN  "]),
    st.integers(-5, 2 ** 33).map(str), st.sampled_from(["46986414", "89631139", "00046986414",
                                                        "4294967296", "1" * 5000, "12a", "+5"]),
    st.text(max_size=20))
KNOWN = ["46986414", "89631139", "55144522", "24094653", "17881964", "38033121", "83764718",
         "17390179"]          # built-in cards (Dark Magician, Blue-Eyes, Darkfire Dragon...)
ydk_text = st.lists(ydk_lines, max_size=80).map(lambda ls: "\n".join(ls)) | \
    st.lists(ydk_lines, max_size=20).map(lambda ls: "\r\n".join(["#main", *ls])) | \
    st.lists(st.sampled_from(KNOWN) | ydk_lines, max_size=70).map(
        lambda ls: "\n".join(["#created by fuzz", "#main", *ls[:45], "#extra", *ls[45:55],
                              "!side", *ls[55:]]))
ydk_inputs = st.one_of(encodings(ydk_text), st.binary(max_size=300))


def probe_ydk(data: bytes) -> str:
    from ygosim.formats.deck import load_deck
    path = _write("deck.ydk", data)
    outcome = _probe(lambda: load_deck(path, allow_unknown=True))
    if outcome == "ok":
        _probe(lambda: load_deck(path))           # unknown passcodes: a clear error
    return outcome


# -- ydke:// ----------------------------------------------------------------------------------

def _b64(codes):
    return base64.b64encode(struct.pack(f"<{len(codes)}I", *codes)).decode()


ydke_part = st.one_of(st.lists(st.integers(0, 2 ** 32 - 1), max_size=70).map(_b64),
                      st.lists(st.sampled_from([int(k) for k in KNOWN]), max_size=60).map(_b64),
                      st.binary(max_size=30).map(lambda b: base64.b64encode(b).decode()),
                      st.text(max_size=20), st.sampled_from(["", "====", "AAAA", "A", "\ud800"]))
ydke_inputs = st.builds(lambda parts, sep, tail: "ydke://" + sep.join(parts) + tail,
                        st.lists(ydke_part, max_size=5), st.sampled_from(["!", "!!", "?"]),
                        st.sampled_from(["", "!", " "])) | st.text(max_size=40).map(
                            lambda t: "ydke://" + t)


def probe_ydke(url: str) -> str:
    from ygosim.formats.deck import load_deck
    return _probe(lambda: load_deck(url, allow_unknown=True))


# -- lflist.conf ------------------------------------------------------------------------------

lflist_lines = st.one_of(
    st.sampled_from(["!2005.04 Goat", "!", "$whitelist", "$genesys", "$other", "#comment",
                     "--SS05 Bakura", "", "55144522 0 --Pot of Greed", "55144522 5",
                     "55144522", "5514452a 1", "0 1", "99999999999999 1", "1" * 5000 + " 1"]),
    st.builds(lambda c, n, rest: f"{c} {n}{rest}", st.integers(-3, 2 ** 33),
              st.integers(-2, 120), st.sampled_from(["", " --x", "\t--\x1b[2J", " 7"])),
    st.text(max_size=25))
lflist_text = st.lists(lflist_lines, max_size=60).map("\n".join) | \
    st.lists(lflist_lines, max_size=30).map(lambda ls: "\n".join(["#[x]", "!x", *ls]))
lflist_inputs = st.one_of(encodings(lflist_text), st.binary(max_size=200))


def probe_lflist(data: bytes, list_name=None) -> str:
    from ygosim.formats.lflist import load_banlist
    path = _write("lflist.conf", data)

    def read():
        banlist = load_banlist(path, list_name)
        banlist.warnings()
    return _probe(read)


# -- scenarios --------------------------------------------------------------------------------

@lru_cache(maxsize=1)
def scenario_docs() -> list:
    files = sorted(SCENARIOS.rglob("*.yaml"))
    step = max(1, len(files) // 40)          # a spread of forty real scenarios
    return [yaml.safe_load(f.read_text(encoding="utf-8")) for f in files[::step]]


def _without_huge(doc, found):
    """`doc` with every int too large to print replaced by a placeholder (found[i] holds it)."""
    if isinstance(doc, bool):
        return doc
    if isinstance(doc, int) and abs(doc) >= 10 ** 4000:
        found.append(doc)
        return f"HUGE{len(found) - 1}HUGE"
    if isinstance(doc, dict):
        return {_without_huge(k, found): _without_huge(v, found) for k, v in doc.items()}
    if isinstance(doc, list):
        return [_without_huge(v, found) for v in doc]
    return doc


def _digits(n: int) -> str:
    return ("-" if n < 0 else "") + "9" * 5000


def dump(doc, as_yaml: bool) -> str:
    """YAML or JSON text of `doc`; numbers too large for Python to print are written as 5000
    digits all the same (the readers must cope with them)."""
    found: list = []
    clean = _without_huge(doc, found)
    try:
        if as_yaml:
            text = yaml.safe_dump(clean, sort_keys=False, allow_unicode=False, width=200)
        else:
            text = json.dumps(clean)
    except (yaml.YAMLError, ValueError, TypeError):
        return "{"                                # what cannot be written: junk text
    for i, n in enumerate(found):
        for quoted in (f"'HUGE{i}HUGE'", f'"HUGE{i}HUGE"', f"HUGE{i}HUGE"):
            text = text.replace(quoted, _digits(n))
    return text


@st.composite
def scenario_inputs(draw):
    text = dump(draw(mutated(scenario_docs())), as_yaml=True)
    return _text_mutations(text, draw).encode("utf-8", "surrogatepass")


def probe_scenario(data: bytes) -> str:
    from ygosim.play.scenario import build, load_scenario
    path = _write("scenario.yaml", data)

    def read():
        doc = load_scenario(path)
        build(doc, str(path))                  # the position: every key is used here
    return _probe(read)


# -- replays ----------------------------------------------------------------------------------

@lru_cache(maxsize=1)
def replay_docs() -> list:
    from ygosim.play import replay as R
    from ygosim.agents.random_agent import RandomAgent
    from ygosim.formats.deck import load_deck
    from ygosim.play.match import play_duel
    yugi, kaiba = load_deck("yugi"), load_deck("kaiba")
    docs = []
    for seed, options in ((1, {}), (2, {"turn_cap": 6}), (3, {"rules": {"name": "goat", "hand_limit": 7}})):
        d = play_duel(yugi, kaiba, RandomAgent(seed), RandomAgent(seed + 1), seed, options)
        docs.append(R.from_duel(d, yugi, kaiba, seed, options).as_dict())
    return docs


@st.composite
def replay_inputs(draw):
    doc = draw(mutated(replay_docs()))
    yaml_file = draw(st.booleans()) and draw(st.integers(0, 4)) == 0
    text = _text_mutations(dump(doc, as_yaml=yaml_file), draw)
    return (".yaml" if yaml_file else ".json"), text.encode("utf-8", "surrogatepass")


def probe_replay(item) -> str:
    from ygosim.play import replay as R
    suffix, data = item
    path = _write("replay" + suffix, data)

    def read():
        rep = R.load(path)
        d = R.play(rep)
        R.check_result(rep, d)
    return _probe(read)


# -- cards.cdb --------------------------------------------------------------------------------

CDB_COLUMNS = ("id", "ot", "alias", "setcode", "type", "atk", "def", "level", "race",
               "attribute", "category")
cdb_value = st.one_of(st.integers(-2 ** 63, 2 ** 63 - 1), st.sampled_from(
    [0, 1, -2, 0x11, 0x21, 0x4011, 0x41, 0x2000021, 0x1000011, 0x4000021, 0x10002, 0x100004,
     46986414, 2 ** 32, 0x8000000]), st.none(), st.text(max_size=6), st.binary(max_size=4),
    st.floats(allow_nan=False))
cdb_name = st.one_of(st.text(max_size=20), st.sampled_from(NASTY_TEXT), st.none(),
                     st.integers(-2 ** 63, 2 ** 63 - 1), st.binary(max_size=5))
GOOD_ROWS = [   # id, ot, alias, setcode, type, atk, def, level, race, attribute, category
    [91000001, 3, 0, 0, 0x11, 1800, 1200, 4, 0x1, 0x1, 0],
    [91000002, 3, 0, 0, 0x21, -2, -2, 5, 0x2000, 0x20, 0],
    [91000003, 3, 0, 0, 0x41, 2600, 2000, 7, 0x8, 0x20, 0],
    [91000005, 3, 0, 0, 0x4000021, 2300, 0x85, 3, 0x1000000, 0x20, 0],
    [91000006, 3, 0, 0, 0x1000011, 1500, 1000, (8 << 24) | (8 << 16) | 4, 0x2, 0x10, 0],
    [91000007, 3, 0, 0, 0x10002, 0, 0, 0, 0, 0, 0],
    [91000009, 3, 0, 0, 0x4011, 0, 0, 1, 0x8, 0x20, 0],
    [46986414, 3, 0, 0, 0x11, 2500, 2100, 7, 0x2, 0x20, 0],
]


@st.composite
def cdb_row(draw):
    """A real-looking row with none, one or two of its values made hostile."""
    values = list(draw(st.sampled_from(GOOD_ROWS)))
    values[0] += draw(st.integers(0, 50))
    for _ in range(draw(st.integers(0, 2))):
        values[draw(st.integers(0, 10))] = draw(cdb_value)
    name = draw(st.one_of(st.sampled_from(["Fuzz Card", "Dark Magician", "Fuzz Card  Two"]),
                          cdb_name))
    desc = draw(st.one_of(st.none(), st.text(max_size=30).map(
        lambda t: t.encode("utf-8", "surrogatepass").decode("utf-8", "replace")), st.sampled_from(
        ["[ Pendulum Effect ]\r\n-n/a-\r\n---\r\n[ Flavor Text ]\r\nx",
         "[ Pendulum Effect ]\r\nDo things.\r\n---\r\n[ Monster Effect ]"])))
    return values, name, desc


cdb_rows = st.lists(cdb_row(), max_size=12)


@st.composite
def cdb_inputs(draw):
    """A cards.cdb: well formed with hostile rows, missing tables or columns, or damaged bytes."""
    how = draw(st.integers(0, 5))
    path = WORK / "cards.cdb"
    if path.exists():
        path.unlink()
    if how == 0:
        return ("bytes", draw(st.binary(max_size=200)))
    con = sqlite3.connect(path)
    con.execute("PRAGMA synchronous = OFF")          # test files: no need to reach the disk
    con.execute("PRAGMA journal_mode = MEMORY")
    try:
        if how == 1:
            con.executescript("CREATE TABLE datas (id INTEGER, type INTEGER);"
                              "CREATE TABLE texts (id INTEGER, name TEXT);")
        elif how == 2:
            con.executescript("CREATE TABLE other (x);")
        else:
            con.executescript(
                "CREATE TABLE datas (" + ", ".join(CDB_COLUMNS) + ");"
                "CREATE TABLE texts (id, name, desc);")
            for vals, name, desc in draw(cdb_rows):
                code = vals[0]
                con.execute(f"INSERT INTO datas VALUES ({', '.join('?' * 11)})", vals)
                if isinstance(name, str):        # lone surrogates: stored as bad UTF-8
                    name = name.encode("utf-8", "surrogatepass")
                    con.execute("INSERT INTO texts VALUES (?, CAST(? AS TEXT), ?)",
                                (code, name, desc))
                else:
                    con.execute("INSERT INTO texts VALUES (?, ?, ?)", (code, name, desc))
        con.commit()
    finally:
        con.close()
    data = path.read_bytes()
    if how == 5 and len(data) > 100:              # damage the file past its header
        at = draw(st.integers(100, len(data) - 1))
        cut = draw(st.integers(1, 64))
        data = data[:at] + draw(st.binary(min_size=cut, max_size=cut)) + data[at + cut:]
    return ("cdb", data)


def probe_cdb(item) -> str:
    _, data = item
    return _import_into_a_store(_write("cards.cdb", data))


def _import_into_a_store(path: Path) -> str:
    """Import a card database into a store of the probe's own (YGOSIM_HOME), then read every
    card of the store back."""
    from ygosim.formats.store import import_cards
    old = os.environ.get("YGOSIM_HOME")
    os.environ["YGOSIM_HOME"] = str(WORK / f"home-{os.getpid()}")
    try:
        return _probe(lambda: (import_cards(path), _read_store_back()))
    finally:
        if old is None:
            del os.environ["YGOSIM_HOME"]
        else:
            os.environ["YGOSIM_HOME"] = old


def _read_store_back():
    """After an import the store must still be readable: every card by name and passcode."""
    from ygosim.cards import db as cards_db
    cards_db.reset_card_db()
    db = cards_db.card_db()
    for card in db:
        assert db.get(card.name) is not None
        assert db.get(card.passcode) is not None
        card.kind_line()
    cards_db.reset_card_db()


# -- YGOProDeck JSON --------------------------------------------------------------------------

@lru_cache(maxsize=1)
def ygoprodeck_docs() -> list:
    real = Path("/work/shared/real-files/json")
    docs = [json.loads(p.read_text(encoding="utf-8")) for p in sorted(real.glob("*.json"))] \
        if real.exists() else []
    docs.append({"data": [
        {"id": 46986414, "name": "Dark Magician", "type": "Normal Monster", "frameType": "normal",
         "atk": 2500, "def": 2100, "level": 7, "race": "Spellcaster", "attribute": "DARK",
         "card_images": [{"id": 46986414}, {"id": 36996508}]},
        {"id": 91000101, "name": "Json Pendulum", "type": "Pendulum Normal Monster",
         "frameType": "normal_pendulum", "atk": 1000, "def": 1000, "level": 4, "scale": 3,
         "race": "Dragon", "attribute": "LIGHT", "pend_desc": "Something.",
         "monster_desc": "Flavour."},
        {"id": 91000102, "name": "Json Token", "type": "Token", "frameType": "token",
         "race": "Beast", "attribute": "EARTH", "atk": 0, "def": 0, "level": 1}]})
    return docs


@st.composite
def ygoprodeck_inputs(draw):
    how = draw(st.integers(0, 4))
    if how == 0:
        return draw(encodings(st.text(max_size=60)))
    text = dump(draw(mutated(ygoprodeck_docs())), as_yaml=False)
    return _text_mutations(text, draw).encode("utf-8", "surrogatepass")


def probe_ygoprodeck(data: bytes) -> str:
    return _import_into_a_store(_write("cards.json", data))


# -- the command line -------------------------------------------------------------------------

COMMANDS = [["deck", "check"], ["deck", "show"], ["deck", "convert"], ["cards", "show"],
            ["cards", "search"], ["simulate"], ["match"], ["bench"], ["scenario"], ["replay"]]
OPTION_WORDS = ["--games", "--seed", "--jobs", "--rules", "--json", "--deck", "--opponent",
                "--agent-a", "--agent-b", "--banlist", "--list", "--to", "-o", "--limit",
                "--games-per-match", "--as", "-h", "--allow-unscripted", "--require-playable"]
argument_words = st.one_of(
    st.sampled_from(OPTION_WORDS), st.sampled_from(
        ["yugi", "kaiba", "masters", "goat", "v10", "2020", "0", "-1", "1", "2", "3",
         str(10 ** 30), "1" * 5000, "ydke://!!!", "/dev/zero", "/nonexistent", "Dark Magician",
         "\x1b[31m", "ydk", "A", "random", "nobody", "--", "-"]),
    st.text(max_size=10))
cli_inputs = st.tuples(st.sampled_from(COMMANDS), st.lists(argument_words, max_size=6))


def probe_cli(item) -> str:
    """Returns "ok" (exit 0), "error" (exit 1 or 2 with a message): never a traceback. Long
    runs are kept out by the words chosen (no --games of millions)."""
    from click.testing import CliRunner
    from ygosim.cli import main
    command, args = item
    if command[0] in ("simulate", "match", "bench") and not any(
            a in ("-h", "--games", "--games-per-match") for a in args):
        args = [*args, "--games", "1"]
    if command[0] == "simulate":     # the heuristic bot by default: random play is faster
        args = [*args, "--agent-a", "random", "--agent-b", "random"]
    runner = CliRunner()
    with runner.isolated_filesystem(temp_dir=WORK):      # `-o FILE` writes here
        result = runner.invoke(main, [*command, *args], catch_exceptions=True)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    if result.exit_code not in (0, 1, 2):
        raise AssertionError(f"exit status {result.exit_code} for {command + args}")
    return "ok" if result.exit_code == 0 else "error"


READERS = {
    "ydk": (ydk_inputs, probe_ydk),
    "ydke": (ydke_inputs, probe_ydke),
    "lflist": (lflist_inputs, probe_lflist),
    "scenario": (scenario_inputs(), probe_scenario),
    "replay": (replay_inputs(), probe_replay),
    "cdb": (cdb_inputs(), probe_cdb),
    "ygoprodeck": (ygoprodeck_inputs(), probe_ygoprodeck),
    "cli": (cli_inputs, probe_cli),
}
