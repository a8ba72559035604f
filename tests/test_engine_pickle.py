"""A Duel pickles and deep-copies (engine/persist.py): at many positions of random duels (today's
rules with the starter decks, Goat rules with the anchor decks of every Goat mechanic), the
copy is the same position (snapshot), shares nothing mutable with the original, and played on
with the same answers gives the same duel, log and all, as the original. A worker process that
receives a pickled position plays it on to the same end."""
import copy
import multiprocessing
import pickle

import pytest

from engine_util import anchor_decks, diff_snapshots, fresh, random_answers, snapshot
from ygosim.engine.rng import Rng


def _positions(seed, pair=None, options=None, every=9):
    """(duel, picker) at about one decision in `every` of a random duel."""
    d = fresh(seed, options=options, pair=pair)
    pick = random_answers(seed)
    rng = Rng(seed + 11)
    while d.winner is None and len(d.history) < 4000:
        if rng.below(every) == 0:
            yield d
        d.apply(pick(d))


def _same_future(a, b, seed, steps=60):
    pa, pb = random_answers(seed), random_answers(seed)
    for _ in range(steps):
        if a.winner is not None:
            break
        a.apply(pa(a))
        b.apply(pb(b))
    assert a.log == b.log
    assert (a.winner, a.lp, a.turn, a.history) == (b.winner, b.lp, b.turn, b.history)


@pytest.mark.parametrize("how", ["pickle", "deepcopy"])
@pytest.mark.parametrize("seed,goat", [(1, False), (2, False), (3, True), (4, True)])
def test_copy_is_the_same_position_and_plays_the_same(seed, goat, how):
    pair = anchor_decks() if goat else None
    options = {"rules": "goat"} if goat else None
    n = 0
    for d in _positions(seed, pair, options):
        before = snapshot(d)
        c = pickle.loads(pickle.dumps(d)) if how == "pickle" else copy.deepcopy(d)
        assert snapshot(c) == before, diff_snapshots(snapshot(c), before)
        assert c.pending.options == d.pending.options
        # the copy shares nothing mutable: playing it on leaves the original as it was
        _same_future(c, d.clone(), seed * 100 + n)
        assert snapshot(d) == before, diff_snapshots(before, snapshot(d))
        n += 1
    assert n >= 8


def test_a_copy_of_a_copy_and_a_copy_of_a_clone():
    for d in _positions(7, every=25):
        twice = pickle.loads(pickle.dumps(pickle.loads(pickle.dumps(d.clone()))))
        assert snapshot(twice) == snapshot(d)
        # the effects the indexes hold come back as the very objects (a monster's continuous
        # effect as the indexes derive it included: Lord of D.), not copies
        for key, entries in d.static_index.items():
            assert [(c, id(e)) for c, e in twice.static_index[key]] == \
                [(c, id(e)) for c, e in entries], key


def _play_in_worker(payload, seed):
    d = pickle.loads(payload)
    pick = random_answers(seed)
    while d.winner is None:
        d.apply(pick(d))
    return d.winner, d.win_reason, d.lp, d.log[-5:]


def test_a_worker_process_plays_a_position_on():
    """spawn: the worker imports everything afresh (other code objects, another card store)."""
    positions = [d.clone() for d in _positions(5, every=40)][:3]
    assert positions
    ctx = multiprocessing.get_context("spawn")
    with ctx.Pool(1) as pool:
        got = pool.starmap(_play_in_worker, [(pickle.dumps(d), 9 + i)
                                              for i, d in enumerate(positions)])
    for i, d in enumerate(positions):
        pick = random_answers(9 + i)
        while d.winner is None:
            d.apply(pick(d))
        assert got[i] == (d.winner, d.win_reason, d.lp, d.log[-5:])


def test_functions_in_the_state_travel_with_their_cells():
    """Closures (with their cells, defaults and a reference to themselves), a lambda bound to
    a module name and an unnamed module-level lambda: what the engine's flow and the card
    scripts are made of."""
    from pickle_util import NAMED, UNNAMED, counter
    d = fresh(3)
    step = counter(10)
    step()
    d.options = dict(d.options, test_functions=[step, NAMED, UNNAMED[0]])
    c = pickle.loads(pickle.dumps(d))
    got, named, unnamed = c.options["test_functions"]
    assert named is NAMED and unnamed(2) == 6
    assert got is not step and got()[0] == 12 and step()[0] == 12   # cells copied, not shared
    value, again = got(5)
    assert value == 17 and again is got
