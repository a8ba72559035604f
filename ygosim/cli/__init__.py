"""The `ygosim` command line: the group `main` (the console script `ygosim` and `python -m
ygosim`), and the commands, each defined in its own module of this package, added to it."""
from __future__ import annotations

import sys

import click

from ..cards.errors import YgosimError
from ..cards.safetext import printable


class _Group(click.Group):
    """Turns YgosimError (bad input) into a clear message and exit status 2."""

    def parse_args(self, ctx, args):
        for arg in args:
            if "\0" in arg:       # no shell passes one; a file name with one cannot be opened
                raise click.UsageError(f"the argument '{printable(arg)[:40]}' holds a NUL byte",
                                       ctx)
        return super().parse_args(ctx, args)

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except YgosimError as e:
            # the message may quote a file name or text read from a file: printed escaped
            text = "\n".join(printable(line) for line in str(e).split("\n"))
            click.echo(f"error: {text}", err=True)
            sys.exit(2)


@click.group(cls=_Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="ygosim")
def main():
    """ygosim: a Yu-Gi-Oh! TCG duel simulator."""


# the commands, each defined in the module of its front end or area (they do not import this
# module: the group is built here and the commands added to it)
from . import cards, match, puzzle, reports, sim, terminal, web  # noqa: E402

for _command in (sim.simulate, sim.bench, sim.scenario, cards.cards_group, cards.deck_group,
                 match.match, terminal.duel, terminal.replay_cmd, reports.gauntlet,
                 reports.bench_env, web.serve, puzzle.puzzle):
    main.add_command(_command)
