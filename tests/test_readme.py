"""The README a new player reads: its test command is the one CI runs (.ci/run), every command
of its table exists with the arguments it shows, and every file it links to is there."""
from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner

from ygosim.cli import main

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
CI_RUN = ROOT / ".ci" / "run"

pytestmark = pytest.mark.skipif(not README.is_file() or not CI_RUN.is_file(),
                                reason="README.md and .ci/run are in a source checkout only")


def readme() -> str:
    return README.read_text(encoding="utf-8")


def ci_test_command() -> str:
    """The line .ci/run runs after its comment naming the README's test command."""
    lines = CI_RUN.read_text(encoding="utf-8").splitlines()
    marks = [i for i, line in enumerate(lines) if "README's test command" in line
             and line.lstrip().startswith("#") and "keep the two the same" in line]
    assert len(marks) == 1, ".ci/run should mark the README's test command once"
    return lines[marks[0] + 1].strip()


def test_the_readme_test_command_is_what_ci_runs():
    command = ci_test_command()
    assert "pytest" in command and "venv" in command
    shown = [line.strip() for line in readme().splitlines()
             if line.startswith("    ") and "pytest" in line]
    assert shown == [command], f"the README shows {shown}, .ci/run runs {command!r}"


def test_the_readme_install_command_starts_a_duel_with_the_installed_script():
    shown = [line.strip() for line in readme().splitlines()
             if line.startswith("    python3 -m venv") and "pytest" not in line]
    assert len(shown) == 1
    parts = [p.strip() for p in shown[0].split("&&")]
    assert parts[0] == "python3 -m venv .venv" and parts[1] == ". .venv/bin/activate"
    assert parts[2] == "python -m pip install ."          # the wheel, not an editable install
    assert parts[3] == "ygosim duel"


def table_commands() -> list[list[str]]:
    """The first cell of each row of the README's table of commands, as words."""
    text = readme()
    start = text.index("| command | what it does |")
    rows = []
    for line in text[start:].splitlines()[2:]:
        if not line.startswith("|"):
            break
        cell = line.replace("\\|", "\0").split("|")[1].strip().strip("`").replace("\0", "|")
        rows.append(shlex.split(cell))
    return rows


def test_every_command_of_the_table_exists_and_takes_what_it_shows():
    rows = table_commands()
    assert len(rows) >= 15
    for words in rows:
        assert words[0] == "ygosim"
        path = []
        group = main
        for w in words[1:]:
            if w.startswith("-") or w.isupper() or w.endswith("...") or not hasattr(group, "commands"):
                break
            sub = group.get_command(None, w)
            assert sub is not None, f"README's table names `ygosim {' '.join(path + [w])}`, no such command"
            group = sub
            path.append(w)
        options = {w.split("=")[0] for w in words if w.startswith("--")}
        known = {o for p in group.params for o in p.opts}
        assert options <= known, f"`ygosim {' '.join(path)}` has no option {options - known}"
        result = CliRunner().invoke(main, path + ["--help"])
        assert result.exit_code == 0, result.output


def test_every_file_the_readme_links_to_is_there():
    links = re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", readme())
    local = [link for link in links if "://" not in link]
    assert any(link.startswith("docs/") for link in local)
    missing = [link for link in local if not (ROOT / link).exists()]
    assert not missing, f"the README links to files that are not there: {missing}"


def test_the_docs_link_to_files_that_are_there():
    missing = []
    for doc in sorted((ROOT / "docs").glob("*.md")):
        for link in re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", doc.read_text(encoding="utf-8")):
            if "://" not in link and not (doc.parent / link).exists():
                missing.append(f"{doc.name}: {link}")
    assert not missing, f"links to files that are not there: {missing}"


def test_the_readme_python_example_runs_and_prints_what_it_says(capsys):
    blocks = re.findall(r"```python\n(.*?)```", readme(), re.S)
    assert len(blocks) == 1
    exec(compile(blocks[0], "README.md", "exec"), {})
    printed = capsys.readouterr().out.strip()
    said = re.search(r"print\(.*?\)\s+# (.*)", blocks[0]).group(1).strip()
    assert printed == said
