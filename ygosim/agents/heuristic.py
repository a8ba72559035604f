"""The bot: a one-ply lookahead over determinized clones, with a fast rule policy for rollouts.

For each legal answer to its decision the bot
  1. deals the hidden information again (ygosim.engine.observe.determinize: the opponent's hand,
     Deck and face-down cards are redrawn from the same cards, its own Deck is shuffled), once
     per decision so every answer is judged in the same imagined world;
  2. applies the answer to a clone of that world and plays on with `greedy` (a cheap rule
     policy, for both players) until the start of its own next turn;
  3. scores the board it gets (`evaluate`: LP, monsters, cards in hand, set cards).
It plays the answer with the best score. It uses nothing but the decision seam (pending,
options, apply, clone), so it plays any deck and every card that gets a script.

It talks, too: short lines at the moments that matter (`lines`), chosen with its own seeded
random number generator, so the same seed gives the same duel and the same chat.
"""
from __future__ import annotations

import time

from ..engine import const as K
from ..engine.const import MZONE, SZONE, HAND, GY, DECK, BANISHED, FIELD, FACEDOWN, DEFENSE
from ..engine.decision import (ACTION, RESPONSE, SELECT, YESNO, POSITION, ZONE, ORDER,
                               DECLARE, CALL, FIRST)
from ..engine.flow import tributes_needed
from ..engine.observe import determinize, log_view
from ..engine.rng import Rng

WIN = 1_000_000.0
# Engine steps played in look-ahead probes (clones settled by the rule policy), counted so that a
# search can bound all the work of a decision, not only its own simulations' steps.
PROBE_STEPS = [0]


# ============================================================================ evaluation
def monster_value(d, c: int, statics=None) -> float:
    """What a monster on the field is worth (in LP-like points). `statics`: the duel's
    active_statics("stat"), when the caller values many monsters at one moment."""
    if d.pos[c] & FACEDOWN:
        data = d.data[c]
        a, df = data.atk, data.def_
        return 450 + max(a * 0.8, df * 0.7)
    a, df = d.stats(c, statics)             # ATK and DEF in one pass
    if d.pos[c] & DEFENSE:
        return 450 + max(a * 0.85, df * 0.7)
    return 450 + a


def side_value(d, p: int, statics=None) -> float:
    v = 0.0
    for c in d.monsters(p):
        v += monster_value(d, c, statics)
    for i, c in enumerate(d.szone[p]):
        if c < 0:
            continue
        data = d.data[c]
        if d.pos[c] & FACEDOWN:
            v += 300 if data.script is not None else 120
        elif data.subtype in ("continuous", "field"):
            v += 200
    v += 330 * len(d.hand[p])
    if len(d.deck[p]) < 5:
        v -= (5 - len(d.deck[p])) * 300
    return v


def lp_value(lp: int) -> float:
    """LP count more as they run low: the last 2000 are worth more than the first."""
    if lp <= 0:
        return -3000.0
    if lp < 2000:
        return lp * 1.5 - 1000
    return float(lp)


def evaluate(d, p: int) -> float:
    """The board from player p's side: positive is good for p."""
    w = d.winner
    if w is not None:
        if w == p:
            return WIN - d.turn
        if w == "draw":
            return -WIN / 2
        return -WIN + d.turn
    o = 1 - p
    st = d.active_statics("stat") if "stat" in d.static_index else None   # (looked up once)
    return (lp_value(d.lp[p]) - 1.15 * lp_value(d.lp[o])
            + side_value(d, p, st) - side_value(d, o, st))


def evaluate_lasting(d, p: int) -> float:
    """evaluate() without the ATK/DEF changes that end this turn (d is a throwaway clone)."""
    t = d.turn
    if d.mods:
        d.mods = [m for m in d.mods if m[4] > t]
    return evaluate(d, p)


# ============================================================================ the rule policy
def _best_opp_attack(d, p: int) -> int:
    """The highest ATK among the opponent's face-up monsters (0 if none)."""
    best = 0
    for c in d.monsters(1 - p):
        if not d.pos[c] & FACEDOWN:
            best = max(best, d.atk(c))
    return best


