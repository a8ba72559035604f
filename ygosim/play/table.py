"""The table: a duel as the people at it live it, for every front end.

A `Table` holds the duel, the bot (or a second person), undo, priority (when a person is
asked in a response window), the chat, the Match around the duels, and replay saving. Front
ends (the terminal, the web server) only render what it gives and pass on what people type or
click; they hold no duel logic of their own.

    t = Table((deck_a, deck_b), opponent="bot", seed=7, rules="v10")
    v = t.view(0)                    # what seat 0 may see: JSON-friendly, from observe()
    v["prompt"]                      # the question seat 0 must answer now, or None
    t.answer(0, "summon Dark Magician", prompt_id=v["prompt"]["id"])
    for ev in t.take_events(0): ...  # chat lines, notes, duel/match results

What a seat (0, 1) or a spectator (`SPECTATOR`) sees comes only from
`observe(duel, viewer)` and from the table's events addressed to it; a spectator gets public
information only. Answers are refused with a clear `TableError` (the table and the duel are
then unchanged): an answer for a question that is not the seat's, or for an earlier question
(`prompt_id`), or one that is not legal.

Priority (issue 11): by default ("auto") a person is asked in a response window only when
something happened they can respond to (the opponent activated something or added to a chain,
summoned, declared an attack, flipped a monster face-up), when a trigger effect of theirs may
be activated, when a card of theirs becomes usable during a battle (damage calculation:
Kuriboh), or at a phase where they set a stop (`stop end`: the opponent's End Phase); other
windows are passed for them silently. "ask-all" asks in every window; `hold` asks at the next
window whatever happens. Bots see every window.
"""
from __future__ import annotations

import copy
import functools
import logging
import threading
import traceback
from dataclasses import dataclass, field
from pathlib import Path

from ..engine import const as K
from ..engine.decision import RESPONSE, SELECT
from ..engine.observe import (PHASE_TITLES, SPECTATOR, describe, describe_card, hidden_from,
                             observe, option_texts_for)
from ..engine.text import zone_name
from ..cards.errors import IllegalAction, YgosimError
from ..cards.safetext import excerpt, printable

BOT, PERSON = "bot", "person"
COACH_SEED = 0        # the coach's worlds: the same for everyone, nothing of the duel's seed
PRIORITY_MODES = ("auto", "ask-all")
PHASES = K.PHASE_NAMES             # draw standby main1 battle main2 end
WHOSE = ("opponent", "mine")       # a stop in the opponent's turn, or in your own
MAX_LINE = 300                     # characters of an answer or command
PICK_AT = 40                       # a selection with more answers is asked a card at a time

# what a person may want to respond to, when the opponent does it
HAPPENINGS = {K.EV_NORMAL_SUMMONED: "Normal Summons", K.EV_FLIP_SUMMONED: "Flip Summons",
              K.EV_SPECIAL_SUMMONED: "Special Summons", K.EV_ATTACK: "attacks",
              K.EV_FLIPPED: "flipped face-up"}

PHASE_ALIASES = {"dp": "draw", "draw": "draw", "sp": "standby", "standby": "standby",
                 "m1": "main1", "main1": "main1", "main": "main1", "main 1": "main1",
                 "bp": "battle", "battle": "battle", "m2": "main2", "main2": "main2",
                 "main 2": "main2", "ep": "end", "end": "end"}

COMMANDS_HELP = """\
  stop PHASE   be asked at the opponent's PHASE (draw, standby, main1, battle, main2, end);
               `stop PHASE mine` in your own turn, `stop PHASE both`; `unstop PHASE`
  stops        your stops             hold    be asked at the next window, whatever happens
  priority ask-all | auto             every window, or only when something happened
  undo         take back your last decision (against the bot)
  hint         the bot's estimated win rate for each of your answers (against the bot; in the replay)
  review       after a duel: your decisions where the bot's estimated win rate dropped most"""


class TableError(IllegalAction):
    """An answer or command the table refuses; the table and the duel are unchanged."""


@dataclass
class Priority:
    """When a person is asked in response windows."""
    mode: str = "auto"
    stops: set = field(default_factory=set)     # {(phase name, "opponent" | "mine")}
    hold: bool = False

    def as_dict(self) -> dict:
        return {"mode": self.mode, "hold": self.hold,
                "stops": [{"phase": ph, "turn": w} for ph, w in sorted(self.stops)]}


@dataclass
class SeatState:
    """Per seat bookkeeping, restored by undo."""
    log_mark: int = 0                 # log lines (of this seat's observation) already told
    seen: tuple = (0, frozenset())    # (turn, happenings already asked about)
    battle: tuple | None = None       # (attack identity, options offered during it)
    stop_fired: tuple = (-1, -1)      # (turn, phase) of the last stop that asked


@dataclass
class Stats:
    """What happened to a seat's decisions (issue 11 counts how many answers were `pass`)."""
    asked: int = 0            # questions put to the person
    answered_pass: int = 0    # of those, answered `pass`
    auto_passed: int = 0      # response windows passed for them (priority)
    only_one: int = 0         # decisions with a single answer, taken for them

    def as_dict(self) -> dict:
        return dict(self.__dict__)


def locked(method):
    """One caller at a time: a web server's clients (and the bot playing inside `answer`)
    never see or change a table half way through a change."""
    @functools.wraps(method)
    def run(self, *args, **kwargs):
        with self._lock:
            return method(self, *args, **kwargs)
    return run


def turn_words(whose: str) -> str:
    return "your" if whose == "mine" else "the opponent's"


FALLBACK = {"hard": "easy", "normal": "easy", "search": "easy", "easy": "random",
            "heuristic": "random"}       # the simpler agent that answers when a bot fails


def last_line(error: str) -> str:
    """The last line of a traceback (the exception and its message)."""
    lines = [x.strip() for x in (error or "").strip().splitlines() if x.strip()]
    return excerpt(lines[-1], 160) if lines else "unknown error"


def think_here(table) -> tuple:
    """The bot decides in this process: (answer index, the bot, None); if it fails, the
    answer of a simpler agent (FALLBACK, down to the random agent) and the error."""
    d = table.duel
    try:
        return d.pending.options.index(table.bot.choose(d)), table.bot, None
    except Exception:                  # noqa: BLE001  (reported by the table)
        error = traceback.format_exc()
    return fallback_answer(d, table.bot_name, table.duel_no + len(d.history)), table.bot, error


