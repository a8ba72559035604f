"""`ygosim match`: a headless Match (best of N Duels) between two agents."""
from __future__ import annotations

import json

import click

from .sim import DECK_HELP, OPPONENT_HELP, load_deck_arg
from .options import (agent_option, allow_unscripted_option, casual_option, check_decks,
                      deck_or_default, rules_option, seed_option)
from .series import progress_bar, rules_options


@click.command()
@click.option("--deck", "deck_a", default=None, help=DECK_HELP)
@click.option("--opponent", "deck_b", default=None, help=OPPONENT_HELP)
@click.option("--games-per-match", "games", default=3, show_default=True,
              type=click.IntRange(1, 99),
              help="The most Duels the Match can take (first to a majority wins).")
@agent_option("--agent-a", "random", "The agent playing deck A.")
@agent_option("--agent-b", "random", "The agent playing deck B.")
@seed_option("The Match seed; each Duel's seed is derived from it.")
@rules_option()
@casual_option
@allow_unscripted_option
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
def match(deck_a, deck_b, games, agent_a, agent_b, seed, rules, casual, allow_unscripted,
          as_json):
    """Play a Match between two agents: who went first, the winner, why and the turns of
    each Duel, and the Match result. Agents keep their decks between Duels."""
    from ..play.match import play_match
    deck_a, deck_b = deck_or_default(deck_a, rules, 0), deck_or_default(deck_b, rules, 1)
    a, b = load_deck_arg(deck_a), load_deck_arg(deck_b)
    labels = (f"deck A ({a.name})", f"deck B ({b.name})")
    found = check_decks(dict(zip(labels, (a, b))), allow_unscripted, rules, casual)
    unscripted = {"A": found.get(labels[0], []), "B": found.get(labels[1], [])}
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
                       agent_a=agent_a, agent_b=agent_b, on_game=show,
                       allow_unscripted=allow_unscripted)
    if as_json:
        out = {"deck_a": deck_a, "deck_b": deck_b, "agent_a": agent_a, "agent_b": agent_b,
               "seed": seed, "rules": rules or "v10", "unscripted": unscripted}
        out.update(r.as_dict(names))
        click.echo(json.dumps(out))
        return
    click.echo(r.line(names))
