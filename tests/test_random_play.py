"""Random play, yugi vs kaiba, a few hundred seeded duels: after every decision each card is in
exactly one place (its loc/seq/ctrl agree with the piles and zones), zone limits hold, LP never
change without a log line saying why, a pending decision has options, every legal answer obeys
the rulebook (an independent restatement: Normal Summons, Tributes, Flip Summons, position
changes, attacks, Spell Speeds, Damage Step, trap timing) and every basic action the rules allow
is offered, the hand size limit holds at the end
of each turn and the opponent responds first to an activation; every duel ends within the turn
cap. Two kinds of random players: uniform, and eager (mostly acts rather than passes)."""
import pytest

from engine_util import (RuleWatch, anchor_decks, check_invariants, check_option_rules,
                         check_options_complete, eager_answers, fresh, lp_explained,
                         random_answers)

N_CHUNKS = 12
PER_CHUNK = 25          # 300 duels of each kind
TURN_CAP = 200


def step_checked(d, pick, watch) -> None:
    """Apply one answer and check everything that must hold after every decision."""
    lp = d.lp[:]
    n = len(d.log)
    d.apply(pick(d))
    check_invariants(d)
    lp_explained(d, lp, d.log[n:])
    watch.after(d)
    check_option_rules(d)
    check_options_complete(d)


def play_to_end(d, seed: int, eager=False):
    """Play duel d to its end with a seeded random player (uniform or eager), checking
    everything after every decision; returns d."""
    pick = (eager_answers if eager else random_answers)(seed)
    watch = RuleWatch(d)
    check_invariants(d)
    check_option_rules(d)
    check_options_complete(d)
    for _ in range(100000):
        if d.winner is not None:
            break
        step_checked(d, pick, watch)
    else:
        raise AssertionError(f"seed {seed}: no end after 100000 decisions")
    assert d.winner in (0, 1, "draw"), f"seed {seed}: winner {d.winner!r}"
    return d


def each_seed(seeds, play, *args) -> None:
    """play(seed, *args) for every seed; a failure names its seed and arguments."""
    for seed in seeds:
        try:
            play(seed, *args)
        except AssertionError as e:
            raise AssertionError(f"seed {seed} {args}: {e}") from None


def play_checked(seed: int, options=None, eager=False, pair=None):
    options = dict(options or {})
    options.setdefault("turn_cap", TURN_CAP)
    d = play_to_end(fresh(seed, options, pair), seed, eager)
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


@pytest.mark.parametrize("rules", ["goat", "v10"])
@pytest.mark.parametrize("eager", [False, True], ids=["uniform", "eager"])
def test_anchor_deck_random_duels(rules, eager):
    """Random duels of the Goat parts' anchor cards (Tokens, card-links, equipped monsters,
    counters, own Summon procedures...) keep every invariant and rule check."""
    seen = set()
    for seed in range(30):
        d = play_checked(3000 + seed, {"rules": rules}, eager=eager, pair=anchor_decks())
        seen.update(x.split(" ", 2)[2] for x in d.log if " activates " in x)
    assert len(seen) >= 10, f"too few cards were used: {sorted(seen)}"


def _scenario_files():
    from pathlib import Path
    return sorted((Path(__file__).parent / "scenarios").rglob("*.yaml"))


@pytest.mark.parametrize("part", range(2))
def test_random_play_on_from_every_scenario(part):
    """From where each scenario stops, random players go on for a dozen turns: the same
    invariants and rule checks hold in all those positions (many cards, odd states)."""
    from ygosim.play.scenario import load_scenario, run_scenario
    files = _scenario_files()[part::2]
    played = 0
    for path in files:
        try:
            r = run_scenario(load_scenario(path), str(path))
        except Exception:       # a file that does not load is the scenario tests' business
            continue
        base = r.duel
        if base is None or base.winner is not None or base.pending is None:
            continue
        for k in range(2):
            d = base.clone()
            d.options = dict(d.options, turn_cap=d.turn + 12)
            pick = (eager_answers if k else random_answers)(k + played)
            watch = RuleWatch(d)
            try:
                check_invariants(d)
                for _ in range(3000):
                    if d.winner is not None:
                        break
                    step_checked(d, pick, watch)
            except AssertionError as e:
                raise AssertionError(f"{path.name} (player {k}): {e}\n" + "\n".join(d.log[-12:]))
        played += 1
    assert played >= 10
