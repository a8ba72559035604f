"""Matches: best-of-N Duels with side decking between them (Official Rulebook, Version 10).

What the rulebook says, and what this module does:

* "Duels are played in sets of 3 called a Match, and the winner of best 2-out-of-3 wins the
  Match." A Match here is up to N Duels (3 by default); it ends as soon as its result can no
  longer change (a player has a majority of the N Duels, or leads by more Duels than remain).
* "Play rock-paper-scissors or flip a coin. The winner decides to go first or second in the
  Duel. For your next Duels, the loser of the previous Duel decides who goes first. If the
  previous Duel ended in a tie, determine who starts first in the next Duel with another coin
  toss." Duel 1 and any Duel after a draw start with the engine's coin toss; any other Duel
  starts with the loser of the previous Duel choosing (the engine option `chooser`).
* The rulebook does not say how a drawn Duel counts in a Match. Here a drawn Duel is a win for
  neither player and play goes on to the Duel limit; when the limit is reached the player with
  more Duel wins wins the Match, and equal wins make the Match a draw.
* "After each Duel in a Match, you can swap any card from your Side Deck with a card from your
  Deck and/or Extra Deck ... The number of cards in your Side Deck before and after you swap
  any cards must be exactly the same." Side decking is cumulative (each Duel's deck is the
  previous one with that player's swaps), validated by `side_swap`: the Side Deck keeps its
  count, the Main Deck stays 40 to 60 cards and the Extra Deck 0 to 15, the card pool is the
  same, and a card moved out of the Main Deck goes to the Side Deck (and a Fusion Monster moved
  in from the Side Deck goes to the Extra Deck).
* A Duel plays the Main and Extra Deck; the Side Deck matters when its cards are sided in. A
  card the engine cannot play yet (no script for what it does in the rule set's era) is
  refused when it is sided in, with the reason, and the side decking goes on (unless the
  Match was made with `allow_unscripted`).

Entry points: `play_match` (the whole loop, with callables for playing one Duel and side
decking), `Match` (the state, for front ends that drive the loop themselves), `side_swap` and
`parse_side_line` (validated side decking, from data or from "out CARD in CARD" text).
"""
from __future__ import annotations

import copy
import textwrap
from collections import Counter
from dataclasses import dataclass, field
from typing import Callable

from ..cards.db import normalize
from ..engine.api import new_duel
from ..engine.rules import get_rules
from ..cards.errors import YgosimError

PLAYERS = ("A", "B")
SIZES = {"main": (40, 60), "extra": (0, 15)}     # (rulebook v10; a rule set's own: _sizes)
SIDE_MAX = 15


def _sizes(rules) -> dict:
    """Deck section sizes (low, high) under a rule set (None: v10); no upper limit is None."""
    if rules is None:
        return SIZES
    return {"main": (rules.main_min, rules.main_max), "extra": (0, rules.extra_max)}


def _size_problem(title: str, n: int, low: int, high) -> str | None:
    if n < low or (high is not None and n > high):
        span = f"{low} to {high}" if high is not None else f"at least {low}"
        return f"{title}: {n} cards after siding (must be {span})"
    return None


class SideDeckError(YgosimError):
    """A side decking that breaks the rules; the message names every problem and card."""

    def __init__(self, problems):
        self.problems = list(problems)
        super().__init__("; ".join(self.problems))


# ===================================================================== seeds
def duel_seed(match_seed: int, game: int) -> int:
    """The seed of Duel `game` (1-based) of a Match: a fixed function of the Match seed."""
    return (int(match_seed) * 1_000_003 + game * 7_919) & 0x7FFF_FFFF_FFFF


