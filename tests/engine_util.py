"""Helpers for the engine tests: a full snapshot of a duel's state, the state invariants,
random play, replays. (Not a test module: imported by tests/test_engine_*.py and
tests/test_random_play.py.)"""
from __future__ import annotations

import re

from ygosim.engine import const as K
from ygosim.engine.api import new_duel
from ygosim.engine.decision import Decision, Option
from ygosim.engine.rng import Rng

_DECKS = {}


def decks():
    """The two starter decks (yugi, kaiba), loaded once per process."""
    if not _DECKS:
        from ygosim.formats.deck import load_deck
        _DECKS["yugi"] = load_deck("yugi")
        _DECKS["kaiba"] = load_deck("kaiba")
    return _DECKS["yugi"], _DECKS["kaiba"]


def _norm(x):
    """A comparable, alias-free copy of a state value."""
    if isinstance(x, Option):
        return ("Option", x.verb, _norm(x.cards), _norm(x.arg))
    if isinstance(x, Decision):
        return ("Decision", x.player, x.kind, _norm(x.options), x.prompt, x.source)
    if isinstance(x, Rng):
        return ("Rng", x.state)
    if isinstance(x, dict):
        return ("dict", tuple(sorted(((repr(k), _norm(v)) for k, v in x.items()),
                                     key=lambda kv: kv[0])))
    if isinstance(x, list):
        return ("list", tuple(_norm(v) for v in x))
    if isinstance(x, tuple):
        return ("tuple", tuple(_norm(v) for v in x))
    if isinstance(x, (set, frozenset)):
        return ("set", tuple(sorted(repr(_norm(v)) for v in x)))
    if isinstance(x, (int, str, float, bool)) or x is None:
        return x
    if callable(x):
        return ("fn", id(x))
    return ("obj", type(x).__name__, repr(x))


def snapshot(d) -> dict:
    """Every attribute of the duel (card facts included by identity), normalized."""
    out = {}
    for k, v in d.__dict__.items():
        if k == "data":
            out[k] = tuple(id(x) for x in v)
        else:
            out[k] = _norm(v)
    return out


def diff_snapshots(a: dict, b: dict) -> list:
    return [k for k in sorted(set(a) | set(b)) if a.get(k) != b.get(k)]


# --------------------------------------------------------------------------- invariants
_PILES = {K.DECK: "deck", K.HAND: "hand", K.GY: "gy", K.BANISHED: "banished", K.EXTRA: "extra"}
_LP_LINE = re.compile(r"^T\d+ (?P<who>\S+) (?:takes (?P<dmg>\d+) (?:battle|effect) damage"
                      r"|gains (?P<gain>\d+) LP|pays (?P<pay>\d+) LP|loses (?P<lose>\d+) LP)")


def check_invariants(d) -> None:
    """Each card in exactly one place, agreeing with loc/seq/ctrl; zone limits; the pending
    decision has options. Raises AssertionError with what is wrong."""
    n = len(d.data)
    seen = [0] * n
    for p in (0, 1):
        for loc, name in _PILES.items():
            for c in getattr(d, name)[p]:
                assert 0 <= c < n, f"{name}[{p}] holds {c}"
                seen[c] += 1
                assert d.loc[c] == loc, f"{d.name(c)} in {name}[{p}] but loc={d.loc[c]}"
                assert d.owner[c] == p, f"{d.name(c)} in {name}[{p}] but owner={d.owner[c]}"
        mz = d.mzone[p]
        assert len(mz) == 5, f"mzone[{p}] has {len(mz)} slots"
        for i, c in enumerate(mz):
            if c >= 0:
                seen[c] += 1
                assert d.loc[c] == K.MZONE and d.seq[c] == i and d.ctrl[c] == p, \
                    f"{d.name(c)} in mzone[{p}][{i}] but loc/seq/ctrl={d.loc[c]}/{d.seq[c]}/{d.ctrl[c]}"
        sz = d.szone[p]
        assert len(sz) == 6, f"szone[{p}] has {len(sz)} slots"
        for i, c in enumerate(sz):
            if c >= 0:
                seen[c] += 1
                assert d.loc[c] == K.SZONE and d.seq[c] == i and d.ctrl[c] == p, \
                    f"{d.name(c)} in szone[{p}][{i}] but loc/seq/ctrl={d.loc[c]}/{d.seq[c]}/{d.ctrl[c]}"
        emz_used = sum(1 for c in d.emz if c >= 0 and d.ctrl[c] == p)
        links = any(c >= 0 and "link" in d.data[c].frames for c in d.monsters(p))
        assert emz_used <= 1 or links, f"player {p} uses {emz_used} Extra Monster Zones"
    assert len(d.emz) == 2
    for i, c in enumerate(d.emz):
        if c >= 0:
            seen[c] += 1
            assert d.loc[c] == K.MZONE and d.seq[c] == K.EMZ_BASE + i, \
                f"{d.name(c)} in emz[{i}] but loc/seq={d.loc[c]}/{d.seq[c]}"
    overlay = getattr(d, "overlay", None)
    if overlay:
        for h, mats in enumerate(overlay):
            for c in mats or ():
                seen[c] += 1
                assert d.loc[c] == K.OVERLAY, f"{d.name(c)} is a material of {h} but loc={d.loc[c]}"
    for c in range(n):
        if d.loc[c] == 0:          # a Token that left the field: nowhere
            assert seen[c] == 0, f"{d.name(c)} has no location but is listed {seen[c]} times"
        else:
            assert seen[c] == 1, f"{d.name(c)} (loc {d.loc[c]}) is listed {seen[c]} times"
    if d.winner is None:
        assert d.pending is not None, "the duel goes on but no decision is pending"
        assert len(d.pending.options) >= 1, f"a decision with no options: {d.pending.prompt}"
        assert d.pending.player in (0, 1)


def lp_explained(d, before_lp, new_lines) -> None:
    """LP changes only with a log line saying why (damage, gain, payment), and by that much."""
    lp = list(before_lp)
    for line in new_lines:
        m = _LP_LINE.match(line)
        if not m:
            continue
        who = m.group("who")
        if who not in d.names:
            continue
        p = d.names.index(who)
        if m.group("dmg"):
            lp[p] = max(lp[p] - int(m.group("dmg")), 0)      # LP stop at 0
        elif m.group("gain"):
            lp[p] += int(m.group("gain"))
        elif m.group("pay"):
            lp[p] -= int(m.group("pay"))
        else:
            lp[p] -= int(m.group("lose"))
    for p in (0, 1):
        assert d.lp[p] == lp[p], (
            f"LP of {d.names[p]} went {before_lp[p]} -> {d.lp[p]} but the log explains "
            f"{before_lp[p]} -> {lp[p]}: {new_lines}")


# --------------------------------------------------------------------------- play
def fresh(seed: int, options=None):
    a, b = decks()
    return new_duel(a, b, seed=seed, options=options)


def random_answers(seed: int):
    """A deterministic stream of choices: pick(d) -> option index."""
    rng = Rng(seed ^ 0xA5A5)

    def pick(d):
        return rng.below(len(d.pending.options))
    return pick


def play_out(d, pick, limit: int = 50000, each=None) -> None:
    for _ in range(limit):
        if d.winner is not None:
            return
        d.apply(pick(d))
        if each is not None:
            each(d)
    raise AssertionError("the duel did not end")


def replay(seed: int, history, options=None):
    d = fresh(seed, options)
    for i in history:
        d.apply(i)
    return d