def _attack_gain(d, a: int, t) -> float:
    atk = d.atk(a)
    if t is None:
        return float(atk) * 1.15
    tv = monster_value(d, t)
    if d.pos[t] & FACEDOWN:
        data = d.data[t]
        dv = data.def_
    elif d.pos[t] & DEFENSE:
        dv = d.def_(t)
    else:
        ta = d.atk(t)
        if atk > ta:
            return tv + (atk - ta) * 1.15
        if atk == ta:
            return tv - monster_value(d, a) - 1
        return -(monster_value(d, a) + (ta - atk))
    if atk > dv:
        return tv
    if atk == dv:
        return -1
    return -float(dv - atk)


def greedy(d, probe: bool = True) -> int:
    """A fast, sensible answer (an index) to the pending decision, for rollouts."""
    dec = d.pending
    opts = dec.options
    n = len(opts)
    if n == 1:
        return 0
    p = dec.player
    kind = dec.kind
    if kind == ACTION:
        if d.phase == K.BATTLE:
            return _greedy_battle(d, p, opts)
        return _greedy_main(d, p, opts)
    if kind == RESPONSE:
        return _greedy_response(d, p, opts, probe)
    if kind == SELECT:
        if probe and n <= 8 and dec.source >= 0:
            return _probe(d, p, n)
        return _greedy_select(d, p, opts)
    if kind == POSITION:
        c = dec.source
        want = "attack"
        if c >= 0:
            data = d.data[c]
            if data.atk < _best_opp_attack(d, p) and data.def_ > data.atk:
                want = "defense"
        for i, o in enumerate(opts):
            if o.arg == want:
                return i
        return 0
    if kind == YESNO:
        for i, o in enumerate(opts):
            if o.verb == "yes":
                return i
        return 0
    if kind == CALL:
        return 0
    if kind == FIRST:
        for i, o in enumerate(opts):
            if o.arg == "first":
                return i
        return 0
    return 0


def _greedy_main(d, p, opts) -> int:
    best_opp = _best_opp_attack(d, p)
    opp_has = d.count_monsters(1 - p) > 0
    mine = d.monsters(p)
    # a Flip Summon that is safe
    for i, o in enumerate(opts):
        if o.verb == "flip":
            c = o.cards[0]
            if d.data[c].atk >= best_opp or d.data[c].script is not None:
                return i
    # the best Normal Summon or Set
    best_i, best_v = -1, 0.0
    weakest = sorted(monster_value(d, c) for c in mine)
    for i, o in enumerate(opts):
        if o.verb not in ("summon", "set"):
            continue
        c = o.cards[0]
        data = d.data[c]
        if not data.is_monster:
            continue
        n = tributes_needed(d, c)
        lost = sum(weakest[:n]) if n else 0.0
        if o.verb == "summon":
            if opp_has and data.atk < best_opp:
                continue
            v = 450 + data.atk - lost
        else:
            if data.atk >= best_opp and not data.script:
                v = 450 + max(data.atk * 0.8, data.def_ * 0.7) - lost - 200
            else:
                v = 450 + max(data.atk * 0.8, data.def_ * 0.7) - lost
        if v > best_v:
            best_i, best_v = i, v
    if best_i >= 0:
        return best_i
    # positions
    for i, o in enumerate(opts):
        if o.verb == "change":
            c = o.cards[0]
            a, df = d.atk(c), d.def_(c)
            if d.pos[c] & DEFENSE:
                if a > best_opp and a >= df:
                    return i
            elif a < best_opp and df > a:
                return i
    # set Traps
    if len(d.hand[p]) > 0:
        for i, o in enumerate(opts):
            if o.verb == "set":
                c = o.cards[0]
                if d.data[c].is_trap and d.data[c].script is not None:
                    return i
    # to battle if someone can attack, else end
    can_attack = any(d.pos[c] == K.ATTACK and d.atk(c) > 0 for c in mine)
    end_i = 0
    for i, o in enumerate(opts):
        if o.verb == "phase":
            if o.arg == "battle" and can_attack:
                return i
            if o.arg == "end":
                end_i = i
    return end_i


