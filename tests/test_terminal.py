"""`ygosim duel` in plain mode, driven by scripts of answers (and, for what only a terminal
does, in a pseudo-terminal): the screen, priority commands, undo, bad input, Ctrl-C."""
from __future__ import annotations

import functools
import io
import json
import os
import re
import sys

import pytest
from click.testing import CliRunner

from ygosim.agents.random_agent import RandomAgent
from ygosim.cli import main
from ygosim.engine.api import new_duel
from ygosim.engine.observe import determinize, observe
from ygosim.engine.rng import Rng
from ygosim.formats.deck import load_deck
from ygosim.cli.board import abbreviate, compact_board
from ygosim.cli.terminal import IO, TerminalTable
from ygosim.play.table import Table

YUGI, KAIBA = load_deck("yugi"), load_deck("kaiba")
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def run_cli(args, lines, env=None, command="duel"):
    """`ygosim COMMAND ARGS` with these typed lines; a duel's bot is the heuristic bot unless
    ARGS name one (the duels the tests replay: person_script plays the same bot)."""
    data = lines if isinstance(lines, bytes) else "".join(x + "\n" for x in lines)
    if command == "duel" and "--bot" not in args:
        args = ["--bot", "heuristic", *args]
    return CliRunner().invoke(main, [command, *args], input=data, env=env)


def terminal(lines, seed=5, quiet=False, save=None, stdin=None, **kw):
    out = io.StringIO()
    stdin = stdin or io.StringIO("".join(x + "\n" for x in lines))
    t = Table((YUGI, KAIBA), seed=seed, quiet=quiet, save_replay=save,
              deck_names=("yugi", "kaiba"), **kw)
    status = TerminalTable(IO(True, stdin, out), t).run()
    return t, status, out.getvalue()


@functools.lru_cache(maxsize=None)
def person_script(seed, person_seed=1, limit=4000):
    """Play the duel the CLI will play (same seed, same bot, same priority) with a random
    person and write down the person's answers as the screen shows them (grammar texts, and
    every third answer its number)."""
    t = Table((YUGI, KAIBA), seed=seed, quiet=True)
    person = RandomAgent(person_seed)
    lines = []
    while t.state == "duel" and len(lines) < limit:
        p = t.prompt(0)
        i = t.duel.pending.options.index(person.choose(t.duel))
        lines.append(str(i + 1) if len(lines) % 3 == 2 else p["options"][i]["text"])
        t.answer(0, i)
    return lines, t.duel


def test_plain_duel_to_the_end_with_numbers():
    r = run_cli(["--seed", "3", "--plain"], ["1"] * 3000)
    assert r.exit_code == 0, r.output
    assert r.output.count("Duel!") == 1 and "Type help for help." in r.output
    assert "Your move - Turn 1, your Main Phase 1" in r.output or \
        "Your move - Turn 2, your Main Phase 1" in r.output
    assert ("You win!" in r.output) or ("The bot wins." in r.output) or "draw" in r.output
    assert "after" in r.output and "turns." in r.output
    assert "Traceback" not in r.output


def test_whole_duel_from_a_script_of_grammar_lines(tmp_path):
    seed = 11
    lines, expected = person_script(seed)
    assert expected.winner is not None
    path = tmp_path / "duel.json"
    r = run_cli(["--seed", str(seed), "--quiet", "--save-replay", str(path)], lines + ["quit"])
    assert r.exit_code == 0, r.output[-3000:]
    assert "That doesn't work" not in r.output
    want = "You win!" if expected.winner == 0 else "The bot wins."
    assert want in r.output
    assert f"after {expected.turn} turns." in r.output
    assert "bot:" not in r.output          # --quiet
    rep = json.loads(path.read_text())
    assert rep["seed"] == seed
    assert [x["index"] for x in rep["decisions"]] == expected.history
    assert rep["result"]["reason"] == expected.win_reason


@pytest.mark.parametrize("args,bot", [([], "normal"), (["--bot", "easy"], "easy"),
                                      (["--bot", "hard"], "hard")])
