"""The search bot: Monte Carlo tree search over determinized clones of the duel.

At each decision with more than one answer the bot
  1. deals the hidden information again, several times (`determinize`: the opponent's hand,
     Deck, Extra Deck and face-down cards are redrawn from what the bot may know, its own Deck
     is shuffled): these are the *worlds* it imagines; it never reads the real hidden cards;
  2. runs simulations: one of its answers is applied to a clone of a world, then its own later
     decisions follow a search tree (one tree for all worlds: Information Set MCTS from its own
     point of view; UCB1 with availability counts, widened progressively in the rule policy's
     order) while the opponent, and everything past the tree, follows the rule policy
     (`policy`: the heuristic bot's `greedy`, which springs Traps and Quick Effects when that
     pays, plus Spells tried when they leave a better board), up to a horizon: the start of its
     own next turn, or one turn further when life points are low enough for the extra turn to
     decide the duel;
  3. scores the board it reaches (a win is 1, a loss 0, else the heuristic's evaluation squashed
     into 0..1).
The answers at the root compete by sequential halving: each round, every answer still in the
race gets the same number of simulations in the same worlds (so they are compared on the same
imagined cards), the answers doing worse than the prior (below) on those worlds drop out (the
search stops when none is left: the budget goes to answers that may still beat it), and of the
rest the half with the worse mean score drops out; answers alike in every way
that matters (two Sheep Tokens) are one answer. The rule policy's own answer (the *prior*)
stays in the race to the end and is played unless the best answer beats it clearly: the mean
of their paired differences (simulation k of each in the same world) more than `margin` (1.5)
standard errors above zero. So search only adds to the rule policy; it does not replace a good
answer by noise. (Comparing answers by the value of their subtrees instead, the best-looking
later answer at each step, favoured answers whose later decisions look alike in every world
over answers that draw cards: that bot set Pot of Greed instead of activating it.) One
exception: an answer whose line in the tree, the most-tried answer at each later decision,
wins in (nearly) every world is played (it finds the win-this-turn lines of several steps).

Going first or second is searched too, further: both answers are played on in the same worlds
by the rule policy for four turns (see _turn_order).

Its budget is counted (simulations, and engine steps including those of the rule policy's
look-ahead probes), so a seed gives the same decisions on any machine; a time limit is only a
safety net. Levels: `easy` is the heuristic bot (one world per decision),
`normal` a budget that keeps every decision under a second on a 2-core machine, `hard` four
times that budget with a longer time limit.

It talks like the heuristic bot, and also when the search finds something: a line that wins
this turn in every world it imagined, or an attack it holds back because in its worlds the
opponent's set card punishes it.
"""
from __future__ import annotations

import math
import time

from ..engine import const as K
from ..engine.const import SZONE, FACEDOWN
from ..engine.decision import ACTION, RESPONSE, YESNO, CALL, ZONE, DECLARE, FIRST
from ..engine.observe import determinize, hidden_from
from ..engine.rng import Rng
from .heuristic import (HeuristicAgent, Talk, Talking, trivial_answer, LINES, evaluate,
                        evaluate_lasting, greedy, _greedy_response, PROBE_STEPS,
                        _something_happens, _settle, drop)
from .lethal import WinFinder, OutOfBudget, worth_looking
from .calibration import win_chance

# Levels: simulations per decision (`sims` is the most, `base` + `per_option` per answer),
# worlds dealt per decision, `work`: the most engine steps all simulations of a decision may
# play, the steps of the rule policy's look-ahead probes (clones settled to see what a Trap, a
# Spell or a selection leaves) counted too: a deterministic bound on the time, 25-50 µs of CPU
# a step on this machine whatever the decks (counting the simulations' own steps only, a Goat
# deck's step cost twice a Starter deck's); normal's work, half as much again when a win this
# turn is in sight, stays under its safety net. The time safety net is in seconds of the bot's
# own process's CPU time (time.process_time), so that other programs busy on the same machine
# neither cut its thinking short nor change its decisions; it only stops a search that the
# counted budget lets run too long on a slow CPU.
LEVELS = {
    "normal": {"sims": 640, "base": 64, "per_option": 48, "worlds": 32, "work": 13000,
               "time_limit": 0.8, "finder": 2500, "finder_worlds": 12},
    "hard": {"sims": 2560, "base": 256, "per_option": 192, "worlds": 64, "work": 52000,
             "time_limit": 3.0, "finder": 10000, "finder_worlds": 24},
}

