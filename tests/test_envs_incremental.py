"""The environments' observations are made incrementally (ygosim.envs.incremental.SeatEncoder:
the parts of a seat's last observation whose inputs did not change are kept): at thousands of
positions they are exactly the arrays of the encoding of observe(duel, seat) made from scratch,
for both seats, on every page, with the "cards" array cut short; a duel changed behind the
encoder's back is encoded right; and the kept parts let nothing hidden through."""
from __future__ import annotations

import pytest

np = pytest.importorskip("numpy", reason="numpy is not installed (extra 'rl')")
pytest.importorskip("gymnasium", reason="gymnasium is not installed (extra 'rl')")

from engine_util import anchor_decks  # noqa: E402
from ygosim.agents.random_agent import RandomAgent  # noqa: E402
from ygosim.engine.api import new_duel  # noqa: E402
from ygosim.engine.observe import determinize, observe  # noqa: E402
from ygosim.engine.rng import Rng  # noqa: E402
from ygosim.envs import DuelEnv, encoding as E  # noqa: E402
from ygosim.envs.incremental import SeatEncoder  # noqa: E402
from ygosim.formats.deck import load_deck  # noqa: E402

REF = {}


def reference(d, seat, rows, page, max_cards, max_actions):
    """The arrays from scratch: a fresh encoding of observe(duel, seat)."""
    key = (max_cards, max_actions)
    if key not in REF:
        REF[key] = E.Encoder(max_cards=max_cards, max_actions=max_actions)
    return REF[key].encode(observe(d, seat, words=False), rows, page)


def assert_same(got: dict, want: dict, where: str) -> None:
    assert got.keys() == want.keys()
    for k in want:
        assert got[k].dtype == want[k].dtype, (where, k)
        assert np.array_equal(got[k], want[k]), (where, k)


@pytest.mark.parametrize("rules,sizes", [("v10", (160, 64)), ("v10", (30, 5)),
                                         ("goat", (160, 64)), ("goat", (40, 4))])
def test_incremental_observations_are_the_observations_from_scratch(rules, sizes):
    """Along episodes of DuelEnv (random legal actions, the next-page action among them) in
    self-play, both seats' observations (the agent's, and the opponent policy's) equal the
    encoding of observe() from scratch, history and page included."""
    max_cards, max_actions = sizes
    decks = {} if rules == "v10" else dict(zip(("deck", "opponent_deck"), anchor_decks()))
    env = DuelEnv(opponent="self", rules=rules, seat=None, max_cards=max_cards,
                  max_actions=max_actions, allow_unscripted=True, **decks)
    rng = np.random.default_rng(len(rules) + max_cards)
    checked = {0: 0, 1: 0}

    def check(obs, seat):
        d = env.duel
        mine = d.pending is not None and d.pending.player == seat
        rows = env.view.history[seat].rows()
        want = reference(d, seat, rows, env.view.page if mine else 0, max_cards, max_actions)
        assert_same(obs, want, f"{rules} seat {seat} turn {d.turn}")
        checked[seat] += 1

    def opponent(obs):
        check(obs, 1 - env.seat)
        return int(rng.choice(np.flatnonzero(obs["action_mask"])))
    env.self_policy = opponent
    obs, _ = env.reset(seed=3)
    for _ in range(700):
        check(obs, env.seat)
        obs, _, term, trunc, _ = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        if term or trunc:
            obs, _ = env.reset()
    assert checked[0] + checked[1] > 1000 and min(checked.values()) > 200


def positions(seed, pair=None, options=None, n_duels=3, every=2):
    """Positions along random duels (a copy each), with the player to look from."""
    pair = pair or (load_deck("yugi"), load_deck("kaiba"))
    for s in range(seed, seed + n_duels):
        d = new_duel(*pair, seed=s, options=options)
        agent = RandomAgent(s)
        k = 0
        while d.winner is None:
            if k % every == 0:
                yield d.clone(), k % 4 // 2, s
            d.apply(agent.choose(d))
            k += 1


def test_a_duel_changed_behind_the_encoders_back_is_encoded_right():
    """One SeatEncoder fed positions out of order, of other duels, and a copy whose cards were
    replaced under the same ids: every observation is the one from scratch (a kept part is
    reused only when its inputs are equal, never because nothing should have changed)."""
    blue_eyes = next(c for c in load_deck("kaiba").main if c.name == "Blue-Eyes White Dragon")
    enc = E.Encoder(max_cards=50, max_actions=6)
    seats = {0: SeatEncoder(enc, 0), 1: SeatEncoder(enc, 1)}
    found = [x[:2] for x in positions(40)] + \
        [x[:2] for x in positions(50, anchor_decks(), {"rules": "goat"}, n_duels=2)]
    order = np.random.default_rng(0).permutation(len(found))
    n = 0
    for i in order[:1500]:
        d, p = found[i]
        for duel in (d, _swapped(d, blue_eyes)):
            for page in (0, 1):
                want = reference(duel, p, None, page, 50, 6)
                assert_same(seats[p].encode(duel, None, page), want, f"position {i}")
                n += 1
    assert n > 2500


def _swapped(d, card):
    """A copy of d whose every card in a hand or Graveyard (but those on the chain) is `card`
    (the same card ids, other cards)."""
    other = d.clone()
    data = list(other.data)
    chained = {other.links[lid]["card"] for lid in other.chain}
    for p in (0, 1):
        for c in list(other.hand[p]) + list(other.gy[p]):
            if c not in chained:
                data[c] = card
    other.data = data
    return other


def test_the_kept_parts_let_nothing_hidden_through():
    """A SeatEncoder that follows a duel and one that follows, position by position, the same
    duel with the opponent's hidden cards dealt again (determinize) give the same arrays at
    every position: what it keeps from one observation to the next holds nothing hidden."""
    for pair, options in ((None, None), (anchor_decks(), {"rules": "goat"})):
        enc = E.Encoder()
        real, dealt = SeatEncoder(enc, 0), SeatEncoder(enc, 0)
        n = 0
        duel = None
        for k, (d, _, s) in enumerate(positions(70, pair, options, n_duels=2, every=1)):
            if s != duel:           # a new duel: the histories start again
                duel = s
                h_real, h_dealt = E.History(enc, 0), E.History(enc, 0)
            world = determinize(d, 0, Rng(k))
            h_real.update(d)
            h_dealt.update(world)
            assert_same(real.encode(d, h_real), dealt.encode(world, h_dealt), f"position {k}")
            n += 1
        assert n > 200