def test_the_bot_is_the_search_bot_at_normal_unless_a_level_is_named(args, bot):
    r = CliRunner().invoke(main, ["duel", "--seed", "2", "--quiet", *args], input="quit\n")
    assert r.exit_code == 0, r.output
    assert f"vs the bot (kaiba, {bot})" in r.output
    r = CliRunner().invoke(main, ["duel", "--bot", "impossible"], input="quit\n")
    assert r.exit_code == 2 and "impossible" in r.output


def test_end_of_input_exits_0_mid_duel():
    r = run_cli(["--seed", "2"], ["1", "1", "1"])
    assert r.exit_code == 0
    assert "You left the duel." in r.output and "Traceback" not in r.output


def test_wrong_entries_are_explained_and_asked_again():
    t, status, out = terminal(["summon Blue-Eyes White Dragon", "99", "attack nonsense",
                               "frobnicate", "card Dark Magician", "gy", "gy opp", "help", "log",
                               "card Nothing Such", "²", "99999999999999999999999999",
                               "\x1b[2J", "x" * 5000, "quit"])
    assert status == 0
    assert out.count("That doesn't work") == 9
    assert "no answer 99:" in out and "no answer 999999999999..." in out
    assert "Level 7 DARK Spellcaster 2500/2100" in out          # card Dark Magician
    assert "no card is called" in out
    assert "take back your last decision" in out and "stop PHASE" in out      # help
    assert "== log ==" in out
    assert "\x1b" not in out and "\\x1b[2J" in out
    assert t.duel.n_decisions == 0


def test_help_prints_its_lines_and_text_from_outside_stays_on_one_line():
    t, status, out = terminal(["help", "card Dark Magician", "say a\x0bb", "quit"])
    assert status == 0 and "\\x0a" not in out
    lines = out.splitlines()
    first = next(i for i, x in enumerate(lines) if "this text" in x)        # help: its lines
    assert any(x.lstrip().startswith("stop PHASE") for x in lines[first:first + 20])
    assert sum(1 for x in lines[first - 12:first + 12] if x.startswith("  ")) >= 8
    from ygosim.cards.safetext import printable
    assert printable("a\nb") == "a\\x0ab"                 # a name or a path: one line
    assert printable("a\r\nb\x1b[2J", newlines=True) == "a\nb\\x1b[2J"


def test_counters_are_shown_on_the_terminal_board():
    from rich.text import Text
    from ygosim.cli.board import full_board
    from ygosim.play.scenario import build
    d = build({"rules": "goat", "turn": 3, "turn_player": "A",
               "A": {"hand": ["Breaker the Magical Warrior"]},
               "B": {"spells": ["Call of the Haunted"]}})
    summon = next(o for o in d.legal_actions() if o.verb == "summon")
    d.apply(summon)
    while d.pending.kind != "action":                     # nobody responds
        d.apply(next(o for o in d.legal_actions() if o.verb == "pass"))
    for viewer in (0, 1):                   # counters are public: both players see them
        obs = observe(d, viewer)
        compact = "\n".join(Text.from_markup(x).plain for x in compact_board(obs, 100))
        full = "\n".join(Text.from_markup(x).plain for x in full_board(obs, 100))
        assert "(1 Spell Counter)" in compact and "1900/1000" in compact
        assert "1 Spell Counter" in full and "Spell Counters" not in full
    d.add_counter(d.mzone[0][0], "spell", 1)
    assert "2 Spell Counters" in "".join(compact_board(observe(d, 1), 100))


def test_bytes_that_are_not_text_at_the_prompt():
    r = run_cli(["--seed", "2", "--quiet"], b"\xff\xfe\n\xed\xa0\x80\n1\nquit\n")
    assert r.exit_code == 0, r.output
    assert r.output.count("That doesn't work") == 2
    assert "not text" in r.output and "Traceback" not in r.output


def test_talks_unless_quiet_and_greets_once():
    from ygosim.agents.heuristic import LINES
    lines, _ = person_script(11)
    r = run_cli(["--seed", "11"], lines + ["again"] + ["1"] * 40 + ["quit"])
    said = re.findall(r"^bot: (.*)$", r.output, re.M)
    assert said and r.output.count("Duel!") == 2
    assert sum(x in LINES["hello"] for x in said) == 1
    _, _, out = terminal(["1"] * 400, quiet=True)
    assert "bot:" not in out


