"""Large selections asked one card at a time.

`Duel.select_options` lists every legal selection as a `choose` Option, unless there are more
than PICK_LIMIT combinations (a hand of 40 discarding 34 for the hand size limit has 3.8
million): it then returns a Picks, and `Duel.ask` pushes the `picks` procedure below instead of
making a decision. Each step is an ordinary SELECT decision through the same seam: `choose X`
for every card that can still be part of a legal selection (copies collapsed as in
select_options, never by a name the chooser cannot see) and, once enough are chosen and they
make a legal selection, `choose nothing` (no more). When the selection is complete the
procedure puts the whole of it in `d.answer`, as one `choose` Option, and returns to its
caller, which reads it as if it had been answered at once. A text answer naming several cards
(`choose A, B, C`) answers as many steps at once (see ygosim.engine.duel, apply).
"""
from __future__ import annotations

from itertools import combinations

from ..decision import Option, PickStep
from .core import proc, pop

CHOOSE_NOTHING = Option("choose", ())
SEARCH_BUDGET = 20000       # constraint checks per step to find which cards can still be chosen


@proc
def picks(d, f):
    sel = f["sel"]
    picked = f["picked"]
    if f["s"] == 1:
        a = d.answer
        if not a.cards:                          # `choose nothing`: no more
            _done(d, sel, picked)
            return
        picked = f["picked"] = picked + a.cards
    f["s"] = 1
    if len(picked) >= sel.count:
        _done(d, sel, picked)
        return
    opts = pick_options(d, sel, picked)
    enough = len(picked) >= sel.least and (sel.constraint is None or
                                            sel.constraint(d, _ordered(sel, picked)))
    if not opts:
        if enough or not picked:
            _done(d, sel, picked)
            return
        # a dead end (possible only where the search for a legal completion gave up): the
        # selection starts again
        picked = f["picked"] = ()
        opts = pick_options(d, sel, picked)
        enough = sel.least == 0
    if enough:
        opts.append(CHOOSE_NOTHING)
    d.pending = PickStep(f["player"], opts, _prompt(f["prompt"], sel, picked), f["source"],
                         picked)


def _prompt(prompt: str, sel, picked) -> str:
    n = len(picked)
    want = str(sel.count) if sel.least == sel.count else f"{sel.least} to {sel.count}"
    return f"{prompt} (one card at a time: {n} chosen, {want} in all)"


def _ordered(sel, picked) -> tuple:
    """The chosen cards in the order of the candidates (as a listed selection has them)."""
    s = set(picked)
    return tuple(c for c in sel.cards if c in s)


def _done(d, sel, picked) -> None:
    d.answer = Option("choose", _ordered(sel, picked))
    pop(d)


def pick_options(d, sel, picked) -> list:
    """`choose X` for each card that can be added to `picked` on the way to a legal selection
    (interchangeable copies once, as the chooser can tell them apart)."""
    chosen = set(picked)
    rest = [c for c in sel.cards if c not in chosen]
    out, seen = [], set()
    budget = [SEARCH_BUDGET]
    for c in rest:
        key = d.signature(c, sel.player)
        if key in seen:
            continue
        if sel.constraint is not None and not _completes(d, sel, picked + (c,),
                                                         [x for x in rest if x != c], budget):
            continue
        seen.add(key)
        out.append(Option("choose", (c,)))
    return out


def _completes(d, sel, base, pool, budget) -> bool:
    """Can `base` be completed from `pool` into a selection the constraint allows? Looked for
    smallest first; past the search budget a card is taken to be choosable (a dead end then
    starts the selection again: see picks)."""
    lo = max(sel.least - len(base), 0)
    hi = min(sel.count - len(base), len(pool))
    for k in range(lo, hi + 1):
        for more in combinations(pool, k):
            if budget[0] <= 0:
                return True
            budget[0] -= 1
            if sel.constraint(d, _ordered(sel, base + more)):
                return True
    return False