def coach_here(table, kind: str, seat: int, top: int = 5) -> list:
    """The coach in this process (the table's default `coach`): "hint", the estimate of each
    answer to the pending decision (agents.coach.hints: Hint objects); "review", seat's
    decisions where the estimate dropped most (agents.coach.review: Mistake objects)."""
    from ..agents.coach import hints, review
    if kind == "hint":
        return hints(table.duel, COACH_SEED)
    return review(table.answered[seat], COACH_SEED, top=top)


def fallback_answer(d, name: str, seed: int) -> int:
    """The answer of the agent simpler than `name` (and simpler again while they fail)."""
    from ..agents import make_agent
    simpler = FALLBACK.get(name, "random")
    while True:
        try:
            return d.pending.options.index(make_agent(simpler, seed).choose(d))
        except Exception:              # noqa: BLE001
            if simpler == "random":
                return 0
            simpler = FALLBACK.get(simpler, "random")


def log_failure(table, what: str, error: str, answer) -> None:
    """The default on_failure: the error and the replay's place in the log."""
    logging.getLogger("ygosim.table").error("%s failed (duel %s, decision %s): %s", what,
                                            table.duel_no, len(table.duel.history), error)


def make_bot(name, seed: int, talk: bool):
    """The bot of a Duel: an agent made by name for the Duel's seed, or (for tests and
    research) a copy of an agent object given instead of a name."""
    from ..agents import make_agent
    if not isinstance(name, str):
        return copy.deepcopy(name)
    return make_agent(name, seed, talk=talk)


def parse_phase(word: str) -> str:
    key = " ".join(word.lower().split())
    if key not in PHASE_ALIASES:
        raise TableError(f"{excerpt(word)!r} is not a phase: use one of " + ", ".join(PHASES))
    return PHASE_ALIASES[key]


def check_line(text) -> str:
    """A line typed or sent by a person, checked: text, not too long, no control characters
    or lone surrogates (TableError saying so)."""
    if not isinstance(text, str):
        raise TableError(f"an answer is a number or a line of text, not {excerpt(text)}")
    if len(text) > MAX_LINE:
        raise TableError(f"that line is too long ({len(text)} characters; at most {MAX_LINE})")
    s = text.replace("\t", " ").strip()
    for ch in s:
        if printable(ch) != ch:
            raise TableError(f"'{excerpt(s)}' holds a character that is not text "
                             f"({printable(ch)}): type a number or a line of the grammar")
    return s


