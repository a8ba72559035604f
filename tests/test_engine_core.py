"""Duel setup, the end of a duel (both players at 0 LP, the turn cap), 0 ATK battles, when
monsters destroyed by battle reach the Graveyard, and that the invariant checks have teeth."""
import textwrap

import pytest
import yaml

from engine_util import check_invariants, decks, fresh, lp_explained
from ygosim.engine import const as K
from ygosim.engine import flow
from ygosim.engine.api import new_duel
from ygosim.play.scenario import build


def position(text):
    return build(yaml.safe_load(textwrap.dedent(text)))


# ------------------------------------------------------------------ setup
@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("choice", ["first", "second"])
def test_setup_8000_lp_5_cards_no_draw_on_turn_1(seed, choice):
    a, b = decks()
    d = new_duel(a, b, seed=seed)
    assert d.pending.kind == "call" and d.pending.player == 0
    d.apply("call heads")
    assert d.pending.kind == "first"
    toss_winner = d.pending.player
    assert d.log[-1].endswith(f"{'AB'[toss_winner]} wins the toss")
    d.apply(f"go {choice}")
    first = toss_winner if choice == "first" else 1 - toss_winner
    assert d.turn == 1 and d.tp == first and d.phase == K.MAIN1
    assert d.lp == [8000, 8000]
    assert [len(h) for h in d.hand] == [5, 5]
    assert [len(x) for x in d.deck] == [len(a.main) - 5, len(b.main) - 5]
    assert not any(line.startswith("T1 ") and "draws" in line for line in d.log)
    assert d.pending.player == first and d.pending.kind == "action"
    assert "battle" not in d.texts()
    check_invariants(d)
    d.apply("end")          # turn 1 ends (5 cards: no discard)
    second = 1 - first
    assert d.turn == 2 and d.tp == second
    assert len(d.hand[second]) == 6 and len(d.deck[second]) == [len(a.main), len(b.main)][second] - 6
    assert len(d.hand[first]) == 5
    assert "battle" in d.texts()


def test_coin_toss_goes_both_ways():
    a, b = decks()
    winners = set()
    for seed in range(20):
        d = new_duel(a, b, seed=seed)
        d.apply("call tails")
        winners.add(d.pending.player)
    assert winners == {0, 1}


def test_decks_are_shuffled_by_the_seed():
    a, b = decks()
    d1, d2, d3 = new_duel(a, b, seed=1), new_duel(a, b, seed=1), new_duel(a, b, seed=2)
    names = lambda d: [d.name(c) for c in d.deck[0]]  # noqa: E731
    assert names(d1) == names(d2)
    assert names(d1) != names(d3)


# ------------------------------------------------------------------ the end of a duel
BOARD = """
    name: t
    turn: 2
    A: {monsters: [Celtic Guardian], hand: [Ookazi]}
    B: {monsters: [Feral Imp]}
"""


@pytest.mark.parametrize("lp,winner", [([0, 0], "draw"), ([-500, 0], "draw"), ([0, -1], "draw"),
                                       ([0, 100], 1), ([100, -300], 0), ([1, 1], None)])
def test_check_state_lp(lp, winner):
    d = position(BOARD)
    d.lp = lp
    d.check_state()
    assert d.winner == winner
    if winner == "draw":
        assert "draw" in d.log[-1] and "0 LP" in d.log[-1]
        assert d.win_reason


def test_both_at_zero_during_play_is_a_draw():
    """The engine checks LP after each step of the flow: both at 0 at once is a draw."""
    d = position(BOARD)
    d.damage(0, 8000)       # as one step of an effect would: the winner is decided after it
    d.damage(1, 9000)
    assert d.winner is None and d.lp == [0, 0]
    d.apply("end")
    assert d.winner == "draw" and d.pending is None


def test_lp_zero_ends_the_duel_at_once():
    d = position(BOARD.replace("B: {monsters: [Feral Imp]}", "B: {monsters: [Feral Imp], lp: 800}"))
    d.apply("activate Ookazi")
    assert d.winner == 0 and d.win_reason == K.WIN_LP and d.pending is None
    assert d.lp[1] == 0


def _passive(d):
    texts = d.texts()
    for t in ("end", "pass", "no"):
        if t in texts:
            return texts.index(t)
    return 0


@pytest.mark.parametrize("cap", [1, 2, 3, 6])
def test_turn_cap_is_a_draw(cap):
    a, b = decks()
    d = new_duel(a, b, seed=9, options={"turn_cap": cap})
    while d.winner is None:
        d.apply(_passive(d))
    assert d.winner == "draw" and d.win_reason == K.WIN_TURN_CAP
    assert d.turn == cap
    assert "Turn limit" in d.log[-1]


def test_deck_out_in_a_full_duel():
    """Passive play to the end: the player who must draw from an empty Deck loses."""
    a, b = decks()
    d = new_duel(a, b, seed=4)
    while d.winner is None:
        d.apply(_passive(d))
    assert d.win_reason == K.WIN_DECKOUT
    loser = 1 - d.winner
    assert d.deck[loser] == [] and d.tp == loser and d.phase == K.DRAW


# ------------------------------------------------------------------ 0 ATK battles
ZERO = """
    name: t
    turn: 2
    A: {monsters: [Celtic Guardian]}
    B: {monsters: [%s]}
"""


def _zero(d, c):
    d.add_mod(c, atk=-d.atk(c))
    assert d.atk(c) == 0


