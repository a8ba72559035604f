"""The reinforcement-learning environments (extra `rl`): Gymnasium's and PettingZoo's own
checkers, the encoding (no hidden information, actions pointing at the right cards), rewards,
seats, opponents, illegal actions, vector environments."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

np = pytest.importorskip("numpy", reason="numpy is not installed (extra 'rl')")
gym = pytest.importorskip("gymnasium", reason="gymnasium is not installed (extra 'rl')")
pytest.importorskip("pettingzoo", reason="pettingzoo is not installed (extra 'rl')")

from ygosim.agents.random_agent import RandomAgent  # noqa: E402
from ygosim.engine import const as K  # noqa: E402
from ygosim.engine.api import new_duel  # noqa: E402
from ygosim.engine.observe import determinize, hidden_from, observe  # noqa: E402
from ygosim.engine.rng import Rng  # noqa: E402
from ygosim.envs import ENV_ID, DuelEnv, duel_aec_env  # noqa: E402
from ygosim.envs import encoding as E  # noqa: E402
from ygosim.cards.errors import YgosimError  # noqa: E402
from ygosim.formats.deck import load_deck  # noqa: E402

ENC = E.Encoder()


def enc(d, p):
    return ENC.encode(observe(d, p, words=False))


def history_rows(d, p):
    h = E.History(ENC, p)
    h.update(d)
    return h.rows()


def same(a: dict, b: dict) -> bool:
    return a.keys() == b.keys() and all(np.array_equal(a[k], b[k]) for k in a)


def col(name, table=E.CARD_FEATURES):
    return table.index(name)


# ---------------------------------------------------------------------------- the checkers
def test_gymnasium_check_env():
    from gymnasium.utils.env_checker import check_env
    check_env(DuelEnv())
    env = gym.make(ENV_ID, opponent="random", seat=None, rules="2020", render_mode="ansi")
    check_env(env.unwrapped)
    env.reset(seed=1)
    text = env.render()
    assert text.startswith("turn ") and "LP 8000 / 8000" in text and "\n  0: " in text


def test_pettingzoo_api_test_and_seed_test():
    from pettingzoo.test import api_test, seed_test
    api_test(duel_aec_env(), num_cycles=1000)
    seed_test(lambda: duel_aec_env(rules="goat"), num_cycles=500)


# ---------------------------------------------------------------------------- hidden information
def random_positions(seed, n_duels=6, every=7):
    """Positions along random duels (every few decisions), with the player to look from."""
    deck_a, deck_b = load_deck("yugi"), load_deck("kaiba")
    for s in range(seed, seed + n_duels):
        d = new_duel(deck_a, deck_b, seed=s)
        agent = RandomAgent(s)
        k = 0
        while d.winner is None:
            if k % every == 0:
                yield d, k % 2
            d.apply(agent.choose(d))
            k += 1


def hidden_of(d, p):
    """The opponent's cards p cannot see: hand, Deck, face-down cards on the field."""
    o = 1 - p
    down = [c for c in d.mons[o] + d.sts[o] if d.pos[c] & K.FACEDOWN]
    return list(d.hand[o]) + list(d.deck[o]) + down


def test_observation_holds_no_hidden_information():
    """Two duels that differ only in the opponent's hidden cards give the same arrays: the
    opponent's hand and Deck become other cards, and determinize() deals the hidden cards
    again. And the arrays do change when something the player may see changes."""
    blue_eyes = next(c for c in load_deck("kaiba").main if c.name == "Blue-Eyes White Dragon")
    changed = 0
    for d, p in random_positions(100):
        base = enc(d, p)
        other = d.clone()
        o = 1 - p
        swapped = list(other.data)
        for c in list(other.hand[o]) + list(other.deck[o]):
            swapped[c] = blue_eyes
        other.data = swapped
        if any(other.data[c] is not d.data[c] for c in hidden_of(d, p)):
            changed += 1
        assert same(base, enc(other, p))
        world = determinize(d, p, Rng(7))
        assert same(base, enc(world, p))
        assert history_rows(d, p) == history_rows(world, p)
    assert changed > 50
    # what p may see does change the arrays: p's own hand
    for d, p in random_positions(200, n_duels=1):
        if d.hand[p]:
            mine = d.clone()
            data = list(mine.data)
            data[mine.hand[p][0]] = blue_eyes if d.data[d.hand[p][0]] is not blue_eyes \
                else load_deck("yugi").main[0]
            mine.data = data
            assert not same(enc(d, p), enc(mine, p))
            break


