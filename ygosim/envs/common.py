"""What the Gymnasium and PettingZoo environments share: decks and rules, opponents, legal
actions, rewards, text rendering."""
from __future__ import annotations

import operator

import numpy as np

from ..engine.observe import observe
from ..cards.errors import YgosimError
from .encoding import History, option_index, pages
from .incremental import SeatEncoder

SETUP_KEYS = ("deck", "opponent_deck", "rules", "seat")


def check_render_mode(mode, metadata: dict):
    if mode is not None and mode not in metadata["render_modes"]:
        raise ValueError(f"render_mode {mode!r}: known modes are "
                         + ", ".join(repr(m) for m in metadata["render_modes"]) + " and None")
    return mode


def load(ref):
    """A deck from a name, path or URL; a loaded Deck (anything with .main) as it is."""
    if hasattr(ref, "main"):
        return ref
    from ..formats.deck import load_deck
    return load_deck(ref)


class DuelSetup:
    """The decks (seat 0's deck is `deck` when the agent sits in seat 0), rules and seat of the
    next duels."""

    def __init__(self, deck, opponent_deck, rules, seat, turn_cap, allow_unscripted=False):
        self.turn_cap = turn_cap
        self.allow_unscripted = allow_unscripted
        self.deck = self.opponent_deck = self.rules = None
        self.seat = 0
        self.update({"deck": deck, "opponent_deck": opponent_deck, "rules": rules,
                     "seat": seat})

    def update(self, opts: dict) -> None:
        from ..engine.rules import get_rules
        if "deck" in opts:
            self.deck = load(opts["deck"])
        if "opponent_deck" in opts:
            self.opponent_deck = load(opts["opponent_deck"])
        if "rules" in opts:
            self.rules = get_rules(opts["rules"]).name
        if "seat" in opts:
            seat = opts["seat"]
            if seat not in (0, 1, None):
                raise YgosimError(f"seat {seat!r}: 0 (player A), 1 (player B) or None (random)")
            self.seat = seat
        if {"deck", "opponent_deck", "rules"} & set(opts):
            self.check_playable()

    def check_playable(self) -> None:
        """Decks with cards the engine cannot play yet are refused (they would play without
        their effects) unless allow_unscripted."""
        from ..formats.rules import require_playable
        try:
            require_playable({"deck": self.deck, "opponent_deck": self.opponent_deck},
                             self.allow_unscripted, self.rules)
        except YgosimError as e:
            raise YgosimError(str(e).replace("--allow-unscripted", "allow_unscripted=True"))

    def pick_seat(self, rng) -> int:
        return int(rng.integers(0, 2)) if self.seat is None else self.seat

    def new_duel(self, seed: int, seat: int):
        from ..engine.api import new_duel
        decks = (self.deck, self.opponent_deck) if seat == 0 else (self.opponent_deck, self.deck)
        return new_duel(*decks, seed=seed,
                        options={"rules": self.rules, "turn_cap": self.turn_cap})


SELF = "self"


def make_opponent(ref, seed: int):
    """An agent from a name ("self": the environment's `self_policy`), an object with
    choose(duel) (a built-in agent: it reads the duel through the engine's seam), or a
    callable f(obs) of the opponent's own observation returning an action."""
    if ref == SELF:
        return SELF
    if isinstance(ref, str):
        from ..agents import make_agent
        return make_agent(ref, seed)
    if hasattr(ref, "choose") or callable(ref):
        return ref
    raise YgosimError(f"opponent {ref!r}: an agent name, 'self', an agent with choose(duel) "
                      "or a callable f(observation) -> action")