def test_two_zero_atk_attack_position_monsters_neither_destroyed():
    d = position(ZERO % "Celtic Guardian")
    a, b = d.mzone[0][0], d.mzone[1][0]
    _zero(d, a)
    _zero(d, b)
    d.apply("battle")
    d.apply("attack A:Celtic Guardian -> B:Celtic Guardian")
    assert d.loc[a] == K.MZONE and d.loc[b] == K.MZONE
    assert d.lp == [8000, 8000]
    assert not any("destroyed" in line for line in d.log)


def test_zero_atk_attacker_vs_zero_def():
    d = position(ZERO % "Dragon Zombie (defense)")       # 1600/0
    a, b = d.mzone[0][0], d.mzone[1][0]
    _zero(d, a)
    d.apply("battle")
    d.apply("attack Celtic Guardian -> Dragon Zombie")
    assert d.loc[a] == K.MZONE and d.loc[b] == K.MZONE and d.lp == [8000, 8000]


def test_zero_atk_monster_is_destroyed_by_a_stronger_one():
    d = position(ZERO % "Feral Imp")
    a, b = d.mzone[0][0], d.mzone[1][0]
    _zero(d, a)
    d.apply("battle")
    d.apply("attack Celtic Guardian -> Feral Imp")
    assert d.loc[a] == K.GY and d.loc[b] == K.MZONE and d.lp == [6700, 8000]


def test_zero_atk_direct_attack_deals_nothing():
    d = position("""
        name: t
        turn: 2
        A: {monsters: [Celtic Guardian]}
    """)
    _zero(d, d.mzone[0][0])
    d.apply("battle")
    d.apply("attack Celtic Guardian -> direct")
    assert d.lp == [8000, 8000]


# ------------------------------------------------------------------ the Damage Step
def test_battle_destroyed_monsters_reach_the_gy_at_the_end_of_the_damage_step(monkeypatch):
    seen = []
    real = flow.phase_window

    def spy(d):
        if d.attack is not None:
            atk, tgt = d.attack[0], d.attack[1]
            seen.append((d.step, d.loc[atk], d.loc[tgt], d.lp[:]))
        return real(d)
    monkeypatch.setattr(flow.battle, "phase_window", spy)   # (as the Damage Step sees it)
    d = position("""
        name: t
        turn: 2
        A: {monsters: [Celtic Guardian]}
        B: {monsters: [Mammoth Graveyard]}
    """)
    d.apply("battle")
    d.apply("attack Celtic Guardian -> Mammoth Graveyard")
    steps = {s: (la, lt, lp) for s, la, lt, lp in seen}
    assert steps[K.DS_START] == (K.MZONE, K.MZONE, [8000, 8000])
    assert steps[K.DS_BEFORE_CALC] == (K.MZONE, K.MZONE, [8000, 8000])
    # after damage calculation: damage dealt, the loser still on the field
    assert steps[K.DS_AFTER_CALC] == (K.MZONE, K.MZONE, [8000, 7800])
    # the end of the Damage Step: now in the Graveyard
    assert steps[K.DS_END] == (K.MZONE, K.GY, [8000, 7800])
    log = d.log
    i_destroyed = next(i for i, x in enumerate(log) if "destroyed by battle" in x)
    i_damage = next(i for i, x in enumerate(log) if "battle damage" in x)
    i_gy = next(i for i, x in enumerate(log) if "sent to the Graveyard" in x)
    assert i_destroyed < i_damage < i_gy


def test_attacked_facedown_monster_is_flipped_before_damage_calculation(monkeypatch):
    seen = []
    real = flow.phase_window

    def spy(d):
        if d.attack is not None:
            seen.append((d.step, d.pos[d.attack[1]]))
        return real(d)
    monkeypatch.setattr(flow.battle, "phase_window", spy)   # (as the Damage Step sees it)
    d = position("""
        name: t
        turn: 2
        A: {monsters: [Celtic Guardian]}
        B: {monsters: [Mystical Elf (facedown)]}
    """)
    d.apply("battle")
    d.apply("attack Celtic Guardian -> Mystical Elf")
    pos = dict(seen)
    assert pos[K.DS_START] == K.FACEDOWN_DEFENSE
    assert pos[K.DS_BEFORE_CALC] == K.DEFENSE
    assert pos[K.DS_END] == K.DEFENSE
    assert d.pos[d.mzone[1][0]] == K.DEFENSE and d.lp == [7400, 8000]


# ------------------------------------------------------------------ the checks have teeth
def test_invariant_checks_catch_corruption():
    d = fresh(0)
    check_invariants(d)
    bad = d.clone()
    bad.hand[0].append(bad.deck[0][0])                 # one card in two places
    with pytest.raises(AssertionError):
        check_invariants(bad)
    bad = d.clone()
    c = bad.deck[1][0]
    bad.loc[c] = K.GY                                   # loc disagrees with its pile
    with pytest.raises(AssertionError):
        check_invariants(bad)
    bad = d.clone()
    bad.mzone[0] = bad.mzone[0] + [-1]                  # a sixth Main Monster Zone
    with pytest.raises(AssertionError):
        check_invariants(bad)
    bad = d.clone()
    bad.deck[0].pop()                                   # a card nowhere
    with pytest.raises(AssertionError):
        check_invariants(bad)
    bad = d.clone()
    bad.lp[0] -= 300
    with pytest.raises(AssertionError):
        lp_explained(bad, d.lp, [])
    lp_explained(bad, d.lp, ["T1 A takes 300 effect damage (LP 7700)"])
