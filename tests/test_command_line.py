"""The command line's shape (issue 11): -h everywhere, help text on every option, rule sets
and agents by name, --json where a person or a script reads the answer."""
from __future__ import annotations

import json

import click
import pytest
from click.testing import CliRunner

from test_formats_support import home  # noqa: F401  (fixture)
from ygosim.agents import AGENTS
from ygosim.cli import main
from ygosim.engine.rules import NAMES

pytestmark = pytest.mark.usefixtures("home")


def commands(group=main, path=()):
    for name, cmd in sorted(group.commands.items()):
        yield path + (name,), cmd
        if isinstance(cmd, click.Group):
            yield from commands(cmd, path + (name,))


ALL = list(commands())


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


@pytest.mark.parametrize("path", [p for p, _ in ALL] + [()], ids=lambda p: " ".join(p) or "ygosim")
def test_dash_h_everywhere(path):
    for flag in ("-h", "--help"):
        result = run(*path, flag)
        assert result.exit_code == 0, result.output
        assert result.output.startswith("Usage: ")


@pytest.mark.parametrize("path, cmd", ALL, ids=lambda x: " ".join(x) if isinstance(x, tuple) else "")
def test_every_option_and_command_has_help(path, cmd):
    assert cmd.help, f"{' '.join(path)}: no help"
    for param in cmd.params:
        if isinstance(param, click.Option):
            assert param.help, f"{' '.join(path)} {param.opts[0]}: no help text"


def test_rules_options_offer_every_rule_set():
    for path, cmd in ALL:
        for param in cmd.params:
            if param.name == "rules" and isinstance(param, click.Option):
                assert isinstance(param.type, click.Choice), path
                assert tuple(param.type.choices) == NAMES, path


def test_agent_names_are_listed_in_help():
    out = run("simulate", "-h").output
    assert f"[{'|'.join(sorted(AGENTS))}]" in out
    result = run("simulate", "--agent-a", "nobody", "--games", "1")
    assert result.exit_code == 2 and "'nobody' is not one of" in result.output


@pytest.mark.parametrize("args, message", [
    (["simulate", "--games", "0"], "--games"),
    (["simulate", "--games", str(10 ** 30)], "--games"),
    (["simulate", "--jobs", "100000"], "--jobs"),
    (["simulate", "--seed", str(2 ** 300)], "a seed is a whole number below 2**256"),
    (["match", "--games-per-match", "1000"], "--games-per-match"),
    (["cards", "search", "x", "--limit", "0"], "--limit"),
    (["simulate", "--rules", "goat2"], "'goat2' is not one of 'v10', '2020', 'goat'"),
])
def test_option_values_out_of_range_are_refused(args, message):
    result = run(*args)
    assert result.exit_code == 2 and message in result.output
    assert "Traceback" not in result.output


def test_deck_show_json():
    out = json.loads(run("deck", "show", "goat-control", "--rules", "goat", "--json").output)
    assert out["deck"] == "goat-control" and out["sizes"] == {"main": 40, "extra": 15, "side": 0}
    main = {c["name"]: c for c in out["sections"]["main"]}
    assert main["Book of Moon"]["copies"] == 3 and main["Sangan"]["copies"] == 1
    assert sum(c["copies"] for c in out["sections"]["extra"]) == 15


def test_cards_show_and_search_json():
    out = json.loads(run("cards", "show", "Dark Magician", "--json").output)
    assert (out["name"], out["atk"], out["def"], out["level"], out["playable"]) == \
        ("Dark Magician", 2500, 2100, 7, True)
    out = json.loads(run("cards", "search", "magician", "--json", "--limit", "2").output)
    assert out["count"] > 2 and len(out["cards"]) == 2
    everything = json.loads(run("cards", "search", "magician", "--json").output)
    assert "Dark Magician" in [c["name"] for c in everything["cards"]]
    assert everything["cards"][:2] == out["cards"]


def test_cards_show_under_goat_rules_gives_the_2005_text():
    current = json.loads(run("cards", "show", "Sangan", "--json").output)
    goat = json.loads(run("cards", "show", "Sangan", "--rules", "goat", "--json").output)
    assert current["text"] and goat["text"] and current["text"] != goat["text"]
    plain = run("cards", "show", "Sangan", "--rules", "goat").output
    assert "(as in Goat format (TCG, April 2005))" in plain