class Seats:
    """What the environments keep of a duel beside it: the History of the log of each seat
    that is observed, and the page of the pending decision shown (docs/envs.md: decisions with
    more answers than max_actions). Observations are made by a SeatEncoder per seat
    (ygosim.envs.incremental: the same arrays as Encoder.encode(observe(duel, seat)), each
    made from the parts of the seat's last one that did not change)."""

    def __init__(self, encoder, duel):
        self.encoder = encoder
        self.duel = duel
        self.page = 0
        self.history: dict = {}
        self.seat_encoders: dict = {}

    def seen(self) -> None:
        """After a decision was applied: back to the first page."""
        self.page = 0

    def observe(self, seat: int) -> dict:
        """The arrays of `seat`'s observation now. Its history reads the log lines written
        since it last observed, stamped with the turn and phase of now."""
        d = self.duel
        h = self.history.get(seat)
        if h is None:
            h = self.history[seat] = History(self.encoder, seat)
            self.seat_encoders[seat] = SeatEncoder(self.encoder, seat)
        h.update(d)
        mine = d.pending is not None and d.pending.player == seat
        return self.seat_encoders[seat].encode(d, h, self.page if mine else 0)

    def mask(self, seat: int):
        d = self.duel
        m = np.zeros(self.encoder.max_actions, np.int8)
        if d.winner is None and d.pending is not None and d.pending.player == seat:
            n = len(d.pending.options)
            per = self.encoder.max_actions
            if pages(n, per) == 1:
                m[:n] = 1
            else:
                first = (self.page % pages(n, per)) * (per - 1)
                m[:min(per - 1, n - first)] = 1
                m[per - 1] = 1
        return m

    def act(self, action) -> tuple[str, bool]:
        """Apply `action` of the current page: ("", True) an answer was applied, ("", False)
        the next page is shown, (why, False) refused (nothing changed)."""
        d = self.duel
        try:
            i = operator.index(action)      # ints, numpy integers and 0-d integer arrays
        except TypeError:
            return f"action {action!r} is not an option number", False
        n = len(d.pending.options)
        per = self.encoder.max_actions
        k = option_index(n, per, self.page % pages(n, per), i)
        if k is None:
            if pages(n, per) == 1:
                return f"action {i}: the pending decision has {n} options (0 to {n - 1})", False
            return (f"action {i}: page {self.page % pages(n, per) + 1} of the pending decision "
                    f"shows fewer answers"), False
        if k == "page":
            self.page = (self.page + 1) % pages(n, per)
            return "", False
        d.apply(k)
        self.seen()
        return "", True


def winner_code(duel) -> int:
    """-1 while the duel goes on, 0 or 1 the winning seat, 2 a draw."""
    w = duel.winner
    return -1 if w is None else (2 if w == "draw" else int(w))


def end_reward(duel, seat: int) -> float:
    if duel.winner == "draw" or duel.winner is None:
        return 0.0
    return 1.0 if duel.winner == seat else -1.0


def render_text(duel, seat) -> str:
    """The board as `seat` sees it, in a few lines of text (render_mode "ansi")."""
    o = observe(duel, seat)
    lines = [f"turn {o['turn']} {o['phase_title']}  LP {o['lp'][0]} / {o['lp'][1]}"]
    for p, s in enumerate(o["sides"]):
        def name(v):
            return "-" if v is None else ("(set)" if v.get("hidden") else v["name"])
        lines.append(f"{s['name']}: monsters [{', '.join(name(v) for v in s['monsters'])}] "
                     f"spells [{', '.join(name(v) for v in s['spells'])}] hand "
                     f"{s['hand_count']} deck {s['deck_count']} gy {s['gy_count']}")
    if o["sides"][seat]["hand"] is not None:
        lines.append("hand: " + ", ".join(v["name"] for v in o["sides"][seat]["hand"]))
    pend = o["pending"]
    if pend and "options" in pend:
        lines.append(f"{pend['prompt']}")
        lines += [f"  {x['index']}: {x['text']}" for x in pend["options"]]
    if o["winner"] is not None:
        lines.append(f"winner: {o['winner']} ({o['win_reason']})")
    return "\n".join(lines)
