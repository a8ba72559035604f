"""What the commands that play series of duels share (simulate, gauntlet, match): progress
bars, the --ray option, running a series, and its JSON."""
from __future__ import annotations

import sys
from contextlib import contextmanager

import click

from ..engine import rules as R


# ---------------------------------------------------------------------------- progress bars
@contextmanager
def progress_bar(total: int, label: str = "duels", enabled: bool = True, console=None):
    """A rich progress bar on stderr, yielding advance(n=1); yields None (no bar) when not
    enabled or when stderr is not a terminal. `console` (a rich Console) is for tests."""
    if not enabled or (console is None and not sys.stderr.isatty()):
        yield None
        return
    from rich.console import Console
    from rich.progress import (BarColumn, MofNCompleteColumn, Progress, TextColumn,
                               TimeElapsedColumn, TimeRemainingColumn)
    bar = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                   TimeElapsedColumn(), TimeRemainingColumn(),
                   console=console or Console(stderr=True), transient=True)
    task = bar.add_task(label, total=total)
    with bar:
        yield lambda n=1: bar.advance(task, n)


def wide_console():
    """A console for tables: the terminal's width, or wide enough not to wrap into a file."""
    from rich.console import Console
    return Console() if sys.stdout.isatty() else Console(width=200)


def ray_option(f):
    return click.option(
        "--ray", "ray", is_flag=False, flag_value="local", default=None, metavar="[ADDRESS]",
        help="Run on a Ray cluster: alone, a Ray started here for this run; 'auto' the cluster "
             "this machine joined (ray start); or HEAD:6379 / ray://HEAD:10001. Same results "
             "as --jobs for the same seed.")(f)


# ---------------------------------------------------------------------------- simulate
def rules_options(rules: str | None) -> dict:
    return {"rules": str(rules)} if rules else {}


def run_series(deck_a, deck_b, agent_a, agent_b, games, seed, jobs, rules, ray, progress):
    """One seat-swapped series (simulate, and each matchup of a gauntlet)."""
    from ..analysis.sim import simulate
    return simulate(deck_a, deck_b, agent_a, agent_b, games, seed, jobs, rules_options(rules),
                    progress, ray=ray)


def random_play_warning(agents) -> str | None:
    """The warning of a series in which a deck is played by the random agent (None if none
    is): random play says little about a deck."""
    who = sorted({str(a) for a in agents if str(a) == "random"})
    if not who:
        return None
    return ("warning: random play (the agent 'random' chooses among the legal answers at "
            "random): most such duels end by deck-out and the win rates say little about the "
            "decks; the heuristic bot is the default (--agent heuristic)")


def series_json(st, deck_a: str, deck_b: str, agent_a: str, agent_b: str, rules, seed: int,
                **more) -> dict:
    """A series as JSON: what was played (decks, agents, rules, seed) and its figures: win
    rates with 95% Wilson intervals, and deck A going first and second. "warnings" says when
    the series is random play."""
    warning = random_play_warning((agent_a, agent_b))
    out = {"deck_a": deck_a, "deck_b": deck_b, "agent_a": agent_a, "agent_b": agent_b,
           "rules": str(R.get_rules(rules)), "seed": seed, "confidence": 0.95,
           "interval": "wilson", "random_play": warning is not None,
           "warnings": [warning] if warning else []}
    out.update(more)
    out.update(st.as_dict())
    return out


def pct(r: dict) -> str:
    if r["rate"] is None:
        return "-"
    return f"{100 * r['rate']:.1f}% [{100 * r['low']:.1f}, {100 * r['high']:.1f}]"
