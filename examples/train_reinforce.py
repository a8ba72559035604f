"""Train a policy for DuelEnv with REINFORCE, in numpy only, on a CPU in a few minutes.

    python3 examples/train_reinforce.py [--episodes 1500] [--eval 300] [--seed 0]

The policy is a softmax over the legal answers of a linear score of each answer's features, all
read from the observation arrays (docs/envs.md): what the answer is (its verb, the kind of
decision), the ATK/DEF of its card and of its target, whether a battle would be won, lost or
drawn, whether an attack is direct, which phase it moves to, and a little context (monsters on
each side, LP). It starts at all-zero weights, which is the uniform random policy, and learns
from the final reward only (+1 win, -1 loss), with a running-mean baseline and Adam.

Before and after training it plays the same --eval duels (the same seeds) against the `random`
agent and prints both win rates with 95% Wilson intervals. Figures from this project's machine
are in docs/research.md.
"""
from __future__ import annotations

import argparse
import time

import numpy as np

from ygosim.envs import DuelEnv
from ygosim.envs import encoding as E
from ygosim.analysis.stats import wilson

A = {n: i for i, n in enumerate(E.ACTION_FEATURES)}
G = {n: i for i, n in enumerate(E.GLOBAL_FEATURES)}
V = {n: i + 1 for i, n in enumerate(E.VERBS)}
N_VERBS = len(E.VERBS)
N_KINDS = 10
N_EXTRA = 16
N_FEATURES = N_VERBS + N_KINDS + N_EXTRA


def features(obs) -> np.ndarray:
    """(legal answers, N_FEATURES): one row of features per legal answer."""
    n = int(obs["action_mask"].sum())
    acts = obs["actions"][:n].astype(np.float64)
    g = obs["global"]
    f = np.zeros((n, N_FEATURES))
    verb = acts[:, A["verb"]].astype(int)
    kind = acts[:, A["kind"]].astype(int)
    f[np.arange(n), verb - 1] = 1.0
    f[np.arange(n), N_VERBS + kind - 1] = 1.0
    x = f[:, N_VERBS + N_KINDS:]
    atk = acts[:, A["atk"]]                      # (ATK and DEF are in thousands)
    dfn = acts[:, A["def"]]
    t_atk = acts[:, A["target_atk"]]
    t_def = acts[:, A["target_def"]]
    is_attack = verb == V["attack"]
    direct = acts[:, A["direct"]]
    hidden_target = (acts[:, A["target_card"]] == E.HIDDEN) & is_attack & (direct == 0)
    # the target's stat the attack meets: its DEF in Defense Position (we read DEF > 0 only
    # for face-up targets; a face-down target is unknown)
    t_stat = np.where(t_def > t_atk, t_def, t_atk)
    margin = np.where(is_attack & (direct == 0) & ~hidden_target, atk - t_stat, 0.0)
    x[:, 0] = (verb == V["summon"]) * atk
    x[:, 1] = (verb == V["set"]) * dfn
    x[:, 2] = is_attack * direct * atk
    x[:, 3] = margin
    x[:, 4] = (margin > 0)
    x[:, 5] = is_attack & (direct == 0) & ~hidden_target & (margin < 0)
    x[:, 6] = hidden_target
    arg = acts[:, A["arg"]]
    is_phase = verb == V["phase"]
    mine = g[G["my_monsters"]]
    theirs = g[G["opp_monsters"]]
    x[:, 7] = is_phase & (arg == 1) & (mine > 0)          # to battle with monsters
    x[:, 8] = is_phase & (arg == 3)                        # end the turn
    x[:, 9] = (is_phase & (arg == 3)) * (mine - theirs) / 3
    x[:, 10] = (verb == V["position"]) & (arg == 1)        # Attack Position
    x[:, 11] = (verb == V["go"]) & (arg == 1)              # go first
    x[:, 12] = (verb == V["activate"]) * (theirs - mine) / 3
    x[:, 13] = (verb == V["choose"]) * (acts[:, A["mine"]] == 2)   # choose the opponent's card
    x[:, 14] = (verb == V["pass"]) * g[G["chain"]]
    x[:, 15] = (g[G["my_lp"]] - g[G["opp_lp"]]) * is_attack
    return f


def policy(theta, phi):
    z = phi @ theta
    z -= z.max()
    p = np.exp(z)
    return p / p.sum()