# ===================================================================== results
@dataclass
class GameResult:
    game: int                 # 1-based
    seed: int
    coin_toss: bool           # True: a coin toss decided who chose; False: the previous loser
    chooser: int | None       # who chose first or second (0 = A, 1 = B; None: not known)
    first: int | None         # who went first
    winner: object            # 0, 1 or "draw"
    reason: str
    turns: int
    decisions: int
    sided: tuple = ((), ())   # per player, the swaps made before this Duel: ((out, in), ...)

    def as_dict(self, names=PLAYERS) -> dict:
        return {"game": self.game, "seed": self.seed, "coin_toss": self.coin_toss,
                "chooser": _label(self.chooser, names), "first": _label(self.first, names),
                "winner": _label(self.winner, names), "reason": self.reason,
                "turns": self.turns, "decisions": self.decisions,
                "sided": {names[p]: [list(s) for s in self.sided[p]] for p in (0, 1)}}

    def line(self, names=PLAYERS) -> str:
        chooser = _label(self.chooser, names) or "the coin toss winner"
        how = (f"{chooser} won the coin toss" if self.coin_toss
               else f"{chooser} lost Duel {self.game - 1}") + " and chose"
        who = "a draw" if self.winner == "draw" else f"{names[self.winner]} wins"
        return (f"Duel {self.game}: {_label(self.first, names)} went first ({how}); {who} "
                f"({self.reason}) in {self.turns} turns")


@dataclass
class MatchResult:
    games: list = field(default_factory=list)     # GameResult
    wins: list = field(default_factory=lambda: [0, 0])
    draws: int = 0
    winner: object = None                          # 0, 1, "draw" (None while unfinished)
    limit: int = 3

    def as_dict(self, names=PLAYERS) -> dict:
        return {"games_per_match": self.limit, "duels_played": len(self.games),
                "wins_a": self.wins[0], "wins_b": self.wins[1], "draws": self.draws,
                "winner": _label(self.winner, names),
                "score": f"{self.wins[0]}-{self.wins[1]}" + (f"-{self.draws}" if self.draws else ""),
                "games": [g.as_dict(names) for g in self.games]}

    def line(self, names=PLAYERS) -> str:
        drawn = f", {self.draws} drawn" if self.draws else ""
        if self.winner == "draw":
            return f"Match drawn ({self.wins[0]}-{self.wins[1]}{drawn})"
        w = self.winner
        return (f"{names[w]} wins the Match ({self.wins[w]}-{self.wins[1 - w]}{drawn}, "
                f"{len(self.games)} Duels)")


def _label(p, names=PLAYERS):
    if p is None or p == "draw":
        return p
    return names[p]


def went_first(duel) -> int | None:
    """Who took turn 1 of a finished (or running) duel; None before turn 1."""
    if duel.turn <= 0:
        return None
    return duel.tp if duel.turn % 2 == 1 else 1 - duel.tp


# ===================================================================== side decking
def _card_name(card) -> str:
    return getattr(card, "name", str(card))


def _find(cards, name) -> int:
    """Index of the card named `name` (a CardData or a name, any case) in `cards`, or -1."""
    if not isinstance(name, str):
        for i, c in enumerate(cards):
            if c is name:
                return i
        name = _card_name(name)
    key = normalize(name)
    for i, c in enumerate(cards):
        if normalize(c.name) == key:
            return i
    return -1


def _unplayable_in(card, rules, allow_unscripted: bool) -> str | None:
    """Why `card` may not be sided in under `rules` (a Rules value; None: v10), or None."""
    r = get_rules(rules)
    if allow_unscripted or card.playable_in(r.card_era):
        return None
    return (f"not yet playable in {r.name} rules (the engine has no script for what it does): "
            "it cannot be sided in")


