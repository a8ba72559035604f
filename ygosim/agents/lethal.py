"""A sure win this turn, found before any search: the win finder.

At a decision of its own turn the bot first looks for a *line* (the answers it gives at its
own decisions, in order) that wins before the turn ends in every world it imagines. The worlds
are determinized clones (`determinize`: the hidden cards dealt again), so a line that only
wins when the opponent's set card is not a Trap Hole is not sure while Trap Hole is one of
the cards it may be. The line is found by a depth-first search over the bot's own decisions
in those worlds at once, limited by *discrepancies*: at each decision the rule policy's answer
(`greedy`, the heuristic bot's) is tried first, and any other answer counts as one
discrepancy; lines with 0, then 1, then 2... discrepancies are tried (limited discrepancy
search), so the cheap lines come first: attacks, position changes, a summon, one card from the
hand. Every answer comes from the engine's legal answers, so a Monster Reborn on either
Graveyard, a borrowed monster as a Tribute or a Level from either side of the field need no
code of their own. The opponent answers with the search bot's rule policy (which springs
Traps and Quick Effects when they pay), in each world.

The search starts in one world; a line found there is played through the other worlds, and
the first world where it does not win joins the worlds the search must win in (up to
`max_joint`), until a line wins everywhere or the counted budget (engine steps, the rule
policy's look-ahead probes included) runs out. Two orders of the same answers that reach the
same position are searched once.

    finder = WinFinder(budget=2500)
    line = finder.find(duel, me, worlds)     # a list of Options (the first is the answer) or None
"""
from __future__ import annotations

import time

from ..engine import const as K
from ..engine.decision import RESPONSE, YESNO, CALL, ZONE, DECLARE, ORDER, FIRST
from .heuristic import greedy, PROBE_STEPS

TRIVIAL = (CALL, ZONE, DECLARE, ORDER, FIRST)
CLONE_STEPS = 3


class OutOfBudget(Exception):
    pass


def _branching(dec, me: int) -> bool:
    """Is this a decision of `me` the finder chooses at (not a forced or trivial one)?"""
    return dec.player == me and len(dec.options) > 1 and dec.kind not in TRIVIAL


def _useless(o) -> bool:
    """Answers that cannot help win this turn: ending the turn; Setting a card (a card Set
    now cannot be used this turn unless it is a Spell, which is better activated at once; a
    face-down monster cannot attack)."""
    return (o.verb == "phase" and o.arg == "end") or o.verb == "set"


def _state_key(d, me: int) -> tuple:
    """The position as far as winning this turn goes (two orders of the same answers that
    reach it are searched once): LP, every card's place, position and ATK, the pending
    decision's answers, what was used this turn."""
    t = d.turn
    cards = []
    for p in (0, 1):
        for c in d.mons[p]:
            cards.append((c, d.pos[c], d.atk(c), d.def_(c), d.attacked[c] == t))
        for c in d.sts[p]:
            cards.append((c, d.pos[c]))
        cards.append(tuple(d.hand[p]))
        cards.append(tuple(d.gy[p]))
        cards.append(len(d.banished[p]))
    return (d.pending.kind, d.pending.options, d.phase, d.lp[0], d.lp[1], tuple(cards),
            d.ns_used[me], len(d.chain))


