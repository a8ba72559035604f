"""What the Gymnasium and PettingZoo environments share: decks and rules, opponents, legal
actions, rewards, text rendering."""
from __future__ import annotations

from ..engine.observe import observe
from ..cards.errors import YgosimError

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


def make_opponent(ref, seed: int):
    """An agent from a name, an object with choose(duel), or a callable f(duel)."""
    if isinstance(ref, str):
        from ..agents import make_agent
        return make_agent(ref, seed)
    if hasattr(ref, "choose") or callable(ref):
        return ref
    raise YgosimError(f"opponent {ref!r}: an agent name, an agent or a callable f(duel)")


def opponent_answer(agent, duel):
    return agent.choose(duel) if hasattr(agent, "choose") else agent(duel)


def illegal_reason(duel, action, max_actions: int) -> str:
    """Why `action` is not a legal answer now ('' when it is)."""
    import operator
    try:
        i = operator.index(action)      # ints, numpy integers and 0-d integer arrays
    except TypeError:
        return f"action {action!r} is not an option number"
    n = len(duel.pending.options)
    if not 0 <= i < min(n, max_actions):
        return f"action {i}: the pending decision has {n} options (0 to {n - 1})"
    return ""


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