MAX_ESTIMATED = 32  # the coach estimates at most this many answers of one decision
WON = 0.98         # a value this high: the tree's line wins this turn in (nearly) every world
# Scores of a simulation that ends the duel: a win this turn is 1, each turn later costs
# WIN_DECAY (a win is never worth less than WIN_FLOOR, above any board: 0.9 at most); a loss
# is 0 this turn and LOSS_GROWTH more per turn later, up to LOSS_CEIL. (Until 2026-11-28 a
# turn was worth 0.001: a win now and a win in three turns looked alike, and the bot went to
# battle without the position change that won at once.)
WIN_DECAY = 0.02
WIN_FLOOR = 0.92
LOSS_GROWTH = 0.004
LOSS_CEIL = 0.02
MIN_VISITS = 2      # a child's value counts in its parent's once it has this many simulations

SEARCH_LINES = {
    "sees_lethal": ["i see lethal", "thats game, i think", "this line wins it",
                    "lets finish this"],
    "plays_around": ["that face-down looks scary. ill wait", "not walking into that one",
                     "i smell a trap", "nice try, im not attacking into that"],
}


class Answer:
    """One of the bot's answers at one of its information sets (the root's answers too).
    `n` simulations took it, `w` is their total score (for the bot); `v` its value: the mean
    over what the bot may see next, each next decision counted at its best answer (`Decision`
    nodes below, keyed by what the bot sees there), and the simulations that ended below it."""

    __slots__ = ("n", "w", "v", "leaf", "children", "trap", "lethal")

    def __init__(self):
        self.n = 0
        self.w = 0.0
        self.v = 0.0
        self.leaf = 0.0        # total score of the simulations that had no decision below
        self.children: dict = {}
        self.trap = 0          # root answers: simulations in which an opponent's set card
                               # was used during this turn
        self.lethal = 0        # root answers: simulations won during this turn

    def mean(self) -> float:
        return self.w / self.n if self.n else 0.0

    def update(self, score: float, last: bool) -> None:
        self.n += 1
        self.w += score
        if last:
            self.leaf += score
        total = self.leaf
        for ch in self.children.values():
            total += ch.n * ch.v
        self.v = total / self.n


class Decision:
    """One of the bot's later decisions as it sees it (an information set: the public board, its
    hand and its legal answers). Its value is that of the answer tried most (UCB1 sends most
    simulations to the best one: the bot picks it), else the mean score. (The most tried rather
    than the best-looking answer: the maximum of many noisy means would favour decisions with
    many answers.)"""

    __slots__ = ("n", "w", "v", "children")

    def __init__(self):
        self.n = 0
        self.w = 0.0
        self.v = 0.0
        self.children: dict = {}

    def update(self, score: float, last: bool) -> None:
        self.n += 1
        self.w += score
        most = None
        for ch in self.children.values():
            if most is None or ch.n > most.n or (ch.n == most.n and ch.v > most.v):
                most = ch
        self.v = most.v if most is not None and most.n >= MIN_VISITS else self.w / self.n


def signature(d, me: int) -> tuple:
    """What `me` sees at its decision, in short: the legal answers, the phase, LP, the field
    (card ids and positions; the opponent's face-down cards by place only), its hand and the
    sizes of the piles. Worlds that look the same to the bot share a Decision node."""
    fields = []
    for p in (0, 1):
        for c in d.mons[p] + d.sts[p]:
            if p != me and d.pos[c] & FACEDOWN:
                fields.append((-1, d.seq[c], p))
            else:
                fields.append((c, d.pos[c], p))
    o = 1 - me
    return (d.pending.options, d.turn, d.phase, d.lp[0], d.lp[1], tuple(fields),
            tuple(d.hand[me]), len(d.hand[o]), len(d.gy[0]), len(d.gy[1]), len(d.chain))