class WinFinder:
    """Finds a line that wins this turn in every given world (see the module's text).
    `budget`: engine steps (probes included) for one `find`; `max_disc`: the most discrepancies
    a line may have; `max_joint`: the most worlds searched at once; `width`: the most answers
    tried at one decision besides the rule policy's."""

    def __init__(self, budget: int = 2500, max_disc: int = 3, max_joint: int = 3,
                 width: int = 14, opponent=None):
        self.budget = budget
        self.max_disc = max_disc
        self.max_joint = max_joint
        self.width = width
        self.opponent = opponent            # the opponent's answers: policy(d, tried) -> index
        self.steps = 0
        self.limit = 0
        self.deadline = 0.0
        self.complete = False               # the last find looked at every line it allows

    # -- playing on
    def _clone(self, d):
        """A clone, counted as CLONE_STEPS engine steps (a clone of a Goat duel costs about
        what two or three engine steps do)."""
        self.steps += CLONE_STEPS
        return d.clone()

    def _apply(self, d, i: int) -> None:
        self.steps += 1
        if self.steps > self.limit:
            raise OutOfBudget
        if self.deadline and not self.steps & 31 and time.process_time() > self.deadline:
            raise OutOfBudget           # the time safety net (a busy or slow machine)
        d.apply(i)

    def _advance(self, d, me: int, turn: int, tried: set) -> None:
        """Play the opponent's answers and `me`'s forced ones until `me`'s next real decision
        this turn, or the turn's (or the duel's) end."""
        while d.winner is None and d.turn == turn:
            dec = d.pending
            if dec.player == me:
                if _branching(dec, me):
                    return
                self._apply(d, 0 if len(dec.options) == 1 else greedy(d, probe=False))
            else:
                p0 = PROBE_STEPS[0]
                i = self.opponent(d, tried) if self.opponent else greedy(d)
                self.steps += PROBE_STEPS[0] - p0
                self._apply(d, i)

    def _play(self, d, o, me: int, turn: int, tried: set) -> bool:
        """Answer `o` in world d (a clone, changed in place), then advance. A world that is at
        another window than the one `o` answers passes it first (an opponent's card chained
        in one world and not in another); a pass the world has no window for is skipped.
        False if `o` cannot be played there."""
        for _ in range(4):
            if d.winner is not None or d.turn != turn:
                return o.verb == "pass"
            dec = d.pending
            try:
                i = dec.options.index(o)
            except ValueError:
                i = -1
            if i >= 0:
                self._apply(d, i)
                self._advance(d, me, turn, tried)
                return True
            if o.verb == "pass" and dec.kind not in (RESPONSE, YESNO):
                return True
            if dec.kind in (RESPONSE, YESNO):
                j = next((k for k, x in enumerate(dec.options) if x.verb in ("pass", "no")), -1)
                if j < 0:
                    return False
                self._apply(d, j)
                self._advance(d, me, turn, tried)
                continue
            return False
        return False

    # -- finding
    def find(self, duel, me: int, worlds: list, deadline: float = 0.0):
        """A line (list of Options, the first answers the pending decision) that wins this turn
        in every world of `worlds` (determinized clones of `duel` for `me`), or None.
        `deadline`: a time.process_time() after which it gives up (0: none)."""
        self.deadline = deadline
        self.steps = 0
        self.limit = self.budget
        self.complete = False
        turn = duel.turn
        if duel.tp != me or not worlds or duel.pending.player != me:
            return None
        starts = list(worlds)
        joint = [0]
        try:
            while True:
                line = self._search([starts[k] for k in joint], me, turn)
                if line is None:
                    self.complete = True
                    return None
                bad = -1
                for k, w in enumerate(starts):
                    if k in joint:
                        continue
                    if not self.replay(w, line, me, turn):
                        bad = k
                        break
                if bad < 0:
                    return line
                if len(joint) >= self.max_joint:
                    return None
                joint.append(bad)
        except OutOfBudget:
            return None

    def replay(self, world, line: list, me: int, turn: int) -> bool:
        """Does `line` win this turn in (a clone of) `world`?"""
        d = self._clone(world)
        tried: set = set()
        self._advance(d, me, turn, tried)
        for o in line:
            if d.winner is not None or d.turn != turn:
                break
            if not self._play(d, o, me, turn, tried):
                return False
        return d.winner == me

    def _search(self, worlds: list, me: int, turn: int):
        """Limited discrepancy search in all `worlds` at once (clones are made, the worlds
        are not changed)."""
        for disc in range(self.max_disc + 1):
            seen: dict = {}
            sims = [self._clone(w) for w in worlds]
            trieds = [set() for _ in sims]
            line = self._dfs(sims, trieds, me, turn, disc, seen, [])
            if line is not None:
                return line
        return None

    def _dfs(self, sims, trieds, me, turn, disc, seen, line):
        live = [k for k, d in enumerate(sims) if d.winner is None]
        for d in sims:
            if d.winner is not None and d.winner != me:
                return None
            if d.winner is None and d.turn != turn:
                return None
        if not live:
            return list(line)
        lead = sims[live[0]]
        self.steps += 1                 # the key and the rule policy's answer cost a step
        key = tuple(_state_key(sims[k], me) for k in live)
        if seen.get(key, -1) >= disc:
            return None
        seen[key] = disc
        dec = lead.pending
        opts = dec.options
        first = greedy(lead, probe=False)
        order = [first] + [i for i in range(len(opts)) if i != first and not _useless(opts[i])]
        if disc == 0:
            order = order[:1]
        else:
            order = order[:1 + self.width]
        for n, i in enumerate(order):
            o = opts[i]
            cost = 0 if n == 0 else 1
            if cost > disc:
                break
            nxt, ntried = [], []
            ok = True
            for k, d in enumerate(sims):
                if d.winner is not None:
                    nxt.append(d)
                    ntried.append(trieds[k])
                    continue
                c = self._clone(d)
                t = set(trieds[k])
                if not self._play(c, o, me, turn, t):
                    ok = False
                    break
                if c.winner is not None and c.winner != me:
                    ok = False
                    break
                nxt.append(c)
                ntried.append(t)
            if not ok:
                continue
            line.append(o)
            got = self._dfs(nxt, ntried, me, turn, disc - cost, seen, line)
            line.pop()
            if got is not None:
                return got
        return None


def worth_looking(d, me: int) -> bool:
    """Is a win this turn worth looking for at this decision: `me`'s own turn, a Main Phase or
    the Battle Phase, the duel not over."""
    return (d.winner is None and d.tp == me and d.pending.player == me
            and d.phase in (K.MAIN1, K.BATTLE, K.MAIN2))


__all__ = ["WinFinder", "worth_looking"]