def side_swap(deck, outs=(), ins=(), side_count: int | None = None, rules=None,
              allow_unscripted: bool = False):
    """The deck after moving `outs` (cards of the Main or Extra Deck) to the Side Deck and
    `ins` (cards of the Side Deck) to the Main Deck (an Extra Deck monster: to the Extra Deck).

    Cards are CardData or names (any case). The deck given is not changed; the new one is a
    copy. Raises SideDeckError naming every problem: a card that is not there, a Side Deck
    whose count changes (`side_count`: the count it must keep, by default its count now), a
    Main Deck outside 40-60 cards or an Extra Deck over 15 (the sizes of `rules`, a Rules
    value, when given: goat has no upper limits), a card sided in that the engine cannot play
    yet under `rules` (unless `allow_unscripted`)."""
    outs, ins = list(outs), list(ins)
    new = copy.copy(deck)
    new.main, new.extra, new.side = list(deck.main), list(deck.extra), list(deck.side)
    new.notes = list(getattr(deck, "notes", []))
    before = len(deck.side) if side_count is None else side_count
    problems = []
    taken = []
    for name in outs:
        i = _find(new.main, name)
        if i >= 0:
            taken.append(new.main.pop(i))
            continue
        i = _find(new.extra, name)
        if i >= 0:
            taken.append(new.extra.pop(i))
            continue
        had = _find(deck.main, name) >= 0 or _find(deck.extra, name) >= 0
        problems.append(f"out {_card_name(name)}: " + (
            "no more copies in your Main or Extra Deck" if had
            else "not in your Main or Extra Deck"))
    for name in ins:
        i = _find(new.side, name)
        if i < 0:
            had = _find(deck.side, name) >= 0
            problems.append(f"in {_card_name(name)}: " + (
                "no more copies in your Side Deck" if had else "not in your Side Deck"))
            continue
        why = _unplayable_in(new.side[i], rules, allow_unscripted)
        if why:
            problems.append(f"in {new.side[i].name}: {why}")
            continue
        card = new.side.pop(i)
        (new.extra if card.is_extra_deck else new.main).append(card)
    new.side.extend(taken)
    after = len(deck.side) + len(outs) - len(ins)
    if after != before:
        problems.append(f"Side Deck: {after} cards after siding, {before} before: "
                        f"the count must stay exactly the same (take out as many cards as you "
                        f"put in: {len(outs)} out, {len(ins)} in)")
    if problems:       # sizes are only meaningful once every card was found
        raise SideDeckError(problems)
    side_max = SIDE_MAX if rules is None else rules.side_max
    if len(new.side) > side_max:
        problems.append(f"Side Deck: {len(new.side)} cards (at most {side_max})")
    sizes = _sizes(rules)
    for section, title in (("main", "Main Deck"), ("extra", "Extra Deck")):
        bad = _size_problem(title, len(getattr(new, section)), *sizes[section])
        if bad:
            problems.append(bad)
    if problems:
        raise SideDeckError(problems)
    return new


def check_same_pool(before, after, side_count: int, rules=None,
                    allow_unscripted: bool = False) -> list[str]:
    """Problems of a deck a side decking callback returned whole instead of as swaps."""
    problems = []
    pool = lambda d: Counter(normalize(c.name) for c in (*d.main, *d.extra, *d.side))  # noqa
    a, b = pool(before), pool(after)
    names = {normalize(c.name): c.name for c in (*before.main, *before.extra, *before.side,
                                                  *after.main, *after.extra, *after.side)}
    for key in sorted(set(a) | set(b)):
        if a[key] != b[key]:
            problems.append(f"{names[key]}: {a[key]} in your cards before siding, {b[key]} after "
                            "(siding only swaps cards between the Side Deck and the others)")
    if len(after.side) != side_count:
        problems.append(f"Side Deck: {len(after.side)} cards after siding, {side_count} before: "
                        "the count must stay exactly the same")
    sizes = _sizes(rules)
    for section, title in (("main", "Main Deck"), ("extra", "Extra Deck")):
        bad = _size_problem(title, len(getattr(after, section)), *sizes[section])
        if bad:
            problems.append(bad)
    for c in after.main:
        if c.is_extra_deck:
            problems.append(f"Main Deck: {c.name} belongs in the Extra Deck")
    for c in after.extra:
        if not c.is_extra_deck:
            problems.append(f"Extra Deck: {c.name} belongs in the Main Deck")
    was, now = (Counter(normalize(c.name) for c in (*d.main, *d.extra)) for d in (before, after))
    for key, card in {normalize(c.name): c for c in (*after.main, *after.extra)}.items():
        why = _unplayable_in(card, rules, allow_unscripted)
        if why and now[key] > was[key]:
            problems.append(f"in {card.name}: {why}")
    return problems


