"""Scenario files (format 1, see ../shared/scenario-format.md): set up a position, play a
script of decisions, check what must hold.

    result = run_scenario_file(path)   # ScenarioResult(name, passed, reason)

Malformed files raise ScenarioError (a YgosimError) naming the file, the key and the problem.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from ..cards.db import card_db
from ..engine import const as K
from ..engine.api import add_card, blank_duel, index_scripts, apply_rule_options
from ..engine.rules import NAMES
from ..engine.const import (DECK, HAND, MZONE, SZONE, GY, BANISHED, EXTRA, OVERLAY, ATTACK,
                           DEFENSE, FACEDOWN, FACEDOWN_DEFENSE, FACEUP, PHASE_BY_NAME)
from ..engine.decision import SELECT, RESPONSE, YESNO, POSITION, ZONE
from ..engine.flow import push, run
from ..engine.text import Parsed, Ref, match, option_texts, options_interchangeable
from ..cards.errors import IllegalAction, YgosimError
from ..cards.textfile import parse_yaml, read_text
from ..cards.safetext import excerpt, printable, quoted

SIDE_KEYS = {"lp", "hand", "deck", "extra", "graveyard", "banished", "monsters",
             "extra_monster_zone", "spells", "field_spell", "normal_summon_used"}
TOP_KEYS = {"name", "seed", "rules", "turn", "turn_player", "phase", "A", "B", "script", "expect",
            "description", "notes"}
EXPECT_SIDE_KEYS = {"lp", "hand", "hand_count", "deck_count", "graveyard", "banished", "extra",
                    "monsters", "extra_monster_zone", "spells", "field_spell", "stats",
                    "graveyard_count", "extra_count", "banished_count", "counters", "equips",
                    "owner"}
EXPECT_KEYS = {"winner", "turn", "phase", "A", "B", "can", "cannot", "never"}
MONSTER_KEYS = {"card", "zone", "position", "summoned_this_turn", "attacked", "changed_position",
                "counters", "owner", "materials"}
SPELL_KEYS = {"card", "zone", "equip", "set_this_turn", "faceup", "counters", "owner", "target",
              "since_turn"}
EXTRA_KEYS = {"card", "faceup"}
POSITIONS = {"attack": ATTACK, "defense": DEFENSE, "facedown": FACEDOWN_DEFENSE}
_TAG = re.compile(r"[a-z ]+", re.IGNORECASE)


class ScenarioError(YgosimError):
    pass


@dataclass
class ScenarioResult:
    name: str
    passed: bool
    reason: str = ""
    duel: object = None

    def line(self) -> str:
        return f"PASS {self.name}" if self.passed else f"FAIL {self.name}: {self.reason}"


class _Fail(Exception):
    pass


# ============================================================================ loading
MAX_LIST = 300            # cards in one list (a Deck, a hand...), entries of a script
MAX_TEXT = 300            # characters in a card name or a script line
MAX_INT = 10 ** 9         # LP, counts; seeds may be up to 2**64


def load_scenario(path) -> dict:
    """The scenario in file `path`, validated; a file that cannot be read or is not a valid
    scenario is a ScenarioError naming the file and the key, whatever its content."""
    where = printable(str(path))
    try:
        doc = parse_yaml(read_text(path, "scenario"), where)
    except ScenarioError:
        raise
    except YgosimError as e:
        raise ScenarioError(str(e)) from None
    if not isinstance(doc, dict):
        raise ScenarioError(f"{where}: a scenario is a YAML mapping with at least `name`")
    validate(doc, where)
    return doc


def _err(where, key, msg):
    raise ScenarioError(f"{where}: key `{printable(str(key))}`: {msg}")


def _key(k) -> str:
    """A mapping key as written in messages (keys may be numbers, dates...)."""
    return excerpt(k, 40)


def _is_int(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _whole(v, where, key, low=-MAX_INT, high=MAX_INT, what="a whole number"):
    if not _is_int(v) or not low <= v <= high:
        _err(where, key, f"must be {what}, not {quoted(v)}")
    return v


def _sized(v, kind, limit, where, key, what, too_long):
    """`v` if it is a `kind` (str, list) of at most `limit` items, else a ScenarioError."""
    if not isinstance(v, kind):
        _err(where, key, f"must be {what}, not {quoted(v)}")
    if len(v) > limit:
        _err(where, key, too_long)
    return v


def _text(v, where, key, what="a string"):
    return _sized(v, str, MAX_TEXT, where, key, what,
                  f"{quoted(v)}: longer than {MAX_TEXT} characters")


def _choice(v, choices, where, key):
    if not isinstance(v, str) or v not in choices:
        _err(where, key, f"must be one of {', '.join(choices)}, not {quoted(v)}")
    return v


def _list(v, where, key, what="a list of card names"):
    return _sized(v, list, MAX_LIST, where, key, what, f"more than {MAX_LIST} entries")


def _mapping(v, where, key, what="a mapping"):
    if not isinstance(v, dict):
        _err(where, key, f"must be {what}, not {quoted(v)}")
    return v


def _unknown(mapping, known, where, prefix=""):
    for k in mapping:
        if not isinstance(k, str) or k not in known:
            _err(where, f"{prefix}{_key(k)}", f"unknown key (known: {', '.join(sorted(known))})")


def rules_name(doc: dict) -> str:
    """The rule set a (validated) scenario names: v10 by default; 2020 may be a number."""
    return str(doc.get("rules", "v10")).strip().lower()


def validate(doc: dict, where: str) -> None:
    _unknown(doc, TOP_KEYS, where)
    name = doc.get("name")
    if not isinstance(name, str) or not name.strip():
        _err(where, "name", "required, a non-empty string")
    _text(name, where, "name")
    if "seed" in doc:
        _whole(doc["seed"], where, "seed", 0, 2 ** 64 - 1, "a whole number from 0 to 2**64-1")
    if "rules" in doc:
        r = doc["rules"]
        if not (isinstance(r, str) or (_is_int(r) and r == 2020)) or \
                str(r).strip().lower() not in NAMES:
            _err(where, "rules", f"must be one of {', '.join(NAMES)}, not {quoted(r)}")
    if "turn" in doc:
        _whole(doc["turn"], where, "turn", 1, 10000, "a whole number from 1 to 10000")
    if "turn_player" in doc:
        _choice(doc["turn_player"], ("A", "B"), where, "turn_player")
    if "phase" in doc:
        _choice(doc["phase"], tuple(PHASE_BY_NAME), where, "phase")
    if doc.get("phase") == "battle" and doc.get("turn", 1) == 1:
        _err(where, "phase", "there is no Battle Phase on turn 1")
    for text_key in ("description", "notes"):
        if text_key in doc and not isinstance(doc[text_key], (str, list, dict, type(None))):
            _err(where, text_key, f"must be text, not {quoted(doc[text_key])}")
    for side in ("A", "B"):
        s = doc.get(side)
        if s is None:
            continue
        _mapping(s, where, side)
        _unknown(s, SIDE_KEYS, where, f"{side}.")
        if "lp" in s:
            _whole(s["lp"], where, f"{side}.lp")
        for key in ("hand", "deck", "extra", "graveyard", "banished", "monsters", "spells"):
            if s.get(key) is not None:
                _list(s[key], where, f"{side}.{key}")
    script = doc.get("script")
    if script is None:
        script = []
    _list(script, where, "script", "a list of `A: ACTION`, `B: ACTION` or `expect: {...}`")
    for i, e in enumerate(script):
        if not isinstance(e, dict) or len(e) != 1:
            _err(where, f"script[{i}]", "each entry is one `A: ACTION`, `B: ACTION` or `expect: {...}`")
        (k, v), = e.items()
        if k == "expect":
            _validate_expect(v, where, f"script[{i}].expect")
        elif k in ("A", "B"):
            _text(v, where, f"script[{i}].{k}", "an action (a string)")
            _check_line(v, where, f"script[{i}].{k}")
        else:
            _err(where, f"script[{i}]", f"unknown player {quoted(k)} (A, B or expect)")
    if "expect" in doc:
        _validate_expect(doc["expect"], where, "expect")


def _check_line(line, where, key):
    """A script line: the grammar, and every card it names must exist."""
    try:
        parsed = Parsed(line)
    except ValueError as ex:
        _err(where, key, printable(str(ex)))
    refs = list(parsed.refs) + ([parsed.arg] if isinstance(parsed.arg, Ref) else [])
    for r in refs:
        if card_db().get(r.name) is None:
            _err(where, key, f"unknown card {quoted(r.raw)} in {quoted(line)}")


def _expect_cards(v, where, key, tags=False, single=False):
    """Card names in an expectation (a list, or one name or null with `single`)."""
    if single:
        if v is None:
            return
        v = [v]
    else:
        _list(v, where, key)
    for j, x in enumerate(v):
        at = f"{key}[{j}]" if not single else key
        if not isinstance(x, str):
            _err(where, at, f"a card name is a string, not {quoted(x)}")
        _text(x, where, at)
        name, tag = _suffix(x) if tags else (x, None)
        if card_db().get(name) is None:
            _err(where, at, f"unknown card {quoted(name.strip())}")
        if tag is not None and tag not in ("attack", "defense", "facedown", "set", "faceup"):
            _err(where, at, f"({printable(tag)}) is not a position: attack, defense, "
                            f"facedown, set or faceup")


def _validate_expect(e, where, key):
    _mapping(e, where, key)
    _unknown(e, EXPECT_KEYS, where, f"{key}.")
    for k, v in e.items():
        if k == "phase":
            _choice(v, tuple(PHASE_BY_NAME), where, f"{key}.phase")
        if k == "turn":
            _whole(v, where, f"{key}.turn")
        if k in ("A", "B"):
            _mapping(v, where, f"{key}.{k}")
            _unknown(v, EXPECT_SIDE_KEYS, where, f"{key}.{k}.")
            for sk, sv in v.items():
                sub = f"{key}.{k}.{sk}"
                if sk == "lp" or sk.endswith("_count"):
                    _whole(sv, where, sub)
                elif sk in ("hand", "graveyard", "banished", "extra"):
                    _expect_cards(sv, where, sub)
                elif sk in ("monsters", "spells"):
                    _expect_cards(sv, where, sub, tags=True)
                elif sk in ("extra_monster_zone", "field_spell"):
                    _expect_cards(sv, where, sub, tags=sk != "field_spell", single=True)
                elif sk == "stats":
                    _mapping(sv, where, sub, "a mapping NAME: ATK/DEF")
                    for card, stat in sv.items():
                        at = f"{sub}.{_key(card)}"
                        _expect_cards(card, where, at, single=True)
                        if not isinstance(stat, str) or \
                                not re.fullmatch(r"\s*\d{1,9}\s*/\s*\d{1,9}\s*", stat):
                            _err(where, at, f"write ATK/DEF, e.g. 2500/2100, not {quoted(stat)}")
                elif sk in ("counters", "equips", "owner"):
                    _validate_card_map(sk, sv, where, sub)
        if k in ("can", "cannot", "never"):
            _list(v, where, f"{key}.{k}", "a list of \"A: ACTION\" strings")
            for item in v:
                _split_player_line(item, where, f"{key}.{k}")
        if k == "winner" and v not in ("A", "B", "draw"):
            _err(where, f"{key}.winner", f"must be A, B or draw, not {quoted(v)}")


def _validate_card_map(kind, value, where, key):
    """`counters: {NAME: n}`, `equips: {NAME: [NAMES]}`, `owner: {NAME: A|B}`."""
    shape = {"counters": "NAME: number", "equips": "NAME: [card names]",
             "owner": "NAME: A or B"}[kind]
    _mapping(value, where, key, f"a mapping {shape}")
    for card, v in value.items():
        at = f"{key}.{_key(card)}"
        _expect_cards(card, where, at, single=True)
        if kind == "counters":
            _whole(v, where, at, 0, 1000, "a whole number from 0 to 1000")
        elif kind == "equips":
            _expect_cards(v, where, at)
        else:
            _choice(v, ("A", "B"), where, at)


def _split_player_line(item, where, key):
    if not isinstance(item, str) or ":" not in item or item.split(":", 1)[0].strip() not in ("A", "B"):
        _err(where, key, f"{quoted(item)}: write \"A: ACTION\" or \"B: ACTION\"")
    _text(item, where, key)
    who, line = item.split(":", 1)
    _check_line(line.strip(), where, key)
    return ("A", "B").index(who.strip()), " ".join(line.split())


# ============================================================================ setting up
def _card(name, where, key):
    if not isinstance(name, str):
        _err(where, key, f"a card name is a string, not {quoted(name)}")
    _text(name, where, key)
    card = card_db().get(name)
    if card is None:
        _err(where, key, f"unknown card {quoted(name.strip())}")
    return card


def _names(value, where, key) -> list:
    if value is None:
        return []
    return _list(value, where, key)


def _suffix(text: str):
    """`NAME (tag)` -> (NAME, tag); else (text, None). In linear time: a lazy regular
    expression for it backtracked quadratically over a long run of spaces."""
    s = text.rstrip()
    if s.endswith(")"):
        i = s.rfind("(")
        if i >= 0 and _TAG.fullmatch(s, i + 1, len(s) - 1):
            return s[:i].strip(), s[i + 1:-1].strip().lower()
    return text.strip(), None


def build(doc: dict, where: str = "<scenario>"):
    rules = rules_name(doc)
    d = blank_duel(doc.get("seed", 0), {"rules": rules})
    turn = doc.get("turn", 1)
    d.turn = turn
    d.tp = ("A", "B").index(doc.get("turn_player", "A"))
    phase = PHASE_BY_NAME[doc.get("phase", "main1")]
    d.phase = phase
    before = turn - 1
    equips = []
    for p, side in enumerate(("A", "B")):
        s = doc.get(side) or {}
        if "lp" in s:
            d.lp[p] = _whole(s["lp"], where, f"{side}.lp")
            d.lp_out = d.lp_out or d.lp[p] <= 0
        deck = s.get("deck", ["Celtic Guardian"] * 20)
        for i, n in enumerate(_names(deck, where, f"{side}.deck")):
            data = _card(n, where, f"{side}.deck[{i}]")
            _not_token(data, where, f"{side}.deck[{i}]")
            add_card(d, data, p, DECK)
        for key, loc in (("hand", HAND), ("extra", EXTRA), ("graveyard", GY),
                         ("banished", BANISHED)):
            for i, n in enumerate(_names(s.get(key), where, f"{side}.{key}")):
                k = f"{side}.{key}[{i}]"
                faceup = False
                if isinstance(n, dict) and loc == EXTRA:     # {card: NAME, faceup: true}
                    _known_keys(n, EXTRA_KEYS, where, k)
                    faceup = _flag(n, "faceup", where, k)
                    n = n.get("card")
                data = _card(n, where, k)
                _not_token(data, where, k)
                if faceup and "pendulum" not in data.frames:
                    _err(where, f"{k}.faceup", f"{data.name} is not a Pendulum Monster: only "
                                               "those are face-up in the Extra Deck")
                c = add_card(d, data, p, loc)
                if loc in (GY, BANISHED, EXTRA):
                    d.pos[c] = FACEUP if loc != EXTRA or faceup else FACEDOWN
                if loc in (GY, BANISHED):      # (counted as properly Summoned before)
                    _mark_proper(d, c)
        mons = _names(s.get("monsters"), where, f"{side}.monsters")
        for i in _zoned_first(mons):      # entries naming a zone first; short forms fill the rest
            _place_monster(d, p, mons[i], where, f"{side}.monsters[{i}]", before)
        emz = s.get("extra_monster_zone")
        if emz:
            _place_monster(d, p, emz, where, f"{side}.extra_monster_zone", before, emz=True)
        sps = _names(s.get("spells"), where, f"{side}.spells")
        for i in _zoned_first(sps):
            _place_spell(d, p, sps[i], where, f"{side}.spells[{i}]", before, equips)
        fs = s.get("field_spell")
        if fs:
            key = f"{side}.field_spell"
            if isinstance(fs, dict):
                _known_keys(fs, {"card", "facedown"}, where, key)
                _flag(fs, "facedown", where, key)
                data = _card(fs.get("card"), where, f"{key}.card")
                facedown = bool(fs.get("facedown"))
            else:
                data = _card(fs, where, key)
                facedown = False
            if data.subtype != "field":
                _err(where, key, f"{data.name} is not a Field Spell")
            c = add_card(d, data, p)
            d.place(c, SZONE, p, K.FIELD_ZONE, FACEDOWN if facedown else FACEUP)
            d.turn_in[c] = before
        if s.get("normal_summon_used"):
            d.ns_used[p] = 1
    for c, target, key, how in equips:    # after both sides: a card may equip either's monster
        tc = _find_monster(d, target, where, key)
        if tc is None:
            _err(where, key, f"{how} {quoted(target)} is not a face-up monster on the field")
        if how == "equip":
            d.equip[c] = (tc, d.mid[tc])
        mode = _bind_mode(d.data[c])
        if how == "target" and not mode:
            _err(where, key, f"{d.data[c].name} is not bound to a monster it targets")
        if mode:                           # a card-link: "that monster" (see Duel.bind)
            d.bind(c, tc, mode, d.owner[tc])
    index_scripts(d)
    apply_rule_options(d)
    _start_phase(d, phase)
    run(d)
    return d


def _not_token(data, where, key):
    if "token" in data.frames:
        _err(where, key, f"{data.name} is a Token: Tokens exist only on the field (monsters)")


def _bind_mode(data) -> int:
    """How a card is bound to the monster it targets or equips (its script's extra["bind"])."""
    s = data.script
    return s.extra.get("bind", 0) if s is not None else 0


def _owner(m, p, where, key) -> int:
    """The `owner` of a card placed on side p's field: A or B (default: p)."""
    if not isinstance(m, dict) or "owner" not in m:
        return p
    o = m["owner"]
    if o not in ("A", "B"):
        _err(where, f"{key}.owner", f"must be A or B, not {quoted(o)}")
    return ("A", "B").index(o)


def _put_counters(d, c, counters, where, key):
    """`counters: {spell: 1}` on card c: kinds its script says it can hold."""
    if counters is None:
        return
    _mapping(counters, where, f"{key}.counters", "a mapping KIND: number, e.g. {spell: 1}")
    s = d.data[c].script
    kinds = s.extra.get("counters", ()) if s is not None else ()
    for kind, n in counters.items():
        at = f"{key}.counters.{_key(kind)}"
        if not isinstance(kind, str) or kind not in kinds:
            held = f" (it holds: {', '.join(kinds)})" if kinds else ""
            _err(where, at, f"{d.data[c].name} cannot hold {quoted(kind)} counters{held}")
        n = _whole(n, where, at, 0, 1000, "a whole number from 0 to 1000")
        if n:
            d.counters[(c, kind)] = n


def _mark_proper(d, c):
    data = d.data[c]
    nomi = data.script is not None and data.script.extra.get("nomi")
    if data.is_extra_deck or "ritual" in data.frames or nomi:
        d.proper_ok = d.proper_ok | {c}


def _zoned_first(entries) -> list:
    """Indices of `entries`, those with an explicit `zone` first."""
    return sorted(range(len(entries)),
                  key=lambda i: not (isinstance(entries[i], dict) and entries[i].get("zone") is not None))


def _known_keys(entry: dict, known: set, where, key) -> None:
    _unknown(entry, known, where, f"{key}.")
    if "card" not in entry:
        _err(where, key, "a mapping needs `card: NAME`")


def _flag(entry: dict, name: str, where, key) -> bool:
    """A yes/no key of a card entry (absent: no)."""
    v = entry.get(name, False)
    if not isinstance(v, bool) and v is not None:
        _err(where, f"{key}.{name}", f"must be true or false, not {quoted(v)}")
    return bool(v)


def _find_monster(d, name, where="", key=""):
    if not isinstance(name, str):
        _err(where, key, f"an equip target is a card name, not {quoted(name)}")
    _text(name, where, key)
    try:
        ref = Ref(name)
    except ValueError as e:
        _err(where, key, str(e))
    for p in (0, 1):
        for c in d.monsters(p):
            if ref.fits(d, c) and d.faceup(c):
                return c
    return None


def _place_monster(d, p, m, where, key, before, emz=False):
    flags = {}
    if isinstance(m, dict):
        _known_keys(m, MONSTER_KEYS, where, key)
        name = m.get("card")
        pos = m.get("position", "attack")
        if not isinstance(pos, str):
            _err(where, f"{key}.position", f"must be attack, defense or facedown, not "
                                           f"{quoted(pos)}")
        pos = pos.lower()
        zone = m.get("zone")
        flags = {k: _flag(m, k, where, key)
                 for k in ("summoned_this_turn", "attacked", "changed_position")}
        for k in ("counters", "materials"):       # format 2
            if k in m:
                flags[k] = m[k]
    else:
        if not isinstance(m, str):
            _err(where, key, f"expected a card name, got {quoted(m)}")
        _text(m, where, key)
        name, pos = _suffix(m)
        pos = pos or "attack"
        zone = None
    data = _card(name, where, key)
    if not data.is_monster:
        _err(where, key, f"{data.name} is not a monster")
    if pos not in POSITIONS:
        _err(where, key, f"position must be attack, defense or facedown, not {quoted(pos)}")
    if pos == "facedown" and "token" in data.frames:
        _err(where, key, f"{data.name} is a Token: a Token is never face-down")
    c = add_card(d, data, _owner(m, p, where, key))
    if emz:
        seq = K.EMZ_BASE + (0 if p == 0 else 1)
        if d.emz[seq - K.EMZ_BASE] >= 0:
            seq = K.EMZ_BASE + (1 if p == 0 else 0)
    else:
        seq = _zone_seq(zone, "m", d.mzone[p], "Main Monster Zone", where, key)
    d.place(c, MZONE, p, seq, POSITIONS[pos])
    d.turn_in[c] = d.turn if flags.get("summoned_this_turn") else before
    d.summon[c] = K.SUM_NORMAL if POSITIONS[pos] != FACEDOWN_DEFENSE else K.SUM_SET
    if data.is_extra_deck or "ritual" in data.frames:
        d.summon[c] = K.SUM_SPECIAL
        _mark_proper(d, c)
    if flags.get("attacked"):
        d.attacked[c] = d.turn
    if flags.get("changed_position"):
        d.pos_turn[c] = d.turn
    if "counters" in flags:
        if POSITIONS[pos] & FACEDOWN:
            _err(where, f"{key}.counters", "a face-down card holds no counters")
        _put_counters(d, c, flags["counters"], where, key)
    if "materials" in flags:
        _put_materials(d, c, flags["materials"], where, key)


def _put_materials(d, c, mats, where, key):
    """Xyz Materials attached to the Xyz Monster c."""
    if "xyz" not in d.data[c].frames:
        _err(where, f"{key}.materials", f"{d.data[c].name} is not an Xyz Monster")
    for j, n in enumerate(_names(mats, where, f"{key}.materials")):
        data = _card(n, where, f"{key}.materials[{j}]")
        _not_token(data, where, f"{key}.materials[{j}]")
        m = add_card(d, data, d.ctrl[c])
        d.place(m, OVERLAY, seq=c)
        d.pos[m] = FACEUP


def _zone_seq(zone, letter, zones, what, where, key) -> int:
    """The zone index a card is placed in: the one named (`m3`, `s2`), which must be free, or
    the lowest free one of the 5."""
    if zone is None:
        for i in range(5):
            if zones[i] < 0:
                return i
        _err(where, key, f"no free {what} left")
    if not isinstance(zone, str) or not re.fullmatch(rf"{letter}[1-5]", zone):
        _err(where, f"{key}.zone", f"must be {letter}1..{letter}5, not {quoted(zone)}")
    seq = int(str(zone)[1]) - 1
    if zones[seq] >= 0:
        _err(where, f"{key}.zone", f"zone {zone} is already taken")
    return seq


def _place_spell(d, p, sp, where, key, before, equips):
    flags = {}
    if isinstance(sp, dict):
        _known_keys(sp, SPELL_KEYS, where, key)
        name = sp.get("card")
        faceup = _flag(sp, "faceup", where, key) or "equip" in sp or "target" in sp
        zone = sp.get("zone")
        flags = {"set_this_turn": _flag(sp, "set_this_turn", where, key)}
        for k in ("equip", "target", "since_turn", "counters"):     # (format 2: all but equip)
            if k in sp:
                flags[k] = sp[k]
    else:
        if not isinstance(sp, str):
            _err(where, key, f"expected a card name, got {quoted(sp)}")
        _text(sp, where, key)
        name, tag = _suffix(sp)
        if tag not in (None, "set", "faceup"):
            _err(where, key, f"a spell/trap is (set) or (faceup), not ({printable(tag)})")
        faceup = tag == "faceup"
        zone = None
    data = _card(name, where, key)
    if data.is_monster and "pendulum" not in data.frames and "equip" not in flags:
        _err(where, key, f"{data.name} is a monster, not a Spell/Trap (a monster card here "
                         "needs `equip: MONSTER`: equipped to it as an Equip Card)")
    _not_token(data, where, key)
    c = add_card(d, data, _owner(sp, p, where, key))
    seq = _zone_seq(zone, "s", d.szone[p], "Spell & Trap Zone", where, key)
    d.place(c, SZONE, p, seq, FACEUP if faceup else FACEDOWN)
    d.turn_in[c] = d.turn if flags.get("set_this_turn") else before
    if "since_turn" in flags:
        t = flags["since_turn"]
        d.turn_in[c] = _whole(t, where, f"{key}.since_turn", 1, d.turn,
                              f"a turn number from 1 to {d.turn}")
    if "counters" in flags:
        if not faceup:
            _err(where, f"{key}.counters", "a face-down card holds no counters")
        _put_counters(d, c, flags["counters"], where, key)
    if "equip" in flags and "target" in flags:
        _err(where, f"{key}.target", "a card is either `equip`ped or bound by `target`")
    if "equip" in flags:
        equips.append((c, flags["equip"], f"{key}.equip", "equip"))
    elif "target" in flags:
        if not faceup:
            _err(where, f"{key}.target", "only a face-up card is bound to its target")
        equips.append((c, flags["target"], f"{key}.target", "target"))


def _start_phase(d, phase) -> None:
    """Put the flow at the open state of `phase`."""
    if phase == K.MAIN1:
        push(d, "turn", s=4)
        push(d, "main")
    elif phase == K.MAIN2:
        push(d, "turn", s=7)
        push(d, "main")
    elif phase == K.BATTLE:
        push(d, "turn", s=5)
        push(d, "battle", s=1)
    elif phase == K.DRAW:
        push(d, "turn", s=1)
    elif phase == K.STANDBY:
        push(d, "turn", s=2)
    else:
        push(d, "turn", s=7)


# ============================================================================ running
def run_scenario_file(path) -> ScenarioResult:
    doc = load_scenario(path)
    return run_scenario(doc, str(path))


def run_scenario(doc: dict, where: str = "<scenario>") -> ScenarioResult:
    name = doc["name"]
    d = build(doc, where)
    script = list(doc.get("script") or [])
    # every `never` line of the run (final and inline expectations), and those seen legal
    nevers = {_split_player_line(x, where, "never")
              for exp in [doc.get("expect") or {}] + [e["expect"] for e in script if "expect" in e]
              for x in (exp.get("never") or [])}
    seen = set()
    consumed = set()      # entries applied ahead of an inline expect (zone/position prompts)
    i = 0
    carry = None          # leftover names of a `choose` line, for that player's next selection

    def skip(i):
        while i in consumed:
            i += 1
        return i
    try:
        for _guard in range(100000):
            i = skip(i)
            if d.winner is not None or d.pending is None:
                break
            dec = d.pending
            for who, line in nevers - seen:
                if dec.player == who and match(d, dec, line)[0]:
                    seen.add((who, line))
            # inline expectations wait for a decision that is not a zone/position prompt
            if i < len(script) and "expect" in script[i] and dec.kind not in (ZONE, POSITION):
                _check(d, script[i]["expect"], f"script[{i}].expect", seen)
                i += 1
                continue
            entry = None
            if carry is not None and dec.kind == SELECT and dec.player == carry[0]:
                entry = carry
            else:
                j = i
                if dec.kind in (ZONE, POSITION):   # answered by the next entries if they fit
                    while j < len(script) and ("expect" in script[j] or j in consumed):
                        j += 1
                if j < len(script) and "expect" not in script[j]:
                    (who, line), = script[j].items()
                    entry = (("A", "B").index(who), line, j)
            if entry is not None and entry[0] == dec.player:
                fits, partial_rest = _fits(d, dec, entry[1])
                if fits is not None:
                    if entry is carry:
                        carry = None
                    elif entry[2] == i:
                        i += 1
                    else:
                        consumed.add(entry[2])
                    if partial_rest:
                        carry = (entry[0], partial_rest, entry[2])
                    for x in fits if isinstance(fits, list) else (fits,):
                        d.apply(x)
                    continue
            if dec.kind in (RESPONSE, YESNO) and any(o.verb in ("pass", "no") for o in dec.options):
                d.apply(next(o for o in dec.options if o.verb in ("pass", "no")))
                continue
            if dec.kind == ZONE:
                d.apply(dec.options[0])
                continue
            if dec.kind == POSITION:
                d.apply(next((o for o in dec.options if o.arg == "attack"), dec.options[0]))
                continue
            if dec.kind == SELECT and len(dec.options) == 1:
                d.apply(dec.options[0])
                continue
            if entry is None and carry is not None:
                entry = carry
            if entry is None and i >= len(script):
                break
            who = "AB"[dec.player]
            legal = "; ".join(option_texts(d, dec))
            at = (f"script[{entry[2]}] ({'AB'[entry[0]]}: {entry[1]})" if entry is not None
                  else "the end of the script")
            if entry is carry and carry is not None:
                at = f"the rest of {at}"
            raise _Fail(f"at {at}: {who} must make a {dec.kind} decision "
                        f"({dec.prompt}) and the script does not fit it; legal: {legal}")
        else:
            raise _Fail("the duel did not stop (100000 decisions)")
        i = skip(i)
        if i < len(script) and d.winner is not None:
            rest = [x for k, x in enumerate(script[i:], i) if "expect" not in x and k not in consumed]
            if rest:
                raise _Fail(f"the duel ended ({d.win_reason}) before script[{i}]")
        if carry is not None and d.winner is not None:
            raise _Fail(f"the duel ended ({d.win_reason}) before the rest of script[{carry[2]}] "
                        f"({'AB'[carry[0]]}: {carry[1]}) was used")
        while i < len(script) and ("expect" in script[i] or i in consumed):
            if i not in consumed:
                _check(d, script[i]["expect"], f"script[{i}].expect", seen)
            i += 1
        _check(d, doc.get("expect") or {}, "expect", seen)
    except _Fail as e:
        return ScenarioResult(name, False, str(e), d)
    return ScenarioResult(name, True, "", d)


def _fits(d, dec, line):
    """The option the line picks (or None), and for a choose line naming more cards than
    this prompt takes, the rest of the line. At a selection asked one card at a time, a choose
    line is the whole selection: a list of answers, one per step."""
    if dec.picked is not None and line.split(" ", 1)[0].lower() == "choose":
        try:
            return d.answers_for(line, whole=True)
        except IllegalAction as e:
            raise _Fail(str(e)) from None
    fits, err = match(d, dec, line)
    if err:
        raise _Fail(err)
    if fits:
        if len(fits) > 1 and not options_interchangeable(d, fits):
            raise _Fail(f"{line!r} is ambiguous here: name the card with @zone or A:/B:")
        return fits[0], None
    parsed = Parsed(line)
    if parsed.verb == "choose" and dec.kind == SELECT:
        fits, _ = match(d, dec, line, partial=True)
        if fits:
            best = max(fits, key=lambda o: len(o.cards))
            best_all = [o for o in fits if len(o.cards) == len(best.cards)]
            if len(best_all) > 1 and not options_interchangeable(d, best_all):
                # several sets fit: the first names of the line decide
                from ..engine.text import _assign
                n = len(best.cards)
                first = [o for o in best_all if _assign(d, list(o.cards), parsed.refs[:n], False)]
                if not first or (len(first) > 1 and not options_interchangeable(d, first)):
                    raise _Fail(f"{line!r} is ambiguous here: it fits {len(best_all)} "
                                f"answers of this {dec.kind} prompt")
                best = first[0]
            rest = _remaining(d, parsed, best.cards)
            return best, ("choose " + ", ".join(rest)) if rest else None
    return None, None


def _remaining(d, parsed, cards):
    refs = list(parsed.refs)
    left = list(range(len(refs)))
    for c in cards:
        for j in left:
            if refs[j].fits(d, c):
                left.remove(j)
                break
    raw = [x for x in _split_raw(parsed.line)]
    return [raw[j] for j in left]


def _split_raw(line):
    from ..engine.text import split_list
    return split_list(line.split(" ", 1)[1])


# ============================================================================ expectations
def _pos_tag(d, c) -> str:
    if d.loc[c] == SZONE:
        return "faceup" if d.faceup(c) else "set"
    return {ATTACK: "attack", DEFENSE: "defense", FACEDOWN_DEFENSE: "facedown"}.get(d.pos[c], "?")


def _multiset_check(key, expected, actual_cards, d, with_tags=False):
    from ..cards.db import normalize
    if not isinstance(expected, list):
        raise _Fail(f"{key}: expected a list")
    want = []
    for x in expected:
        name, tag = _suffix(str(x))
        want.append((normalize(name), tag))
    have = [(normalize(d.data[c].name), _pos_tag(d, c) if with_tags else None, c)
            for c in actual_cards]
    left = list(have)
    ok = True
    for name, tag in want:
        for h in left:
            if h[0] == name and (tag is None or h[1] == tag):
                left.remove(h)
                break
        else:
            ok = False
    if left:
        ok = False
    if not ok:
        shown = [d.data[c].name + (f" ({_pos_tag(d, c)})" if with_tags else "") for c in actual_cards]
        raise _Fail(f"{key}: expected {expected}, got {shown}")


def _check(d, exp: dict, key: str, seen: set) -> None:
    """Check expectations `exp` now; `seen` holds the `never` lines (player, line) that were
    legal answers at some decision of the run so far."""
    if "winner" in exp:
        want = str(exp["winner"])
        got = {None: "none (the duel goes on)", 0: "A", 1: "B", "draw": "draw"}[d.winner]
        if want != got:
            raise _Fail(f"{key}.winner: expected {want}, got {got}")
    elif d.winner is not None and key == "expect":
        raise _Fail(f"{key}: the duel was expected to go on, but "
                    f"{'AB'[d.winner] if d.winner != 'draw' else 'nobody'} won ({d.win_reason})")
    if "turn" in exp and exp["turn"] != d.turn:
        raise _Fail(f"{key}.turn: expected {exp['turn']}, got {d.turn}")
    if "phase" in exp:
        got = K.PHASE_NAMES[d.phase]
        if exp["phase"] != got:
            raise _Fail(f"{key}.phase: expected {exp['phase']}, got {got}")
    for p, side in enumerate(("A", "B")):
        s = exp.get(side)
        if not s:
            continue
        k = f"{key}.{side}"
        for name, value in s.items():
            _check_side(d, p, name, value, f"{k}.{name}")
    for item in exp.get("can") or []:
        who, line = item.split(":", 1)
        who = "AB".index(who.strip())
        if d.pending is None or d.pending.player != who or not match(d, d.pending, line.strip())[0]:
            raise _Fail(f"{key}.can: {item!r} is not a legal answer now; legal: " + _legal(d))
    for item in exp.get("cannot") or []:
        who, line = item.split(":", 1)
        who = "AB".index(who.strip())
        if d.pending is not None and d.pending.player == who and match(d, d.pending, line.strip())[0]:
            raise _Fail(f"{key}.cannot: {item!r} is a legal answer now")
    for item in exp.get("never") or []:
        if _split_player_line(item, "", key) in seen:
            raise _Fail(f"{key}.never: {item!r} was a legal answer during the run")


def _legal(d) -> str:
    if d.pending is None:
        return "(no decision pending)"
    return f"{'AB'[d.pending.player]}: " + "; ".join(option_texts(d, d.pending))


def _check_side(d, p, name, value, key):
    piles = {"hand": d.hand[p], "graveyard": d.gy[p], "banished": d.banished[p],
             "extra": d.extra[p]}
    if name == "lp":
        if d.lp[p] != value:
            raise _Fail(f"{key}: expected {value}, got {d.lp[p]}")
    elif name in piles:
        _multiset_check(key, value, piles[name], d)
    elif name in ("hand_count", "deck_count", "graveyard_count", "extra_count", "banished_count"):
        got = len({"hand_count": d.hand, "deck_count": d.deck, "graveyard_count": d.gy,
                   "extra_count": d.extra, "banished_count": d.banished}[name][p])
        if got != value:
            raise _Fail(f"{key}: expected {value}, got {got}")
    elif name == "monsters":
        _multiset_check(key, value, d.monsters(p), d, with_tags=True)
    elif name == "extra_monster_zone":
        got = [c for c in d.emz if c >= 0 and d.ctrl[c] == p]
        _multiset_check(key, [] if value is None else [value], got, d, with_tags=True)
    elif name == "spells":
        _multiset_check(key, value, [c for c in d.szone[p][:5] if c >= 0], d, with_tags=True)
    elif name == "field_spell":
        c = d.szone[p][K.FIELD_ZONE]
        _multiset_check(key, [] if value is None else [value], [c] if c >= 0 else [], d)
    elif name in ("counters", "equips", "owner"):
        _check_card_map(d, p, name, value, key)
    elif name == "stats":
        if not isinstance(value, dict):
            raise _Fail(f"{key}: expected a mapping NAME: ATK/DEF")
        for card, stat in value.items():
            c = _find_monster_for(d, p, card)
            if c is None:
                raise _Fail(f"{key}: {card} is not a face-up monster of this side")
            got = f"{d.atk(c)}/{d.def_(c)}"
            if str(stat).replace(" ", "") != got:
                raise _Fail(f"{key}.{card}: expected {stat}, got {got}")


def _field_card_for(d, p, name, monsters_only=False):
    """The face-up card named `name` on side p's field (monsters first), or None."""
    from ..cards.db import normalize
    cards = list(d.monsters(p)) + ([] if monsters_only else list(d.spells(p)))
    for c in cards:
        if normalize(d.data[c].name) == normalize(str(name)) and d.faceup(c):
            return c
    return None


def _check_card_map(d, p, name, value, key):
    from ..cards.db import normalize
    for card, want in value.items():
        if name == "owner":
            c = next((x for x in list(d.monsters(p)) + list(d.spells(p))
                      if normalize(d.data[x].name) == normalize(str(card))), None)
        else:
            c = _field_card_for(d, p, card, monsters_only=name == "equips")
        if c is None:
            raise _Fail(f"{key}.{card}: no face-up {card} on this side's field"
                        if name != "owner" else f"{key}.{card}: no {card} on this side's field")
        if name == "counters":
            got = sum(n for (x, _), n in d.counters.items() if x == c)
            if got != want:
                raise _Fail(f"{key}.{card}: expected {want} counters, got {got}")
        elif name == "equips":
            from ..engine.actions import equipped_to
            got = sorted(d.data[e].name for e in equipped_to(d, c))
            if sorted(normalize(x) for x in want) != sorted(normalize(x) for x in got):
                raise _Fail(f"{key}.{card}: expected {want}, got {got}")
        else:
            got = "AB"[d.owner[c]]
            if got != str(want):
                raise _Fail(f"{key}.{card}: expected owner {want}, got {got}")


def _find_monster_for(d, p, name):
    from ..cards.db import normalize
    for c in d.monsters(p):
        if normalize(d.data[c].name) == normalize(str(name)) and d.faceup(c):
            return c
    return None