class Table:
    """A duel (or a Match of Duels) between a person and the bot, or two people.

    decks: (deck of seat 0, deck of seat 1). opponent: "bot" (seat 1 is the bot `bot`) or
    "human" (seat 1 is a person too). seed: the first Duel's seed (the next Duel plays
    seed + 1), chosen by the person on their own machine (tests, `--seed`); None (people
    playing each other, the web): every Duel gets a secret seed of its own from `seeds`
    (engine.rng.secret_seed: 128 bits from the OS), shown to nobody before that Duel is over.
    games: None for single Duels (`again` starts another), or N for a best-of-N Match (side decking between Duels, `again` at the end
    starts a new Match). rules: a rule set name (ygosim.engine.rules.NAMES). priority: the
    people's starting priority mode ("auto" or "ask-all"). save_replay: a file each Duel's
    replay is written to when it ends (or the table is closed): FILE, FILE-2 ... for single
    Duels, FILE-1, FILE-2 ... in a Match. position: a Duel already set up (a scenario, a
    puzzle) to play from instead of new Duels from the decks (decks may then be None; there is
    no next Duel and no replay). think: how the bot decides (`think(table)` -> (answer index,
    the bot after deciding, error or None); by default `think_here`: in this process; the web
    server's bots think in worker processes). coach: how hints and reviews are worked out
    (`coach(table, kind, seat, top)` -> Hint or Mistake objects; by default `coach_here`, in
    this process; the web server's in the bots' worker processes). on_failure(table, what, error, answer): told
    when the bot or the engine fails (see `_failed`): the duel goes on, and the front end logs
    the error with the replay that reproduces it (by default: the log of `ygosim.table`).
    allow_unscripted: in a Match, cards the engine cannot play yet may be sided in (refused
    otherwise)."""

    def __init__(self, decks, *, opponent: str = "bot", bot: str = "heuristic",
                 seed: int | None = None, rules: str | None = None, games: int | None = None,
                 names=None, deck_names=("", ""), priority: str = "auto",
                 quiet: bool = False, options: dict | None = None,
                 save_replay: str | None = None, position=None, seeds=None, think=None,
                 on_failure=None, allow_unscripted: bool = False, coach=None):
        if opponent not in ("bot", "human"):
            raise YgosimError(f"opponent: {excerpt(opponent)!r} (bot or human)")
        if priority not in PRIORITY_MODES:
            raise YgosimError(f"priority: {excerpt(priority)!r} (one of "
                              f"{', '.join(PRIORITY_MODES)})")
        self._lock = threading.RLock()
        self.kinds = (PERSON, BOT if opponent == "bot" else PERSON)
        self.bot_name = bot if isinstance(bot, str) else getattr(bot, "name", type(bot).__name__)
        self._bot_spec = bot
        if opponent == "bot":
            make_bot(bot, 0, False)          # an unknown agent name fails here, clearly
        from ..engine.rng import secret_seed
        self.secret = seed is None       # secret seeds: no viewer sees one before its Duel ends
        self.seed = None if seed is None else int(seed)
        self._seeds = seeds or secret_seed
        self.options = dict(options or {})
        if rules:
            from ..engine.rules import get_rules
            self.options["rules"] = get_rules(rules).name
        self.names = tuple(names or (("Player", "Bot") if opponent == "bot"
                                     else ("Player 1", "Player 2")))
        self.deck_names = tuple(deck_names)
        self.position = position
        if position is not None:
            decks = decks or (None, None)
            if names is None:
                self.names = tuple(position.names)
        self.base_decks = list(decks)
        self.quiet = quiet
        self.games = games
        self.allow_unscripted = allow_unscripted     # in a Match: cards not yet playable may
        self.save_path = save_replay                 # be sided in
        self.priority = [Priority(priority), Priority(priority)]
        self.stats = [Stats(), Stats()]
        self._events: list[dict] = []
        self._watchers: list = []
        self._cursor: dict = {}
        self._prompt_id = 0
        self._greeted = False
        self._think = think or think_here
        self._coach = coach or coach_here
        self.on_failure = on_failure or log_failure
        self.failures = 0
        self.match = None
        self.match_no = 0
        self.duel_no = 0          # Duels started at this table
        self._new_match()

    # ================================================================== duels and matches
    def _new_match(self) -> None:
        from .match import Match
        self.match_no += 1
        self.decks = list(self.base_decks)
        if self.games is not None:
            self.match = Match(self.decks[0], self.decks[1], self.games,
                               None if self.secret else self.seed + self.match_no - 1,
                               self.options, self.names,
                               seeds=self._seeds if self.secret else None,
                               allow_unscripted=self.allow_unscripted)
        self._game = 0
        self._start_duel()

    def _start_duel(self) -> None:
        from ..engine.api import new_duel
        self._game += 1
        self.duel_no += 1
        if self.match is not None:
            self.decks = list(self.match.decks)
            seed, opts = self.match.next_seed(), self.match.options_for_next()
        else:
            seed = self._seeds() if self.secret else self.seed + self.duel_no - 1
            opts = dict(self.options)
        self.duel_seed, self.duel_options = seed, opts
        self.duel_decks = tuple(self.decks)
        if self.position is not None:
            self.duel = self.position
            self.duel.names = self.names
        else:
            self.duel = new_duel(self.decks[0], self.decks[1], seed=seed,
                                 options=opts or None, names=self.names)
        self.bot = None
        if BOT in self.kinds:
            from ..engine.rng import derive
            self.bot = make_bot(self._bot_spec, derive(seed, "bot") if self.secret else seed,
                                talk=not self.quiet)
            talk = getattr(self.bot, "talk", None)
            if talk is not None and self._greeted:
                talk.greeted = True         # the greeting is said once per table
            self._greeted = True
        self.state = "duel"
        self.seat_state = [SeatState(), SeatState()]
        self.snapshots: list = []
        self._asking = None
        self._ready: set = set()
        self._siding: dict = {}
        self.result = None
        self._bot_hand = None
        self.coach_log: list = []           # hints and reviews asked for in this Duel
        self.answered: tuple = ([], [])     # per seat: (the duel before, the answer) of each
                                            # question a person answered (for `review`)
        info = {"type": "duel_start", "duel": self.duel_no, "game": self._game,
                "names": list(self.names), "deck_names": list(self.deck_names),
                "rules": self.duel.rules.name}
        if not self.secret:
            info["seed"] = seed
        if self.match is not None:
            info["match"] = self.match_view()
        self._emit(info)
        self._react()
        self._run()

    def shown_seed(self) -> int | None:
        """The current Duel's seed as viewers may see it: a seed chosen by the person at
        once; a secret seed only once its Duel is over (it says nothing of the next Duel)."""
        if self.secret and self.state == "duel":
            return None
        return self.duel_seed

    def match_view(self) -> dict | None:
        m = self.match
        if m is None:
            return None
        r = m.result
        return {"games_per_match": m.limit, "game": len(r.games) + (0 if m.over else 1),
                "wins": list(r.wins), "draws": r.draws, "over": m.over,
                "winner": r.winner, "score": f"{r.wins[0]}-{r.wins[1]}"
                + (f"-{r.draws}" if r.draws else ""),
                "line": r.line(self.names) if m.over else None}

    # ================================================================== the loop
    def _run(self) -> None:
        """Play on (the bot, single answers, windows passed by priority) until a person must
        answer or the Duel is over."""
        while True:
            d = self.duel                  # (a failed answer puts back the duel before it)
            if d.winner is not None:
                self._duel_over()
                return
            dec = d.pending
            p = dec.player
            if self.kinds[p] == BOT:
                if not self._bot_plays():
                    return
                self._react()
                continue
            if len(dec.options) == 1:
                self.stats[p].only_one += 1
                say = describe(d, dec.options[0], p, dec)
                self._emit({"type": "note", "text":
                            f"({dec.prompt or dec.kind}: only one answer: {say})"}, to=(p,))
                if not self._apply(0):
                    self._give_up()
                    return
                self._react()
                continue
            why = self._why_ask(p, dec)
            if why is None:
                if self._apply(next(i for i, o in enumerate(dec.options) if o.verb == "pass")):
                    self.stats[p].auto_passed += 1
                    self._react()
                    continue
                why = "passing this window failed in the engine: choose"
            self._ask(p, why)
            return

    # ================================================================== failures
    def _apply(self, i: int, report: bool = True) -> bool:
        """Apply answer i to the duel. If the engine fails on it, the duel is put back as it
        was before (a clone taken first), the failure is reported (`_failed`) and False."""
        d = self.duel
        before = d.clone()
        try:
            d.apply(i)
            return True
        except Exception:              # noqa: BLE001  (reported; the duel goes on)
            error = traceback.format_exc()
            self.duel = before
            if report:
                self._failed("engine", error, i)
            return False

    def _bot_plays(self) -> bool:
        """The bot answers its decision (a simpler agent's answer if it fails: `think`); if
        the engine fails on that answer, the first other answer it takes. False when no
        answer works (the duel cannot go on: `_give_up`)."""
        d = self.duel
        i, self.bot, error = self._think(self)
        if error:
            self._failed("bot", error)
        if self._apply(i):
            return True
        for j in range(len(d.pending.options)):
            if j != i and self._apply(j, report=False):
                return True
        self._give_up()
        return False

    def _failed(self, what: str, error: str, answer: int | None = None) -> None:
        """The bot ("bot") or the engine ("engine") failed; every viewer is told what failed
        (one line), the front end's on_failure logs it with the replay."""
        self.failures += 1
        line = last_line(error)
        words = {"bot": "The bot failed on this decision: a simpler bot answered it",
                 "engine": "The engine failed on an answer: the duel is as it was before it",
                 "duel": "The duel cannot go on: no answer works in the engine"}[what]
        self._emit({"type": "failure", "what": what, "error": line,
                    "text": f"{words} ({line})."})
        try:
            self.on_failure(self, what, error, answer)
        except Exception:              # noqa: BLE001  (a failing logger stops nothing)
            logging.getLogger("ygosim.table").exception("on_failure failed")

    def _give_up(self) -> None:
        self._asking = None
        self.state = "failed"
        self.result = {"winner": None, "reason": "the engine failed", "turns": self.duel.turn,
                       "names": list(self.names), "duel": self.duel_no,
                       "seed": self.duel_seed}
        self._failed("duel", "no answer works")

    def _react(self) -> None:
        """After each decision: the bot hears what happened (and may talk), then the
        watchers are told (see `watch`)."""
        bot = self.bot
        if bot is not None and not getattr(self, "_mute", False):
            try:
                if hasattr(bot, "react"):
                    bot.react(self.duel)
                lines = bot.take_lines() if hasattr(bot, "take_lines") else ()
            except Exception:          # noqa: BLE001  (the bot's chat: it stops talking)
                self._mute = True
                self._failed("bot", traceback.format_exc())
                lines = ()
            for line in lines:
                if not self.quiet:
                    self._emit({"type": "chat", "from": "bot",
                                "seat": self.kinds.index(BOT),
                                "name": self.names[self.kinds.index(BOT)], "text": line})
        for fn in self._watchers:
            fn(self)

    @property
    def duel(self):
        """The duel being played. Replacing it (a new Duel, an undo, an answer the engine
        failed on) bumps `epoch`: a viewer's log is a list that only grows within an epoch
        (front ends send only its new lines)."""
        return self._duel

    @duel.setter
    def duel(self, d) -> None:
        self._duel = d
        self.epoch = getattr(self, "epoch", 0) + 1

    @property
    def seq(self) -> int:
        """How many events the table has made (it grows with every change a viewer hears)."""
        return len(self._events)

    def watch(self, fn) -> None:
        """Call `fn(table)` after every decision played at this table (a person's answer,
        the bot's moves, single answers and windows passed for a person), in the thread that
        plays it and holding the table's lock: a front end can show the bot's turn as it
        happens (the web server sends each seat its view) instead of only where it ends."""
        self._watchers.append(fn)

    def _ask(self, seat: int, why: str) -> None:
        d = self.duel
        if self.kinds[1 - seat] == BOT:     # undo goes back to any question put to a person
            self.snapshots.append((d.clone(), copy.deepcopy(self.bot),
                                   copy.deepcopy(self.seat_state[seat]), why))
        st = self.seat_state[seat]
        log = observe(d, seat)["log"]
        happened = log[st.log_mark:]
        st.log_mark = len(log)
        self._prompt_id += 1
        self._asking = {"seat": seat, "id": self._prompt_id, "why": why,
                        "happened": happened}
        if self._pick_mode(d.pending):
            self._asking.update(picked=True, picked_cards=[])
        self.stats[seat].asked += 1
        self._emit({"type": "prompt", "seat": seat, "id": self._prompt_id}, to=(seat,))

    # ================================================================== priority
    def _why_ask(self, seat: int, dec) -> str | None:
        """Why the person in `seat` is asked this decision, or None: a response window passed
        for them."""
        if dec.kind != RESPONSE or not any(o.verb == "pass" for o in dec.options):
            return ""
        d = self.duel
        pr = self.priority[seat]
        st = self.seat_state[seat]
        reasons = []
        if any(o.verb == "activate" and isinstance(o.arg, tuple) for o in dec.options):
            reasons.append("a trigger effect of yours can be activated")
        if d.chain:
            link = d.links[d.chain[-1]]
            if link["player"] != seat:
                reasons.append(f"{d.names[link['player']]} activated "
                               f"{describe_card(d, link['card'], seat, zone=False)}"
                               f" (Chain Link {len(d.chain)})")
        turn, seen = st.seen
        if turn != d.turn:
            seen = frozenset()
        new = [e for e in d.events if e[0] in HAPPENINGS and e[3] != seat and e not in seen]
        for e in new[:2]:
            reasons.append(self._happening_words(e, seat))
        st.seen = (d.turn, seen | frozenset(e for e in d.events if e[0] in HAPPENINGS))
        # a card that becomes usable during a battle (a damage calculation effect)
        if d.attack is not None and d.phase == K.BATTLE:
            key = (d.attack[0], d.attack[3])
            acts = frozenset(o for o in dec.options if o.verb == "activate")
            before = st.battle[1] if st.battle and st.battle[0] == key else frozenset()
            if d.step >= K.DS_START and not acts <= before:
                names = sorted({d.data[o.cards[0]].name for o in acts - before})
                reasons.append(f"{', '.join(names)} can be used now")
            st.battle = (key, acts | before)
        phase = PHASES[d.phase] if 0 <= d.phase < len(PHASES) else ""
        mine = "mine" if d.tp == seat else "opponent"
        if (phase, mine) in pr.stops and st.stop_fired != (d.turn, d.phase):
            st.stop_fired = (d.turn, d.phase)
            reasons.append(f"your stop at {turn_words(mine)} {PHASE_TITLES[d.phase]}")
        if pr.hold:
            pr.hold = False
            reasons = reasons or ["you held priority"]
        if pr.mode == "ask-all" and not reasons:
            reasons.append("every window (priority ask-all)")
        return "; ".join(reasons) if reasons else None

    def _happening_words(self, e, seat: int) -> str:
        d = self.duel
        kind, c, mid, p = e[0], e[1], e[2], e[3]
        who = d.names[p]
        here = c >= 0 and d.mid[c] == mid
        card = describe_card(d, c, seat) if here else "a card"
        if kind == K.EV_ATTACK:
            t = e[6]
            target = "directly" if t is None or t < 0 else describe_card(d, t, seat)
            return f"{card} attacks {target}"
        if kind == K.EV_FLIPPED:
            return f"{card} is flipped face-up"
        if here and not hidden_from(d, c, seat) and d.loc[c] & K.FIELD:
            card = f"{d.data[c].name} ({zone_name(d, c)})"
        return f"{who} {HAPPENINGS[kind]} {card}"

    @locked
    def set_priority(self, seat: int, mode: str) -> None:
        self._person(seat)
        if mode not in PRIORITY_MODES:
            raise TableError(f"priority: {excerpt(mode)!r} is not a mode (auto or ask-all)")
        self.priority[seat].mode = mode

    @locked
    def set_stops(self, seat: int, phases, whose: str = "opponent", on: bool = True) -> None:
        """Add (on) or remove stops: at each phase of `phases` in the opponent's turns
        ("opponent"), your own ("mine") or both ("both")."""
        self._person(seat)
        sides = WHOSE if whose == "both" else (whose,)
        if any(w not in WHOSE for w in sides):
            raise TableError(f"{excerpt(whose)!r}: a stop is in the opponent's turn, mine or both")
        for ph in phases:
            ph = parse_phase(ph)
            for w in sides:
                (self.priority[seat].stops.add if on else self.priority[seat].stops.discard)(
                    (ph, w))

    @locked
    def hold(self, seat: int) -> None:
        """Ask `seat` at the next response window, whatever happens."""
        self._person(seat)
        self.priority[seat].hold = True

    @locked
    def stops_words(self, seat: int) -> list[str]:
        pr = self.priority[seat]
        out = [f"priority: {pr.mode}" + (" (you are held: asked at the next window)"
                                         if pr.hold else "")]
        if not pr.stops:
            out.append("no stops (type e.g. `stop end` to be asked at the opponent's End Phase)")
        for ph, w in sorted(pr.stops, key=lambda x: (PHASES.index(x[0]), x[1])):
            title = PHASE_TITLES[PHASES.index(ph)]
            out.append(f"stop at {turn_words(w)} {title}")
        return out

    # ================================================================== what a viewer sees
    @locked
    def view(self, viewer) -> dict:
        """Everything `viewer` (0, 1 or SPECTATOR) may see now, as JSON-friendly data."""
        self._viewer(viewer)
        d = self.duel
        out = {"viewer": viewer, "state": self.state, "seats": list(self.kinds),
               "names": list(self.names), "deck_names": list(self.deck_names),
               "duel": observe(d, viewer), "prompt": self.prompt(viewer),
               "waiting_for": None, "match": self.match_view(), "result": self.result,
               "duel_no": self.duel_no, "seed": self.shown_seed(),
               "rules": self.duel.rules.name}
        a = self._asking
        if a is not None and a["seat"] != viewer:
            out["waiting_for"] = a["seat"]
        elif a is not None and "picked" in a and out["duel"].get("pending"):
            out["duel"]["pending"]["options"] = []     # (the prompt's steps answer it)
        if viewer in (0, 1):
            if self.result is not None and self._bot_hand is not None:
                out["result"] = dict(self.result, bot_hand=self._bot_hand)
            out["priority"] = self.priority[viewer].as_dict()
            out["can_undo"] = self._can_undo(viewer)
            sd = self._siding.get(viewer)
            out["siding"] = None if sd is None or sd.done else sd.intro()
        return out

    @locked
    def prompt(self, viewer) -> dict | None:
        """The question `viewer` must answer now (None if there is none): its id (answers may
        name it, so a late answer is not applied to a later question), the kind, the
        question, whose turn, phase and step, why it is asked, what happened since the
        viewer's last question, and the numbered answers (grammar text and plain words)."""
        a = self._asking
        if a is None or a["seat"] != viewer or self.state != "duel":
            return None
        d = self.duel
        dec = d.pending
        ctx = self.context(viewer)
        out = {"id": a["id"], "seat": viewer, "kind": dec.kind,
               "question": (dec.prompt or dec.kind).strip(), "why": a["why"],
               "happened": list(a["happened"]), "context": ctx}
        if "picked" in a:              # a large selection: its cards one at a time
            steps = self._pick_steps()
            out["pick"] = {"chosen": [describe_card(d, c, viewer) for c in a["picked_cards"]],
                           "answers": len(dec.options)}
            out["options"] = [{"index": i, "text": text, "say": say}
                              for i, (_, _, text, say) in enumerate(steps)]
            return out
        texts = option_texts_for(d, dec, viewer)
        out["options"] = [{"index": i, "text": t, "say": describe(d, o, viewer, dec)}
                          for i, (o, t) in enumerate(zip(dec.options, texts))]
        return out

    # ================================================================== large selections
    def _pick_mode(self, dec) -> bool:
        """A selection with more than PICK_AT answers is put to a person one card at a time
        (as the engine asks a selection too large to list): the prompt offers the cards
        that can still be part of an answer, then the answer itself once the cards chosen
        make one; the full list is never sent. Text answers (`choose A, B`) still answer it
        at once."""
        return dec.kind == SELECT and len(dec.options) > PICK_AT and \
            all(o.verb == "choose" for o in dec.options)

    def _pick_steps(self) -> list:
        """The steps of the large selection being asked: (kind, value, text, words) with
        kind "card" (value: a card id that can be added), "answer" (value: the index of the
        answer the cards chosen make) and "again" (start again)."""
        from collections import Counter
        d = self.duel
        a = self._asking
        seat = a["seat"]
        sig = functools.lru_cache(maxsize=None)(lambda c: d.signature(c, seat))
        need = Counter(sig(c) for c in a["picked_cards"])
        steps, seen = [], set()
        done = None
        for i, o in enumerate(d.pending.options):
            have = Counter(sig(c) for c in o.cards)
            if any(have[k] < n for k, n in need.items()):
                continue
            if have == need and done is None:
                done = i
            for c in o.cards:
                k = sig(c)
                if have[k] > need[k] and k not in seen:
                    seen.add(k)
                    steps.append(("card", c, f"pick {describe_card(d, c, seat, zone=False)}",
                                  f"add {describe_card(d, c, seat)} to the cards chosen"))
        steps.sort(key=lambda s: s[2])
        if done is not None:
            texts = option_texts_for(d, d.pending, seat)
            steps.insert(0, ("answer", done, texts[done],
                             describe(d, d.pending.options[done], seat, d.pending)))
        if a["picked_cards"]:
            steps.append(("again", None, "pick again", "start the choice again"))
        return steps

    def _pick(self, seat: int, k: int) -> bool:
        """Take step k of the large selection; True when it answered the question (then
        the caller applies nothing more)."""
        steps = self._pick_steps()
        if not 0 <= k < len(steps):
            raise TableError(f"there is no answer number {k} (0 to {len(steps) - 1})")
        kind, value, _, _ = steps[k]
        a = self._asking
        if kind == "answer":
            return self._take(seat, value)
        if kind == "again":
            a["picked_cards"] = []
        else:
            a["picked_cards"] = a["picked_cards"] + [value]
        self._prompt_id += 1
        a["id"] = self._prompt_id
        self._emit({"type": "prompt", "seat": seat, "id": a["id"]}, to=(seat,))
        return False

    @locked
    def context(self, viewer) -> dict:
        """Whose turn, the phase and the step, for a viewer ("your" / "Bot's")."""
        d = self.duel
        step = ""
        if d.phase == K.BATTLE:
            from ..engine.observe import STEP_TITLES
            step = STEP_TITLES.get(d.step, "")
        whose = ("your" if d.tp == viewer else f"{d.names[d.tp]}'s") if d.turn else ""
        phase = PHASE_TITLES[d.phase] if d.turn and 0 <= d.phase < len(PHASE_TITLES) else ""
        words = (f"Turn {d.turn}, {whose} {phase}" + (f", {step}" if step else "")
                 if d.turn else "Before the duel")
        return {"turn": d.turn, "turn_player": d.tp, "whose": whose, "phase": phase,
                "step": step, "words": words}

    # ================================================================== events
    def _emit(self, event: dict, to=None) -> None:
        """An event for every viewer (to=None) or only the seats in `to`."""
        event = dict(event)
        event["seq"] = len(self._events) + 1
        event["to"] = None if to is None else list(to)
        self._events.append(event)

    @locked
    def events(self, viewer, since: int = 0) -> list[dict]:
        """The events `viewer` may see with a sequence number above `since` (a client that
        reconnects asks from the last one it got)."""
        self._viewer(viewer)
        return [e for e in self._events[since:] if e["to"] is None or viewer in e["to"]]

    @locked
    def take_events(self, viewer) -> list[dict]:
        """The events for `viewer` not taken yet (one reader per viewer: the terminal)."""
        since = self._cursor.get(viewer, 0)
        self._cursor[viewer] = len(self._events)
        return self.events(viewer, since)

    @locked
    def note(self, text: str, seat: int | None = None) -> None:
        """A note for one seat (None: everyone), shown with the log (a front end's notice
        about the table, e.g. Side Deck cards not yet playable)."""
        self._emit({"type": "note", "text": text}, to=None if seat is None else (seat,))

    @locked
    def say(self, seat: int, text: str) -> None:
        """A chat line from a person, for everyone at the table."""
        self._person(seat)
        text = check_line(text)
        if not text:
            raise TableError("say what? (say TEXT)")
        self._emit({"type": "chat", "from": "person", "seat": seat, "name": self.names[seat],
                    "text": text})

    # ================================================================== answering
    @locked
    def answer(self, seat: int, answer, prompt_id: int | None = None) -> None:
        """Answer the question put to `seat`: an index (int, from 0) among the decision's
        answers, or text: a number (from 1) of the answers the prompt shows, an answer's
        grammar text or plain words, or a line of the grammar. TableError if
        it is not `seat`'s question, `prompt_id` names an earlier one, or the answer is not
        legal; then nothing changes. The bot's replies are played before this returns."""
        self._person(seat)
        if self.state != "duel":
            raise TableError("the duel is over: there is no question to answer")
        a = self._asking
        if a is None or a["seat"] != seat:
            who = self.names[a["seat"]] if a else "nobody"
            raise TableError(f"it is not your decision (waiting for {who})")
        if prompt_id is not None and prompt_id != a["id"]:
            raise TableError(f"that answer was for an earlier question (#{prompt_id}); "
                             f"the question now is #{a['id']}: "
                             f"{(self.duel.pending.prompt or self.duel.pending.kind)}")
        if "picked" in a and isinstance(answer, str) and answer.strip().isdigit() and \
                len(answer.strip()) <= 6:      # a number typed: of the answers shown
            self._pick(seat, int(answer.strip()) - 1)
            return
        self._take(seat, self.resolve(seat, answer))

    @locked
    def answer_shown(self, seat: int, index: int, prompt_id: int | None = None) -> None:
        """Answer with the number (from 0) of one of the answers `prompt(seat)` shows: the
        same as answer(seat, index), except in a large selection, whose prompt shows its
        steps (a card to add, the answer the cards chosen make, start again)."""
        a = self._asking
        if a is not None and a["seat"] == seat and "picked" in a and self.state == "duel" \
                and isinstance(index, int) and not isinstance(index, bool):
            if prompt_id is not None and prompt_id != a["id"]:
                raise TableError(f"that answer was for an earlier question (#{prompt_id}); "
                                 f"the question now is #{a['id']}")
            self._person(seat)
            self._pick(seat, index)
            return
        self.answer(seat, index, prompt_id=prompt_id)

    def _take(self, seat: int, i: int) -> bool:
        """Apply answer i to seat's question and play on (see answer)."""
        passed = self.duel.pending.options[i].verb == "pass"
        before = self.duel.clone()          # for `review`
        if not self._apply(i):
            raise TableError("the engine failed on that answer (the server's log has it): "
                             "nothing changed; choose another answer")
        if passed:
            self.stats[seat].answered_pass += 1
        self.answered[seat].append((before, i))
        self._asking = None
        self._react()
        self._run()
        return True

    @locked
    def resolve(self, seat: int, answer) -> int:
        """The index of the answer `answer` means to seat's question (TableError if none)."""
        from ..engine.text import match, options_interchangeable
        d = self.duel
        dec = d.pending
        n = len(dec.options)
        if isinstance(answer, int) and not isinstance(answer, bool):
            if not 0 <= answer < n:
                raise TableError(f"there is no answer number {answer} (0 to {n - 1})")
            return answer
        s = check_line(answer)
        if not s:
            raise TableError(f"type a number from 1 to {n}, or an answer")
        if s.isascii() and s.isdigit():
            k = int(s) if len(s) <= 6 else 0
            if not 1 <= k <= n:
                raise TableError(f"there is no answer {excerpt(s, 12)}: type a number from 1 "
                                 f"to {n}")
            return k - 1
        norm = " ".join(s.casefold().split())
        texts = option_texts_for(d, dec, seat)
        for i, (t, o) in enumerate(zip(texts, dec.options)):
            if norm == " ".join(t.casefold().split()) or \
                    norm == " ".join(describe(d, o, seat, dec).casefold().split()):
                return i
        fits, err = match(d, dec, s, viewer=seat)
        if err:
            raise TableError(f"'{excerpt(s)}' is not an answer here ({excerpt(err, 80)}). "
                             f"Type a number from 1 to {n}, or help")
        if not fits:
            raise TableError(f"'{excerpt(s)}' is not a legal answer now. The legal answers "
                             f"are numbered 1 to {n}; type help for the grammar")
        if len(fits) > 1 and not options_interchangeable(d, fits):
            raise TableError(f"'{excerpt(s)}' is ambiguous: it fits {len(fits)} answers; type "
                             f"the number, or name the card with @zone (e.g. @m1)")
        return dec.options.index(fits[0])

    @locked
    def command(self, seat: int, line: str) -> list[str] | None:
        """A table command typed by a person (undo, hold, stops, stop PHASE [mine|both],
        unstop PHASE, priority MODE, say TEXT): the lines to tell them, or None if the line
        is not a table command (then it may be an answer). TableError if it is one but
        cannot be done."""
        s = check_line(line)
        low = " ".join(s.lower().split())
        word, _, rest = low.partition(" ")
        if low == "undo":
            return [self.undo(seat)]
        if low == "hold":
            self.hold(seat)
            return ["You will be asked at the next window, whatever happens."]
        if low in ("stops", "stop"):
            self._person(seat)
            return self.stops_words(seat)
        if word in ("stop", "unstop"):
            on = word == "stop"
            args = rest.split()
            if args and args[0] in ("off", "no", "clear", "none") and on:
                on = False
                args = args[1:]
                if not args or args == ["all"]:
                    self._person(seat)
                    self.priority[seat].stops.clear()
                    return self.stops_words(seat)
            whose = "opponent"
            if args and args[-1] in ("mine", "both", "opponent", "opp", "theirs"):
                whose = {"opp": "opponent", "theirs": "opponent"}.get(args[-1], args[-1])
                args = args[:-1]
            if args and args[0] in ("my", "own"):
                whose, args = "mine", args[1:]
            if not args:
                raise TableError("stop which phase? e.g. `stop end` (" + ", ".join(PHASES) + ")")
            if not on and whose == "opponent":
                whose = "both"
            self.set_stops(seat, [" ".join(args)], whose, on)
            return self.stops_words(seat)
        if word == "priority":
            if rest not in PRIORITY_MODES:
                raise TableError("write `priority auto` or `priority ask-all`")
            self.set_priority(seat, rest)
            return [f"priority: {rest}"]
        if word in ("say", "chat"):
            self.say(seat, s.partition(" ")[2])
            return []
        if low == "hint":
            hs = self.hint(seat)
            return ["The bot's estimated win rate for each answer, best first (from what you "
                    "may see; the number answers): the mean over its simulations, a duel won "
                    "counting 100%, one lost 0%, a board at the horizon the chance fitted on "
                    "finished duels for such a board:"] + \
                [f"{h['number']:>3}. " + h["line"] for h in hs]
        if low == "review":
            ms = self.review(seat)
            if not ms:
                return ["Review: no decision of yours looked clearly worse than another."]
            return ["Review: your decisions where the bot's estimated win rate dropped "
                    "most:"] + \
                [f"  {m['line']}" for m in ms]
        return None

    # ================================================================== the coach
    @locked
    def hint(self, seat: int) -> list[dict]:
        """The bot's estimate of each answer to seat's question, best first (agents.coach:
        from what seat may know only). Against the bot only; recorded in the replay."""
        self._person(seat)
        if self.kinds[1 - seat] != BOT:
            raise TableError("hints are for duels against the bot")
        a = self._asking
        if self.state != "duel" or a is None or a["seat"] != seat:
            raise TableError("there is no question of yours to hint at now")
        d = self.duel
        hs = self._coach(self, "hint", seat, 0)
        self.coach_log.append({"kind": "hint", "seat": seat, "turn": d.turn,
                               "decision": len(d.history)})
        out = []
        for h in hs:
            x = h.as_dict()
            x["number"] = h.index + 1
            x["line"] = h.line()
            out.append(x)
        self._emit({"type": "hint", "seat": seat, "id": a["id"], "hints": out}, to=(seat,))
        return out

    @locked
    def review(self, seat: int, top: int = 5) -> list[dict]:
        """After a Duel: seat's decisions where the bot's estimate of the answer played was
        furthest below its best answer's, the biggest drop first (agents.coach.review).
        Recorded in the replay."""
        self._person(seat)
        if self.state == "duel":
            raise TableError("the review comes after the duel (hint helps during it)")
        ms = self._coach(self, "review", seat, top)
        self.coach_log.append({"kind": "review", "seat": seat,
                               "decisions": len(self.answered[seat])})
        out = []
        for m in ms:
            x = m.as_dict()
            x["line"] = m.line()
            out.append(x)
        self._emit({"type": "review", "seat": seat, "mistakes": out}, to=(seat,))
        return out

    # ================================================================== undo
    def _can_undo(self, seat) -> bool:
        if self.kinds[1 - seat] != BOT:
            return False
        if self.state not in ("duel", "over", "match_over"):
            return False
        return len(self.snapshots) >= (2 if self.state == "duel" else 1)

    @locked
    def undo(self, seat: int) -> str:
        """Take back seat's last decision and the bot's replies (against the bot only); at
        the end of a Duel, go back to the last decision. Returns what was taken back."""
        self._person(seat)
        if self.kinds[1 - seat] != BOT:
            raise TableError("undo is only for duels against the bot")
        if self.state not in ("duel", "over", "match_over"):
            raise TableError("nothing to undo now")
        ended = self.state != "duel"
        if len(self.snapshots) < (1 if ended else 2):
            raise TableError("there is nothing to undo yet")
        if ended and self.match is not None:
            self.match.unrecord()
        if not ended:
            self.snapshots.pop()             # the question being asked now
        duel, bot, st, why = self.snapshots.pop()
        taken = ""
        k = len(duel.history)
        if k < len(self.duel.history):
            taken = option_texts_for(duel, duel.pending, seat)[self.duel.history[k]]
        self.duel, self.bot = duel, bot
        k = len(duel.history)          # the answers taken back leave the review
        self.answered[seat][:] = [x for x in self.answered[seat] if len(x[0].history) < k]
        self.seat_state[seat] = st
        self.state = "duel"
        self.result = None
        self._bot_hand = None
        self._ask(seat, why)
        words = (f"Undone: took back {taken or 'your last decision'} and the bot's replies."
                 if not ended else "Undone: back to your last decision.")
        self._emit({"type": "undone", "seat": seat, "text": words})
        return words

    # ================================================================== the end of a Duel
    def _duel_over(self) -> None:
        d = self.duel
        self._asking = None
        w = d.winner
        res = {"winner": w, "reason": d.win_reason, "turns": d.turn,
               "names": list(self.names), "duel": self.duel_no, "seed": self.duel_seed}
        if self.match is not None:
            g = self.match.record(d)
            res["match"] = self.match_view()
            res["game_line"] = g.line(self.names)
        self.result = res
        self.state = "match_over" if self.match is not None and self.match.over else "over"
        self._emit(dict(res, type="duel_over"))
        if BOT in self.kinds:        # against the bot, its hand is shown to the person at the end
            b = self.kinds.index(BOT)
            hand = observe(d, None)["sides"][b]["hand"] or []
            self._bot_hand = [c["name"] for c in hand]
            self._emit({"type": "reveal", "seat": b, "hand": self._bot_hand},
                       to=[i for i, k in enumerate(self.kinds) if k == PERSON])
        if self.state == "match_over":
            self._emit({"type": "match_over", **self.match_view()})
        if self.save_path and self.position is None:
            self._autosave()

    def _autosave(self) -> None:
        try:
            path = self.save_replay(self.replay_path())
        except YgosimError as e:
            self._emit({"type": "note", "text": f"could not save the replay: {e}"})
            return
        self._emit({"type": "note", "text": f"Replay saved to {path}"})

    def replay_path(self) -> str | None:
        """Where this Duel's replay goes with save_replay: FILE, FILE-2 ... (single Duels),
        FILE-1, FILE-2 ... (a Match)."""
        if not self.save_path:
            return None
        p = Path(self.save_path)
        n = self._game if self.match is not None else self.duel_no
        if self.match is None and n == 1:
            return str(p)
        if self.match is not None and self.match_no > 1:
            return str(p.with_name(f"{p.stem}-m{self.match_no}-{n}{p.suffix}"))
        return str(p.with_name(f"{p.stem}-{n}{p.suffix}"))

    @locked
    def proceed(self, seat: int) -> list[str]:
        """After a Duel: go on (to side decking and the next Duel of the Match, a new Duel, or
        after a Match a new Match). With two people both must ask. Returns what to tell."""
        self._person(seat)
        if self.state not in ("over", "match_over", "failed"):
            raise TableError("the duel is not over")
        if self.position is not None:
            raise TableError("this duel was set up from a position: there is no next duel")
        self._ready.add(seat)
        people = {i for i, k in enumerate(self.kinds) if k == PERSON}
        if not people <= self._ready:
            return ["Waiting for your opponent to go on."]
        if self.state == "match_over" or (self.state == "failed" and self.match is not None):
            self._new_match()          # (a Duel that failed cannot count: a new Match)
            return []
        if self.match is None:
            self._start_duel()
            return []
        self.state = "siding"
        from .match import SideDecking
        self._siding = {}
        for p in people:
            if getattr(self.decks[p], "side", None):
                self._siding[p] = SideDecking(self.decks[p], self.match.side_counts[p],
                                              self.names[p], self.match.game, self.match.rules,
                                              self.allow_unscripted)
        self._maybe_next_duel()
        return []

    @locked
    def side(self, seat: int, line: str | None) -> list[str]:
        """A line of side decking from `seat` between the Duels of a Match ("out CARD in CARD",
        "list", "reset", "done"; None: end of input). Returns what to tell them."""
        self._person(seat)
        sd = self._siding.get(seat)
        if self.state != "siding" or sd is None or sd.done:
            raise TableError("there is no side decking to do now")
        said = sd.end_of_input() if line is None else sd.line(check_line(line))
        if sd.done:
            self.match.apply_side_answer(seat, sd.answer)
            self._maybe_next_duel()
        return said

    def _maybe_next_duel(self) -> None:
        if all(sd.done for sd in self._siding.values()):
            self._siding = {}
            self._start_duel()

    # ================================================================== replays
    @locked
    def replay(self):
        """The current Duel as a Replay (ygosim.play.replay), finished or not."""
        from . import replay as R
        if self.position is not None:
            raise TableError("this duel was set up from a position: it has no replay")
        a, b = self.duel_decks
        rep = R.from_duel(self.duel, a, b, self.duel_seed, self.duel_options,
                          meta={"seats": list(self.kinds),
                                "bot": self.bot_name if BOT in self.kinds else None,
                                "decks": list(self.deck_names), "duel": self.duel_no})
        if self.coach_log:
            rep.meta["coach"] = [dict(x) for x in self.coach_log]
        rep.decks[0]["name"], rep.decks[1]["name"] = self.deck_names
        return rep

    @locked
    def save_replay(self, path) -> str:
        """Write the current Duel's replay to `path` (JSON, or YAML for .yaml)."""
        from . import replay as R
        try:
            return str(R.save(self.replay(), path))
        except OSError as e:
            raise YgosimError(f"{printable(str(path))}: cannot write the replay "
                              f"({e.strerror or e})") from None

    @locked
    def close(self) -> str | None:
        """The people leave: an unfinished Duel's replay is saved if the table saves them.
        Returns the file written, if any."""
        if self.save_path and self.state == "duel" and self.position is None:
            try:
                return self.save_replay(self.replay_path())
            except YgosimError:
                return None
        return None

    # ================================================================== cards
    @locked
    def card_info(self, name: str) -> dict:
        """A card's public facts and the project's description (the version the duel's rules
        play), found by its name or a part of it (TableError if none or several fit)."""
        return card_facts(name, self.duel.rules.card_era)

    # ================================================================== checks
    def _person(self, seat) -> None:
        if seat not in (0, 1) or self.kinds[seat] != PERSON:
            raise TableError(f"seat {excerpt(seat)} is not a person's seat at this table")

    def _viewer(self, viewer) -> None:
        if viewer not in (0, 1, SPECTATOR):
            raise TableError(f"{excerpt(viewer)}: a viewer is seat 0, seat 1 or a spectator")


def card_facts(name: str, card_era: str = "current") -> dict:
    """A card's public facts and the project's description in the card era `card_era`
    (ygosim.engine.rules.Rules.card_era), found by its name or a part of it (TableError if
    none or several fit): name, passcode, kind_line, text, playable."""
    from ..cards.db import card_db, normalize
    name = check_line(name)
    db = card_db()
    card = db.get(name) if name else None
    if card is None:
        key = normalize(name)
        hits = sorted({c.name for c in db.search(name) if key and key in normalize(c.name)})
        if len(hits) == 1:
            card = db.get(hits[0])
        elif hits:
            raise TableError(f"'{excerpt(name)}' fits several cards: "
                             + ", ".join(printable(h) for h in hits[:8])
                             + (" ..." if len(hits) > 8 else ""))
        else:
            raise TableError(f"no card is called '{excerpt(name)}'")
    card = card.for_era(card_era)
    return {"name": card.name, "passcode": card.passcode, "kind_line": card.kind_line(),
            "text": card.text or "", "playable": bool(card.playable)}
