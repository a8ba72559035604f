"""The `ygosim` command line: the group `main` (the console script `ygosim` and `python -m
ygosim`), and the commands, each defined in its own module of this package, added to it."""
from __future__ import annotations

import sys

import click

from ..cards.errors import YgosimError
from ..cards.safetext import printable


# the commands: name -> (module of this package, attribute[, modules that add subcommands to
# it]). A command's modules are imported when the command is used (or listed by --help):
# `ygosim --version` and a command's own start do not pay for the other front ends (the web
# server, the terminal table).
COMMANDS = {
    "simulate": ("sim", "simulate"), "bench": ("sim", "bench"), "scenario": ("sim", "scenario"),
    "cards": ("cards", "cards_group"), "deck": ("cards", "deck_group", ("reports",)),   # (reports adds `deck odds`)
    "match": ("match", "match"), "duel": ("terminal", "duel"),
    "replay": ("terminal", "replay_cmd"), "gauntlet": ("reports", "gauntlet"),
    "bench-env": ("reports", "bench_env"), "serve": ("web", "serve"),
    "puzzle": ("puzzle", "puzzle"),
}


class _Group(click.Group):
    """Turns YgosimError (bad input) into a clear message and exit status 2; finds its
    commands in COMMANDS, importing each one's module when it is asked for."""

    def list_commands(self, ctx):
        return sorted(set(COMMANDS) | set(self.commands))

    def get_command(self, ctx, name):
        if name not in self.commands and name in COMMANDS:
            module, attr, *also = COMMANDS[name]
            from importlib import import_module
            for extra in also[0] if also else ():
                import_module(f"{__name__}.{extra}")
            self.commands[name] = getattr(import_module(f"{__name__}.{module}"), attr)
        return self.commands.get(name)

    def parse_args(self, ctx, args):
        for arg in args:
            if "\0" in arg:      # no shell passes one; a file name with one cannot be opened
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
