"""Reports for deck testers: `ygosim gauntlet`, `ygosim deck odds`, the JSON of `simulate`,
progress bars, and `ygosim bench-env` (environment steps per second)."""
from __future__ import annotations

import json

import click

from ..engine import rules as R
from ..cards.errors import YgosimError
from .cards import deck_group
from .options import (RULES_HELP, AgentChoice, agent_option, allow_unscripted_option,
                      casual_option, check_decks, games_option, jobs_option, rules_option,
                      seed_option)
from .series import pct, progress_bar, ray_option, run_series, series_json, wide_console


# ---------------------------------------------------------------------------- gauntlet
@click.command()
@click.argument("deck")
@click.argument("more", nargs=-1, metavar="")
@click.option("--against", multiple=True, metavar="D1 D2 ...",
              help="The field: the decks DECK plays against (names, .ydk files, ydke:// URLs).")
@games_option(100, "Duels per matchup (seats swap every duel).")
@agent_option("--agent", "heuristic", "The agent playing DECK ('random' for speed tests: "
              "random play says little about a deck).")
@click.option("--opponent-agent", type=AgentChoice(), default=None,
              help="The agent playing the field [the same as --agent].")
@seed_option("Seed of each matchup's series (the same seed plays the same duels).")
@rules_option()
@jobs_option
@ray_option
@casual_option
@allow_unscripted_option
@click.option("--report", "report", type=click.Path(dir_okay=False), default=None,
              help="Write an HTML report with plots (needs matplotlib: pip install -e '.[report]').")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
def gauntlet(deck, more, against, games, agent, opponent_agent, seed, rules, jobs, ray,
             casual, allow_unscripted, report, as_json):
    """DECK against a field of decks: win rates with 95% intervals, going first and second.

    ygosim gauntlet DECK --against D1 D2 ... [--games N] [--agent heuristic] [--report out.html]

    The heuristic bot plays both sides by default; a warning says when a side plays at random.
    """
    from .sim import load_deck_arg
    field = list(against) + list(more)
    if not field:
        raise YgosimError("gauntlet: name the field with --against D1 D2 ...")
    opponent_agent = opponent_agent or agent
    if report:
        from ..analysis.report import check_plotting
        check_plotting()
    mine = load_deck_arg(deck)
    others = [load_deck_arg(f) for f in field]
    found = check_decks({f"deck {name}": d for name, d in zip([deck] + field,
                                                                [mine] + others)},
                        allow_unscripted, rules, casual)
    rows = []
    with progress_bar(games * len(field), "gauntlet", not as_json) as advance:
        for name, other in zip(field, others):
            st = run_series(mine, other, agent, opponent_agent, games, seed, jobs, rules, ray,
                            advance)
            rows.append((name, st))
    out = gauntlet_json(deck, rows, agent, opponent_agent, rules, seed, games)
    out["unscripted"] = found
    if report:
        from ..analysis.report import write_gauntlet_report
        write_gauntlet_report(report, out, rows)
    if as_json:
        click.echo(json.dumps(out))
        return
    for w in out["warnings"]:
        click.echo(w, err=True)
    print_gauntlet(out)
    if report:
        click.echo(f"report: {report}")


def gauntlet_json(deck, rows, agent, opponent_agent, rules, seed, games) -> dict:
    from ..analysis.stats import rate
    from .series import random_play_warning
    warning = random_play_warning((agent, opponent_agent))
    matchups = [series_json(st, deck, name, agent, opponent_agent, rules, seed)
                for name, st in rows]
    wins = sum(st.wins_a for _, st in rows)
    total = sum(st.games for _, st in rows)
    return {"deck": deck, "field": [name for name, _ in rows], "agent": agent,
            "opponent_agent": opponent_agent, "rules": str(R.get_rules(rules)), "seed": seed,
            "games_per_matchup": games, "confidence": 0.95, "interval": "wilson",
            "overall": {"games": total, "wins": wins, **rate(wins, total)},
            "random_play": warning is not None, "warnings": [warning] if warning else [],
            "matchups": matchups}


def print_gauntlet(out: dict) -> None:
    from rich.table import Table
    t = Table(title=f"{out['deck']} (played by {out['agent']}) against the field (played by "
                    f"{out['opponent_agent']}), rules {out['rules']}, seed {out['seed']}; win "
                    "rate [95% interval]")
    for col in ("against", "games", "win rate", "going first", "going second", "draws",
                "mean turns"):
        t.add_column(col, justify="left" if col == "against" else "right")
    for m in out["matchups"]:
        t.add_row(m["deck_b"], str(m["games"]), pct(m["win_rate_a"]), pct(m["a_going_first"]),
                  pct(m["a_going_second"]), str(m["draws"]), f"{m['mean_turns']:.1f}")
    o = out["overall"]
    t.add_row("overall", str(o["games"]), pct(o), "", "", "", "", style="bold")
    wide_console().print(t)


# ---------------------------------------------------------------------------- deck odds
@deck_group.command("odds")
@click.argument("deck")
@click.option("--card", "cards", multiple=True, metavar="NAME",
              help="A card of the Main Deck: the chance of at least one copy in the opening hand.")
