"""A per-action policy for DuelEnv, trained with PPO in torch on a CPU in under 10 minutes.

    pip install -e '.[rl,train]'            # numpy, gymnasium, pettingzoo; torch
    python examples/train_per_action_ppo.py [--rules v10] [--minutes 8] [--eval 200]
    python examples/train_per_action_ppo.py --rules goat   # goat-control vs chaos-turbo

The policy scores each legal answer: one row of the observation's "actions" per answer, with
embeddings of its card and its target (a card id is an index into an embedding table, never a
number), the rows of those cards in "cards", and a summary of the position (both fields, hands,
piles, the last public events); a softmax over the legal answers' scores is the policy, a value
head reads the summary. PPO (clipped objective, GAE) on the final reward (+1 win, -1 loss) with a
potential-based shaping term (--shaping k: k * (γ·Φ(next) - Φ(now)), Φ the LP difference in
units of 8000 as the player sees it; such a term leaves the best policy unchanged, Ng et al.
1999; --shaping 0 learns from the final reward alone), against the `random` agent (under
--rules goat also "always the first option", in turn: --train-against), the seat drawn each
episode.

After training it plays --eval duels against three opponents, `random`, "always the first
option" and the `heuristic` bot, and prints each win rate with its 95% Wilson interval beside
the same figures of two policies that learn nothing: random answers and "always the first
option" (the figures to read a trained agent against). --json writes them all. docs/envs.md
holds the figures measured on this project's machine.
"""
from __future__ import annotations

import argparse
import json
import time

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

from ygosim.analysis.stats import wilson
from ygosim.envs import DuelEnv
from ygosim.envs import encoding as E
from ygosim.formats.deck import default_decks

C = {n: i for i, n in enumerate(E.CARD_FEATURES)}
A = {n: i for i, n in enumerate(E.ACTION_FEATURES)}
H = {n: i for i, n in enumerate(E.HISTORY_FEATURES)}
CARD_ONEHOT = (("mine", 3), ("owner", 3), ("location", 10), ("faceup", 3), ("position", 4),
               ("kind", 6), ("subtype", 8), ("attribute", 8))
CARD_NUMERIC = ("known", "level", "atk", "def", "atk_change", "def_change", "counters",
                "negated", "cannot_attack", "this_turn", "attacked")
ACTION_ONEHOT = (("kind", 11), ("verb", len(E.VERBS) + 1), ("mine", 3), ("location", 10),
                 ("target_mine", 3), ("target_faceup", 3), ("effect", 4))
ACTION_NUMERIC = ("atk", "def", "target_atk", "target_def", "direct", "n_cards")
DIM = 64


def onehots(x: torch.Tensor, cols, index: dict) -> torch.Tensor:
    return torch.cat([F.one_hot(x[..., index[name]].long().clamp(0, n - 1), n).float()
                      for name, n in cols], -1)


