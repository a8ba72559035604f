"""`ygosim match`: a headless Match (best of N Duels) between two agents."""
from __future__ import annotations

import json

import click

from ..cli import main
from .cli_sim import load_deck_arg, rules_options
from .series import progress_bar


@main.command()
@click.option("--deck", "deck_a", default="yugi", show_default=True,
              help="Deck A: yugi, kaiba, masters, a .ydk path or a ydke:// URL.")
@click.option("--opponent", "deck_b", default="kaiba", show_default=True, help="Deck B.")
@click.option("--games-per-match", "games", default=3, show_default=True, type=click.IntRange(1),
              help="The most Duels the Match can take (first to a majority wins).")
@click.option("--agent-a", default="random", show_default=True, help="Agent playing deck A.")
@click.option("--agent-b", default="random", show_default=True, help="Agent playing deck B.")
@click.option("--seed", default=0, show_default=True, type=int,
              help="The Match seed; each Duel's seed is derived from it.")
@click.option("--rules", type=click.Choice(["v10", "2020"]), default=None)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
def match(deck_a, deck_b, games, agent_a, agent_b, seed, rules, as_json):
    """Play a Match between two agents: who went first, the winner, why and the turns of
    each Duel, and the Match result. Agents keep their decks between Duels."""
    from ..agents import make_agent
    from ..match import play_match
    a, b = load_deck_arg(deck_a), load_deck_arg(deck_b)
    make_agent(agent_a)
    make_agent(agent_b)
    names = ("A", "B")

    def show(g, m):
        if advance:
            advance()
        if not as_json:
            click.echo(g.line(names))

    if not as_json:
        click.echo(f"Match (best of {games}): A = {deck_a} ({agent_a}), "
                   f"B = {deck_b} ({agent_b}), seed {seed}")
    with progress_bar(games, "duels", not as_json) as advance:
        r = play_match(a, b, games=games, seed=seed, options=rules_options(rules), names=names,
                       agent_a=agent_a, agent_b=agent_b, on_game=show)
    if as_json:
        out = {"deck_a": deck_a, "deck_b": deck_b, "agent_a": agent_a, "agent_b": agent_b,
               "seed": seed, "rules": rules or "v10"}
        out.update(r.as_dict(names))
        click.echo(json.dumps(out))
        return
    click.echo(r.line(names))