def test_undo_takes_back_the_decision_and_the_bot_replies():
    k, m = 6, 5
    a, _, out = terminal(["1"] * k + ["undo"] + ["1"] * m + ["quit"])
    b, _, _ = terminal(["1"] * (k - 1 + m) + ["quit"])
    assert "Undone: took back" in out
    assert a.duel.history == b.duel.history
    assert a.duel.log == b.duel.log
    c, _, _ = terminal(["1"] * k + ["undo", "quit"])
    e, _, _ = terminal(["1"] * (k - 1) + ["quit"])
    assert c.duel.history == e.duel.history


def test_undo_with_nothing_to_undo():
    _, _, out = terminal(["undo", "quit"])
    assert "nothing to undo" in out


def test_priority_commands():
    _, _, out = terminal(["stops", "stop end", "stop battle", "stops", "hold", "priority ask-all",
                          "unstop end", "stop lunch", "quit"])
    assert "no stops" in out
    assert "stop at the opponent's Battle Phase\nstop at the opponent's End Phase" in out
    assert "You will be asked at the next window, whatever happens." in out
    assert "priority: ask-all" in out
    assert "'lunch' is not a phase" in out


def test_the_screen_never_shows_the_bots_hand():
    t, _, out = terminal(["1"] * 6 + ["quit"], seed=8, priority="ask-all")
    d = t.duel
    hidden = {d.data[c].name for c in d.hand[1] + d.deck[1]}
    seen = {d.data[c].name for p in (0, 1) for c in d.gy[p] + d.banished[p] + d.hand[0]
            + d.deck[0]} | {d.data[c].name for c in range(len(d.data)) if d.loc[c] & 12
                           and d.faceup(c)}
    for name in hidden - seen:
        assert name not in out and abbreviate(name, 20) not in out


def screens(output: str) -> list[list[str]]:
    """The output cut at each line the person typed (a screen ends with its input line)."""
    out, cur = [], []
    for line in output.split("\n"):
        cur.append(line)
        if line.startswith("> "):
            out.append(cur)
            cur = []
    return out


def test_the_compact_board_fits_a_24_row_terminal():
    lines, expected = person_script(11)
    r = run_cli(["--seed", "11"], lines + ["quit"], env={"LINES": "24", "COLUMNS": "80"})
    assert r.exit_code == 0 and "You win!" in r.output or "The bot wins." in r.output
    questions = [s for s in screens(r.output) if any(" - Turn " in x for x in s)]
    assert len(questions) > 20
    for s in questions:
        assert len(s) <= 24, "\n".join(s)
        assert all(len(x) <= 80 for x in s), "\n".join(x for x in s if len(x) > 80)
    # the board is there, with both LP lines and the turn
    boards = [s for s in questions if any(x.startswith("Player (you)") for x in s)]
    assert len(boards) > 10
    # `board` shows the whole board, one line per card
    r = run_cli(["--seed", "11", "--quiet"], lines[:8] + ["board", "quit"],
                env={"LINES": "24", "COLUMNS": "80"})
    assert "== ygosim duel ==" in r.output and "Your hand (" in r.output


def test_a_full_field_in_the_compact_layout():
    doc = {"turn": 5, "turn_player": "A", "phase": "main1",
           "A": {"monsters": ["La Jinn the Mystical Genie of the Lamp"] * 5,
                 "spells": ["Trap Hole"] * 5,
                 "hand": ["Neo the Magic Swordsman", "Man-Eating Treasure Chest",
                          "Right Leg of the Forbidden One", "Dark Hole", "Trap Hole"]},
           "B": {"monsters": ["Blue-Eyes White Dragon"] * 2 + ["Feral Imp (facedown)"] * 3,
                 "spells": ["Waboku"] * 5}}
    from ygosim.play.scenario import build
    lines = compact_board(observe(build(doc), 0), 80)
    from rich.text import Text
    plain = [Text.from_markup(x).plain for x in lines]
    assert len(plain) <= 18 and all(len(x) <= 80 for x in plain)
    text = "\n".join(plain)
    assert "La Jinn Mystical G. Lamp" in text or "La Jinn M. G. Lamp" in text
    assert "Man-Eating T. Chest" in text and "(set monster)" in text