def unscripted_deck(tmp_path):
    """A deck of the project's Normal Monsters with one card the engine cannot play."""
    from test_formats_support import legal_main, make_cdb
    from ygosim.formats.store import import_cards
    from ygosim.formats.ydk import format_ydk
    import_cards(make_cdb(tmp_path / "cards.cdb"))
    path = tmp_path / "mine.ydk"
    path.write_text(format_ydk(legal_main(39) + [91000002]))        # Cdb Effect: no script
    return path


@pytest.mark.parametrize("command", [["simulate", "--games", "2"], ["match"]])
def test_duels_refuse_unplayable_decks_unless_allowed(tmp_path, command):
    path = unscripted_deck(tmp_path)
    result = run(*command, "--deck", path)
    assert result.exit_code == 2
    assert result.output.strip() == (
        "error: deck A (mine) has 1 card the engine cannot play yet (Cdb Effect): they would "
        "play without their effects; --allow-unscripted plays them anyway")
    result = CliRunner().invoke(main, [*command, "--deck", str(path), "--allow-unscripted",
                                       "--json"])
    assert result.exit_code == 0, result.output
    lines = result.output.strip().splitlines()
    assert lines[0] == ("warning: deck A (mine): 1 card not yet playable, played without their "
                        "effects (Cdb Effect)")
    assert json.loads(lines[-1])["unscripted"] == {"A": ["Cdb Effect"], "B": []}


def test_bench_with_a_bot_prints_its_duels_per_cpu_second_beside_random():
    out = json.loads(run("bench", "--games", "2", "--agent", "heuristic", "--agent-games", "1",
                         "--json").output)
    bot = out["bot"]
    assert bot["agent"] == "heuristic" and bot["games"] == 1
    assert bot["mean_decisions"] > 10 and bot["duels_per_second"] > 0
    assert bot["duels_per_second"] < out["duels_per_second"]     # a bot thinks: slower
    text = run("bench", "--games", "1", "--agent", "heuristic", "--agent-games", "1").output
    assert "heuristic on both seats (1 duels):" in text and "(random: " in text
    assert "bot" not in json.loads(run("bench", "--games", "1", "--json").output)


def test_a_command_imports_only_its_own_front_end():
    """`ygosim --version` and one command start without importing the other front ends (the
    web server, the terminal table): each command's module is imported when it is used."""
    import subprocess
    import sys
    code = ("import sys; from ygosim.cli import main\n"
            "try:\n    main(['--version'])\nexcept SystemExit:\n    pass\n"
            "print(sorted(m for m in sys.modules if m.startswith('ygosim.')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    loaded = out.strip().splitlines()[-1]
    for heavy in ("ygosim.web", "ygosim.play.table", "ygosim.cli.terminal", "ygosim.engine"):
        assert f"'{heavy}" not in loaded, loaded
    assert sorted(main.list_commands(None)) == sorted(
        name for name in main.list_commands(None) if main.get_command(None, name) is not None)


def test_every_subcommand_is_there_in_a_fresh_process():
    """A group's subcommands defined in another module (`deck odds`, in reports) are there when
    the group is the first thing a fresh process imports, not only after other tests did."""
    import subprocess
    import sys
    code = ("from ygosim.cli import main\n"
            "for name in main.list_commands(None):\n"
            "    cmd = main.get_command(None, name)\n"
            "    subs = sorted(cmd.list_commands(None)) if hasattr(cmd, 'list_commands') else []\n"
            "    print(name, *subs)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    fresh = {line.split()[0]: line.split()[1:] for line in out.splitlines()}
    assert fresh["deck"] == ["check", "convert", "odds", "show"]
    assert fresh["cards"] == ["coverage", "import", "search", "show"]
    run = subprocess.run([sys.executable, "-m", "ygosim", "deck", "odds", "--help"],
                         capture_output=True, text=True)
    assert run.returncode == 0 and "odds" in run.stdout, run.stderr