def test_the_fast_encoding_reads_what_observe_shows():
    """The environments encode from the duel directly (Encoder.encode_duel): at positions of
    random duels, today's rules and Goat's (the anchor decks: Tokens, counters, equips,
    banishing, control changes), for both players, on every page, it gives exactly the arrays
    of the encoding of observe(duel, player)."""
    from engine_util import anchor_decks
    small = E.Encoder(max_cards=40, max_actions=5)
    n = 0
    for pair, options in ((None, None), (anchor_decks(), {"rules": "goat"})):
        for s in range(5):
            d = new_duel(*(pair or (load_deck("yugi"), load_deck("kaiba"))), seed=s,
                         options=options)
            agent = RandomAgent(s)
            k = 0
            while d.winner is None:
                if k % 3 == 0:
                    for p in (0, 1):
                        for encoder in (ENC, small):
                            o = observe(d, p, words=False)
                            for page in range(3 if encoder is small else 1):
                                assert same(encoder.encode(o, None, page),
                                            encoder.encode_duel(d, p, None, page))
                                n += 1
                d.apply(agent.choose(d))
                k += 1
    assert n > 2000


def test_env_observations_never_name_opponent_hidden_cards():
    """Along whole episodes, no row of the opponent's hand or face-down cards carries a
    card or its facts."""
    env = DuelEnv(seat=1)
    obs, _ = env.reset(seed=3)
    rng = np.random.default_rng(0)
    seen_hidden = 0
    for _ in range(400):
        cards = obs["cards"]
        theirs = cards[:, col("mine")] == 2
        hidden = cards[:, col("card")] == E.HIDDEN
        seen_hidden += int((theirs & hidden).sum())
        for fact in ("subtype", "level", "attribute", "type", "atk", "def", "known"):
            assert not (hidden & (cards[:, col(fact)] != 0)).any()
        # the opponent's hand rows are all hidden
        opp_hand = theirs & (cards[:, col("location")] == E.LOCATIONS.index("hand") + 1)
        assert (cards[opp_hand, col("card")] == E.HIDDEN).all()
        legal = np.flatnonzero(obs["action_mask"])
        obs, _, term, trunc, _ = env.step(int(rng.choice(legal)))
        if term or trunc:
            obs, _ = env.reset()
    assert seen_hidden > 0


# ---------------------------------------------------------------------------- the encoding
def test_actions_point_at_their_cards():
    env = DuelEnv(seat=0)
    rng = np.random.default_rng(1)
    obs, _ = env.reset(seed=5)
    kinds = set()
    for _ in range(600):
        acts, cards, mask = obs["actions"], obs["cards"], obs["action_mask"]
        n = int(mask.sum())
        assert n == min(len(env.duel.pending.options), ENC.max_actions)
        assert obs["global"][E.GLOBAL_FEATURES.index("n_actions")] == \
            len(env.duel.pending.options)
        assert acts.dtype == cards.dtype == np.float32
        for i, opt in enumerate(env.duel.pending.options[:n]):
            a = acts[i]
            assert E.VERBS[int(a[E.ACTION_FEATURES.index("verb")]) - 1] == opt.verb
            assert a[E.ACTION_FEATURES.index("option")] == i
            row = int(a[E.ACTION_FEATURES.index("row")])
            if opt.cards and row:
                c = opt.cards[0]
                r = cards[row - 1]
                assert r[col("card")] == a[E.ACTION_FEATURES.index("card")]
                if hidden_from(env.duel, c, env.seat):
                    assert r[col("card")] == E.HIDDEN
                else:
                    assert ENC.codes[int(r[col("card")])] == env.duel.data[c].passcode
                    if env.duel.loc[c] == K.MZONE and not env.duel.pos[c] & K.FACEDOWN:
                        assert r[col("atk")] * 1000 == pytest.approx(env.duel.atk(c))
                kinds.add(opt.verb)
            if opt.verb == "attack":
                direct = a[E.ACTION_FEATURES.index("direct")]
                assert direct == (opt.arg is None)
                t = int(a[E.ACTION_FEATURES.index("target_row")])
                if opt.arg is not None:
                    assert t and cards[t - 1, col("mine")] == 2
            if opt.verb == "phase":
                assert a[E.ACTION_FEATURES.index("arg")] == E.ARG_WORDS[opt.arg]
        assert not acts[n:].any()
        obs, _, term, trunc, _ = env.step(int(rng.choice(np.flatnonzero(mask))))
        if term or trunc:
            obs, _ = env.reset()
    assert {"summon", "attack"} <= kinds


def test_docs_describe_every_column():
    text = (Path(__file__).parent.parent / "docs" / "envs.md").read_text()
    for table in (E.CARD_FEATURES, E.GLOBAL_FEATURES, E.CHAIN_FEATURES, E.ACTION_FEATURES,
                  E.HISTORY_FEATURES):
        for name in table:
            assert re.search(rf"\| `{name}` \|", text), name


# ---------------------------------------------------------------------------- DuelEnv
def play_out(env, seed, rng):
    obs, info = env.reset(seed=seed)
    total = 0.0
    while True:
        obs, r, term, trunc, info = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        total += r
        if term or trunc:
            return total, term, info


