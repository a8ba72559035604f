""""Win this turn" puzzles: an agent plays one side's turn from a set-up position.

A puzzle is a scenario file (../shared/scenario-format.md) read for its set-up: the agent
plays the turn player's side from there to the end of that turn, and the puzzle is solved if
the agent wins before the turn ends. The other side (the defender) only passes, except where
the puzzle's `script` says what it does: each script line is the defender's, used at the first
of its decisions the line fits (a Trap it springs, the target it then chooses), in order.
Where the defender must answer and cannot pass (a selection, a position), it takes the first
legal answer. The defender's Deck and hand are what the agent may imagine its face-down cards
to be (determinize deals them again from those cards), so a puzzle lists them.

    result = run_puzzle_file(path, agent)     # PuzzleResult(name, solved, reason, moves)
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ..engine.decision import RESPONSE, YESNO, POSITION
from ..engine.text import match, option_texts
from .scenario import ScenarioError, build, load_scenario

MAX_DECISIONS = 3000


@dataclass
class PuzzleResult:
    name: str
    solved: bool
    reason: str = ""
    moves: list = field(default_factory=list)    # the agent's answers, in the grammar
    duel: object = None

    def line(self) -> str:
        if self.solved:
            return f"SOLVED {self.name} ({len(self.moves)} decisions)"
        return f"FAILED {self.name}: {self.reason}"


def load_puzzle(path) -> dict:
    """A puzzle file: a valid scenario whose script lines are the defender's only."""
    doc = load_scenario(path)
    attacker = doc.get("turn_player", "A")
    for i, entry in enumerate(doc.get("script") or []):
        (who, _), = entry.items()
        if who != "AB"[1 - "AB".index(attacker)]:
            raise ScenarioError(f"{path}: key `script[{i}]`: a puzzle's script holds the "
                                f"defender's answers only (the agent plays {attacker})")
    return doc


def run_puzzle_file(path, agent) -> PuzzleResult:
    return run_puzzle(load_puzzle(path), agent, str(path))


def run_puzzle(doc: dict, agent, where: str = "<puzzle>") -> PuzzleResult:
    """The agent (anything with choose(duel)) plays the turn player's side of the puzzle."""
    d = build(doc, where)
    me = d.tp
    turn = d.turn
    script = [line for entry in (doc.get("script") or []) for line in entry.values()]
    moves = []
    for _ in range(MAX_DECISIONS):
        if d.winner is not None or d.turn != turn:
            break
        dec = d.pending
        if dec.player == me:
            opt = agent.choose(d)
            i = dec.options.index(opt)
            moves.append(option_texts(d, dec)[i])
            d.apply(i)
            continue
        d.apply(_defend(d, dec, script))
    if d.winner == me:
        return PuzzleResult(doc["name"], True, "", moves, d)
    if d.winner is not None:
        why = "a draw" if d.winner == "draw" else f"the defender won ({d.win_reason})"
        return PuzzleResult(doc["name"], False, why, moves, d)
    return PuzzleResult(doc["name"], False,
                        f"the turn ended with the defender at {d.lp[1 - me]} LP", moves, d)


def _defend(d, dec, script: list) -> int:
    """The defender's answer: the next script line if it fits, else pass, else the first."""
    if script:
        fits, err = match(d, dec, script[0])
        if fits and not err:
            script.pop(0)
            return dec.options.index(fits[0])
    if dec.kind in (RESPONSE, YESNO):
        for i, o in enumerate(dec.options):
            if o.verb in ("pass", "no"):
                return i
    if dec.kind == POSITION:
        for i, o in enumerate(dec.options):
            if o.arg == "defense":
                return i
    return 0
