"""What researchers need of the environments (issue 29): every answer reachable (pages), the
mask for MaskablePPO, PettingZoo's classic observation form and render test, opponents that see
only their own observation (self-play), positions from a replay or a scenario, the history of
public events, and the public state of field cards in the arrays."""
from __future__ import annotations

import warnings
from pathlib import Path

import pytest

np = pytest.importorskip("numpy", reason="numpy is not installed (extra 'rl')")
pytest.importorskip("gymnasium", reason="gymnasium is not installed (extra 'rl')")
pytest.importorskip("pettingzoo", reason="pettingzoo is not installed (extra 'rl')")

from ygosim.envs import DuelEnv, duel_aec_env  # noqa: E402
from ygosim.envs import encoding as E  # noqa: E402
from ygosim.envs.start import from_replay, from_scenario  # noqa: E402
from ygosim.cards.errors import YgosimError  # noqa: E402

G = {n: i for i, n in enumerate(E.GLOBAL_FEATURES)}
C = {n: i for i, n in enumerate(E.CARD_FEATURES)}
A = {n: i for i, n in enumerate(E.ACTION_FEATURES)}
SCENARIOS = Path("/work/shared/scenarios")
HERE = Path(__file__).parent


def test_every_answer_is_reachable_through_pages():
    """With 4 actions, a decision of n > 4 answers shows 3 a page and "next page": any answer
    k is chosen by k // 3 page turns and action k % 3, and it is the answer applied."""
    env = DuelEnv(max_actions=4, opponent="random")
    rng = np.random.default_rng(3)
    obs, _ = env.reset(seed=2)
    paged = 0
    for _ in range(300):
        d = env.duel
        n = len(d.pending.options)
        assert obs["global"][G["n_actions"]] == n
        if n > 4:
            paged += 1
            pages = -(-n // 3)
            assert obs["global"][G["pages"]] == pages
            k = int(rng.integers(n))
            before = len(d.history)
            for turn in range(k // 3):
                mask = obs["action_mask"]
                assert mask[3] == 1 and obs["actions"][3, A["verb"]] == E.VERBS.index("page") + 1
                obs, r, term, trunc, info = env.step(3)
                assert r == 0 and not term and len(d.history) == before
                assert obs["global"][G["page"]] == turn + 1
            shown = obs["actions"][k % 3]
            assert shown[A["option"]] == k and obs["action_mask"][k % 3] == 1
            obs, _, term, trunc, _ = env.step(k % 3)
            assert d.history[before] == k
        else:
            assert obs["global"][G["pages"]] == 1
            obs, _, term, trunc, _ = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        if term or trunc:
            obs, _ = env.reset()
    assert paged > 20
    # an action past the page's answers is refused
    env = DuelEnv(max_actions=4)
    obs, _ = env.reset(seed=2)
    while len(env.duel.pending.options) <= 4 or len(env.duel.pending.options) % 3 == 0:
        obs, *_ = env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    n = len(env.duel.pending.options)
    for _ in range(n // 3):
        obs, *_ = env.step(3)
    assert obs["action_mask"].sum() == n % 3 + 1
    _, _, _, _, info = env.step(2)
    assert "illegal_action" in info


def test_action_masks_for_maskable_ppo():
    env = DuelEnv()
    obs, _ = env.reset(seed=1)
    for _ in range(50):
        m = env.action_masks()
        assert m.dtype == bool and np.array_equal(m, obs["action_mask"].astype(bool))
        obs, _, term, trunc, _ = env.step(int(np.flatnonzero(m)[-1]))
        if term or trunc:
            obs, _ = env.reset()


def test_maskable_ppo_learns_without_wrappers():
    pytest.importorskip("sb3_contrib", reason="sb3-contrib is not installed")
    from sb3_contrib import MaskablePPO
    from sb3_contrib.common.maskable.utils import is_masking_supported
    env = DuelEnv(opponent="random")
    assert is_masking_supported(env)
    model = MaskablePPO("MultiInputPolicy", env, n_steps=64, batch_size=32, n_epochs=1, seed=0)
    model.learn(128)
    obs, _ = env.reset(seed=4)
    action, _ = model.predict(obs, action_masks=env.action_masks())
    assert obs["action_mask"][int(action)] == 1


def test_observations_are_scaled_float32_within_their_space():
    env = DuelEnv(rules="goat", deck="goat-control", opponent_deck="goat-control",
                  opponent="random")
    space = env.observation_space
    for key in ("global", "cards", "chain", "history", "actions"):
        assert space[key].dtype == np.float32
        assert np.all(space[key].high < 2 ** 25)
    obs, _ = env.reset(seed=5)
    rng = np.random.default_rng(5)
    for _ in range(300):
        assert space.contains(obs)
        assert 0 <= obs["global"][G["my_lp"]] < 4      # LP / 8000
        assert np.abs(obs["cards"][:, C["atk"]]).max() < 10     # ATK in thousands
        obs, _, term, trunc, _ = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        if term or trunc:
            obs, _ = env.reset()


def test_pettingzoo_classic_form_and_render_test():
    from pettingzoo.test import api_test, render_test
    env = duel_aec_env(rules="goat")
    env.reset(seed=1)
    agent = env.agent_selection
    o = env.observe(agent)
    assert set(o) == {"observation", "action_mask"}
    assert isinstance(o["observation"], np.ndarray) and o["observation"].dtype == np.float32
    arrays = env.unwrapped.encoder.unflatten(o["observation"])
    assert np.array_equal(arrays["cards"], env.unwrapped.view.observe(
        env.unwrapped.possible_agents.index(agent))["cards"])
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(duel_aec_env(), num_cycles=200)
    # the only warnings left are PettingZoo's lists of its own environments' names
    assert {str(w.message) for w in caught} <= {
        "Observation is not a NumPy array",
        "Observation space for each agent probably should be gymnasium.spaces.box or "
        "gymnasium.spaces.discrete"}
    render_test(lambda render_mode=None: duel_aec_env(render_mode=render_mode))


def test_self_play_opponent_sees_its_own_observation_only():
    env = DuelEnv(opponent="self", seat=None)
    seen = []

    def policy(obs):
        seen.append(int(obs["global"][G["seat"]]))
        hidden = (obs["cards"][:, C["mine"]] == 2) & \
            (obs["cards"][:, C["location"]] == E.LOCATIONS.index("hand") + 1)
        assert (obs["cards"][hidden, C["card"]] == E.HIDDEN).all()
        return int(np.flatnonzero(obs["action_mask"])[0])
    env.self_policy = policy
    rng = np.random.default_rng(0)
    for seed in range(3):
        obs, info = env.reset(seed=seed)
        for _ in range(100):
            obs, _, term, trunc, info = env.step(
                int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            if term or trunc:
                break
        assert seen and set(seen) == {1 - env.seat}
        seen.clear()
    # without a policy yet, "self" plays legal answers at random
    env = DuelEnv(opponent="self")
    obs, _ = env.reset(seed=1)
    for _ in range(30):
        obs, _, term, trunc, _ = env.step(int(np.flatnonzero(obs["action_mask"])[0]))
        if term or trunc:
            break


def test_start_from_a_replay_step_and_a_scenario(tmp_path):
    from ygosim.play import replay as R
    from ygosim.engine.api import new_duel
    from ygosim.formats.deck import load_deck
    from ygosim.agents import make_agent
    a, b = load_deck("yugi"), load_deck("kaiba")
    d = new_duel(a, b, seed=12)
    bot = make_agent("random", 3)
    for _ in range(40):
        d.apply(bot.choose(d))
    path = R.save(R.from_duel(d, a, b, 12), tmp_path / "r.json")
    at = from_replay(path, 25)
    assert len(at.history) == 25 and at.history == d.history[:25]
    env = DuelEnv(seat=at.pending.player)
    obs, info = env.reset(seed=0, options={"duel": at})
    assert env.duel.history[:25] == d.history[:25] and env.duel is not at
    assert info["turn"] == at.turn
    with pytest.raises(YgosimError, match="step 99"):
        from_replay(path, 99)
    scen = from_scenario(SCENARIOS / "example_dark_hole.yaml")
    env = DuelEnv(seat=scen.pending.player)
    obs, _ = env.reset(options={"duel": scen})
    assert "activate" in {o.verb for o in env.duel.pending.options}
    assert obs["action_mask"].sum() == len(scen.pending.options)


def test_history_holds_public_events_newest_first():
    """The history names the cards the log names to the player (a revealed search, a
    Summon), with who did it; never a card the log hides from the player."""
    env = DuelEnv(rules="goat", deck="goat-control", opponent_deck="goat-control",
                  opponent="heuristic", seat=0)
    obs, _ = env.reset(seed=3)
    rng = np.random.default_rng(1)
    opp_cards = 0
    for _ in range(250):
        h = obs["history"]
        ages = h[:, E.HISTORY_FEATURES.index("age")]
        filled = h[:, E.HISTORY_FEATURES.index("what")] > 0
        assert np.all(np.diff(ages[filled]) == 1)        # newest first, one line apart
        who = h[:, E.HISTORY_FEATURES.index("who")]
        card = h[:, E.HISTORY_FEATURES.index("card")]
        opp_cards += int(((who == 2) & (card > E.UNKNOWN)).sum())
        obs, _, term, trunc, _ = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        if term or trunc:
            break
    assert opp_cards > 0
    # the rows come from the player's own log: a face-down Set is "a monster", no card
    hist = E.History(env.encoder, 0)
    row = hist._row("T3 B sets a monster", ("A", "B"), 3)
    assert row[2] == 2 and row[3] == E.HISTORY_WHAT.index("set") + 1 and row[4] == 0
    row = hist._row("T4 Dekoichi the Battlechanted Locomotive sent to the hand", ("A", "B"), 4)
    assert row[4] == env.encoder.card_id("Dekoichi the Battlechanted Locomotive")


def test_field_cards_say_owner_counters_equips_and_this_turn():
    """A scenario position with a stolen monster, an Equip Spell and counters."""
    text = """
name: envs public state
rules: goat
turn: 3
turn_player: A
phase: main1
A:
  hand: [Pot of Greed]
  deck: [Kuriboh, Kuriboh, Kuriboh, Kuriboh, Kuriboh]
  monsters:
    - {card: Breaker the Magical Warrior, counters: {spell: 1}}
    - {card: Dark Magician, owner: B}
  spells:
    - {card: Axe of Despair, equip: Breaker the Magical Warrior}
B:
  deck: [Kuriboh, Kuriboh, Kuriboh, Kuriboh, Kuriboh]
  monsters: [Blue-Eyes White Dragon]
script: []
"""
    path = HERE / "_envs_state_scenario.yaml"
    try:
        path.write_text(text)
        d = from_scenario(path)
    except YgosimError as e:          # the scenario format may not know a key: say which
        pytest.fail(str(e))
    finally:
        path.unlink(missing_ok=True)
    env = DuelEnv(seat=0)
    obs, _ = env.reset(options={"duel": d})
    cards = obs["cards"]

    def row_of(name):
        cid = env.encoder.card_id(name)
        rows = np.flatnonzero(cards[:, C["card"]] == cid)
        return int(rows[0])
    breaker, dm, axe = row_of("Breaker the Magical Warrior"), row_of("Dark Magician"), \
        row_of("Axe of Despair")
    assert cards[dm, C["mine"]] == 1 and cards[dm, C["owner"]] == 2
    assert cards[breaker, C["owner"]] == 1 and cards[breaker, C["counters"]] == 1
    assert cards[axe, C["equipped_to"]] == breaker + 1
    assert cards[breaker, C["atk_change"]] == pytest.approx(1.3)     # +1000 Axe, +300 counter


def test_bench_env_takes_decks_rules_and_opponent():
    import json
    from click.testing import CliRunner
    from ygosim.cli import main
    r = CliRunner().invoke(main, ["bench-env", "--steps", "40", "--envs", "1", "--rules", "goat",
                                  "--deck", "goat-control", "--opponent-deck", "goat-control",
                                  "--json"])
    assert r.exit_code == 0, r.output
    out = json.loads(r.output)
    assert (out["rules"], out["deck"], out["opponent_deck"], out["opponent"]) == \
        ("goat", "goat-control", "goat-control", "random")
    assert out["single"]["steps"] == 40 and out["vector"]["steps"] == 40
    r = CliRunner().invoke(main, ["bench-env", "--steps", "5", "--opponent", "wizard"])
    assert r.exit_code == 2 and "wizard" in r.output