class PerActionPolicy(nn.Module):
    """Scores every answer shown in "actions" given the position; a value of the position."""

    def __init__(self, n_cards: int):
        super().__init__()
        self.emb = nn.Embedding(n_cards, DIM)
        card_in = DIM + sum(n for _, n in CARD_ONEHOT) + len(CARD_NUMERIC)
        self.card = nn.Sequential(nn.Linear(card_in, DIM), nn.ReLU(), nn.Linear(DIM, DIM))
        hist_in = DIM + len(E.HISTORY_WHAT) + 1 + 3
        self.hist = nn.Sequential(nn.Linear(hist_in, DIM), nn.ReLU())
        self.glob = nn.Sequential(nn.Linear(len(E.GLOBAL_FEATURES) + 7 + 9, DIM), nn.ReLU())
        self.state = nn.Sequential(nn.Linear(4 * DIM, 2 * DIM), nn.ReLU(),
                                   nn.Linear(2 * DIM, 2 * DIM), nn.ReLU())
        act_in = 4 * DIM + sum(n for _, n in ACTION_ONEHOT) + len(ACTION_NUMERIC) + N_BATTLE
        self.act = nn.Sequential(nn.Linear(act_in + 2 * DIM, 2 * DIM), nn.ReLU(),
                                 nn.Linear(2 * DIM, 1))
        self.value = nn.Sequential(nn.Linear(2 * DIM, DIM), nn.ReLU(), nn.Linear(DIM, 1))

    def forward(self, obs: dict):
        cards, acts = obs["cards"], obs["actions"]
        present = (cards[..., C["card"]] > 0).float()
        cv = self.card(torch.cat([self.emb(cards[..., C["card"]].long()),
                                  onehots(cards, CARD_ONEHOT, C),
                                  cards[..., [C[n] for n in CARD_NUMERIC]]], -1))
        cv = cv * present.unsqueeze(-1)
        mine = (cards[..., C["mine"]] == 1).float().unsqueeze(-1) * present.unsqueeze(-1)
        theirs = present.unsqueeze(-1) - mine
        pool_m = (cv * mine).sum(1) / mine.sum(1).clamp(min=1)
        pool_t = (cv * theirs).sum(1) / theirs.sum(1).clamp(min=1)
        h = obs["history"]
        hv = self.hist(torch.cat([
            self.emb(h[..., H["card"]].long()),
            F.one_hot(h[..., H["what"]].long().clamp(0, len(E.HISTORY_WHAT)),
                      len(E.HISTORY_WHAT) + 1).float(),
            F.one_hot(h[..., H["who"]].long().clamp(0, 2), 3).float()], -1))
        hmask = (h[..., H["what"]] > 0).float().unsqueeze(-1)
        pool_h = (hv * hmask).sum(1) / hmask.sum(1).clamp(min=1)
        g = obs["global"]
        gi = {n: i for i, n in enumerate(E.GLOBAL_FEATURES)}
        gv = self.glob(torch.cat([g, F.one_hot(g[:, gi["phase"]].long().clamp(0, 6), 7).float(),
                                  F.one_hot(g[:, gi["step"]].long().clamp(0, 8), 9).float()], -1))
        state = self.state(torch.cat([gv, pool_m, pool_t, pool_h], -1))

        def gather(rows):                 # the card vector of each answer's row (0: none)
            idx = (rows.long() - 1).clamp(min=0)
            got = torch.gather(cv, 1, idx.unsqueeze(-1).expand(-1, -1, DIM))
            return got * (rows > 0).float().unsqueeze(-1)
        av = torch.cat([self.emb(acts[..., A["card"]].long()),
                        self.emb(acts[..., A["target_card"]].long()),
                        gather(acts[..., A["row"]]), gather(acts[..., A["target_row"]]),
                        onehots(acts, ACTION_ONEHOT, A),
                        acts[..., [A[n] for n in ACTION_NUMERIC]],
                        battle_features(cards, acts, g)], -1)
        n = acts.shape[1]
        logits = self.act(torch.cat([av, state.unsqueeze(1).expand(-1, n, -1)], -1)).squeeze(-1)
        logits = logits.masked_fill(obs["action_mask"] == 0, -1e9)
        return logits, self.value(state).squeeze(-1)


N_BATTLE = 5


def battle_features(cards, acts, g) -> torch.Tensor:
    """What an attack would do, read from the observation: the margin of the attacker's ATK
    over the stat the target meets (its DEF in Defense Position: the target's `position` in
    its row of `cards`), whether it wins, whether the target is face-down (unknown), a direct
    attack's damage, and the LP lead (features a per-action policy learns much faster with)."""
    gi = {n: i for i, n in enumerate(E.GLOBAL_FEATURES)}
    verb = acts[..., A["verb"]]
    attack = (verb == E.VERBS.index("attack") + 1).float()
    direct = acts[..., A["direct"]] * attack
    rows = acts[..., A["target_row"]].long()
    pos = torch.gather(cards[..., C["position"]], 1, (rows - 1).clamp(min=0)) * (rows > 0)
    hidden = (acts[..., A["target_card"]] == E.HIDDEN).float() * attack * (1 - direct)
    meets = torch.where(pos >= 2, acts[..., A["target_def"]], acts[..., A["target_atk"]])
    margin = (acts[..., A["atk"]] - meets) * attack * (1 - direct) * (1 - hidden)
    lead = (g[:, gi["my_lp"]] - g[:, gi["opp_lp"]]).unsqueeze(1).expand_as(margin)
    return torch.stack([margin, (margin > 0).float() * attack * (1 - direct) * (1 - hidden),
                        hidden, direct * acts[..., A["atk"]], lead * attack], -1)