def parse_side_line(text: str, deck=None) -> tuple[list[str], list[str]]:
    """One line of side decking text: "out CARD in CARD", "out CARD" or "in CARD" (a leading
    "side:" is allowed). Returns (outs, ins) as names. With a deck, a name with " in " in it
    is split where both halves are cards of the deck."""
    t = " ".join(text.strip().split())
    low = t.lower()
    if low.startswith("side:"):
        t = t[5:].strip()
        low = t.lower()
    if low.startswith("out "):
        rest = t[4:]
        splits = [i for i in range(len(rest)) if rest.lower().startswith(" in ", i)]
        if not splits:
            return [rest.strip()], []
        if deck is not None and len(splits) > 1:
            for i in splits:
                o, n = rest[:i].strip(), rest[i + 4:].strip()
                if (_find([*deck.main, *deck.extra], o) >= 0 and _find(deck.side, n) >= 0):
                    return [o], [n]
        i = splits[0]
        o, n = rest[:i].strip(), rest[i + 4:].strip()
        if not o or not n:
            raise SideDeckError([f"{text.strip()!r}: name a card after out and after in"])
        return [o], [n]
    if low.startswith("in "):
        return [], [t[3:].strip()]
    raise SideDeckError([f"{text.strip()!r}: write 'out CARD in CARD', 'out CARD', 'in CARD' "
                         "or 'done'"])


def keep_deck(player, deck, match):
    """The bot's side decking: keep the deck as it is."""
    return None


def deck_summary(deck) -> list[str]:
    """One line per section: "Main Deck (41): 3 Dark Magician, 1 Kuriboh, ..."."""
    lines = []
    for section, title in (("main", "Main Deck"), ("extra", "Extra Deck"), ("side", "Side Deck")):
        cards = getattr(deck, section)
        counts = Counter(c.name for c in cards)
        listed = ", ".join(f"{n} {name}" for name, n in sorted(counts.items()))
        lines.extend(textwrap.wrap(f"{title} ({len(cards)}): {listed or '-'}", 96,
                                   subsequent_indent="    "))
    return lines


