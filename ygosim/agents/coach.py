"""The coach: the search bot's estimate of each of a player's answers, and a review of a duel.

    hints(duel)                   -> [Hint, ...], best first, for the player who decides now
    review(decisions, top=5)      -> [Mistake, ...]: the decisions where the estimate dropped most

A hint is what the search bot would think in the player's seat: it deals the cards the player
cannot see again (`determinize`, the bot's own way of imagining them) and runs its simulations
for every legal answer alike (the same number in the same worlds, none dropped), from what that
player may know only. The worlds come from a generator seeded by the coach's seed alone (not by
the duel's seed, the decision count or anything a player cannot see), so two duels that look
the same to the player get the same hints. A win this turn that the win finder sees for sure
has the win rate 1 (the answer that starts it).

What the number is: an estimated *win rate*, the chance that the player wins the duel after
this answer. Each simulation plays the answer on to a horizon (the start of the player's next
turn, a turn further when LP are low) and counts where it stops: 1 for a duel won, 0 for a duel
lost, and for a board not decided yet the chance that a player wins from such a board
(calibration.win_chance: a logistic function of the bot's evaluation of it, fitted on finished
duels by tools/fit_win_rate.py). The win rate is the mean over the simulations, shown as a
percentage with their number and how many of them ended the duel won and lost.

The coach is off unless a player asks (the table records when it was asked: replays say so).
"""
from __future__ import annotations

from dataclasses import dataclass

from ..engine.observe import option_texts_for, describe
from ..engine.rng import Rng
from .search import SearchAgent

# The coach's budgets: a hint is one decision of the normal bot (every answer searched, none
# dropped); a review looks at every decision of a duel, so it thinks less per decision.
HINT = {"level": "normal"}
REVIEW = {"level": "normal", "sims": 192, "worlds": 16}


@dataclass
class Hint:
    index: int          # the answer's index in the pending decision
    text: str           # its grammar text, as the player sees it
    say: str            # in plain words
    value: float | None  # the estimated win rate (0..1: the mean over the simulations of
                        # the player's chance where each stopped, see the module's text);
                        # None: not estimated (a selection of very many answers: only 32 are)
    sims: int           # simulations behind it
    wins_now: bool      # it starts a line that wins this turn in every imagined world
    won: int = 0        # simulations that ended the duel with the player's win
    lost: int = 0       # ... with the player's loss (the rest stopped undecided)

    def as_dict(self) -> dict:
        return {"index": self.index, "text": self.text, "say": self.say,
                "value": None if self.value is None else round(self.value, 4),
                "sims": self.sims, "wins_now": self.wins_now, "won": self.won,
                "lost": self.lost}

    def line(self) -> str:
        what = "wins this turn" if self.wins_now else \
            "?" if self.value is None else f"win {percent(self.value)}"
        return f"{what:>14}  {self.text}  ({sims_words(self.sims, self.won, self.lost)})"


def percent(value: float | None) -> str:
    """An estimated win rate as shown: 0% to 100%."""
    return "?" if value is None else f"{value * 100:.0f}%"


def sims_words(sims: int, won: int, lost: int) -> str:
    """How many simulations back a win rate and how many of them ended the duel."""
    if not sims:
        return "not simulated"
    return (f"{sims} simulations: won {won}, lost {lost}, "
            f"{sims - won - lost} undecided at the horizon")


@dataclass
class Mistake:
    turn: int
    question: str
    played: str
    played_value: float
    better: str
    better_value: float

    @property
    def drop(self) -> float:
        return self.better_value - self.played_value

    def as_dict(self) -> dict:
        return {"turn": self.turn, "question": self.question, "played": self.played,
                "played_value": round(self.played_value, 4), "better": self.better,
                "better_value": round(self.better_value, 4), "drop": round(self.drop, 4)}

    def line(self) -> str:
        return (f"turn {self.turn}, {self.question}: you played {self.played} "
                f"(win {percent(self.played_value)}); {self.better} was better "
                f"(win {percent(self.better_value)})")


def _coach(cfg: dict, seed: int) -> SearchAgent:
    kw = dict(cfg)
    return SearchAgent(seed, time_limit=1e9, **kw)


def hints(duel, seed: int = 0, cfg: dict | None = None) -> list[Hint]:
    """The estimate of each legal answer of the pending decision, for the player who decides,
    best first (ties in the order of the answers)."""
    dec = duel.pending
    p = dec.player
    agent = _coach(cfg or HINT, seed)
    est = agent.estimate(duel, Rng((seed * 2654435761) ^ 0xC0AC4))
    texts = option_texts_for(duel, dec, p)
    out = []
    for i, (value, sims, wins, won, lost) in est.items():
        out.append(Hint(i, texts[i], describe(duel, dec.options[i], p, dec), value, sims,
                        wins, won, lost))
    out.sort(key=lambda h: (h.value is None, -(h.value or 0.0), h.index))
    return out


def review(decisions, seed: int = 0, top: int = 5, least: float = 0.03,
           cfg: dict | None = None) -> list[Mistake]:
    """`decisions`: (duel before the decision, the index answered) of one player, in order.
    The `top` decisions where the answer played was estimated worst against the best answer
    (by at least `least`), the biggest drop first."""
    found = []
    for d, played in decisions:
        dec = d.pending
        if len(dec.options) < 2:
            continue
        hs = hints(d, seed, cfg or REVIEW)
        best = hs[0]
        mine = next(h for h in hs if h.index == played)
        if mine.value is None:
            continue
        if best.value - mine.value >= least and best.index != played:
            question = (dec.prompt or dec.kind).strip()
            found.append(Mistake(d.turn, question, mine.text, mine.value, best.text,
                                 best.value))
    found.sort(key=lambda m: -m.drop)
    return found[:top]


__all__ = ["Hint", "Mistake", "hints", "review", "percent", "sims_words", "HINT", "REVIEW"]
