"""Replays: a duel as its seed, its two decks, its options and its decisions.

A duel is a pure function of those: `new_duel(deck A, deck B, seed, options)` and the answers
applied in order give the same duel again, log and all. A replay file is JSON (or YAML when the
file name ends in .yaml/.yml):

    {"format": "ygosim-replay", "version": 1, "seed": 7, "options": {"rules": "v10"},
     "names": ["Player", "Bot"],
     "decks": [{"name": "yugi", "main": [passcodes...], "extra": [...]}, {...}],
     "decisions": [{"step": 1, "player": 0, "index": 0, "text": "call heads"}, ...],
     "result": {"winner": 0, "reason": "LP reduced to 0", "turns": 9}, "meta": {...}}

Each decision has its index among the legal answers of that moment AND its text in the scenario
grammar; playing a replay back checks both, and a replay whose decks or decisions do not fit
the duel is a ReplayError naming the step.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace

from ..cards.errors import YgosimError
from ..cards.safetext import quoted

FORMAT = "ygosim-replay"
VERSION = 1


class ReplayError(YgosimError):
    """A replay file that cannot be read or does not fit the duel it describes."""


@dataclass
class Replay:
    seed: int
    decks: list                      # two dicts: name, main (passcodes), extra (passcodes)
    decisions: list = field(default_factory=list)   # dicts: step, player, index, text
    options: dict = field(default_factory=dict)
    names: list = field(default_factory=lambda: ["A", "B"])
    result: dict | None = None
    meta: dict = field(default_factory=dict)
    source: str = ""                 # the file it was read from, for error messages

    def as_dict(self) -> dict:
        return {"format": FORMAT, "version": VERSION, "seed": self.seed,
                "options": self.options, "names": list(self.names), "decks": self.decks,
                "decisions": self.decisions, "result": self.result, "meta": self.meta}


# ---------------------------------------------------------------------------- making
def deck_record(deck, name: str = "") -> dict:
    """A deck as passcode lists, in the order the duel was built from."""
    main = getattr(deck, "main", deck)
    extra = getattr(deck, "extra", ())
    return {"name": name or getattr(deck, "name", ""),
            "main": [c.passcode for c in main], "extra": [c.passcode for c in extra]}


def from_duel(duel, deck_a, deck_b, seed: int, options: dict | None = None,
              meta: dict | None = None) -> Replay:
    """The replay of a duel made with new_duel(deck_a, deck_b, seed, options): its decisions are
    duel.history; their texts are found by playing the duel again."""
    options = dict(options or {})
    options["rules"] = duel.rules.ref()     # the rule set by name (a changed preset: its switches)
    rep = Replay(seed=int(seed), decks=[deck_record(deck_a), deck_record(deck_b)],
                 options=options, names=list(duel.names), meta=dict(meta or {}))
    d = _start(rep)
    for i, idx in enumerate(duel.history):
        dec = d.pending
        if dec is None:
            raise ReplayError(f"step {i + 1}: the duel is over but the history goes on")
        text = d.texts()[idx]
        rep.decisions.append({"step": i + 1, "player": dec.player, "index": idx, "text": text})
        d.apply(idx)
    rep.result = result_of(d)
    return rep


def result_of(d) -> dict:
    if d.winner is None:
        return {"winner": None, "reason": "unfinished", "turns": d.turn}
    w = d.winner
    return {"winner": w if w == "draw" else int(w),
            "winner_name": "draw" if w == "draw" else d.names[w],
            "reason": d.win_reason, "turns": d.turn}


def save(rep: Replay, path) -> Path:
    """Write the replay to `path` (YAML if it ends in .yaml/.yml, else JSON) atomically: on any
    error (a full disk) an older file of that name is left as it was."""
    from ..cards.textfile import write_atomic
    path = Path(path)
    data = rep.as_dict()
    if path.suffix.lower() in (".yaml", ".yml"):
        import yaml
        text = yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=100)
    else:
        text = json.dumps(data, indent=1, ensure_ascii=False)
    write_atomic(path, text + ("" if text.endswith("\n") else "\n"))
    return path


# ---------------------------------------------------------------------------- reading
TOP_KEYS = {"format", "version", "seed", "options", "names", "decks", "decisions", "result",
            "meta"}
DECK_KEYS = {"name", "main", "extra"}
DECISION_KEYS = {"step", "player", "index", "text"}
RESULT_KEYS = {"winner", "winner_name", "reason", "turns"}
MAX_DECISIONS = 50_000       # a 500-turn duel has a few thousand; playing 50,000 takes seconds
MAX_TEXT = 300               # a decision's text, a reason
MAX_NAME = 40                # a player's or a deck's name
MAX_SEED = 2 ** 256          # a web duel's seed has 128 bits (engine.rng.SEED_BITS)


def _engine_options() -> dict:
    """The engine options a replay may set, each with a check of its value: what the duel
    needs to be the same duel, within limits that keep a replay quick to play (a turn cap of
    at most the engine's own, 500)."""
    return {
        "rules": (lambda v: _rules_problem(v) is None, "a rule set: a name or its switches"),
        "turn_cap": (lambda v: _is_int(v) and 1 <= v <= 500, "a whole number from 1 to 500"),
        "chooser": (lambda v: v is None or (_is_int(v) and v in (0, 1)), "0, 1 or null"),
    }


def _rules_problem(ref) -> str | None:
    """What is wrong with a recorded rule set (a preset's name, or `Rules.ref()`'s mapping of a
    preset's name and changed switches), or None. Each switch must have the kind of value the
    presets give it (true/false, a whole number from 0 to 1,000,000, one of the presets' words,
    a short list of them)."""
    from dataclasses import fields
    from ..cards.codes import MONSTER_FRAMES
    from ..engine.rules import NAMES, PRESETS, Rules
    from ..cards.safetext import quoted
    if isinstance(ref, str):
        return None if ref in NAMES else f"{quoted(ref)} is not one of {', '.join(NAMES)}"
    if not isinstance(ref, dict):
        return f"{quoted(ref)} is not a rule set"
    if ref.get("name") not in NAMES:
        return f"name {quoted(ref.get('name'))} is not one of {', '.join(NAMES)}"
    known = {f.name for f in fields(Rules)}
    for k, v in ref.items():
        if k == "name":
            continue
        if k not in known:
            return f"{quoted(k, 30)} is not a rule switch"
        samples = [getattr(r, k) for r in PRESETS.values()]
        if not any(_fits_switch(k, v, sample, samples, MONSTER_FRAMES) for sample in samples):
            return f"switch {k}: {quoted(v)} is not a value it takes"
    return None


def _fits_switch(name, v, sample, samples, frames) -> bool:
    if sample is None or v is None:
        return v is None and None in samples
    if isinstance(sample, bool):
        return isinstance(v, bool)
    if isinstance(sample, int):
        return _is_int(v) and 0 <= v <= 1_000_000
    if isinstance(sample, str):
        words = {s for s in samples if isinstance(s, str)}
        return isinstance(v, str) and (v in words or (name == "title" and len(v) <= 100))
    if isinstance(sample, (tuple, frozenset)):
        if not isinstance(v, list) or len(v) > 20:
            return False
        if all(isinstance(x, str) for x in sample):
            return all(isinstance(x, str) and x in frames for x in v)
        return all(_is_int(x) and 0 <= x <= 1000 for x in v)
    return False


def _is_int(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def load(path) -> Replay:
    """The replay in file `path`; anything that is not a valid replay is a ReplayError naming
    the file and the key or step."""
    from ..cards.textfile import parse_json, parse_yaml, read_text
    from ..cards.safetext import printable
    where = printable(str(path))
    try:
        text = read_text(path, "replay")
        if Path(path).suffix.lower() in (".yaml", ".yml"):
            data = parse_yaml(text, where)
        else:
            data = parse_json(text, where)
    except ReplayError:
        raise
    except YgosimError as e:
        raise ReplayError(str(e)) from None
    return from_dict(data, where)


def from_dict(data, where: str = "replay") -> Replay:
    from ..formats.decklist import MAX_DECK_CARDS, MAX_PASSCODE
    from ..cards.safetext import excerpt, printable

    def bad(key, msg):
        raise ReplayError(f"{where}: {key}: {msg}")

    if not isinstance(data, dict):
        raise ReplayError(f"{where}: not a replay file (expected a mapping)")
    for k in data:
        if k not in TOP_KEYS:
            bad(excerpt(k, 30), f"unknown key (known: {', '.join(sorted(TOP_KEYS))})")
    if data.get("format", FORMAT) != FORMAT:
        bad("format", f"{quoted(data.get('format'))}, not {FORMAT!r}")
    version = data.get("version", VERSION)
    if not _is_int(version) or not 1 <= version <= VERSION:
        bad("version", f"{quoted(version)}: this ygosim reads version {VERSION}")
    for key in ("seed", "decks", "decisions"):
        if key not in data:
            raise ReplayError(f"{where}: missing key {key!r}")
    seed = data["seed"]
    if not _is_int(seed) or not -MAX_SEED < seed < MAX_SEED:
        bad("seed", f"must be a whole number below 2**256, not {quoted(seed)}")
    decks = data["decks"]
    if not isinstance(decks, list) or len(decks) != 2:
        bad("decks", "must be a list of two decks")
    clean_decks = []
    for i, dk in enumerate(decks):
        key = f"decks[{i}] (deck {'AB'[i]})"
        if not isinstance(dk, dict) or not isinstance(dk.get("main"), list):
            bad(key, "must have a 'main' list of passcodes")
        for k in dk:
            if k not in DECK_KEYS:
                bad(f"{key}.{excerpt(k, 30)}", f"unknown key (known: {', '.join(sorted(DECK_KEYS))})")
        name = dk.get("name", "")
        if not isinstance(name, str):
            bad(f"{key}.name", f"must be text, not {quoted(name)}")
        secs = {}
        for sec in ("main", "extra"):
            codes = dk.get(sec)
            if codes is None:
                codes = []
            if not isinstance(codes, list):
                bad(f"{key}.{sec}", f"must be a list of passcodes, not {quoted(codes)}")
            for code in codes:
                if not _is_int(code) or not 0 < code <= MAX_PASSCODE:
                    bad(f"{key}.{sec}", f"{quoted(code)} is not a passcode")
            secs[sec] = list(codes)
        if len(secs["main"]) + len(secs["extra"]) > MAX_DECK_CARDS:
            bad(key, f"more than {MAX_DECK_CARDS} cards: not a deck")
        clean_decks.append({"name": printable(name[:MAX_NAME]), **secs})
    decisions = data["decisions"]
    if not isinstance(decisions, list):
        bad("decisions", "must be a list")
    if len(decisions) > MAX_DECISIONS:
        bad("decisions", f"more than {MAX_DECISIONS:,}: longer than any duel")
    out = []
    for i, x in enumerate(decisions):
        step = f"step {i + 1}"
        if _is_int(x):
            x = {"index": x}
        elif isinstance(x, str):
            x = {"text": x}
        if not isinstance(x, dict) or ("index" not in x and "text" not in x):
            raise ReplayError(f"{where}: {step}: a decision needs an index or a text")
        for k in x:
            if k not in DECISION_KEYS:
                bad(f"{step}", f"unknown key {quoted(k, 30)} (known: "
                               f"{', '.join(sorted(DECISION_KEYS))})")
        idx, text, player = x.get("index"), x.get("text"), x.get("player")
        if idx is not None and (not _is_int(idx) or not 0 <= idx < 100_000):
            bad(step, f"the answer number must be a whole number, not {quoted(idx)}")
        if text is not None and (not isinstance(text, str) or len(text) > MAX_TEXT):
            bad(step, f"the decision's text must be a line of text, not {quoted(text)}")
        if player is not None and player not in (0, 1):
            bad(step, f"the player must be 0 or 1, not {quoted(player)}")
        if idx is None and text is None:
            raise ReplayError(f"{where}: {step}: a decision needs an index or a text")
        out.append({"step": i + 1, "player": player, "index": idx, "text": text})
    options = data.get("options")
    if options is None:
        options = {}
    if not isinstance(options, dict):
        bad("options", f"must be a mapping, not {quoted(options)}")
    known = _engine_options()
    for k, v in options.items():
        if k not in known:
            bad(f"options.{excerpt(k, 30)}", f"not an engine option a replay may set (known: "
                                            f"{', '.join(sorted(known))})")
        check, what = known[k]
        if not check(v):
            problem = _rules_problem(v) if k == "rules" else f"must be {what}, not {quoted(v)}"
            bad(f"options.{k}", problem)
    names = data.get("names")
    if names is None:
        names = ["A", "B"]
    if not isinstance(names, list) or len(names) != 2 or \
            not all(isinstance(n, str) and n.strip() for n in names):
        bad("names", f"must be a list of the two players' names, not {quoted(names)}")
    result = data.get("result")
    if result is not None:
        if not isinstance(result, dict):
            bad("result", f"must be a mapping (winner, reason, turns), not {quoted(result)}")
        for k, v in result.items():
            if k not in RESULT_KEYS:
                bad(f"result.{excerpt(k, 30)}", f"unknown key (known: {', '.join(sorted(RESULT_KEYS))})")
        if result.get("winner") not in (0, 1, "draw", None) or isinstance(result.get("winner"), bool):
            bad("result.winner", f"must be 0, 1, draw or null, not {quoted(result.get('winner'))}")
        for k in ("winner_name", "reason"):
            v = result.get(k)
            if v is not None and (not isinstance(v, str) or len(v) > MAX_TEXT):
                bad(f"result.{k}", f"must be a line of text, not {quoted(v)}")
        turns = result.get("turns")
        if turns is not None and (not _is_int(turns) or not 0 <= turns <= 100_000):
            bad("result.turns", f"must be a whole number, not {quoted(turns)}")
        result = {k: printable(v) if isinstance(v, str) else v for k, v in result.items()}
    meta = data.get("meta")
    if meta is None:
        meta = {}
    if not isinstance(meta, dict):
        bad("meta", f"must be a mapping, not {quoted(meta)}")
    return Replay(seed=seed, decks=clean_decks, decisions=out, options=dict(options),
                  names=[printable(n[:MAX_NAME]) for n in names], result=result, meta=meta,
                  source=where)


def _at(rep: Replay) -> str:
    return f"{rep.source}: " if rep.source else ""


def build_decks(rep: Replay) -> list:
    from ..formats.store import find_card
    out = []
    for i, dk in enumerate(rep.decks):
        secs = {}
        for sec in ("main", "extra"):
            cards = []
            for code in dk.get(sec) or []:
                card = find_card(int(code))
                if card is None:
                    raise ReplayError(f"{_at(rep)}deck {'AB'[i]} ({dk.get('name') or 'unnamed'}): "
                                      f"unknown passcode {code} in the {sec} deck")
                cards.append(card)
            secs[sec] = cards
        out.append(SimpleNamespace(name=dk.get("name", ""), main=secs["main"],
                                   extra=secs["extra"]))
    return out


def _start(rep: Replay):
    from ..engine.api import new_duel
    a, b = build_decks(rep)
    try:
        return new_duel(a, b, seed=rep.seed, options=rep.options or None,
                        names=tuple(rep.names))
    except YgosimError:
        raise
    except Exception as e:     # noqa: BLE001
        raise ReplayError(f"{_at(rep)}the decks of this replay do not make a duel: {e}") from None


def start(rep: Replay):
    """The duel of a replay, before its first decision."""
    return _start(rep)


def step(d, x: dict, where: str = "") -> None:
    """Apply one recorded decision, checking that it fits; ReplayError names the step (and the
    file, `where`: pass the Replay's `source`)."""
    from ..cards.errors import IllegalAction
    n = f"{where}: step {x.get('step', '?')}" if where else f"step {x.get('step', '?')}"
    dec = d.pending
    if dec is None:
        raise ReplayError(f"{n}: the duel is already over ({d.win_reason}) but the replay "
                          f"goes on")
    if "player" in x and x["player"] is not None and x["player"] != dec.player:
        raise ReplayError(f"{n}: the replay says player {x['player']} decides, but the "
                          f"duel asks player {dec.player} ({dec.kind}: {dec.prompt})")
    texts = d.texts()
    idx = x.get("index")
    text = x.get("text")
    if idx is not None:
        if not isinstance(idx, int) or isinstance(idx, bool) or not 0 <= idx < len(texts):
            raise ReplayError(f"{n}: answer number {idx!r} does not exist (there are "
                              f"{len(texts)}: {'; '.join(texts)})")
        if text is not None and texts[idx] != text:
            raise ReplayError(f"{n}: the decision {quoted(text)} does not fit: answer {idx} is "
                              f"now {texts[idx]!r} (legal: {'; '.join(texts)})")
        d.apply(idx)
        return
    try:
        d.apply(str(text))
    except IllegalAction as e:
        raise ReplayError(f"{n}: the decision {quoted(text)} does not fit: {e}") from None


def play(rep: Replay, on_step=None):
    """Play a replay to its end; `on_step(duel, decision_dict, texts_before)` after each
    decision. Returns the duel."""
    d = _start(rep)
    for x in rep.decisions:
        before = d.texts() if on_step is not None and d.pending is not None else None
        step(d, x, rep.source)
        if on_step is not None:
            on_step(d, x, before)
    return d


def check_result(rep: Replay, d) -> None:
    """The recorded result (if any) must be the duel's."""
    r = rep.result
    if not r or r.get("reason") == "unfinished":
        return
    got = result_of(d)
    if got.get("winner") != r.get("winner") or got.get("reason") != r.get("reason"):
        raise ReplayError(f"{_at(rep)}the replay ends with {got.get('winner_name', got['winner'])} "
                          f"({got['reason']}) but the file says {r.get('winner_name', r.get('winner'))} "
                          f"({r.get('reason')})")
