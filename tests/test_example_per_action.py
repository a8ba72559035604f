"""The per-action PPO example (examples/train_per_action_ppo.py, extra `train`: torch) runs end
to end: it trains for a few seconds, scores every shown answer (the illegal ones masked out),
and writes its evaluation with 95% Wilson intervals against the three opponents."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("gymnasium", reason="gymnasium is not installed (extra 'rl')")
torch = pytest.importorskip("torch", reason="torch is not installed (extra 'train')")

ROOT = Path(__file__).parent.parent
EXAMPLE = ROOT / "examples" / "train_per_action_ppo.py"


def _module():
    import importlib.util
    spec = importlib.util.spec_from_file_location("train_per_action_ppo", EXAMPLE)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_the_policy_scores_only_legal_answers():
    from ygosim.envs import DuelEnv
    mod = _module()
    env = DuelEnv(max_cards=80, max_actions=24, seat=None)
    model = mod.PerActionPolicy(len(env.encoder.vocab) + 3)
    obs = [env.reset(seed=s)[0] for s in range(3)]
    logits, value = model(mod.batch(obs))
    assert logits.shape == (3, 24) and value.shape == (3,)
    for i, o in enumerate(obs):
        legal = o["action_mask"] == 1
        assert (logits[i][torch.as_tensor(~legal)] < -1e8).all()
        assert torch.isfinite(logits[i][torch.as_tensor(legal)]).all()


def test_the_example_trains_and_reports(tmp_path):
    out = tmp_path / "figures.json"
    weights = tmp_path / "policy.pt"
    r = _run("--minutes", "0.05", "--eval", "2", "--eval-heuristic", "1", "--envs", "2",
             "--rollout", "16", "--quiet", "--json", str(out), "--save", str(weights))
    assert r.returncode == 0, r.stderr
    figures = json.loads(out.read_text())
    assert figures["training"]["steps"] > 0
    rates = figures["win_rates"]
    assert set(rates) == {"trained", "random answers", "first option"}
    for row in rates.values():
        assert set(row) == {"random", "first option", "heuristic"}
        for cell in row.values():
            assert cell["low"] <= cell["rate"] <= cell["high"]
            assert cell["wins"] + cell["losses"] + cell["draws"] == cell["games"]
    assert "vs heuristic" in r.stdout

    # the saved weights evaluated again, under Goat (its decks by default), against one opponent
    goat = tmp_path / "goat.json"
    r = _run("--load", str(weights), "--rules", "goat", "--against", "random", "--eval", "1",
             "--no-baselines", "--quiet", "--json", str(goat))
    assert r.returncode == 0, r.stderr
    figures = json.loads(goat.read_text())
    assert (figures["deck"], figures["opponent_deck"]) == ("goat-control", "chaos-turbo")
    assert list(figures["win_rates"]) == ["trained"]
    assert list(figures["win_rates"]["trained"]) == ["random"]
    assert _run("--load", str(weights), "--against", "nobody").returncode == 2
    assert _run("--minutes", "0", "--train-against", "nobody").returncode == 2


def test_goat_trains_against_random_and_the_first_option_in_turn(tmp_path):
    """Under --rules goat the environments' opponents are random and "always the first option"
    in turn (a policy trained against random alone learns to wait for its deck-out)."""
    out = tmp_path / "goat.json"
    r = _run("--rules", "goat", "--minutes", "0.02", "--envs", "2", "--rollout", "8",
             "--eval", "0", "--eval-heuristic", "0", "--no-baselines", "--quiet",
             "--json", str(out))
    assert r.returncode == 0, r.stderr
    assert json.loads(out.read_text())["training"]["trained_against"] == "random,first option"


def test_the_greedy_policy_turns_each_page_at_most_once():
    """A model whose best action is always "next page" still answers a decision of several
    pages once it has seen each page: its greedy policy does not turn them forever."""
    from ygosim.envs import DuelEnv
    mod = _module()

    class NextPageFirst:                # scores the next page (the last action) highest
        def __call__(self, b):
            logits = torch.zeros(b["action_mask"].shape)
            logits[:, -1] = 10.0
            return logits.masked_fill(b["action_mask"] == 0, -1e9), torch.zeros(1)
    env = DuelEnv(max_cards=80, max_actions=2, seat=0)
    obs, _ = env.reset(seed=1)
    policy = mod.greedy(NextPageFirst())
    paged = 0
    for _ in range(300):
        pages = int(obs["global"][mod.GI["pages"]])
        a = policy(obs)
        obs, _, term, trunc, _ = env.step(a)
        paged = paged + 1 if pages > 1 and a == 1 else 0
        assert paged < max(pages, 2), "turned every page of a decision and came back"
        if term or trunc:
            break
    assert env.duel.turn > 2


def _run(*args):
    return subprocess.run([sys.executable, str(EXAMPLE), *args], capture_output=True, text=True,
                          timeout=600, cwd=ROOT,
                          env={**__import__("os").environ, "PYTHONPATH": str(ROOT)})
