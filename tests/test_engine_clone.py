"""clone(): at many random decisions of random duels, a clone played to the end leaves the
original exactly as it was (a full snapshot of its state), and the original, continued, ends
the same as a fresh replay with the same seed and answers. Same seed and answers, same log."""
import textwrap

import pytest

from engine_util import (check_invariants, diff_snapshots, eager_answers, fresh, play_out,
                         random_answers, replay, snapshot)
from ygosim.engine.rng import Rng


def _clone_points(seed, every):
    """Decision numbers at which to clone: about one in `every`, chosen by the seed."""
    rng = Rng(seed * 7 + 3)
    return lambda: rng.below(every) == 0


@pytest.mark.parametrize("eager", [False, True], ids=["uniform", "eager"])
@pytest.mark.parametrize("seed", range(6))
def test_clone_leaves_original_unchanged(seed, eager):
    d = fresh(seed)
    pick = (eager_answers if eager else random_answers)(seed)
    clone_now = _clone_points(seed, 6)
    clones = []               # (decision number, clone) to drive with the original's answers
    n_checked = 0
    while d.winner is None:
        if clone_now():
            before = snapshot(d)
            c = d.clone()
            check_invariants(c)
            assert snapshot(c) == before, diff_snapshots(snapshot(c), before)
            # play the clone to the end with other answers
            play_out(c, (random_answers if len(d.history) % 2 else eager_answers)(
                seed * 1000 + len(d.history)))
            after = snapshot(d)
            assert after == before, f"the clone changed the original: {diff_snapshots(before, after)}"
            n_checked += 1
            if len(clones) < 4:
                clones.append((len(d.history), d.clone()))
        d.apply(pick(d))
    assert n_checked >= 5
    # the original, continued, equals a fresh replay with the same seed and answers
    r = replay(seed, d.history)
    assert r.log == d.log
    assert (r.winner, r.win_reason, r.lp, r.turn) == (d.winner, d.win_reason, d.lp, d.turn)
    # a clone driven with the original's later answers ends exactly like the original
    for at, c in clones:
        for i in d.history[at:]:
            c.apply(i)
        assert c.log == d.log and c.winner == d.winner and c.history == d.history


def test_clone_of_a_clone_and_mid_chain():
    """Clones taken inside chains, damage steps and selections are independent too."""
    seed = 42
    d = fresh(seed)
    pick = eager_answers(seed)
    taken = 0
    while d.winner is None:
        if d.chain or d.attack is not None or d.pending.kind in ("select", "response"):
            before = snapshot(d)
            c = d.clone()
            cc = c.clone()
            play_out(cc, eager_answers(taken + 1))
            assert snapshot(c) == before
            play_out(c, random_answers(taken + 2))
            assert snapshot(d) == before
            taken += 1
            if taken > 40:
                break
        d.apply(pick(d))
    assert taken > 5


@pytest.mark.parametrize("seed", [0, 5, 11, 123])
def test_same_seed_same_answers_same_log(seed):
    a = fresh(seed)
    play_out(a, random_answers(seed))
    b = fresh(seed)
    play_out(b, random_answers(seed))
    assert "\n".join(a.log).encode() == "\n".join(b.log).encode()
    assert a.history == b.history and a.winner == b.winner
    # answering by index from the recorded history gives the same bytes again
    c = replay(seed, a.history)
    assert "\n".join(c.log).encode() == "\n".join(a.log).encode()


def test_answer_forms_are_equivalent():
    """Answering with the Option, its index or its text gives the same duel."""
    seed = 3
    by_index = fresh(seed)
    by_option = fresh(seed)
    by_text = fresh(seed)
    pick = random_answers(seed)
    for _ in range(400):
        if by_index.winner is not None:
            break
        i = pick(by_index)
        texts = by_text.texts()
        opt = by_option.pending.options[i]
        by_index.apply(i)
        by_option.apply(opt)
        t = texts[i]
        if texts.count(t) == 1:
            by_text.apply(t)
        else:                       # interchangeable answers share a text: the index decides
            by_text.apply(i)
    assert by_index.log == by_option.log == by_text.log


def test_different_seeds_differ():
    a = fresh(1)
    b = fresh(2)
    play_out(a, random_answers(7))
    play_out(b, random_answers(7))
    assert a.log != b.log


def test_same_log_across_processes_and_hash_seeds():
    """No dependence on Python's hash randomization (set/dict order): two processes with
    different PYTHONHASHSEED produce byte-identical logs."""
    import os
    import subprocess
    import sys
    from pathlib import Path
    here = Path(__file__).parent
    code = textwrap.dedent(f"""
        import hashlib, sys
        sys.path.insert(0, {str(here)!r})
        from engine_util import fresh, random_answers, eager_answers, play_out
        h = hashlib.sha256()
        for seed in range(12):
            for mk in (random_answers, eager_answers):
                d = fresh(seed)
                play_out(d, mk(seed))
                h.update("\\n".join(d.log).encode())
        print(h.hexdigest())
    """)
    out = []
    for hs in ("1", "977"):
        env = dict(os.environ, PYTHONHASHSEED=hs)
        p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                           env=env, timeout=300)
        assert p.returncode == 0, p.stderr
        out.append(p.stdout.strip())
    assert out[0] == out[1] and len(out[0]) == 64


def test_clone_sets_every_slot_and_copies_every_mutable_one():
    """A clone has every attribute of a duel; the only containers it shares with the original
    are the card facts and indexes, which are never mutated after set-up."""
    from ygosim.engine.duel import Duel
    shared_facts = {"data", "owner", "options", "trig_index", "static_index", "static_cards",
                    "act_cards", "eis_open", "eis_fast", "eis_ds", "eis_where", "eis_at", "gy_effects",
                    "fast_where", "ns_tributes", "names", "proper_ok"}
    d = fresh(3)
    play = random_answers(3)
    for _ in range(60):
        d.apply(play(d))
    c = d.clone()
    for k in Duel.__slots__:
        mine, theirs = getattr(d, k), getattr(c, k)
        assert mine == theirs or k == "rng", k
        if isinstance(mine, (list, dict, set)) and k not in shared_facts:
            assert mine is not theirs, f"the clone shares {k}"
            if isinstance(mine, list):
                for a, b in zip(mine, theirs):
                    assert not (isinstance(a, list) and a is b), f"the clone shares a list in {k}"
    assert c.rng is not d.rng and c.rng.state == d.rng.state