def test_abbreviations():
    assert abbreviate("Dark Magician", 20) == "Dark Magician"
    assert abbreviate("Neo the Magic Swordsman", 20) == "Neo Magic Swordsman"
    assert abbreviate("Man-Eating Treasure Chest", 20) == "Man-Eating T. Chest"
    assert abbreviate("Right Leg of the Forbidden One", 16) == "Right Leg F. One"
    assert len(abbreviate("Supercalifragilisticexpialidocious", 12)) == 12


def test_observation_does_not_depend_on_hidden_cards():
    """Redealing what player A cannot know changes nothing in A's observation."""
    for seed in (1, 4, 9):
        d = new_duel(YUGI, KAIBA, seed=seed)
        agents = [RandomAgent(seed), RandomAgent(seed + 1)]
        rng = Rng(seed)
        checked = 0
        while d.winner is None and d.n_decisions < 300:
            if d.n_decisions % 7 == 0:
                for p in (0, 1):
                    w = determinize(d, p, rng)
                    assert observe(w, p) == observe(d, p)
                    checked += 1
            d.apply(agents[d.pending.player].choose(d))
        assert checked > 10


def test_again_plays_a_new_duel_and_saves_each(tmp_path):
    seed = 11
    lines, expected = person_script(seed)
    path = tmp_path / "d.json"
    r = run_cli(["--seed", str(seed), "--quiet", "--save-replay", str(path)],
                lines + ["again", "quit"])
    assert r.exit_code == 0
    assert r.output.count("Duel!") == 2
    assert f"Seed {seed + 1}." in r.output
    assert path.exists() and (tmp_path / "d-2.json").exists()
    assert "You left the duel." in r.output


def test_save_at_the_end(tmp_path):
    seed = 11
    lines, expected = person_script(seed)
    path = tmp_path / "end.yaml"
    r = run_cli(["--seed", str(seed), "--quiet"], lines + [f"save {path}", "quit"])
    assert r.exit_code == 0
    assert f"Replay saved to {path}" in r.output
    from ygosim.play import replay as R
    assert R.play(R.load(path)).log[-1] == expected.log[-1]


def test_undo_after_the_end():
    seed = 11
    lines, expected = person_script(seed)
    t, status, out = terminal(lines + ["undo", "quit"], seed=seed, quiet=True)
    assert "back to your last decision" in out
    assert status == 0 and t.duel.winner is None
    assert t.duel.history == expected.history[:len(t.duel.history)]


class Interrupting(io.StringIO):
    """stdin that raises KeyboardInterrupt (Ctrl-C) at its n-th line."""

    def __init__(self, lines, at):
        super().__init__("".join(x + "\n" for x in lines))
        self.at = at
        self.n = 0

    def readline(self, *a):
        self.n += 1
        if self.n == self.at:
            raise KeyboardInterrupt
        return super().readline(*a)


def test_ctrl_c_offers_to_save_and_leaves_with_130(tmp_path):
    path = tmp_path / "left.json"
    t, status, out = terminal([], stdin=Interrupting(["1", "1", "1", str(path)], 4))
    assert status == 130
    assert "Interrupted." in out and "Save the replay before leaving?" in out
    assert f"Replay saved to {path}" in out
    from ygosim.play import replay as R
    assert len(R.load(path).decisions) == len(t.duel.history)
    # Enter: leave without saving
    _, status, out = terminal([], stdin=Interrupting(["1", ""], 2))
    assert status == 130 and "Replay saved" not in out
    # with --save-replay the replay is saved without asking
    _, status, out = terminal([], stdin=Interrupting(["1"], 2), save=str(tmp_path / "s.json"))
    assert status == 130 and (tmp_path / "s.json").exists() and "before leaving" not in out