def _greedy_battle(d, p, opts) -> int:
    best_i, best_v = -1, 0.0
    main2 = end = -1
    for i, o in enumerate(opts):
        if o.verb == "attack":
            v = _attack_gain(d, o.cards[0], o.arg)
            if v > best_v:
                best_i, best_v = i, v
        elif o.verb == "phase":
            if o.arg == "main2":
                main2 = i
            else:
                end = i
    if best_i >= 0:
        return best_i
    if main2 < 0 and end < 0:       # a monster that must attack (Berserk Gorilla): no leaving
        return max(range(len(opts)), key=lambda i: _attack_gain(d, opts[i].cards[0], opts[i].arg)
                   if opts[i].verb == "attack" else float("-inf"))
    # Main Phase 2 only if something may still be done there
    if d.ns_used[p] < 1 + d.ns_extra[p] and any(d.data[c].is_monster for c in d.hand[p]):
        return main2 if main2 >= 0 else end
    if any(d.data[c].is_trap for c in d.hand[p]) and d.free_szones(p):
        return main2 if main2 >= 0 else end
    return end if end >= 0 else (main2 if main2 >= 0 else 0)


def _greedy_response(d, p, opts, probe: bool = True, settle=None) -> int:
    """Optional trigger effects: yes. Anything else (a Trap, a Quick Effect) only when there is
    something to answer, and (with `probe`) only if activating it leaves a better board once
    the action is settled (by `settle`, _settle by default) than passing does."""
    pass_i = 0
    acts = []
    probing = probe and _something_happens(d)   # (else no activation is tried: pass)
    for i, o in enumerate(opts):
        if o.verb == "pass":
            pass_i = i
        elif o.verb == "activate":
            if isinstance(o.arg, tuple):        # an optional trigger effect: usually good
                return i
            if probing and not wasted_boost(d, o):
                acts.append(i)
    if not acts:
        return pass_i
    best_i, best_v = pass_i, None
    tries = [pass_i] + acts[:5]
    PROBE_STEPS[0] += len(tries)
    doomed = ()
    for i in tries:
        sim = d.clone()
        sim.apply(i)
        (settle or _settle)(sim)
        v = evaluate_lasting(sim, p)
        if i == pass_i:
            doomed = lost_anyway(d, sim, [opts[j].cards[0] for j in acts[:5]])
        # passing keeps the card for later, unless passing loses it anyway (a Set card that
        # the chain destroys): then any gain is worth its use
        if best_v is None or v > best_v + (1 if opts[i].cards and opts[i].cards[0] in doomed
                                           else 50):
            best_i, best_v = i, v
        drop(sim)
    return best_i


def lost_anyway(before, after, cards) -> tuple:
    """The cards among `cards` (on the field in `before`) that are gone from the field, or
    are other cards now (a new identity), in `after`: the cards passing loses anyway."""
    out = []
    for c in cards:
        if before.loc[c] & FIELD and (not after.loc[c] & FIELD or after.mid[c] != before.mid[c]):
            out.append(c)
    return tuple(out)


_HAPPENINGS = frozenset((K.EV_NORMAL_SUMMONED, K.EV_FLIP_SUMMONED, K.EV_SPECIAL_SUMMONED,
                         K.EV_ATTACK))


def _something_happens(d) -> bool:
    """Is there something to answer (a chain, an attack, a summon)? Traps are not spent on
    an empty moment."""
    if d.chain or d.attack is not None:
        return True
    for e in d.events:
        if e[0] in _HAPPENINGS:
            return True
    return False


def stat_boost(d, o) -> bool:
    """Does option o activate an effect that only changes ATK/DEF until the end of the turn
    (Reinforcements, Castle Walls)?"""
    if o.verb != "activate" or isinstance(o.arg, tuple) or not isinstance(o.arg, int):
        return False
    script = d.data[o.cards[0]].script
    if script is None or o.arg >= len(script.effects):
        return False
    ops = script.effects[o.arg].operation
    return bool(ops) and all(getattr(s, "stat_boost", False) for s in ops)


def wasted_boost(d, o) -> bool:
    """A stat booster with nothing to fight: no attack on a monster under way. (Its boost
    would look good to a rollout that attacks into an empty field, but a player keeps it for
    a battle where it decides something.)"""
    a = d.attack
    return (a is None or a[1] < 0) and stat_boost(d, o)


