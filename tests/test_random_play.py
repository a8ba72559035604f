"""Random play, yugi vs kaiba, a few hundred seeded duels: after every decision each card is in
exactly one place (its loc/seq/ctrl agree with the piles and zones), zone limits hold, LP never
change without a log line saying why, a pending decision has options, every legal answer obeys
the rulebook (an independent restatement: Normal Summons, Tributes, Flip Summons, position
changes, attacks, Spell Speeds, Damage Step, trap timing), the hand size limit holds at the end
of each turn and the opponent responds first to an activation; every duel ends within the turn
cap. Two kinds of random players: uniform, and eager (mostly acts rather than passes)."""
import pytest

from engine_util import (RuleWatch, check_invariants, check_option_rules, eager_answers, fresh,
                         lp_explained, random_answers)

N_CHUNKS = 12
PER_CHUNK = 25          # 300 duels of each kind
TURN_CAP = 200


def play_checked(seed: int, options=None, eager=False):
    options = dict(options or {})
    options.setdefault("turn_cap", TURN_CAP)
    d = fresh(seed, options)
    pick = (eager_answers if eager else random_answers)(seed)
    watch = RuleWatch(d)
    check_invariants(d)
    check_option_rules(d)
    for _ in range(100000):
        if d.winner is not None:
            break
        lp = d.lp[:]
        n = len(d.log)
        d.apply(pick(d))
        check_invariants(d)
        lp_explained(d, lp, d.log[n:])
        watch.after(d)
        check_option_rules(d)
    else:
        raise AssertionError(f"seed {seed}: no end after 100000 decisions")
    assert d.winner in (0, 1, "draw"), f"seed {seed}: winner {d.winner!r}"
    assert d.turn <= options["turn_cap"], f"seed {seed}: turn {d.turn} past the cap"
    assert d.win_reason, f"seed {seed}: no reason given for the result"
    return d


@pytest.mark.parametrize("eager", [False, True], ids=["uniform", "eager"])
@pytest.mark.parametrize("chunk", range(N_CHUNKS))
def test_random_duels_keep_invariants(chunk, eager):
    reasons = {}
    for seed in range(chunk * PER_CHUNK, (chunk + 1) * PER_CHUNK):
        try:
            d = play_checked(seed, eager=eager)
        except AssertionError as e:
            raise AssertionError(f"seed {seed}: {e}") from None
        reasons[d.win_reason] = reasons.get(d.win_reason, 0) + 1
    assert sum(reasons.values()) == PER_CHUNK


def test_small_turn_cap_ends_every_duel():
    for seed in range(20):
        d = play_checked(1000 + seed, {"turn_cap": 3})
        assert d.turn <= 3
        if d.winner == "draw":
            assert d.win_reason == "turn limit reached"


def test_2020_rules_random_duels():
    for seed in range(10):
        play_checked(2000 + seed, {"rules": "2020"})