def test_the_rules_option_lists_every_rule_set():
    r = run_cli(["--rules", "nonsense"], [])
    assert r.exit_code == 2 and "'v10', '2020', 'goat'" in r.output
    r = run_cli(["--rules", "goat", "--seed", "1", "--quiet"], ["1"] * 5)
    assert r.exit_code == 0 and "Rules goat." in r.output


def test_replay_step_has_a_quit_key(tmp_path):
    lines, _ = person_script(11)
    path = tmp_path / "r.json"
    run_cli(["--seed", "11", "--quiet", "--save-replay", str(path)], lines + ["quit"])
    r = run_cli([str(path), "--step"], ["", "", "q"], command="replay")
    assert r.exit_code == 0, r.output
    assert r.output.count("== after step") == 3 and "Stopped after step 3 of" in r.output
    assert "== the end ==" not in r.output


def test_text_from_a_replay_is_escaped(tmp_path):
    lines, _ = person_script(11)
    path = tmp_path / "r.json"
    run_cli(["--seed", "11", "--quiet", "--save-replay", str(path)], lines + ["quit"])
    data = json.loads(path.read_text())
    data["names"] = ["\x1b[31mEvil", "B\u202e"]
    data["result"] = None
    path.write_text(json.dumps(data))
    r = run_cli([str(path)], [], command="replay")
    assert r.exit_code == 0, r.output
    assert "\x1b" not in r.output and "\u202e" not in r.output
    assert "\\x1b[31mEvil" in r.output


# ============================================================================ a real terminal
pty = pytest.importorskip("pty")


class Pty:
    """`python -m ygosim ARGS` (or `python -c CODE ARGS`) in a pseudo-terminal of 24 x 80 (its
    controlling terminal, so that Ctrl-C is a real SIGINT)."""

    def __init__(self, args, code=None):
        import fcntl
        import signal
        import struct
        import subprocess
        import termios
        self.master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))

        def controlling():
            # a shell starts background jobs with SIGINT ignored, which Python would keep
            signal.signal(signal.SIGINT, signal.SIG_DFL)
            fcntl.ioctl(0, termios.TIOCSCTTY, 0)
        env = dict(os.environ, PYTHONPATH=ROOT, COLUMNS="80", LINES="24")
        start = ["-m", "ygosim"] if code is None else ["-c", code]
        self.proc = subprocess.Popen([sys.executable, *start, *args], cwd=ROOT,
                                     stdin=slave, stdout=slave, stderr=slave, env=env,
                                     start_new_session=True, preexec_fn=controlling)
        os.close(slave)
        self.out = ""

    def expect(self, pattern: str, timeout: float = 60) -> str:
        import select
        import time
        end = time.time() + timeout
        while not re.search(pattern, self.out):
            left = end - time.time()
            assert left > 0, f"no {pattern!r} in:\n{self.out[-2000:]}"
            if select.select([self.master], [], [], min(left, 1))[0]:
                try:
                    self.out += os.read(self.master, 65536).decode("utf-8", "replace")
                except OSError:
                    break
        return self.out

    def send(self, text: str) -> None:
        os.write(self.master, text.encode())

    def close(self) -> int:
        try:
            status = self.proc.wait(timeout=60)
        finally:
            os.close(self.master)
        return status


PROMPT = {"plain": r"\n> ", "rich": r"\n\x1b\[1m> \x1b\[0m"}


def first_move(term: Pty, prompt: str = PROMPT["plain"]) -> None:
    term.expect(r"Call the coin toss[\s\S]*" + prompt)
    term.send("call heads\n")
    term.expect(r"(Your move|Go first or second)[\s\S]*" + prompt)
    if "Go first or second" in term.out:
        term.send("go first\n")
        term.expect(r"Your move[\s\S]*" + prompt)


def test_typed_ahead_answers_are_not_applied_to_a_later_question():
    term = Pty(["duel", "--seed", "4", "--plain", "--quiet", "--bot", "heuristic"])
    first_move(term)
    mark = len(term.out)
    term.send("end\nend\n")          # the second `end` is typed while the bot plays its turn
    term.expect(r"ignored 1 line\(s\) typed before this question: end")
    later = term.out[mark:]
    turns = [int(x) for x in re.findall(r"Your move - Turn (\d+)", later)]
    assert turns and "Turn" in later
    term.send("quit\n")
    term.expect("You left the duel.")
    assert term.close() == 0
    # the question after the bot's turn was shown and not answered by the typed-ahead `end`
    assert later.count("Your move - Turn") == 1