class SideDecking:
    """A person's side decking, one line of text at a time: "out CARD in CARD" (or "out CARD"
    and "in CARD"), "list", "reset", "done". Every front end feeds it lines (the terminal, the
    table layer for the web). Each line is checked at once (a card that is not there is
    refused, naming it); "done" checks the whole side decking (the deck sizes of `rules`, a
    Rules value; None: v10) and refuses it while it breaks a rule. When finished, `done` is
    True and `answer` is None (keep the deck) or {"out": [...], "in": [...]} (for
    Match.apply_side_answer)."""

    def __init__(self, deck, side_count: int | None = None, who: str = "you",
                 game: int | None = None, rules=None, allow_unscripted: bool = False):
        self.deck = deck
        self.count = len(deck.side) if side_count is None else side_count
        self.who = who
        self.game = game
        self.rules = rules
        self.allow_unscripted = allow_unscripted
        self.outs: list = []
        self.ins: list = []
        self.done = False
        self.answer = None

    def intro(self) -> list[str]:
        game = f" before Duel {self.game}" if self.game else ""
        return ([f"Side decking for {self.who}{game}:"]
                + ["  " + line for line in deck_summary(self.deck)]
                + ["Type 'out CARD in CARD' (one swap a line), 'list', 'reset' or 'done'."])

    def _swap(self, outs, ins, count):
        return side_swap(self.deck, outs, ins, count, self.rules, self.allow_unscripted)

    def _finish(self) -> None:
        self.done = True
        self.answer = {"out": self.outs, "in": self.ins} if self.outs or self.ins else None

    def end_of_input(self) -> list[str]:
        """No more lines: a valid side decking stands, an invalid one is dropped."""
        try:
            self._swap(self.outs, self.ins, self.count)
        except SideDeckError:
            self.outs, self.ins = [], []
            self._finish()
            return ["(end of input: the deck is kept as it was)"]
        self._finish()
        return []

    def line(self, text: str) -> list[str]:
        """Take one line; returns what to tell the person."""
        t = " ".join(str(text).split())
        low = t.lower()
        if low.startswith("side:"):
            low = low[5:].strip()
            t = t[5:].strip()
        if low in ("done", ""):
            try:
                self._swap(self.outs, self.ins, self.count)
            except SideDeckError as e:
                return ([f"error: {p}" for p in e.problems]
                        + ["(fix it, 'reset' to start over, or 'done' when it is right)"])
            self._finish()
            if self.outs or self.ins:
                return [f"Sided: out {', '.join(map(_card_name, self.outs))}; "
                        f"in {', '.join(map(_card_name, self.ins))}"]
            return []
        if low == "reset":
            self.outs, self.ins = [], []
            return ["(no swaps)"]
        if low == "list":
            try:
                now = self._swap(self.outs, self.ins,
                                 len(self.deck.side) + len(self.outs) - len(self.ins))
            except SideDeckError:
                now = self.deck
            return ["  " + line for line in deck_summary(now)]
        try:
            o, i = parse_side_line(t, self.deck)
            o2, i2 = self.outs + o, self.ins + i
            try:
                self._swap(o2, i2, len(self.deck.side) + len(o2) - len(i2))
            except SideDeckError as e:
                cards = [x for x in e.problems if x.startswith(("out ", "in "))]
                if cards or len(o2) == len(i2):
                    raise SideDeckError(cards or e.problems)
        except SideDeckError as e:
            return [f"error: {p}" for p in e.problems]
        self.outs, self.ins = o2, i2
        return []


def text_side_deck(read_line: Callable = input, write: Callable = print) -> Callable:
    """A side decking callback for play_match, for a person typing lines (SideDecking).
    End of input means done (an invalid or unbalanced side decking is then dropped: the deck
    is kept)."""

    def side(player, deck, match):
        count = match.side_counts[player] if match is not None else len(deck.side)
        who = match.names[player] if match is not None else "you"
        sd = SideDecking(deck, count, who, match.game if match is not None else None,
                         match.rules if match is not None else None,
                         match.allow_unscripted if match is not None else False)
        for line in sd.intro():
            write(line)
        while not sd.done:
            try:
                line = read_line("side> ")
            except EOFError:
                line = None
            said = sd.end_of_input() if line is None else sd.line(line)
            for x in said:
                write(x)
        return sd.answer
    return side


