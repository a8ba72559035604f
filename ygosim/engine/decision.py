"""The decision seam: the one pending decision of a duel and its legal answers.

A Decision says who decides, what kind of decision it is, and lists the legal answers as
Option objects. An Option is plain, immutable data (a verb, the card ids involved, an argument);
its text form in the scenario grammar comes from Duel.option_text / Decision.texts.
"""
from __future__ import annotations

# Decision kinds
ACTION = "action"          # the turn player's free choice (Main Phase, Battle Step)
RESPONSE = "response"      # a window: activate something or pass
SELECT = "select"          # pick cards (targets, tributes, costs, materials, discards)
YESNO = "yesno"
POSITION = "position"
ZONE = "zone"
ORDER = "order"            # order simultaneous trigger effects on the chain
DECLARE = "declare"
CALL = "call"              # call a coin toss
FIRST = "first"            # go first or second

KINDS = (ACTION, RESPONSE, SELECT, YESNO, POSITION, ZONE, ORDER, DECLARE, CALL, FIRST)


class Option:
    """One legal answer. `verb` is the grammar's first word; `cards` the card ids it names;
    `arg` anything else (an effect number, an attack target, a phase, a position...)."""

    __slots__ = ("verb", "cards", "arg")

    def __init__(self, verb: str, cards: tuple = (), arg=None):
        self.verb = verb
        self.cards = cards
        self.arg = arg

    def __eq__(self, other):
        return (isinstance(other, Option) and self.verb == other.verb
                and self.cards == other.cards and self.arg == other.arg)

    def __hash__(self):
        return hash((self.verb, self.cards, self.arg))

    def __repr__(self):
        return f"Option({self.verb!r}, {self.cards!r}, {self.arg!r})"


# Options that name one card and nothing else ("summon c", "flip c", "activate c ei"), made
# once per card id and shared by every duel (an Option is immutable): building them afresh
# for every list of legal answers was a measurable part of a duel's cost.
SUMMON_OPTS: list[Option] = []
SET_OPTS: list[Option] = []
FLIP_OPTS: list[Option] = []
CHANGE_OPTS: list[Option] = []
SPECIAL_OPTS: list[Option] = []             # "special c": a monster's own Summon procedure
ACTIVATE_OPTS: list[list[Option]] = []     # per card id: per effect index
ATTACK_OPTS: list[dict] = []                # per attacker: target (or None) -> Option


_EFFECTS_READY = [0]     # every card id's row of ACTIVATE_OPTS has at least this many


def card_options(n_cards: int, n_effects: int) -> None:
    """Make sure the shared Options exist for card ids below n_cards (for "activate": their
    first n_effects effects)."""
    if n_cards <= len(SUMMON_OPTS) and n_effects <= _EFFECTS_READY[0]:
        return          # (every duel's set-up asks: nearly always there already)
    grew = len(SUMMON_OPTS) < n_cards
    while len(SUMMON_OPTS) < n_cards:
        i = len(SUMMON_OPTS)
        SUMMON_OPTS.append(Option("summon", (i,)))
        SET_OPTS.append(Option("set", (i,)))
        FLIP_OPTS.append(Option("flip", (i,)))
        CHANGE_OPTS.append(Option("change", (i,)))
        SPECIAL_OPTS.append(Option("special", (i,)))
        ACTIVATE_OPTS.append([])
        ATTACK_OPTS.append({})
    for c in range(n_cards):
        row = ACTIVATE_OPTS[c]
        while len(row) < n_effects:
            row.append(Option("activate", (c,), len(row)))
    if n_cards >= len(SUMMON_OPTS):     # every row was looked at (new rows: n_effects)
        _EFFECTS_READY[0] = n_effects if grew else max(_EFFECTS_READY[0], n_effects)


def attack_option(c: int, target) -> Option:
    """The shared Option "c attacks target" (None: directly)."""
    row = ATTACK_OPTS[c]
    o = row.get(target)
    if o is None:
        o = row[target] = Option("attack", (c,), target)
    return o


class Picks:
    """A selection with too many combinations to list (a hand of 40 discarding 34 for the hand
    size limit): Duel.select_options returns one instead of the list of `choose` Options, and
    Duel.ask then asks it one card at a time (the `picks` procedure), each step a
    SELECT decision whose options are `choose X` for each card that can still be part of a
    legal selection and, once enough are chosen, `choose nothing` (no more). When it is done
    the caller finds the whole selection in duel.answer, as if it had been one answer. (Inside
    an effect, actions.ask_select asks either kind of selection.)
    Immutable: it lives in a frame of the duel's flow and is shared by clones."""

    __slots__ = ("cards", "count", "least", "constraint", "player")

    def __init__(self, cards, count: int, least: int, constraint, player: int):
        self.cards = tuple(cards)
        self.count = count
        self.least = least
        self.constraint = constraint    # (duel, combo) -> bool, or None
        self.player = player            # who chooses (hidden cards are told apart by place)

    def __iter__(self):
        raise TypeError("a Picks is not a list of options: ask it with Duel.ask_select (or "
                        "actions.ask_select inside an effect)")

    def __repr__(self):
        return f"Picks({len(self.cards)} cards, {self.least}..{self.count})"


class Decision:
    """The pending decision. Immutable once made; shared freely between clones."""

    __slots__ = ("player", "kind", "options", "prompt", "source")
    picked = None       # a step of a selection asked card by card: see PickStep

    def __init__(self, player: int, kind: str, options, prompt: str = "", source: int = -1):
        self.player = player
        self.kind = kind
        self.options = tuple(options)
        self.prompt = prompt
        self.source = source        # the card the decision is about, if any

    def __repr__(self):
        return f"Decision(player={self.player}, kind={self.kind!r}, {len(self.options)} options)"


class LazyDecision(Decision):
    """A pending decision whose legal answers are worked out when first read (`options`) by
    `make(duel)` from the duel that asked: a bot's look-ahead plays clones on until the turn
    player's next free choice only to score them, and most never read its answers. The duel
    must not change between the ask and the first read (answering reads them first; a clone
    shares the decision, as with Decision). Until then the decision and its duel refer to each
    other: a look-ahead done with a clone whose answers it never read sets the clone's
    `pending` to None (agents/heuristic.py `drop`), so that it is freed at once rather than by
    the cyclic garbage collector."""

    __slots__ = ("_opts", "_duel", "_make")

    def __init__(self, player: int, kind: str, duel, make, prompt: str = "", source: int = -1):
        self.player = player
        self.kind = kind
        self.prompt = prompt
        self.source = source
        self._opts = None
        self._duel = duel
        self._make = make

    @property
    def options(self) -> tuple:
        o = self._opts
        if o is None:
            o = self._opts = tuple(self._make(self._duel))
            self._duel = self._make = None
        return o

    def __reduce__(self):
        """Pickled as the plain Decision it stands for (without the duel that asked)."""
        return (Decision, (self.player, self.kind, self.options, self.prompt, self.source))


class PickStep(Decision):
    """One step of a selection asked card by card (a Picks): `picked` holds the cards chosen
    so far; its options are `choose X` for one more card and, when the cards chosen are
    enough, `choose nothing`."""

    __slots__ = ("picked",)

    def __init__(self, player: int, options, prompt: str, source: int, picked: tuple):
        super().__init__(player, SELECT, options, prompt, source)
        self.picked = picked