KEYS = ("global", "cards", "history", "actions", "action_mask")
GI = {n: i for i, n in enumerate(E.GLOBAL_FEATURES)}


def potential(obs) -> float:
    """Φ: the player's LP minus the opponent's, in units of 8000."""
    g = obs["global"]
    return float(g[GI["my_lp"]] - g[GI["opp_lp"]])


def batch(observations: list) -> dict:
    return {k: torch.as_tensor(np.stack([o[k] for o in observations])) for k in KEYS}


def make_env(args, opponent, seed_offset=0):
    return DuelEnv(deck=args.deck, opponent_deck=args.opponent_deck, opponent=opponent,
                   rules=args.rules, seat=None, max_steps=1000, max_cards=args.max_cards,
                   max_actions=args.max_actions)


def train(args) -> tuple[PerActionPolicy, dict]:
    torch.manual_seed(args.seed)
    # the training opponents, taken in turn by the environments (--train-against)
    pool = {"random": "random", "first option": first_option}
    names = [a.strip() for a in args.train_against.split(",")]
    envs = [make_env(args, pool[names[i % len(names)]]) for i in range(args.envs)]
    model = PerActionPolicy(len(envs[0].encoder.vocab) + 3)
    opt = torch.optim.Adam(model.parameters(), lr=args.lr)
    obs = [env.reset(seed=args.seed * 1000 + i)[0] for i, env in enumerate(envs)]
    t0 = time.time()
    cpu0 = time.process_time()
    steps = updates = episodes = wins = 0
    recent: list = []
    while time.process_time() - cpu0 < args.minutes * 60:
        buf = {k: [] for k in ("obs", "act", "logp", "val", "rew", "done")}
        for _ in range(args.rollout):
            with torch.no_grad():
                logits, value = model(batch(obs))
                dist = torch.distributions.Categorical(logits=logits)
                action = dist.sample()
            buf["obs"].append(obs)
            buf["act"].append(action)
            buf["logp"].append(dist.log_prob(action))
            buf["val"].append(value)
            rews, dones, nxt = [], [], []
            for i, env in enumerate(envs):
                o, r, term, trunc, _ = env.step(int(action[i]))
                end = term or trunc
                shaped = r + args.shaping * ((0.0 if end else args.gamma * potential(o))
                                             - potential(obs[i]))
                if end:
                    episodes += 1
                    recent.append(r)
                    o, _ = env.reset()
                rews.append(shaped)
                dones.append(float(term or trunc))
                nxt.append(o)
            obs = nxt
            buf["rew"].append(torch.tensor(rews))
            buf["done"].append(torch.tensor(dones))
            steps += len(envs)
        with torch.no_grad():
            _, last = model(batch(obs))
        # generalized advantage estimation
        T = len(buf["rew"])
        adv = torch.zeros(T, len(envs))
        gae = torch.zeros(len(envs))
        for t in reversed(range(T)):
            nv = last if t == T - 1 else buf["val"][t + 1]
            nonterm = 1.0 - buf["done"][t]
            delta = buf["rew"][t] + args.gamma * nv * nonterm - buf["val"][t]
            gae = delta + args.gamma * args.lam * nonterm * gae
            adv[t] = gae
        ret = adv + torch.stack(buf["val"])
        flat_obs = [o for step in buf["obs"] for o in step]
        b = batch(flat_obs)
        b_act = torch.stack(buf["act"]).reshape(-1)
        b_logp = torch.stack(buf["logp"]).reshape(-1)
        b_adv = adv.reshape(-1)
        b_ret = ret.reshape(-1)
        n = len(b_act)
        for _ in range(args.epochs):
            perm = torch.randperm(n)
            for s in range(0, n, args.minibatch):
                idx = perm[s:s + args.minibatch]
                logits, value = model({k: v[idx] for k, v in b.items()})
                dist = torch.distributions.Categorical(logits=logits)
                logp = dist.log_prob(b_act[idx])
                ratio = (logp - b_logp[idx]).exp()
                a = b_adv[idx]
                a = (a - a.mean()) / (a.std() + 1e-8)
                pg = -torch.min(ratio * a, ratio.clamp(1 - args.clip, 1 + args.clip) * a).mean()
                vloss = F.mse_loss(value, b_ret[idx])
                ent = dist.entropy().mean()
                loss = pg + 0.5 * vloss - args.entropy * ent
                opt.zero_grad()
                loss.backward()
                nn.utils.clip_grad_norm_(model.parameters(), 0.5)
                opt.step()
        updates += 1
        if updates % 5 == 0 and not args.quiet:
            last = recent[-200:]
            wr = np.mean([r > 0 for r in last]) if last else float("nan")
            print(f"  {time.process_time() - cpu0:5.0f} CPU-s  steps {steps}  episodes {episodes}  "
                  f"win rate (last {len(last)} episodes, vs {args.train_against}) {wr:.2f}",
                  flush=True)
    wins = sum(r > 0 for r in recent)
    return model, {"steps": steps, "episodes": episodes, "updates": updates,
                   "wall_seconds": round(time.time() - t0, 1),
                   "cpu_seconds": round(time.process_time() - cpu0, 1),
                   "trained_against": args.train_against,
                   "training_win_rate": round(wins / max(1, episodes), 3)}