def test_ctrl_c_in_a_real_terminal(tmp_path):
    term = Pty(["duel", "--seed", "4", "--plain", "--quiet", "--bot", "heuristic"])
    first_move(term)
    term.send("\x03")
    term.expect("Save the replay before leaving")
    term.send(f"{tmp_path / 'c.json'}\n")
    term.expect("You left the duel.")
    assert term.close() == 130
    assert (tmp_path / "c.json").exists()


# `python -m ygosim` whose main thread blocks SIGINT, so that the signal's C-level handler runs in
# another thread: Python is told of the Ctrl-C, but the main thread's blocking call (the read of
# the answer) is not interrupted. That is the state the race leaves it in when the Ctrl-C lands
# after the prompt is written and before the read has begun, made certain here.
SIGNAL_ELSEWHERE = """
import runpy, signal, sys, threading
threading.Thread(target=threading.Event().wait, daemon=True).start()
signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
sys.argv[0] = "ygosim"
runpy.run_module("ygosim", run_name="__main__")
"""


def waiting(term: Pty) -> None:
    """Wait until the program's main thread sleeps (after a prompt: in the wait for the answer),
    where /proc tells; elsewhere a moment."""
    import time
    pid = term.proc.pid
    end = time.time() + 10
    while time.time() < end:
        try:
            with open(f"/proc/{pid}/task/{pid}/stat") as f:
                state = f.read().rpartition(")")[2].split()[0]
        except OSError:
            time.sleep(0.3)
            return
        if state == "S":
            return
        time.sleep(0.005)


@pytest.mark.parametrize("screen", ["plain", "rich"])
def test_ctrl_c_that_lands_before_the_read_is_answered_at_once(screen):
    args = ["duel", "--seed", "4", "--quiet", "--bot", "heuristic"] + \
        (["--plain"] if screen == "plain" else [])
    term = Pty(args, code=SIGNAL_ELSEWHERE)
    first_move(term, PROMPT[screen])
    waiting(term)
    term.send("\x03")
    try:     # without a wait that wakes on signals this comes only after the next Enter
        term.expect("Save the replay before leaving", timeout=10)
    finally:
        term.send("\n")
    term.expect("You left the duel.")
    assert term.close() == 130
    # at the save> question too: a second Ctrl-C leaves without saving
    term = Pty(args, code=SIGNAL_ELSEWHERE)
    first_move(term, PROMPT[screen])
    term.send("\x03")
    term.expect(r"Save the replay before leaving[\s\S]*save> ", timeout=10)
    waiting(term)
    term.send("\x03")
    try:
        term.expect("You left the duel.", timeout=10)
    finally:
        term.send("\n")
    assert term.close() == 130


def test_duel_refuses_a_deck_it_cannot_play_unless_allowed(tmp_path, monkeypatch):
    from test_command_line import unscripted_deck
    from ygosim.cards import db as cards_db
    monkeypatch.setenv("YGOSIM_HOME", str(tmp_path / "home"))
    cards_db.reset_card_db()
    try:
        path = str(unscripted_deck(tmp_path))
        r = run_cli(["--deck", path, "--seed", "1", "--quiet"], ["1"])
        assert r.exit_code == 2
        assert r.output.strip() == (
            "error: your deck (mine) has 1 card the engine cannot play yet (Cdb Effect): they "
            "would play without their effects; --allow-unscripted plays them anyway")
        r = run_cli(["--deck", path, "--seed", "1", "--quiet", "--allow-unscripted"], ["1"])
        assert r.exit_code == 0, r.output
        assert r.output.startswith("warning: your deck (mine): 1 card not yet playable, played "
                                   "without their effects (Cdb Effect)")
        assert "Duel! You (mine) vs the bot (kaiba" in r.output
    finally:
        cards_db.reset_card_db()