@click.option("--group", "groups", multiple=True, metavar="LABEL=NAME,NAME",
              help="A group of cards: the chance of at least one of them ('outs=Dark Hole,Raigeki').")
@click.option("--combo", "combos", multiple=True, metavar="'A + B'",
              help="At least one card of each part; a part is a card name or a --group label.")
@rules_option(RULES_HELP + " It sets the hand sizes (goat: the player going first draws on "
              "turn 1).")
@click.option("--trials", default=100_000, show_default=True, type=click.IntRange(1, 10 ** 8),
              help="Simulated hands per combo.")
@seed_option("Seed of the simulated hands; the same seed draws the same hands.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
def deck_odds(deck, cards, groups, combos, rules, trials, seed, as_json):
    """Opening-hand odds, going first and going second: exact (hypergeometric) for cards and
    groups; exact and by simulation for combos. With no --card/--group/--combo: every card."""
    from .sim import load_deck_arg
    from ..analysis.odds import deck_odds as compute
    d = load_deck_arg(deck)
    out = compute(d, cards, groups, combos, R.get_rules(rules), trials, seed)
    out["deck"] = deck
    if as_json:
        click.echo(json.dumps(out))
        return
    from rich.table import Table
    h = out["hand_sizes"]
    t = Table(title=f"{deck}: {out['deck_size']} cards, rules {out['rules']}: at least one in "
                    f"the opening hand (first: {h['first']} cards, second: {h['second']} cards)")
    simulated = any("simulated" in r for r in out["rows"])
    cols = ["what", "cards", "going first", "going second"]
    if simulated:
        cols += ["simulated first", "simulated second"]
    for col in cols:
        t.add_column(col, justify="left" if col == "what" else "right")
    for row in out["rows"]:
        cells = [row["label"], str(row["copies"]) if "copies" in row else "",
                 f"{100 * row['first']:.2f}%", f"{100 * row['second']:.2f}%"]
        sim = row.get("simulated")
        if simulated:
            cells += [pct(sim["first"]), pct(sim["second"])] if sim else ["", ""]
        t.add_row(*cells)
    wide_console().print(t)
    if simulated:
        click.echo(f"simulated: {trials} hands per column, seed {seed}; [95% interval]")


# ---------------------------------------------------------------------------- bench-env
@click.command("bench-env")
@click.option("--steps", default=20_000, show_default=True, type=click.IntRange(1),
              help="Agent steps per measure.")
@click.option("--envs", default=2, show_default=True, type=click.IntRange(1),
              help="Environments (processes) in the vector.")
@click.option("--opponent", default="random", show_default=True, type=AgentChoice(),
              help="The built-in opponent.")
@click.option("--deck", default="yugi", show_default=True, help="The agent's deck.")
@click.option("--opponent-deck", default="kaiba", show_default=True,
              help="The opponent's deck.")
@rules_option()
@seed_option("Seed of the environments and the random actions.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
def bench_env(steps, envs, opponent, deck, opponent_deck, rules, seed, as_json):
    """DuelEnv steps per second (random legal actions; yugi vs kaiba by default): one core
    (CPU time) and a Gymnasium AsyncVectorEnv of --envs processes (wall-clock time).
    Instructions per step, which the machine's load does not change: tools/env_instructions.sh."""
    try:
        from ..envs.bench import bench_single, bench_vector
    except ImportError:
        raise YgosimError("bench-env needs the extra 'rl': pip install -e '.[rl]'")
    from .sim import load_deck_arg
    rules = str(R.get_rules(rules))
    setup = {"deck": load_deck_arg(deck), "opponent_deck": load_deck_arg(opponent_deck),
             "rules": rules}
    one = bench_single(steps, opponent, seed=seed, **setup)
    vec = bench_vector(steps, envs, opponent, seed=seed, **setup)
    if as_json:
        click.echo(json.dumps({"opponent": opponent, "deck": deck,
                               "opponent_deck": opponent_deck, "rules": rules,
                               "single": one, "vector": vec}))
        return
    click.echo(f"DuelEnv against {opponent}, random legal actions, {deck} vs {opponent_deck}, "
               f"rules {rules}")
    click.echo(f"  one core:    {one['steps_per_second']} steps/s of CPU time "
               f"({one['wall_steps_per_second']} wall clock; {one['steps']} steps, "
               f"{one['episodes']} episodes; {one['engine_decisions_per_second']} engine "
               "decisions/s, both players)")
    click.echo(f"  vector of {envs}: {vec['steps_per_second']} steps/s wall clock "
               f"(AsyncVectorEnv, {vec['steps']} steps)")
    if "worker_cpu_seconds" in vec:
        click.echo(f"    CPU: workers {vec['worker_cpu_seconds']} s, this process "
                   f"{vec['main_cpu_seconds']} s; on idle cores about "
                   f"{vec['cpu_bound_steps_per_second']} steps/s")
    import os
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else None
    if load is not None:
        click.echo(f"  load average now: {load:.2f} on {os.cpu_count()} cores "
                   "(wall-clock figures fall when other work runs)")
