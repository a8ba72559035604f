"""The `ygosim` command line. Each front end adds its commands in its own module."""
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


def _register():
    from . import commands  # noqa: F401  (each module adds its commands to `main`)


_register()
