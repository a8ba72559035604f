"""`ygosim simulate`, `ygosim bench`, `ygosim scenario`."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from .options import (agent_option, allow_unscripted_option, casual_option, check_decks,
                      deck_or_default, games_option, jobs_option, rules_option, seed_option)
from .series import pct, ray_option, rules_options


def load_deck_arg(ref: str):
    from ..formats.deck import load_deck
    return load_deck(ref)


DECK_HELP = "Deck A: a built-in deck (yugi, kaiba, masters, goat-control...; yugi, kaiba and " \
    "masters are not legal Goat decks), a .ydk file or a ydke:// URL. Default: yugi " \
    "(goat-control under --rules goat)."
OPPONENT_HELP = "Deck B (the same forms as --deck). Default: kaiba (chaos-turbo under --rules " \
    "goat)."


@click.command()
@click.option("--deck", "deck_a", default=None, help=DECK_HELP)
@click.option("--opponent", "deck_b", default=None, help=OPPONENT_HELP)
@agent_option("--agent-a", "heuristic", "The agent playing deck A ('random' for speed "
              "tests: random play says little about a deck).")
@agent_option("--agent-b", "heuristic", "The agent playing deck B.")
@games_option(100, "How many duels (seats swap every duel).")
@seed_option("Seed of the series: game i is played with a seed made from it and i; the same "
             "seed plays the same duels.")
@jobs_option
@rules_option()
@casual_option
@allow_unscripted_option
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
@ray_option
def simulate(deck_a, deck_b, agent_a, agent_b, games, seed, jobs, rules, casual,
             allow_unscripted, as_json, ray):
    """Play N seat-swapped duels between two agents (the heuristic bot by default) and print
    the results; a warning says when a deck is played at random."""
    from .series import progress_bar, random_play_warning, run_series, series_json
    deck_a, deck_b = deck_or_default(deck_a, rules, 0), deck_or_default(deck_b, rules, 1)
    a, b = load_deck_arg(deck_a), load_deck_arg(deck_b)
    labels = (f"deck A ({a.name})", f"deck B ({b.name})")
    found = check_decks(dict(zip(labels, (a, b))), allow_unscripted, rules, casual)
    unscripted = {"A": found.get(labels[0], []), "B": found.get(labels[1], [])}
    with progress_bar(games, "duels", not as_json) as advance:
        st = run_series(a, b, agent_a, agent_b, games, seed, jobs, rules, ray, advance)
    out = st.as_dict()
    if as_json:
        out = series_json(st, deck_a, deck_b, agent_a, agent_b, rules, seed, jobs=jobs, ray=ray)
        out["unscripted"] = unscripted
        click.echo(json.dumps(out))
        return
    g = st.games
    warning = random_play_warning((agent_a, agent_b))
    if warning:
        click.echo(warning, err=True)
    click.echo(f"{g} duels: {deck_a} (played by {agent_a}) vs {deck_b} (played by {agent_b}), "
               "seats swapped")
    click.echo(f"  wins A: {st.wins_a} ({100 * st.wins_a / g:.1f}%)  wins B: {st.wins_b} "
               f"({100 * st.wins_b / g:.1f}%)  draws: {st.draws}")
    click.echo(f"  A going first: {pct(out['a_going_first'])}  going second: "
               f"{pct(out['a_going_second'])}  (A's win rate, 95% interval)")
    click.echo(f"  mean turns: {out['mean_turns']}  duels/s: {out['duels_per_second']}")
    click.echo("  endings: " + ", ".join(f"{k}: {v}" for k, v in sorted(st.reasons.items())))


@click.command()
@click.option("--deck", "deck_a", default="yugi", show_default=True, help=DECK_HELP)
@click.option("--opponent", "deck_b", default="kaiba", show_default=True,
              help="Deck B (the same forms as --deck).")
@games_option(200, "How many random-vs-random duels to time.")
@seed_option("Seed of the first duel (duel i uses seed + i).")
@rules_option()
@agent_option("--agent", "random", "Also time duels with this bot on both seats (heuristic, "
              "search...), beside the random figure.")
@click.option("--agent-games", type=click.IntRange(1), default=4, show_default=True,
              help="How many duels the --agent bot plays.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
def bench(deck_a, deck_b, games, seed, rules, agent, agent_games, as_json):
    """Random-vs-random speed on one core (yugi vs kaiba by default) and the cost of clone();
    with --agent, the same for duels a bot plays on both seats. Times are the process's CPU
    time. Cards the engine cannot play yet play without their effects here (a speed test)."""
    from ..analysis.sim import bench as run_bench, bench_agent
    a, b = load_deck_arg(deck_a), load_deck_arg(deck_b)
    r = run_bench(a, b, games, seed, rules_options(rules))
    if agent != "random":
        r["bot"] = bench_agent(a, b, agent, agent_games, seed, rules_options(rules))
    if as_json:
        click.echo(json.dumps(r))
        return
    click.echo(f"duels per second (one core):      {r['duels_per_second']}")
    click.echo(f"  without duel set-up:             {r['duels_per_second_without_setup']}")
    click.echo(f"decisions per second:             {r['decisions_per_second']}")
    click.echo(f"mean decisions per duel:          {r['mean_decisions']}")
    click.echo(f"mean turns per duel:              {r['mean_turns']}")
    click.echo(f"mean clone() cost:                {r['clone_us']} us")
    bot = r.get("bot")
    if bot:
        click.echo(f"{bot['agent']} on both seats ({bot['games']} duels):")
        click.echo(f"  duels per CPU-second:           {bot['duels_per_second']} "
                   f"(random: {r['duels_per_second']})")
        click.echo(f"  CPU seconds per duel:           {bot['cpu_seconds_per_duel']}")
        click.echo(f"  ms per decision:                {bot['ms_per_decision']} "
                   f"({bot['mean_decisions']} decisions, {bot['mean_turns']} turns per duel)")


@click.command()
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False))
@click.option("-v", "--verbose", is_flag=True, help="Print the duel log of failing scenarios.")
def scenario(files, verbose):
    """Run scenario files; PASS/FAIL per file. Exit 0 all pass, 1 a failure, 2 bad file."""
    from ..play.scenario import run_scenario_file, ScenarioError
    failed = False
    bad = False
    for f in files:
        try:
            r = run_scenario_file(f)
        except ScenarioError as e:
            click.echo(f"error: {e}", err=True)
            bad = True
            continue
        except Exception as e:  # an engine fault is a failed scenario, reported, not a crash
            import traceback
            where = traceback.extract_tb(e.__traceback__)[-1]
            click.echo(f"FAIL {f}: engine error {type(e).__name__}: {e} "
                       f"({Path(where.filename).name}:{where.lineno})")
            failed = True
            continue
        click.echo(r.line())
        if not r.passed:
            failed = True
            if verbose and r.duel is not None:
                from ..engine.observe import log_view
                for line in log_view(r.duel, None)[-30:]:     # the author sees it all
                    click.echo(f"    {line}")
    sys.exit(2 if bad else (1 if failed else 0))