def _sel_value(d, p, c) -> float:
    loc = d.loc[c]
    data = d.data[c]
    if loc == MZONE:
        v = monster_value(d, c)
        return v if d.ctrl[c] != p else -v
    if loc == SZONE:
        v = 400.0
        return v if d.ctrl[c] != p else -v
    if loc == HAND:
        v = 300 + (data.atk if data.is_monster else 400)
        return -v if d.owner[c] == p else v
    if loc in (GY, BANISHED, DECK):
        return 100 + (data.atk if data.is_monster else 300)
    return 0.0


def _greedy_select(d, p, opts) -> int:
    best_i, best_v = 0, None
    for i, o in enumerate(opts):
        v = sum(_sel_value(d, p, c) for c in o.cards)
        if best_v is None or v > best_v:
            best_i, best_v = i, v
    return best_i


def _settle(d, limit: int = 40, probe_up_to: int = 0) -> None:
    """Play on with the rule policy (no probing) until the chain and the current action are
    done: the next free decision of the turn player, or the end of the duel. A selection of
    2 to `probe_up_to` answers is made by trying each (`_probe`: the search bot's settle)."""
    k = 0
    while d.winner is None and k < limit:
        dec = d.pending
        if dec is None or dec.kind == ACTION and not d.chain:
            break
        n = len(dec.options)
        if dec.kind == SELECT and 1 < n <= probe_up_to:
            d.apply(_probe(d, dec.player, n))
        else:
            d.apply(greedy(d, probe=False))
        k += 1
    PROBE_STEPS[0] += k


def _probe(d, p, n) -> int:
    """Choose cards for an effect by trying each selection and settling the action."""
    best_i, best_v = 0, None
    PROBE_STEPS[0] += n
    for i in range(n):
        sim = d.clone()
        sim.apply(i)
        _settle(sim)
        v = evaluate_lasting(sim, p)
        drop(sim)
        if best_v is None or v > best_v:
            best_i, best_v = i, v
    return best_i


def drop(sim) -> None:
    """Done with a look-ahead clone: its pending decision (whose answers may never have been
    worked out: engine.decision.LazyDecision) lets go of it, so that it is freed at once."""
    sim.pending = None


def horizon(d, p: int) -> int:
    """The turn whose start ends a rollout from here: p's next turn."""
    return d.turn + (2 if d.tp == p else 1)


# A rollout reads the clock every this many steps: the safety net overshoots by at most that
# many steps (a few ms), and 25,000 reads a Goat duel (4-5 us each, more on a loaded machine)
# become about 3,000.
CLOCK_EVERY = 8


def rollout(d, p: int, stop_turn: int, max_steps: int = 400, deadline: float = 0.0) -> None:
    """Play on with the rule policy until the start of turn `stop_turn` when p is the turn
    player (horizon(), computed before the answer is applied; or the duel's end, or the
    `deadline` on time.process_time(), read every CLOCK_EVERY steps: reading the process's
    CPU clock is a system call, dearer than a cheap step). Returns the number of steps played."""
    k = 0
    while d.winner is None and k < max_steps:
        if d.turn >= stop_turn and d.tp == p:
            return k
        d.apply(greedy(d))
        k += 1
        if deadline and not k % CLOCK_EVERY and time.process_time() > deadline:
            return k
    return k


# ============================================================================ the agent
def trivial_answer(duel) -> int:
    """The answer to a decision not worth a search (a single answer, a coin call, a zone, a
    declaration; going first is always chosen), or -1."""
    dec = duel.pending
    opts = dec.options
    if len(opts) == 1:
        return 0
    if dec.kind in (CALL, ZONE, DECLARE):
        return greedy(duel, probe=False)
    if dec.kind == FIRST:
        for i, o in enumerate(opts):
            if o.arg == "first":
                return i
    return -1


class Talking:
    """What a talking bot shows the front end: `take_lines()` empties what it said (its `talk`,
    a Talk, or None when quiet); `react(duel)` looks at what happened. A talking bot's
    constructor takes `talk=True`."""

    talks = True
    talk = None

    def take_lines(self) -> list[str]:
        if self.talk is None:
            return []
        out, self.talk.pending = self.talk.pending, []
        return out

    def react(self, duel) -> None:
        """Look at what happened since the last call (the front end calls this after every
        answer) and perhaps say something."""
        if self.talk is not None:
            self.talk.react(duel)