def play(env, theta, seed, rng, learn=True, greedy=False):
    """One episode; returns (reward, [(phi, action)...])."""
    obs, _ = env.reset(seed=seed)
    trace = []
    while True:
        phi = features(obs)
        p = policy(theta, phi)
        a = int(p.argmax()) if greedy else int(rng.choice(len(p), p=p))
        if learn:
            trace.append((phi, a, p))
        obs, r, term, trunc, _ = env.step(a)
        if term or trunc:
            return r, trace


def evaluate(env, theta, seeds, rng, greedy):
    wins = 0
    for s in seeds:
        r, _ = play(env, theta, int(s), rng, learn=False, greedy=greedy)
        wins += r > 0
    return wins


def main(argv=None) -> dict:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--episodes", type=int, default=1000)
    ap.add_argument("--eval", type=int, default=300, help="evaluation duels before and after")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--lr", type=float, default=0.05)
    ap.add_argument("--opponent", default="random")
    ap.add_argument("--deck", default="yugi")
    ap.add_argument("--opponent-deck", default="kaiba")
    ap.add_argument("--save", default=None, help="write the weights to this .npy file")
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args(argv)
    say = (lambda *a, **k: None) if args.quiet else print

    env = DuelEnv(deck=args.deck, opponent_deck=args.opponent_deck, opponent=args.opponent,
                  seat=None)
    rng = np.random.default_rng(args.seed)
    theta = np.zeros(N_FEATURES)
    eval_seeds = 10_000_000 + np.arange(args.eval)

    def report(label, wins):
        lo, hi = wilson(wins, args.eval)
        say(f"{label}: {wins}/{args.eval} wins = {100 * wins / args.eval:.1f}% "
              f"[{100 * lo:.1f}, {100 * hi:.1f}]", flush=True)

    t0 = time.perf_counter()
    before = evaluate(env, theta, eval_seeds, np.random.default_rng(1), greedy=False)
    report("before training (uniform random policy)", before)

    m = np.zeros_like(theta)
    v = np.zeros_like(theta)
    baseline = 0.0
    recent = []
    steps = 0
    for ep in range(1, args.episodes + 1):
        r, trace = play(env, theta, int(rng.integers(2 ** 31)), rng)
        steps += len(trace)
        recent.append(r > 0)
        adv = r - baseline
        baseline += 0.02 * (r - baseline)
        grad = np.zeros_like(theta)
        for phi, a, p in trace:
            grad += phi[a] - p @ phi
        grad *= adv / max(len(trace), 1)
        # Adam, ascending the expected reward
        m = 0.9 * m + 0.1 * grad
        v = 0.999 * v + 0.001 * grad * grad
        mh, vh = m / (1 - 0.9 ** ep), v / (1 - 0.999 ** ep)
        theta += args.lr * mh / (np.sqrt(vh) + 1e-8)
        if ep % 100 == 0:
            say(f"episode {ep}: win rate of the last 100 while learning "
                  f"{100 * np.mean(recent[-100:]):.0f}%  ({steps} steps, "
                  f"{time.perf_counter() - t0:.0f} s)", flush=True)

    sampled = evaluate(env, theta, eval_seeds, np.random.default_rng(1), greedy=False)
    report("after training (sampling from the policy)", sampled)
    greedy = evaluate(env, theta, eval_seeds, np.random.default_rng(1), greedy=True)
    report("after training (greedy: the most likely answer)", greedy)
    say(f"total time {time.perf_counter() - t0:.0f} s", flush=True)
    names = [f"verb:{v}" for v in E.VERBS] + [f"kind:{k}" for k in
                                              ("action", "response", "select", "yesno",
                                               "position", "zone", "order", "declare",
                                               "call", "first")]
    names += ["summon*atk", "set*def", "direct*atk", "battle margin", "battle won",
              "battle lost", "attack face-down", "to battle", "end turn", "end*board",
              "attack position", "go first", "activate*behind", "choose theirs",
              "pass*chain", "attack*lp lead"]
    top = np.argsort(-np.abs(theta))[:8]
    say("largest weights: " + ", ".join(f"{names[i]} {theta[i]:+.2f}" for i in top))
    if args.save:
        np.save(args.save, theta)
    return {"before": before, "after_sampled": sampled, "after_greedy": greedy,
            "eval": args.eval, "episodes": args.episodes, "theta": theta}


if __name__ == "__main__":
    main()