# ===================================================================== the Match
class Match:
    """The state of a Match: the current decks, the results so far, who chooses next.

    Drive it with: `options_for_next()` -> play a Duel with those options ->
    `record(duel)` -> if not `over`, `side(player, outs, ins)` for each player -> repeat."""

    def __init__(self, deck_a, deck_b, games: int = 3, seed: int | None = 0, options=None,
                 names=PLAYERS, seeds=None, allow_unscripted: bool = False):
        """seed: each Duel's seed is duel_seed(seed, game); or seed None and `seeds` a
        callable that gives each Duel its own seed as it starts (secret seeds: one Duel's
        seed says nothing of the next). allow_unscripted: cards the engine cannot play yet
        may be sided in (refused otherwise)."""
        if games < 1:
            raise YgosimError(f"games per match: {games} (at least 1)")
        self.decks = [deck_a, deck_b]
        self.side_counts = [len(getattr(d, "side", ())) for d in self.decks]
        self.limit = games
        self.seed = seed
        self.seeds = seeds
        self._drawn: dict = {}         # game -> its seed, drawn from `seeds`
        self.options = dict(options or {})
        self.rules = get_rules(self.options.get("rules"))     # deck sizes for side decking
        self.names = tuple(names)
        self.allow_unscripted = allow_unscripted      # cards not yet playable may be sided in
        self.result = MatchResult(limit=games)
        self.sided = [[], []]          # swaps made since the last Duel

    # -- flow
    @property
    def game(self) -> int:
        """The number (1-based) of the next Duel."""
        return len(self.result.games) + 1

    @property
    def chooser(self) -> int | None:
        """Who chooses first or second in the next Duel: the loser of the last one, or None
        (a coin toss: the first Duel, or after a draw)."""
        if not self.result.games:
            return None
        w = self.result.games[-1].winner
        return None if w == "draw" else 1 - w

    @property
    def over(self) -> bool:
        return self.result.winner is not None

    def next_seed(self) -> int:
        if self.seeds is None:
            return duel_seed(self.seed, self.game)
        g = self.game
        if g not in self._drawn:
            self._drawn[g] = int(self.seeds())
        return self._drawn[g]

    def options_for_next(self) -> dict:
        opts = dict(self.options)
        opts.pop("chooser", None)
        if self.chooser is not None:
            opts["chooser"] = self.chooser
        return opts

    def record(self, duel) -> GameResult:
        """Record a finished Duel (seat 0 played deck A)."""
        if self.over:
            raise YgosimError("the Match is over")
        if duel.winner is None:
            raise YgosimError("the Duel is not finished")
        chooser = self.chooser
        g = GameResult(game=self.game, seed=self.next_seed(),
                       coin_toss=chooser is None, chooser=chooser, first=went_first(duel),
                       winner=duel.winner, reason=duel.win_reason, turns=duel.turn,
                       decisions=getattr(duel, "n_decisions", 0),
                       sided=(tuple(self.sided[0]), tuple(self.sided[1])))
        if chooser is None:
            g.chooser = _coin_winner(duel)
        self.sided = [[], []]
        r = self.result
        r.games.append(g)
        if duel.winner == "draw":
            r.draws += 1
        else:
            r.wins[duel.winner] += 1
        self._settle()
        return g

    def unrecord(self) -> GameResult:
        """Take back the last recorded Duel (a person undid its last decision): the result,
        the score and the side decking made before it are as they were."""
        r = self.result
        if not r.games:
            raise YgosimError("no Duel to take back")
        g = r.games.pop()
        if g.winner == "draw":
            r.draws -= 1
        else:
            r.wins[g.winner] -= 1
        r.winner = None
        self.sided = [list(g.sided[0]), list(g.sided[1])]
        self._settle()
        return g

    def _settle(self) -> None:
        r = self.result
        left = self.limit - len(r.games)
        need = self.limit // 2 + 1
        lead = r.wins[0] - r.wins[1]
        if max(r.wins) >= need or abs(lead) > left or left == 0:
            r.winner = "draw" if lead == 0 else (0 if lead > 0 else 1)

    # -- side decking
    def side(self, player: int, outs=(), ins=()) -> None:
        """Apply a player's swaps to their deck (validated; SideDeckError names the cards)."""
        if self.over:
            raise YgosimError("the Match is over: no more side decking")
        outs, ins = list(outs), list(ins)
        if not outs and not ins:
            return
        self.decks[player] = side_swap(self.decks[player], outs, ins, self.side_counts[player],
                                       self.rules, self.allow_unscripted)
        self.sided[player].append((tuple(_card_name(c) for c in outs),
                                   tuple(_card_name(c) for c in ins)))

    def replace_deck(self, player: int, deck) -> None:
        """A side decking given as the whole new deck: same cards, Side Deck count kept."""
        problems = check_same_pool(self.decks[player], deck, self.side_counts[player], self.rules,
                                   self.allow_unscripted)
        if problems:
            raise SideDeckError(problems)
        self.decks[player] = deck
        self.sided[player].append(("(deck replaced)",))

    def apply_side_answer(self, player: int, answer) -> None:
        """What a side decking callback returned: None (keep the deck), a list of
        (out, in) pairs, a dict {"out": [...], "in": [...]}, or the whole new Deck."""
        if answer is None:
            return
        if hasattr(answer, "main") and hasattr(answer, "side"):
            self.replace_deck(player, answer)
        elif isinstance(answer, dict):
            self.side(player, answer.get("out", ()), answer.get("in", ()))
        else:
            pairs = list(answer)
            for x in pairs:
                if not isinstance(x, (list, tuple)) or len(x) != 2:
                    raise SideDeckError([f"{x!r}: a swap is a pair (card out, card in)"])
            self.side(player, [o for o, _ in pairs], [i for _, i in pairs])