class HeuristicAgent(Talking):
    """The bot. `choose(duel)` answers the pending decision (an Option); `lines` holds what it
    says (when `talk` is on) and `take_lines()` empties it."""

    name = "heuristic"

    def __init__(self, seed: int = 0, talk: bool = False, work: int = 3000,
                 budget: float = 0.5, max_options: int = 14, samples: int = 3):
        self.rng = Rng((seed * 7919) ^ 0xB0B)
        self.talk = Talk(seed) if talk else None
        self.work = work          # rollout steps per decision (keeps runs reproducible)
        self.budget = budget      # CPU seconds: a safety net under a slow machine (the
                                  # bot's own CPU time, so busy neighbours change nothing)
        self.max_options = max_options
        self.samples = samples
        self.last_seconds = 0.0
        self.last_work = 0
        self.max_seconds = 0.0

    # -- deciding
    def choose(self, duel):
        t0 = time.perf_counter()
        dec = duel.pending
        opt = dec.options[self._choose_index(duel)]
        dt = time.perf_counter() - t0
        self.last_seconds = dt
        if dt > self.max_seconds:
            self.max_seconds = dt
        if self.talk is not None:
            self.talk.before(duel, opt)
        return opt

    def _choose_index(self, duel) -> int:
        i = trivial_answer(duel)
        if i >= 0:
            return i
        dec = duel.pending
        opts = dec.options
        n = len(opts)
        p = dec.player
        t0 = time.process_time()
        worlds = [determinize(duel, p, self.rng) for _ in range(self.samples)]
        world = worlds[0]
        prior = greedy(world, probe=False)
        order = self._candidates(world, p, n, prior)
        stop_turn = horizon(world, p)
        totals: dict = {}
        work = 0                       # rollout steps so far: the budget, deterministic
        for k, w in enumerate(worlds):
            if k and (work > self.work / 2 or time.process_time() - t0 > self.budget / 2):
                break                  # enough: the remaining samples are skipped
            for i in order:
                if i in totals and len(totals[i]) < k:
                    continue           # cut off by the budget in an earlier sample
                if totals and (work > self.work or time.process_time() - t0 > self.budget):
                    break
                sim = w.clone()
                sim.apply(i)
                work += 1 + rollout(sim, p, stop_turn, deadline=t0 + self.budget * 1.25)
                totals.setdefault(i, []).append(evaluate(sim, p))
                drop(sim)
        self.last_work = work
        best_i, best_v = prior, None
        full = max(len(v) for v in totals.values())
        for i in order:
            vals = totals.get(i)
            if not vals or len(vals) < full:
                continue
            v = sum(vals) / len(vals)
            if i == prior:         # ties go to the rule policy; a pass keeps a card for later
                v += 80.0 if dec.kind == RESPONSE and opts[i].verb == "pass" else 1.0
            if best_v is None or v > best_v:
                best_i, best_v = i, v
        return best_i

    def _candidates(self, d, p, n, prior) -> list[int]:
        """The answers worth a rollout, the rule policy's first; many-way selections are cut
        down to the most promising by a quick score."""
        dec = d.pending
        idx = [i for i in range(n) if not wasted_boost(d, dec.options[i])] or list(range(n))
        if n > self.max_options:
            if dec.kind == SELECT:
                idx.sort(key=lambda i: -sum(_sel_value(d, p, c) for c in dec.options[i].cards))
            idx = idx[:self.max_options]
        if prior in idx:
            idx.remove(prior)
        return [prior] + idx



# ============================================================================ talking
LINES = {
    "hello": ["lets have a good duel", "hey, gl hf", "ok lets do this", "hi! good luck",
              "alright, lets duel"],
    "first": ["ill go first", "im going first", "first for me"],
    "second": ["ill go second", "ill take second", "second is fine by me"],
    "big_summon": ["say hi to {name}", "here comes {name}", "{name}, your turn to shine",
                   "how about {name}?", "meet {name}"],
    "their_big": ["whoa, {name}. ok then", "{name}? thats scary", "nice {name}",
                  "uh oh, {name}"],
    "trap": ["gotcha, {name}", "not so fast, {name}", "{name}! didnt see that coming did u",
             "trap card! {name}"],
    "spell": ["{name}, sorry", "time for {name}", "lets see... {name}"],
    "removal": ["bye bye {name}", "so long {name}", "{name} had to go"],
    "lost_monster": ["rip {name}", "nooo {name}", "ouch, my {name}"],
    "hit": ["ouch", "that hurt", "ok that one stung", "oof"],
    "low": ["im getting low here", "this is getting close", "hmm im in trouble"],
    "lethal": ["this should be it", "i think thats game", "going for it"],
    "win": ["gg! that was fun", "gg wp, rematch?", "gg, close one", "gg thanks for the duel"],
    "lose": ["gg wp, you got me", "gg, well played", "nice, you earned that one",
             "gg! ill get you next time"],
    "draw": ["a draw? gg i guess", "huh, a draw. gg"],
}