class SearchAgent(Talking):
    """The search bot. `choose(duel)` answers the pending decision; `lines`/`take_lines()` and
    `react(duel)` as the heuristic bot's."""

    name = "search"

    def __init__(self, seed: int = 0, talk: bool = False, level: str = "normal",
                 sims: int | None = None, worlds: int | None = None,
                 time_limit: float | None = None, scale: float = 2500.0,
                 explore: float = 0.35, widen: float = 1.5, deep_lp: int = 3000,
                 quiet_share: float = 0.25, lethal_boost: float = 0.5,
                 value: str = "mean", margin: float = 1.5, prune: bool = True,
                 order_turns: int = 4, finder: bool = True, probe_prior: bool = True):
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r} (known: {', '.join(LEVELS)})")
        cfg = dict(LEVELS[level])
        if sims is not None:
            scale_up = sims / cfg["sims"]
            cfg["sims"] = sims
            cfg["work"] = max(100, int(cfg["work"] * scale_up))
            cfg["base"] = max(1, int(cfg["base"] * scale_up))
            cfg["per_option"] = max(1, int(cfg["per_option"] * scale_up))
        if worlds is not None:
            cfg["worlds"] = worlds
        if time_limit is not None:
            cfg["time_limit"] = time_limit
        self.level = level
        self.cfg = cfg
        self.rng = Rng((seed * 6151) ^ 0x5EA4C4)
        self.order_rng = Rng((seed * 7919) ^ 0x0D3E12)   # the turn order's own worlds
        self.talk = SearchTalk(seed) if talk else None
        self.scale = scale            # evaluation points that make a 73% score
        self.explore = explore        # UCB1 exploration constant (scores are in 0..1)
        self.widen = widen            # progressive widening: children ~ widen * sqrt(visits)
        self.deep_lp = deep_lp        # below this many LP the rollouts look a turn further
        self.quiet_share = quiet_share  # budget share for a response when nothing happens
        self.lethal_boost = lethal_boost  # extra budget (times the budget) when the first round
                                          # finds a win this turn
        self.value = value            # "mean": answers compared by their mean score; "v": max backup
        self.margin = margin          # the prior's answer is kept unless another beats it on the
                                      # same worlds by more than `margin` standard errors
        self.prune = prune            # after each round, answers worse than the prior drop out
        self.order_turns = order_turns  # going first or second: turns played on to compare
        # the win finder (lethal.py): a sure win this turn is looked for before searching
        self.finder = WinFinder(budget=cfg["finder"], opponent=policy) if finder else None
        self.line: tuple = (None, [])   # (turn, the rest of the winning line found)
        self.probe_prior = probe_prior  # the prior is the rule policy's answer with its probes
        # measurements (the last decision, and over the agent's life)
        self.last_seconds = 0.0
        self.last_sims = 0
        self.last_work = 0
        self.max_seconds = 0.0
        self.total_seconds = 0.0
        self.total_sims = 0
        self.decisions = 0
        self.last_info: dict = {}

    # -- deciding
    def choose(self, duel):
        t0 = time.perf_counter()
        dec = duel.pending
        self.last_info = {}
        i = self._choose_index(duel)
        opt = dec.options[i]
        dt = time.perf_counter() - t0
        self.last_seconds = dt
        self.max_seconds = max(self.max_seconds, dt)
        self.total_seconds += dt
        self.decisions += 1
        if self.talk is not None:
            self.talk.before(duel, opt)
            self.talk.searched(duel, opt, self.last_info)
        return opt

    def _choose_index(self, duel) -> int:
        self.last_sims = 0
        if duel.pending.kind == FIRST and len(duel.pending.options) > 1:
            return self._turn_order(duel)
        i = trivial_answer(duel)
        if i >= 0:
            return i
        dec = duel.pending
        n = len(dec.options)
        me = dec.player
        budget = self._budget(duel, dec)
        cfg = self.cfg
        deadline = time.process_time() + cfg["time_limit"]   # CPU time: see LEVELS
        worlds = [determinize(duel, me, self.rng) for _ in range(min(cfg["worlds"], budget))]
        self._deadline = deadline - cfg["time_limit"] / 2    # the finder's share of the net
        found = 0
        if self.finder is not None and worth_looking(duel, me):
            i, found = self._sure_win(duel, me, worlds)
            if i >= 0:
                return i
        # the prior: the rule policy's answer with its look-ahead probes (a Trap or a Quick
        # Effect when that pays, a card that would be lost anyway used first, a Spell that
        # leaves a better board: removal when its target is there)
        prior = policy(worlds[0], set()) if self.probe_prior else greedy(worlds[0], probe=False)
        order = [prior] + [i for i in range(n) if i != prior]
        if dec.kind == RESPONSE:            # no activation that changes nothing now
            order = [i for i in order if not no_effect(worlds[0], i)] or order
            if prior not in order:
                prior = order[0]
        cands = distinct_answers(duel, me, order)
        root = {i: Answer() for i in cands}
        scores = {i: [] for i in cands}     # each answer's scores, simulation k in world k
        val = (lambda i: root[i].mean()) if self.value == "mean" else (lambda i: root[i].v)
        stop_turn = self._horizon(duel, me)
        turn = duel.turn
        sets = _set_cards(duel, 1 - me)
        sims = 0
        alive = cands
        rounds = max(1, math.ceil(math.log2(len(cands))))
        out_of_time = False
        extended = False
        work = 0                     # engine steps played in the simulations
        probe0 = PROBE_STEPS[0]
        work_budget = cfg["work"] - found       # the win finder's steps count too
        for r in range(rounds):
            left = budget - sims
            per = max(1, left // (len(alive) * (rounds - r)))
            for _ in range(per):
                for i in alive:
                    node = root[i]
                    w = worlds[node.n % len(worlds)]
                    steps, v = self._simulate(w, i, node, me, stop_turn, turn, sets)
                    scores[i].append(v)
                    work += steps
                    sims += 1
                    if time.process_time() > deadline:     # the safety net holds within a
                        break                               # simulation on a busy machine
                if work > work_budget or time.process_time() > deadline:
                    out_of_time = work <= work_budget      # (else: the counted work is done)
                    break
            if out_of_time or work > work_budget:
                break
            if r == 0 and not extended and any(root[i].lethal for i in alive):
                extended = True         # a win this turn is in sight: look harder for it
                budget += int(budget * self.lethal_boost)
                work_budget += int(work_budget * self.lethal_boost)
            if self.margin and self.prune:
                # answers doing worse than the prior on the same worlds drop out (they would
                # have to beat it clearly to be played), unless they won this turn in some
                # world (a line of several steps the tree is still finding); when none is
                # left, the search stops
                alive = [i for i in alive if i == prior or root[i].lethal or
                         _paired_mean(scores[i], scores[prior]) > 0]
                if len(alive) == 1:
                    break
            if r < rounds - 1 and len(alive) > 1:
                ranked = sorted(alive, key=lambda i: (-val(i), i != prior))
                alive = ranked[:max(1, (len(alive) + 1) // 2)]
                if self.margin and prior not in alive:
                    alive.append(prior)     # the prior stays in the race: _clearly_better
        best = max(alive, key=lambda i: (val(i), i == prior))
        if self.margin and best != prior and not self._clearly_better(scores[best],
                                                                      scores[prior]):
            best = prior
        if self.value == "mean":
            # a line of the tree that wins in (nearly) every world goes first (an answer's v
            # follows the most-tried answer at each of its later decisions)
            top = max(alive, key=lambda i: (root[i].v, i == best))
            if root[top].v >= WON and root[best].v < WON:
                best = top
        self.last_sims = sims
        self.last_work = work
        self.last_probe = PROBE_STEPS[0] - probe0
        self.total_sims += sims
        node = root[best]
        pnode = root[prior]
        self.last_info = {"best": best, "prior": prior, "sims": sims, "value": val(best),
                          "lethal": node.lethal / node.n if node.n else 0.0,
                          "prior_trap": pnode.trap / pnode.n if pnode.n else 0.0,
                          "prior_value": val(prior), "out_of_time": out_of_time}
        return best

    def estimate(self, duel, rng) -> dict:
        """The coach's view of the pending decision (agents/coach.py): every answer's estimate
        for the player who decides, from what that player may know only (worlds dealt by
        `determinize` with `rng`, as the bot deals its own), as {index: (win rate, simulations,
        wins this turn, simulations won, simulations lost)}. The win rate is the mean over the
        simulations of the player's chance to win where each stopped (calibration.win_chance:
        1 for a duel won, 0 for one lost, a board at the horizon the chance fitted for its
        evaluation); won and lost count the simulations that ended the duel. Every answer gets
        the same number of simulations in the same worlds (no answer drops out); answers alike
        in every way share one estimate; an answer that starts a sure win this turn (the win
        finder) has the win rate 1."""
        dec = duel.pending
        me = dec.player
        n = len(dec.options)
        if n == 1:
            return {0: (None, 0, False, 0, 0)}
        cfg = self.cfg
        worlds = [determinize(duel, me, rng) for _ in range(cfg["worlds"])]
        spent = 0
        sure = -1
        if self.finder is not None and worth_looking(duel, me) and dec.kind == ACTION:
            line = self.finder.find(duel, me, worlds[:cfg["finder_worlds"]])
            spent = self.finder.steps
            if line is not None:
                sure = _first_step(dec, line)
        cands = distinct_answers(duel, me, list(range(n)))
        same = {}
        for i in range(n):
            same[i] = next(j for j in cands if j <= i and _alike(duel, me, i, j))
        if len(cands) > MAX_ESTIMATED:       # a selection of hundreds: the rule policy's
            first = greedy(worlds[0], probe=False)      # answer and the first others only
            cands = [same[first]] + [j for j in cands if j != same[first]][:MAX_ESTIMATED - 1]
        root = {i: Answer() for i in cands}
        stop_turn = self._horizon(duel, me)
        sets = _set_cards(duel, 1 - me)
        per = max(2, cfg["sims"] // len(cands))
        work = spent
        ended = {i: [0, 0] for i in cands}          # simulations won, lost
        chances = {i: 0.0 for i in cands}           # the sum of their win chances
        for k in range(per):
            for i in cands:
                steps, _ = self._simulate(worlds[k % len(worlds)], i, root[i], me, stop_turn,
                                          duel.turn, sets)
                work += steps
                end = self._last
                chances[i] += win_chance(end, me)
                if end.winner is not None and end.winner != "draw":
                    ended[i][end.winner != me] += 1
            if work > cfg["work"] and k >= 1:
                break
        out = {}
        for i in range(n):
            node = root.get(same[i])
            wins = i == sure or (sure >= 0 and same[i] == same[sure])
            if node is None:
                out[i] = (1.0 if wins else None, 0, wins, 0, 0)     # not estimated
            else:
                won, lost = ended[same[i]]
                rate = chances[same[i]] / node.n if node.n else None
                out[i] = (1.0 if wins else rate, node.n, wins, won, lost)
        return out

    def _sure_win(self, duel, me: int, worlds: list) -> tuple:
        """A sure win this turn (lethal.py): the answer that starts a line winning this turn
        in every world of the first `finder_worlds`, and the engine steps spent (the search's
        budget pays for them); -1 if none. The rest of a line found is kept and played on
        at the next decisions, as long as it still wins in their worlds."""
        f = self.finder
        ws = worlds[:self.cfg["finder_worlds"]]
        turn, rest = self.line
        dec = duel.pending
        line = None
        spent = 0
        if turn == duel.turn and rest and _first_step(dec, rest) >= 0:
            f.steps, f.limit, f.deadline = 0, f.budget, self._deadline
            try:
                if all(f.replay(w, rest, me, turn) for w in ws):
                    line = rest
            except OutOfBudget:
                pass
            spent += f.steps
        if line is None and dec.kind == ACTION:
            line = f.find(duel, me, ws, self._deadline)
            spent += f.steps
        if line is None:
            self.line = (None, [])
            return -1, spent
        i = _first_step(dec, line)
        self.line = (duel.turn, line[1:] if dec.options[i] == line[0] else line)
        self.last_sims = 0
        self.last_work = spent
        self.last_info = {"best": i, "prior": i, "sims": 0, "value": 1.0, "lethal": 1.0,
                          "prior_trap": 0.0, "prior_value": 1.0, "out_of_time": False,
                          "line": len(line)}
        return i, spent

    def _turn_order(self, duel) -> int:
        """Going first or second: each answer played on in the same worlds (the Decks dealt
        again) by the rule policy (its quick answers, no look-ahead probes), both players, for
        `order_turns` turns, and scored like a simulation there and again a turn later (the
        mean of the two: the player who moved last is not favoured); the answer with the better
        mean score is taken (first on a tie). Whether the first player draws, when each may
        first attack and what a deck does with the first turn all show in the boards reached,
        whatever the rules and the decks (Starter decks under v10: second; Goat: first). Its
        worlds come from their own random numbers, so the rest of the duel's search is as it
        would be after the same answer chosen otherwise."""
        dec = duel.pending
        me = dec.player
        opts = dec.options
        cfg = self.cfg
        deadline = time.process_time() + cfg["time_limit"]
        totals = [0.0] * len(opts)
        work = 0
        sims = 0
        stop = duel.turn + self.order_turns + 1
        order = sorted(range(len(opts)), key=lambda i: opts[i].arg != "first")
        for k in range(cfg["worlds"]):
            world = determinize(duel, me, self.order_rng)
            for i in order:
                sim = world.clone()
                sim.apply(i)
                probe0 = PROBE_STEPS[0]
                steps = 0
                for end in (stop, stop + 1):     # after either player's turn: the same weight
                    while sim.winner is None and sim.turn < end and steps < 4000:
                        sim.apply(greedy(sim, probe=False) if len(sim.pending.options) > 1
                                  else 0)
                        steps += 1
                    totals[i] += self._score(sim, me, duel.turn) / 2
                drop(sim)
                work += steps + PROBE_STEPS[0] - probe0
                sims += 1
            if work > cfg["work"] or time.process_time() > deadline:
                break
        self.last_sims = sims
        self.last_work = work
        best = max(order, key=lambda i: totals[i])
        self.last_info = {"best": best, "prior": order[0], "sims": sims,
                          "value": totals[best] / max(1, sims // len(opts)),
                          "out_of_time": work <= cfg["work"] and time.process_time() > deadline}
        return best

    def _clearly_better(self, a: list, b: list) -> bool:
        """Do the scores `a` beat the scores `b` clearly, simulation k of each in the same
        world: the mean of the paired differences more than `margin` standard errors above 0?
        (Search overrules the rule policy's answer only when it sees a clear difference.)"""
        diffs = _paired_diffs(a, b)
        m = len(diffs)
        if m < 2:
            return False
        mean = sum(diffs) / m
        var = sum((x - mean) ** 2 for x in diffs) / (m - 1)
        return mean > self.margin * math.sqrt(var / m) + 1e-9

    def _budget(self, duel, dec) -> int:
        cfg = self.cfg
        n = len(dec.options)
        b = min(cfg["sims"], cfg["base"] + cfg["per_option"] * n)
        if dec.kind == RESPONSE and not _something_happens(duel):
            b = max(n, int(b * self.quiet_share))
        return max(b, n)

    def _horizon(self, d, me: int) -> int:
        """The turn whose start (with `me` the turn player) ends a simulation: `me`'s next turn,
        or the one after when either player's LP are low enough for it to decide the duel."""
        stop = d.turn + (2 if d.tp == me else 1)
        if min(d.lp) <= self.deep_lp:
            stop += 2
        return stop

    def _simulate(self, world, i: int, node: Answer, me: int, stop_turn: int, turn: int,
                  sets: tuple) -> None:
        """One simulation: answer i in a clone of `world`, then the tree for `me`'s later
        decisions (down to one new node), the rule policy for the rest; the score is added
        along the path."""
        sim = world.clone()
        sim.apply(i)
        probe0 = PROBE_STEPS[0]
        path = [node]
        tried: set = set()
        expanded = False
        mean = self.value == "mean"
        checked_turn = False
        steps = 0
        while sim.winner is None and steps < 600:
            if sim.turn >= stop_turn and sim.tp == me:
                break
            if not checked_turn and sim.turn != turn:
                checked_turn = True
                if _used_sets(sim, sets):
                    node.trap += 1
            dec = sim.pending
            opts = dec.options
            if (expanded or dec.player != me or len(opts) == 1
                    or dec.kind in (CALL, ZONE, DECLARE, FIRST) or sim.turn > turn + 1):
                sim.apply(policy(sim, tried))
                steps += 1
                continue
            act = path[-1]
            key = signature(sim, me)
            here = act.children.get(key)
            if here is None:
                here = act.children[key] = Decision()
            path.append(here)
            children = here.children
            pick = -1
            if len(children) < len(opts) and len(children) < 1 + int(
                    self.widen * math.sqrt(here.n)):
                j = policy(sim, tried)
                if opts[j] not in children:
                    pick = j
                else:
                    for j, o in enumerate(opts):
                        if o not in children:
                            pick = j
                            break
            if pick >= 0:
                ch = children[opts[pick]] = Answer()
                expanded = True
            else:          # UCB1
                best_u = -1.0
                logn = math.log(max(here.n, 2))
                for j, o in enumerate(opts):
                    ch = children.get(o)
                    if ch is None:
                        continue
                    cv = ch.w / ch.n if mean and ch.n else ch.v
                    u = cv + self.explore * math.sqrt(logn / (ch.n + 0.5))
                    if u > best_u:
                        pick, best_u = j, u
                ch = children[opts[pick]]
            path.append(ch)
            sim.apply(pick)
            steps += 1
        if not checked_turn and sim.turn != turn and _used_sets(sim, sets):
            node.trap += 1
        v = self._score(sim, me, turn)
        self._last = sim                   # (the coach's win rate: where it stopped)
        if sim.winner == me and sim.turn == turn:
            node.lethal += 1
        drop(sim)
        last = len(path) - 1
        for k in range(last, -1, -1):
            path[k].update(v, k == last)
        return steps + PROBE_STEPS[0] - probe0, v

    def _score(self, sim, me: int, turn: int) -> float:
        w = sim.winner
        if w is not None:
            later = sim.turn - turn
            if w == me:            # a win now is worth more than a win later
                return max(WIN_FLOOR, 1.0 - WIN_DECAY * later)
            if w == "draw":
                return 0.25
            return min(LOSS_CEIL, LOSS_GROWTH * later)     # a loss later is less bad
        x = evaluate(sim, me) / self.scale
        if x > 30:
            return 0.9
        if x < -30:
            return 0.02
        return 0.02 + 0.88 / (1.0 + math.exp(-x))     # a board is never worth a win


def _first_step(dec, line: list) -> int:
    """The answer to `dec` that follows `line`: its first answer, or a pass of a window the
    line does not answer (as WinFinder plays it); -1 if neither is legal."""
    try:
        return dec.options.index(line[0])
    except ValueError:
        pass
    if dec.kind in (RESPONSE, YESNO):
        for i, o in enumerate(dec.options):
            if o.verb in ("pass", "no"):
                return i
    return -1


# ============================================================================ the same answer twice
def distinct_answers(d, me: int, order: list) -> list:
    """The answers of `order` (indices into the pending decision's options) that differ from
    every earlier one as `me` sees them: answers that name cards alike in every way that
    matters (the same card, place, position, ATK/DEF, what happened to it this turn: two Sheep
    Tokens, two copies of a card in hand) are one answer, and only the first is searched. A
    card hidden from `me` is never alike another (its identity is not read)."""
    opts = d.pending.options
    seen = set()
    out = []
    for i in order:
        o = opts[i]
        arg = o.arg
        if o.verb == "attack" and isinstance(arg, int) and arg >= 0:
            arg = _card_key(d, me, arg)
        key = (o.verb, tuple(sorted((_card_key(d, me, c) for c in o.cards), key=repr)), arg)
        if key not in seen:
            seen.add(key)
            out.append(i)
    return out


def _alike(d, me: int, i: int, j: int) -> bool:
    """Are answers i and j one answer as `me` sees them (distinct_answers keeps the first)?"""
    return i == j or distinct_answers(d, me, [j, i]) == [j]


def _card_key(d, me: int, c: int) -> tuple:
    if hidden_from(d, c, me) or d.equip[c] is not None or c in d.binds or \
            any(b[1] == c for b in d.binds.values()):
        return ("unique", c)        # hidden, equipped or bound: never alike another
    t = d.turn
    data = d.data[c]
    on_field = d.loc[c] == K.MZONE
    return (data.passcode, data.name, d.loc[c], d.pos[c], d.ctrl[c], d.owner[c],
            d.atk(c) if on_field else 0, d.def_(c) if on_field else 0,
            d.turn_in[c] == t, d.attacked[c] == t, d.pos_turn[c] == t, d.flip_turn[c] == t,
            d.summon[c], tuple(sorted((k[1], v) for k, v in d.counters.items() if k[0] == c)))


# ============================================================================ rollout policy
def policy(d, tried: set | None = None) -> int:
    """The rule policy of the simulations: the heuristic bot's `greedy`; in a Main Phase, a
    Spell the player can activate is also tried (on a clone, until the action is settled) and
    played when it leaves a better board than the one there is now. `tried` (a set) holds the
    (turn, card) of Spells tried already and not played: one simulation tries a card once a
    turn."""
    dec = d.pending
    if len(dec.options) > 1:
        if dec.kind == ACTION and d.phase != K.BATTLE:
            i = _spell_worth_it(d, dec, tried)
            if i >= 0:
                return i
        elif dec.kind == RESPONSE:      # (settled with selections tried: see settle)
            return _greedy_response(d, dec.player, dec.options, True, settle)
    return greedy(d)


def settle(d, limit: int = 40) -> None:
    """Play on until the chain and the current action are done (the turn player's next free
    decision), with the rule policy; a small selection (the target of a Trap or an Equip Spell)
    is made by trying each answer (the heuristic's own quick choice assumes a target is to be
    harmed, which is wrong for a card that helps it)."""
    _settle(d, limit, probe_up_to=6)


def _spell_worth_it(d, dec, tried) -> int:
    """The index of a Spell worth activating now, or -1."""
    opts = dec.options
    spells = []
    for i, o in enumerate(opts):
        if o.verb == "activate":
            c = o.cards[0]
            if d.data[c].is_spell and d.loc[c] & (K.HAND | SZONE):
                if tried is not None:
                    key = (d.turn, c)
                    if key in tried:
                        continue
                    tried.add(key)
                spells.append(i)
    if not spells:
        return -1
    p = dec.player
    best_i, best_v = -1, evaluate(d, p) + 150     # a Spell kept in hand is worth something
    PROBE_STEPS[0] += len(spells[:3])
    for i in spells[:3]:
        sim = d.clone()
        sim.apply(i)
        settle(sim)
        v = evaluate_lasting(sim, p)
        drop(sim)
        if v > best_v:
            best_i, best_v = i, v
    return best_i


def no_effect(d, i: int) -> bool:
    """Does answer i of a response window activate a card that changes nothing now? Played
    on a clone to the turn player's next free decision, it leaves the same board as passing
    (LP, every other card's place, position and ATK/DEF, the attack under way, counters), and
    so does the rest of the turn played on by the rule policy's quick answers (a card whose
    effect waits for something later this turn, Threatening Roar before the battle, has an
    effect). Reverse Trap with no change of ATK or DEF on the field has none."""
    dec = d.pending
    o = dec.options[i]
    if o.verb != "activate" or isinstance(o.arg, tuple) or not o.cards:
        return False
    pass_i = next((j for j, x in enumerate(dec.options) if x.verb == "pass"), -1)
    if pass_i < 0:
        return False
    c = o.cards[0]
    a, b = d.clone(), d.clone()
    a.apply(i)
    b.apply(pass_i)
    settle(a)
    settle(b)
    PROBE_STEPS[0] += 2
    if _board(a, c) != _board(b, c):
        return False
    turn = d.turn
    for sim in (a, b):
        k = 0
        while sim.winner is None and sim.turn == turn and k < 200:
            sim.apply(greedy(sim, probe=False) if len(sim.pending.options) > 1 else 0)
            k += 1
        PROBE_STEPS[0] += k
    same = _board(a, c, False) == _board(b, c, False)
    drop(a)
    drop(b)
    return same


def _board(d, skip: int, when: bool = True) -> tuple:
    """What an effect may change, for no_effect: LP, the winner, the phase and the attack,
    every card's place, controller, position (and ATK/DEF on the field) but `skip`'s (the
    activated card: that it is spent is no effect), the counters. (`when` False: not the
    phase and the attack: played on past the turn's end, one duel may stop in the next Draw
    Phase, where a Set card gives a window, the other in its Main Phase.)"""
    out = [tuple(d.lp), d.winner, d.turn, d.phase, d.attack] if when else [tuple(d.lp), d.winner]
    mz = K.MZONE
    for c in range(len(d.loc)):
        if c == skip:
            continue
        loc = d.loc[c]
        if loc == mz:
            out.append((c, loc, d.ctrl[c], d.pos[c], d.atk(c), d.def_(c)))
        else:
            out.append((c, loc, d.ctrl[c], d.pos[c]))
    out.append(tuple(sorted(d.counters.items())))
    return tuple(out)


def _paired_diffs(a: list, b: list) -> list:
    """The differences a[k] - b[k] (simulation k of each in the same world)."""
    return [a[k] - b[k] for k in range(min(len(a), len(b)))]


def _paired_mean(a: list, b: list) -> float:
    """The mean of the paired differences of a and b (0 when there are none)."""
    diffs = _paired_diffs(a, b)
    return sum(diffs) / len(diffs) if diffs else 0.0


def _set_cards(d, p: int) -> tuple:
    """(card, identity) of player p's set Spell/Trap cards."""
    return tuple((c, d.mid[c]) for c in d.sts[p] if d.pos[c] & FACEDOWN)


def _used_sets(d, sets: tuple) -> bool:
    """Was one of these set cards activated (it is no longer the same set card)?"""
    for c, mid in sets:
        if d.mid[c] != mid or not d.pos[c] & FACEDOWN:
            return True
    return False


# ============================================================================ talking
class SearchTalk(Talk):
    """The heuristic bot's talk, plus what search makes special: it sees lethal, it plays
    around a trap."""

    def __init__(self, seed: int = 0):
        super().__init__(seed)
        self.said_search_lethal = -1
        self.said_around = -1

    def say_search(self, key: str) -> None:
        options = SEARCH_LINES[key]
        self.pending.append(options[self.rng.below(len(options))])

    def searched(self, duel, opt, info: dict) -> None:
        if not info:
            return
        d = duel
        if info.get("lethal", 0.0) >= 0.9 and self.said_search_lethal != d.turn \
                and d.tp == d.pending.player:
            self.said_search_lethal = d.turn
            self.said_lethal_turn = d.turn          # the heuristic's own line is not repeated
            self.say_search("sees_lethal")
            return
        prior, best = info.get("prior"), info.get("best")
        if prior is None or prior == best or self.said_around == d.turn:
            return
        popt = d.pending.options[prior]
        if popt.verb == "attack" and opt.verb != "attack" or \
                popt.verb == "attack" and opt.verb == "attack" and popt.arg != opt.arg:
            if info.get("prior_trap", 0.0) >= 0.4 and info["value"] > info["prior_value"]:
                self.said_around = d.turn
                self.say_search("plays_around")


def make_level(level: str):
    """A factory for the agent registry: `search` at `level` (easy: the heuristic bot)."""
    def make(seed: int = 0, talk: bool = False):
        if level == "easy":
            return HeuristicAgent(seed, talk=talk, samples=1)
        return SearchAgent(seed, talk=talk, level=level)
    make.level = level
    make.talks = True
    return make


__all__ = ["SearchAgent", "LEVELS", "SEARCH_LINES", "LINES", "policy", "make_level"]
