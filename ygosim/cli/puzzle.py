"""`ygosim puzzle`: "win this turn" positions played by an agent."""
from __future__ import annotations

import sys

import click

from .options import agent_option, seed_option


@click.command()
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False))
@agent_option("--agent", "search", "The agent that plays the turn.", dest="agent_name")
@seed_option("The agent's seed.", default=1)
@click.option("-v", "--verbose", is_flag=True, help="Print the agent's answers.")
def puzzle(files, agent_name, seed, verbose):
    """Let an agent play the turn of each puzzle; SOLVED if it wins that turn. Exit 0 all
    solved, 1 some not, 2 a file cannot be read."""
    from ..agents import make_agent
    from ..play.puzzle import load_puzzle, run_puzzle
    from ..play.scenario import ScenarioError
    bad = False
    solved = total = 0
    for f in files:
        try:
            doc = load_puzzle(f)
        except ScenarioError as e:
            click.echo(f"error: {e}", err=True)
            bad = True
            continue
        r = run_puzzle(doc, make_agent(agent_name, seed), f)
        total += 1
        solved += r.solved
        click.echo(r.line())
        if verbose:
            click.echo("    " + "; ".join(r.moves))
    if total:
        click.echo(f"{solved}/{total} solved by {agent_name}")
    sys.exit(2 if bad else (0 if solved == total else 1))