class Talk:
    """Chooses the bot's lines. All choices come from its own seeded generator."""

    def __init__(self, seed: int = 0):
        self.rng = Rng((seed * 104729) ^ 0x7A1C)
        self.pending: list[str] = []
        self.greeted = False
        self.log_seen = 0
        self.said_low = False
        self.said_lethal_turn = -1
        self.ended = False
        self.me = None
        self.done = set()

    def say(self, key: str, **kw) -> None:
        options = LINES[key]
        line = options[self.rng.below(len(options))]
        self.pending.append(line.format(**{k: v.lower() for k, v in kw.items()}))

    def before(self, duel, opt) -> None:
        """Called with the bot's own answer, before it is applied."""
        d = duel
        p = d.pending.player
        self.me = p
        if not self.greeted:
            self.greeted = True
            self.say("hello")
        if opt.verb == "go":
            self.say("first" if opt.arg == "first" else "second")
        elif opt.verb == "attack" and opt.arg is None and self.said_lethal_turn != d.turn:
            total = sum(d.atk(c) for c in d.monsters(p)
                        if d.pos[c] == K.ATTACK and d.attacked[c] != d.turn)
            if total >= d.lp[1 - p] > 0:
                self.said_lethal_turn = d.turn
                self.say("lethal")

    def react(self, duel) -> None:
        d = duel
        me = self.me
        if me is None:
            me = self.me = 1
        if not self.greeted:
            self.greeted = True
            self.say("hello")
        new = log_view(d, me, self.log_seen)     # what the bot may read of the new lines
        self.log_seen = len(d.log)
        said = 0
        me_name, you_name = d.names[me], d.names[1 - me]
        for line in new:
            if said >= 1:
                break
            text = line.partition(" ")[2]
            if text.startswith(me_name + " activates "):
                rest = text[len(me_name) + 11:]
                name = rest.split(" (")[0]
                card = _find(d, name)
                if card is None or rest != name or (d.turn, name) in self.done:
                    continue          # an effect, not the card's activation; or said already
                self.done.add((d.turn, name))
                if card.is_trap:
                    self.say("trap", name=name)
                    said += 1
                elif card is not None and card.is_spell and self.rng.below(3) == 0:
                    self.say("spell", name=name)
                    said += 1
            elif " Summons " in text and ("ATK)" in text or "Position" in text):
                who = text.split(" ")[0]
                name = _summoned_name(text)
                card = _find(d, name) if name else None
                if card is None or card.atk < 2000:
                    continue
                if who == me_name:
                    self.say("big_summon", name=name)
                    said += 1
                elif who == you_name:
                    self.say("their_big", name=name)
                    said += 1
            elif " takes " in text and " damage" in text and text.startswith(me_name + " "):
                try:
                    amount = int(text.split(" takes ")[1].split(" ")[0])
                except (IndexError, ValueError):
                    amount = 0
                if amount >= 2000 and d.winner is None:
                    self.say("hit")
                    said += 1
        if d.winner is None and not self.said_low and 0 < d.lp[me] <= 2000:
            self.said_low = True
            self.say("low")
        if d.winner is not None and not self.ended:
            self.ended = True
            if d.winner == "draw":
                self.say("draw")
            elif d.winner == me:
                self.say("win")
            else:
                self.say("lose")


def _summoned_name(text: str) -> str:
    rest = text.split(" Summons ", 1)[1]
    for sep in (" (", " in "):
        if sep in rest:
            return rest.split(sep)[0]
    return rest


def _find(d, name: str):
    for data in d.data:
        if data.name == name:
            return data
    return None