def greedy(model):
    """The policy playing `model`'s most likely answer; the next page only until every page of
    the decision was seen once (a greedy policy preferring "next page" on every page would turn
    them forever)."""
    paged = [0]

    def policy(obs) -> int:
        with torch.no_grad():
            logits, _ = model(batch([obs]))
        pages = int(obs["global"][GI["pages"]])
        if pages > 1 and paged[0] >= pages - 1:
            logits[0, -1] = -1e9                # the next-page action is the last one
        a = int(logits[0].argmax())
        paged[0] = paged[0] + 1 if pages > 1 and a == len(obs["action_mask"]) - 1 else 0
        return a
    return policy


def first_option(obs) -> int:
    return int(np.flatnonzero(obs["action_mask"])[0])


def evaluate(args, act, opponent, games: int) -> dict:
    """`act(obs) -> action` against `opponent` for `games` duels (seats drawn at random)."""
    env = make_env(args, opponent)
    wins = losses = draws = 0
    for g in range(games):
        obs, _ = env.reset(seed=10 ** 6 + g)
        while True:
            obs, r, term, trunc, _ = env.step(act(obs))
            if term or trunc:
                break
        wins += r > 0
        losses += r < 0
        draws += r == 0
    lo, hi = wilson(wins, games)
    return {"games": games, "wins": wins, "losses": losses, "draws": draws,
            "rate": round(wins / games, 3), "low": round(lo, 3), "high": round(hi, 3)}


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--rules", default="v10")
    p.add_argument("--deck", default=None,
                   help="the policy's deck (default: yugi; goat-control under --rules goat)")
    p.add_argument("--opponent-deck", default=None,
                   help="the opponent's deck (default: kaiba; chaos-turbo under --rules goat)")
    p.add_argument("--minutes", type=float, default=8.0,
                   help="training time: CPU minutes of this process (on a loaded machine the "
                        "wall clock runs longer); 0: only the baselines are evaluated")
    p.add_argument("--eval", type=int, default=200, help="duels per opponent")
    p.add_argument("--eval-heuristic", type=int, default=None,
                   help="duels against the heuristic bot (slower; default: --eval)")
    p.add_argument("--envs", type=int, default=8)
    p.add_argument("--max-cards", type=int, default=80,
                   help="rows of 'cards' (the last piles' cards past it are left out)")
    p.add_argument("--max-actions", type=int, default=24,
                   help="answers a page shows (more come in pages: every answer reachable)")
    p.add_argument("--rollout", type=int, default=64)
    p.add_argument("--epochs", type=int, default=3)
    p.add_argument("--minibatch", type=int, default=256)
    p.add_argument("--lr", type=float, default=5e-4)
    p.add_argument("--gamma", type=float, default=0.995)
    p.add_argument("--lam", type=float, default=0.95)
    p.add_argument("--clip", type=float, default=0.2)
    p.add_argument("--entropy", type=float, default=0.01)
    p.add_argument("--train-against", default=None,
                   help="the opponents of training, separated by commas, taken in turn by the "
                        "environments: random, first option (default: random; 'random,first "
                        "option' under --rules goat, where a policy trained against random "
                        "alone learns to wait for its deck-out)")
    p.add_argument("--shaping", type=float, default=1.0,
                   help="weight of the potential-based LP shaping (0: final reward only)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--threads", type=int, default=1, help="torch threads")
    p.add_argument("--baselines", action=argparse.BooleanOptionalAction, default=True,
                   help="also evaluate random answers and the first option")
    p.add_argument("--save", default=None, help="write the trained weights here")
    p.add_argument("--load", default=None,
                   help="evaluate these weights (written by --save) instead of training")
    p.add_argument("--against", default="random,first option,heuristic",
                   help="the opponents to evaluate against, separated by commas (random, "
                        "first option, heuristic)")
    p.add_argument("--json", default=None, help="write the figures here as JSON")
    p.add_argument("--quiet", action="store_true")
    args = p.parse_args()
    defaults = default_decks(args.rules)
    args.deck = args.deck or defaults[0]
    args.opponent_deck = args.opponent_deck or defaults[1]
    if args.train_against is None:
        args.train_against = "random,first option" if args.rules == "goat" else "random"
    if {a.strip() for a in args.train_against.split(",")} - {"random", "first option"}:
        p.error(f"--train-against: {args.train_against!r}: opponents are random, first option")
    torch.set_num_threads(args.threads)
    if args.load:
        model = PerActionPolicy(len(make_env(args, "random").encoder.vocab) + 3)
        model.load_state_dict(torch.load(args.load))
        stats = {"loaded": args.load}
    elif args.minutes > 0:
        model, stats = train(args)
        if not args.quiet:
            print(f"trained {stats['cpu_seconds']} CPU-s, {stats['steps']} steps", flush=True)
    else:                           # only the fixed baselines
        model, stats = PerActionPolicy(len(make_env(args, "random").encoder.vocab) + 3), {}
    if args.save:
        torch.save(model.state_dict(), args.save)
    model.eval()

    policy = greedy(model)
    rng = np.random.default_rng(args.seed)

    def random_answers(obs) -> int:
        return int(rng.choice(np.flatnonzero(obs["action_mask"])))
    players = {"trained": policy} if args.minutes > 0 or args.load else {}
    if args.baselines:
        players.update({"random answers": random_answers, "first option": first_option})
    opponents = {"random": "random", "first option": first_option, "heuristic": "heuristic"}
    against = [a.strip() for a in args.against.split(",")]
    if set(against) - set(opponents):
        p.error(f"--against: {args.against!r}: opponents are " + ", ".join(opponents))
    opponents = {k: v for k, v in opponents.items() if k in against}
    n_heur = args.eval if args.eval_heuristic is None else args.eval_heuristic
    table: dict = {}
    t0 = time.time()
    for who, act in players.items():
        for name, opp in opponents.items():
            games = n_heur if name == "heuristic" else args.eval
            if games:
                r = table.setdefault(who, {})[name] = evaluate(args, act, opp, games)
                if not args.quiet:
                    print(f"  {who} vs {name}: {100 * r['rate']:.1f}% [{100 * r['low']:.1f}, "
                          f"{100 * r['high']:.1f}] (n={games})", flush=True)
    stats["eval_wall_seconds"] = round(time.time() - t0, 1)
    out = {"rules": args.rules, "deck": args.deck, "opponent_deck": args.opponent_deck,
           "training": stats, "win_rates": table, "confidence": 0.95, "interval": "wilson"}
    if "steps" in stats:
        print(f"trained {stats['wall_seconds']} s wall ({stats['cpu_seconds']} s CPU), "
              f"{stats['steps']} steps, {stats['episodes']} episodes")
    print(f"win rate [95% Wilson interval], {args.deck} vs {args.opponent_deck}, "
          f"rules {args.rules}, seats drawn at random:")
    for who, row in table.items():
        cells = "  ".join(f"vs {name}: {100 * r['rate']:.1f}% [{100 * r['low']:.1f}, "
                          f"{100 * r['high']:.1f}] (n={r['games']})" for name, r in row.items())
        print(f"  {who:15s} {cells}")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(out, f, indent=1)


if __name__ == "__main__":
    main()
