"""Command-line options that several commands share, each with its help text: the rule set,
--allow-unscripted, agents by name, seeds, game counts, --jobs.

    @click.command()
    @rules_option()
    @allow_unscripted_option
    @agent_option("--agent-a", "random", "The agent playing deck A.")
    def simulate(rules, allow_unscripted, agent_a): ...

and, where duels are played, the shared check of the decks (ygosim.formats.rules): legality
under a format with lists (goat; not with --casual), then playability of the Main and Extra
Deck (refused, or a warning with --allow-unscripted), then a warning for Side Deck cards not
yet playable:

    found = check_decks({"deck A": a, "deck B": b}, allow_unscripted, rules, casual)
"""
from __future__ import annotations

import click

from ..engine.rules import NAMES as RULE_NAMES

MAX_GAMES = 1_000_000
MAX_JOBS = 256
SEED_LIMIT = 2 ** 256

RULES_HELP = ("The rule set: v10 (Official Rulebook Version 10, Master Rule 4; the default), "
              "2020 (its April 2020 revision) or goat (the TCG of April 2005).")


def rules_option(help: str = RULES_HELP, **kw):
    """--rules: one of ygosim.engine.rules.NAMES."""
    return click.option("--rules", type=click.Choice(RULE_NAMES), default=None,
                        help=help, **kw)


allow_unscripted_option = click.option(
    "--allow-unscripted", "allow_unscripted", is_flag=True,
    help="Play decks with cards the engine cannot play yet (cards with no script, played "
         "without their effects) instead of refusing them; a warning names them.")


casual_option = click.option(
    "--casual", is_flag=True,
    help="Casual play: do not check the decks against the format's lists (goat: the April "
         "2005 Forbidden/Limited list, its card pool and deck sizes), which every duel "
         "otherwise does.")


class AgentChoice(click.Choice):
    """The agents' names (ygosim.agents.AGENTS), looked up when first needed: listing them in
    help or checking a value imports the agents, nothing else does."""

    def __init__(self):
        super().__init__((), case_sensitive=True)

    @property
    def choices(self):
        from ..agents import AGENTS
        return tuple(sorted(AGENTS))

    @choices.setter
    def choices(self, value):
        pass


def agent_option(flag: str, default: str, help: str, dest: str | None = None):
    args = (flag, dest) if dest else (flag,)
    return click.option(*args, type=AgentChoice(), default=default, show_default=True,
                        help=help)


def seed_option(help: str = "Seed of the random numbers: the same seed plays the same duels.",
                default=0):
    return click.option("--seed", type=int, default=default, show_default=default is not None,
                        help=help, callback=_seed_in_range)


def _seed_in_range(ctx, param, value):
    if value is not None and not -SEED_LIMIT < value < SEED_LIMIT:
        raise click.BadParameter("a seed is a whole number below 2**256")
    return value


def games_option(default: int, help: str):
    return click.option("--games", default=default, show_default=True,
                        type=click.IntRange(1, MAX_GAMES), help=help)


jobs_option = click.option(
    "--jobs", default=1, show_default=True, type=click.IntRange(1, MAX_JOBS),
    help="Processes to play on (duels are shared out; the results do not depend on it).")


def check_decks(decks: dict, allow_unscripted: bool, rules=None, casual: bool = False) -> dict:
    """Where duels are played: refuse decks that are not legal under the format's lists
    (goat; unless `casual`) and decks whose Main or Extra Deck the engine cannot play (a
    YgosimError: exit status 2), or with --allow-unscripted print a warning on stderr; warn
    about Side Deck cards not yet playable. Returns {label: [names of the Main and Extra Deck
    cards not playable]} (for --json). See ygosim.formats.rules."""
    from ..formats.rules import (require_legal, require_playable, side_not_playable,
                                 side_warning, unscripted_warning)
    require_legal(decks, rules, casual)
    found = require_playable(decks, allow_unscripted, rules)
    if found:
        click.echo(unscripted_warning(found), err=True)
    side = side_not_playable(decks, rules)
    if side:
        click.echo(side_warning(side), err=True)
    return found


def deck_or_default(ref: str | None, rules, seat: int) -> str:
    """A deck option's value, or when it was not given the rule set's default deck for that
    seat (0: yours or deck A; 1: the opponent's): ygosim.formats.deck.default_decks."""
    from ..formats.deck import default_decks
    return ref if ref is not None else default_decks(rules)[seat]