def test_rewards_seats_and_results():
    rng = np.random.default_rng(2)
    results = set()
    for seat in (0, 1):
        env = DuelEnv(seat=seat, opponent="random")
        for seed in range(4):
            total, term, info = play_out(env, seed, rng)
            assert term and info["seat"] == seat == env.seat
            d = env.duel
            expected = 0.0 if d.winner == "draw" else (1.0 if d.winner == seat else -1.0)
            assert total == expected
            assert info["winner"] == (2 if d.winner == "draw" else d.winner)
            assert d.names == ("A", "B")
            results.add(total)
    assert results >= {1.0, -1.0}


def test_opponent_callable_decks_rules_and_seat_options():
    """A callable opponent gets its own observation (never the duel) and answers with an
    action."""
    calls = []

    def first_option(obs):
        assert set(obs) == {"global", "cards", "chain", "history", "actions", "action_mask"}
        seat = int(obs["global"][E.GLOBAL_FEATURES.index("seat")])
        calls.append((env.duel.pending.player, seat, env.seat))
        assert same(obs, env.view.observe(seat))
        return int(np.flatnonzero(obs["action_mask"])[0])

    env = DuelEnv(opponent=first_option, seat=None)
    seats = set()
    for seed in range(6):
        obs, info = env.reset(seed=seed)
        seats.add(info["seat"])
        assert env.duel.pending.player == env.seat
        for _ in range(20):
            obs, _, term, trunc, _ = env.step(int(np.flatnonzero(obs["action_mask"])[0]))
            if term or trunc:
                break
    assert seats == {0, 1}
    assert calls and all(p == seat != mine for p, seat, mine in calls)
    obs, _ = env.reset(seed=1, options={"opponent_deck": "masters", "rules": "goat", "seat": 1})
    assert env.duel.rules.name == "goat"
    names = {env.duel.data[c].name for c in range(len(env.duel.data)) if env.duel.owner[c] == 0}
    assert names & {c.name for c in load_deck("masters").main}
    with pytest.raises(YgosimError):
        DuelEnv(opponent="wizard")
    with pytest.raises(YgosimError):
        DuelEnv(rules="1999")
    with pytest.raises(YgosimError):
        DuelEnv(seat=2)


def test_decks_the_engine_cannot_play_are_refused(unscripted_serpent):
    from ygosim.formats.deck import Deck
    missing, _ = unscripted_serpent
    assert not missing.playable
    yugi = load_deck("yugi")
    deck = Deck("with-unscripted", main=[missing] + list(yugi.main[1:]))
    with pytest.raises(YgosimError, match="allow_unscripted=True"):
        DuelEnv(deck=deck)
    env = DuelEnv(deck=deck, allow_unscripted=True)
    env.reset(seed=1)
    with pytest.raises(YgosimError, match=missing.name):
        duel_aec_env(deck_b=deck)


def test_heuristic_opponent_plays():
    env = DuelEnv(opponent="heuristic", seat=0)
    obs, _ = env.reset(seed=4)
    for _ in range(15):
        obs, _, term, trunc, _ = env.step(int(np.flatnonzero(obs["action_mask"])[-1]))
        if term or trunc:
            break
    assert env.duel.turn >= 2


def test_illegal_action_is_refused_and_changes_nothing():
    env = DuelEnv()
    obs, _ = env.reset(seed=8)
    n = int(obs["action_mask"].sum())
    before = env.duel.n_decisions
    obs2, r, term, trunc, info = env.step(n)     # one past the last legal answer
    assert "illegal_action" in info and f"{n} options" in info["illegal_action"]
    assert r == 0.0 and not term and env.duel.n_decisions == before
    assert all(np.array_equal(obs[k], obs2[k]) for k in obs)
    _, _, _, _, info = env.step(1.5)
    assert "not an option number" in info["illegal_action"]


def test_truncation_after_max_steps():
    env = DuelEnv(max_steps=5)
    obs, _ = env.reset(seed=1)
    for i in range(5):
        obs, _, term, trunc, _ = env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert trunc and not term


def test_vector_environments():
    from gymnasium.vector import AsyncVectorEnv, SyncVectorEnv

    def make():
        return DuelEnv(opponent="random")
    for cls in (SyncVectorEnv, AsyncVectorEnv):
        vec = cls([make, make])
        try:
            obs, _ = vec.reset(seed=0)
            rng = np.random.default_rng(0)
            ended = 0
            for _ in range(700 if cls is SyncVectorEnv else 150):
                acts = np.array([int(rng.choice(np.flatnonzero(m))) if m.any() else 0
                                 for m in obs["action_mask"]])
                obs, r, term, trunc, _ = vec.step(acts)
                ended += int(term.sum())
            assert obs["cards"].shape == (2, ENC.max_cards, len(E.CARD_FEATURES))
            if cls is SyncVectorEnv:
                assert ended >= 2
        finally:
            vec.close()