def _coin_winner(duel):
    """Who won the coin toss of a Duel (they chose first or second), from its log."""
    from ..engine.observe import log_view
    for line in log_view(duel, None)[:8]:
        if "wins the toss" in line:
            for p in (0, 1):
                if line.endswith(f"; {duel.names[p]} wins the toss"):
                    return p
    return None


# ===================================================================== the loop
def play_duel(deck_a, deck_b, agent_a, agent_b, seed: int, options=None,
              names=("A", "B")) -> tuple:
    d = new_duel(deck_a, deck_b, seed=seed, options=options, names=names)
    agents = (agent_a, agent_b)
    while d.winner is None:
        d.apply(agents[d.pending.player].choose(d))
    return d


def agent_duel(agent_a="random", agent_b="random") -> Callable:
    """A `play_one_duel` that plays a whole Duel between two agents (names or objects). Agents
    given by name are made fresh for each Duel from the Duel's seed."""
    from ..agents import make_agent

    def play(deck_a, deck_b, seed, options, names, game):
        a = make_agent(agent_a, seed) if isinstance(agent_a, str) else agent_a
        b = make_agent(agent_b, seed + 1) if isinstance(agent_b, str) else agent_b
        return play_duel(deck_a, deck_b, a, b, seed, options, names)
    return play


def play_match(deck_a, deck_b, play_one_duel: Callable | None = None, side_deck=None,
               games: int = 3, seed: int = 0, options=None, names=PLAYERS,
               agent_a="random", agent_b="random", on_game: Callable | None = None,
               on_side_error: Callable | None = None,
               allow_unscripted: bool = False) -> MatchResult:
    """Play a Match: up to `games` Duels, first to a majority wins.

    play_one_duel(deck_a, deck_b, seed, options, names, game) -> a finished Duel; by default
    two agents (agent_a, agent_b) play it. `options` for a Duel after the first include
    `chooser` (the previous loser chooses first or second, no coin toss).
    side_deck: one callable for both players or a pair (A's, B's), or None (keep the decks):
    side(player, deck, match) -> None (keep), [(out, in), ...], {"out": [...], "in": [...]}
    or the whole new Deck.
    An invalid answer raises SideDeckError, unless on_side_error(player, error) is given and
    returns True: then the callable is asked again.
    on_game(game_result, match) is called after each Duel. A card sided in that the engine
    cannot play yet is refused (SideDeckError) unless `allow_unscripted`."""
    m = Match(deck_a, deck_b, games, seed, options, names, allow_unscripted=allow_unscripted)
    if play_one_duel is None:
        play_one_duel = agent_duel(agent_a, agent_b)
    if side_deck is None:
        sides = (keep_deck, keep_deck)
    elif callable(side_deck):
        sides = (side_deck, side_deck)
    else:
        sides = tuple(s or keep_deck for s in side_deck)
    while not m.over:
        duel = play_one_duel(m.decks[0], m.decks[1], m.next_seed(), m.options_for_next(),
                             m.names, m.game)
        g = m.record(duel)
        if on_game:
            on_game(g, m)
        if m.over:
            break
        for p in (0, 1):
            while True:
                try:
                    m.apply_side_answer(p, sides[p](p, m.decks[p], m))
                    break
                except SideDeckError as e:
                    if on_side_error is None or not on_side_error(p, e):
                        raise
    return m.result
