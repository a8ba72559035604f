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

from .errors import YgosimError

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
    path = Path(path)
    data = rep.as_dict()
    if path.suffix.lower() in (".yaml", ".yml"):
        import yaml
        text = yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=100)
    else:
        text = json.dumps(data, indent=1, ensure_ascii=False)
    path.write_text(text + ("" if text.endswith("\n") else "\n"), encoding="utf-8")
    return path


# ---------------------------------------------------------------------------- reading
def load(path) -> Replay:
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as e:
        raise ReplayError(f"{path}: cannot read the replay ({e.strerror or e})") from None
    try:
        if path.suffix.lower() in (".yaml", ".yml"):
            import yaml
            data = yaml.safe_load(text)
        else:
            data = json.loads(text)
    except Exception as e:     # noqa: BLE001 - any parse error is a bad file
        raise ReplayError(f"{path}: not a replay file ({e})") from None
    return from_dict(data, str(path))


def from_dict(data, where: str = "replay") -> Replay:
    if not isinstance(data, dict):
        raise ReplayError(f"{where}: not a replay file (expected a mapping)")
    if data.get("format", FORMAT) != FORMAT:
        raise ReplayError(f"{where}: format is {data.get('format')!r}, not {FORMAT!r}")
    for key in ("seed", "decks", "decisions"):
        if key not in data:
            raise ReplayError(f"{where}: missing key {key!r}")
    seed = data["seed"]
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ReplayError(f"{where}: seed must be an integer, not {seed!r}")
    decks = data["decks"]
    if not isinstance(decks, list) or len(decks) != 2:
        raise ReplayError(f"{where}: decks must be a list of two decks")
    for i, dk in enumerate(decks):
        if not isinstance(dk, dict) or not isinstance(dk.get("main"), list):
            raise ReplayError(f"{where}: deck {'AB'[i]} must have a 'main' list of passcodes")
        for sec in ("main", "extra"):
            for code in dk.get(sec) or []:
                if not isinstance(code, int) or isinstance(code, bool):
                    raise ReplayError(f"{where}: deck {'AB'[i]} {sec}: {code!r} is not a "
                                      f"passcode")
    decisions = data["decisions"]
    if not isinstance(decisions, list):
        raise ReplayError(f"{where}: decisions must be a list")
    out = []
    for i, x in enumerate(decisions):
        if isinstance(x, int) and not isinstance(x, bool):
            x = {"index": x}
        elif isinstance(x, str):
            x = {"text": x}
        if not isinstance(x, dict) or ("index" not in x and "text" not in x):
            raise ReplayError(f"{where}: step {i + 1}: a decision needs an index or a text")
        out.append(dict(x, step=i + 1))
    options = data.get("options") or {}
    if not isinstance(options, dict):
        raise ReplayError(f"{where}: options must be a mapping")
    names = data.get("names") or ["A", "B"]
    return Replay(seed=seed, decks=decks, decisions=out, options=options,
                  names=[str(n) for n in names][:2], result=data.get("result"),
                  meta=data.get("meta") or {})


def build_decks(rep: Replay) -> list:
    from .formats.store import find_card
    out = []
    for i, dk in enumerate(rep.decks):
        secs = {}
        for sec in ("main", "extra"):
            cards = []
            for code in dk.get(sec) or []:
                card = find_card(int(code))
                if card is None:
                    raise ReplayError(f"deck {'AB'[i]} ({dk.get('name') or 'unnamed'}): "
                                      f"unknown passcode {code} in the {sec} deck")
                cards.append(card)
            secs[sec] = cards
        out.append(SimpleNamespace(name=dk.get("name", ""), main=secs["main"],
                                   extra=secs["extra"]))
    return out


def _start(rep: Replay):
    from .engine.api import new_duel
    a, b = build_decks(rep)
    try:
        return new_duel(a, b, seed=rep.seed, options=rep.options or None,
                        names=tuple(rep.names))
    except YgosimError:
        raise
    except Exception as e:     # noqa: BLE001
        raise ReplayError(f"the decks of this replay do not make a duel: {e}") from None


def start(rep: Replay):
    """The duel of a replay, before its first decision."""
    return _start(rep)


def step(d, x: dict) -> None:
    """Apply one recorded decision, checking that it fits; ReplayError names the step."""
    from .errors import IllegalAction
    n = x.get("step", "?")
    dec = d.pending
    if dec is None:
        raise ReplayError(f"step {n}: the duel is already over ({d.win_reason}) but the replay "
                          f"goes on")
    if "player" in x and x["player"] is not None and x["player"] != dec.player:
        raise ReplayError(f"step {n}: the replay says player {x['player']} decides, but the "
                          f"duel asks player {dec.player} ({dec.kind}: {dec.prompt})")
    texts = d.texts()
    idx = x.get("index")
    text = x.get("text")
    if idx is not None:
        if not isinstance(idx, int) or isinstance(idx, bool) or not 0 <= idx < len(texts):
            raise ReplayError(f"step {n}: answer number {idx!r} does not exist (there are "
                              f"{len(texts)}: {'; '.join(texts)})")
        if text is not None and texts[idx] != text:
            raise ReplayError(f"step {n}: the decision {text!r} does not fit: answer {idx} is "
                              f"now {texts[idx]!r} (legal: {'; '.join(texts)})")
        d.apply(idx)
        return
    try:
        d.apply(str(text))
    except IllegalAction as e:
        raise ReplayError(f"step {n}: the decision {text!r} does not fit: {e}") from None


def play(rep: Replay, on_step=None):
    """Play a replay to its end; `on_step(duel, decision_dict, texts_before)` after each
    decision. Returns the duel."""
    d = _start(rep)
    for x in rep.decisions:
        before = d.texts() if on_step is not None and d.pending is not None else None
        step(d, x)
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
        raise ReplayError(f"the replay ends with {got.get('winner_name', got['winner'])} "
                          f"({got['reason']}) but the file says {r.get('winner_name', r.get('winner'))} "
                          f"({r.get('reason')})")
