"""`ygosim duel`: duel the bot in the terminal. `ygosim replay`: watch a saved duel.

The terminal only renders and reads. The duel, the bot, undo, priority (when you are asked
in a response window), the chat and the Match live in the table layer (ygosim/play/table.py),
which the web front end drives too; what is drawn comes from the table's views, which come
from `observe(duel, you)`: never from the duel itself.

Every decision is a numbered list of the legal answers, in plain words and in the scenario
grammar; the person types a number, a line of the grammar ("summon Dark Magician", "attack
Summoned Skull -> direct") or a command (help, board, card NAME, gy, log, undo, stop end,
hold, quit). With a terminal the screen is drawn with rich; without one (stdin is not a TTY)
or with --plain it is plain text and the answers are read one per line from stdin, which is
how the tests drive whole duels.
"""
from __future__ import annotations

import os
import sys

import click

from ..cards.errors import YgosimError
from ..cards.safetext import printable
from ..play.table import COMMANDS_HELP, PRIORITY_MODES, Table, TableError
from .board import compact_board, esc, full_board, strip_turn
from .options import (agent_option, allow_unscripted_option, casual_option, check_decks,
                      deck_or_default, rules_option, seed_option)

SEAT = 0
SHOWN_EVENTS = ("chat", "note", "undone")     # shown as they come (with the next question)
MAX_READ = 4096            # characters of one typed line that are kept
COMPACT_BELOW = 40         # terminals with fewer rows get the compact board

HELP = """\
Answer with the number of an answer, or write it in the scenario grammar:
  summon Dark Magician          set Trap Hole            flip Man-Eater Bug
  activate Monster Reborn       attack Summoned Skull -> direct
  attack Dark Magician -> face-down@m2                   change Feral Imp
  battle   main2   end          pass   yes   no          choose Feral Imp, Sogen
Commands:
  card NAME   what a card is and does        gy / gy opp   the Graveyards
  log         the whole duel log             board         the whole board
  save FILE   save the replay                quit          leave the duel (Ctrl-C too)
  help        this text
""" + COMMANDS_HELP


class EndOfInput(Exception):
    """stdin is exhausted (plain mode) or the person pressed Ctrl-D."""


class BadLine(Exception):
    """A typed line that is not text (not UTF-8)."""


class Quit(Exception):
    pass


# ============================================================================ input and output
ASCII = str.maketrans({"─": "-", "·": "|", "—": "-", "»": ">", "→": "->", "…": "..."})


class IO:
    """Plain text or rich output; one answer per line from stdin, or rich prompts."""

    def __init__(self, plain: bool, stdin=None, stdout=None):
        self.plain = plain
        self.stdin = stdin or sys.stdin
        self.stdout = stdout or sys.stdout
        self.console = None
        try:        # bytes that are not UTF-8 become lone surrogates, refused with a message
            self.stdin.reconfigure(errors="surrogateescape")
        except (AttributeError, ValueError, OSError):
            pass
        if not plain:
            from rich.console import Console
            self.console = Console(file=self.stdout, highlight=False)

    def out(self, markup: str = "") -> None:
        if self.plain:
            from rich.text import Text
            self.stdout.write(Text.from_markup(markup).plain.translate(ASCII) + "\n")
            self.stdout.flush()
        else:
            self.console.print(markup)

    def lines(self, lines: list[str]) -> None:
        for line in lines:
            self.out(line)

    def block(self, lines: list[str], title: str = "") -> None:
        if self.plain:
            if title:
                self.out(f"== {title} ==")
            self.lines(lines)
            return
        from rich.panel import Panel
        from rich.text import Text
        body = Text("\n").join(Text.from_markup(x) for x in lines)
        self.console.print(Panel(body, title=title or None, title_align="left",
                                 width=min(self.console.width, 100)))

    def clear(self) -> None:
        if self.console is not None:
            self.console.clear()

    def size(self) -> tuple[int, int]:
        """(columns, rows) of the terminal; without one, $COLUMNS/$LINES or 80x24."""
        if self.console is not None:
            return self.console.width, self.console.height
        try:
            if self.stdout.isatty():
                sz = os.get_terminal_size(self.stdout.fileno())
                return sz.columns, sz.lines
        except (AttributeError, ValueError, OSError):
            pass
        cols, rows = 80, 24
        for key in ("COLUMNS", "LINES"):
            v = os.environ.get(key, "")
            if v.isdigit() and 10 <= int(v) <= 1000:
                if key == "COLUMNS":
                    cols = int(v)
                else:
                    rows = int(v)
        return cols, rows

    def read(self, prompt: str = "> ") -> str:
        """One line typed by the person. EndOfInput at the end of input (Ctrl-D); BadLine for
        bytes that are not text; Ctrl-C raises KeyboardInterrupt, however its timing falls."""
        if self.plain:
            self.stdout.write(prompt)
            self.stdout.flush()
        else:
            self.console.print(f"[bold]{esc(prompt)}[/]", end="")
        try:
            wait_for_line(self.stdin)
            line = self.stdin.readline(MAX_READ)
            if len(line) == MAX_READ and not line.endswith("\n"):
                while True:                      # the rest of a huge line is dropped
                    more = self.stdin.readline(MAX_READ)
                    if not more or more.endswith("\n"):
                        break
        except UnicodeDecodeError:
            if self.plain:
                self.stdout.write("\n")
            raise BadLine() from None
        if not line:
            self.out("")
            raise EndOfInput()
        line = line.rstrip("\r\n")
        if self.plain:
            self.stdout.write(printable(line) + "\n")
        return line

    def discard_typed_ahead(self) -> list[str]:
        """Lines typed before the question now shown (while the bot played) are dropped, so
        that they cannot answer a different question: returns them. Only for a terminal."""
        try:
            import select
            import termios
            fd = self.stdin.fileno()
            if not os.isatty(fd):
                return []
        except (ImportError, AttributeError, ValueError, OSError):
            return []
        data = b""
        try:
            while select.select([fd], [], [], 0)[0]:
                chunk = os.read(fd, 4096)
                if not chunk:
                    break
                data += chunk
                if len(data) > 65536:
                    break
            termios.tcflush(fd, termios.TCIFLUSH)
        except OSError:
            return []
        return [x for x in data.decode("utf-8", "replace").splitlines() if x.strip()]


def wait_for_line(stdin) -> None:
    """On a terminal: wait until a line can be read, or until a signal comes (Ctrl-C).

    Python acts on a signal between bytecodes: a Ctrl-C that lands after the prompt is written
    but before the read's system call has begun (its C handler has already run, so the read
    is not interrupted) would be acted on only after the next Enter. So the wait is a select()
    that also watches the pipe that signal.set_wakeup_fd has every signal's C handler write
    into: any signal from here on wakes it, and its Python handler runs as select() returns
    (Ctrl-C: KeyboardInterrupt); one that came before set_wakeup_fd is acted on as that call
    returns. A terminal in line (canonical) mode hands over one line per read, so nothing
    is left waiting in stdin's buffer when this waits on the fd. Without a terminal (piped
    input), off the main thread or off POSIX, it returns at once and the read blocks as
    before."""
    try:
        import select
        import signal
        import termios
    except ImportError:
        return
    try:
        fd = stdin.fileno()
        if not os.isatty(fd) or not termios.tcgetattr(fd)[3] & termios.ICANON:
            return
    except (AttributeError, ValueError, OSError, termios.error):
        return
    r, w = os.pipe()
    try:
        os.set_blocking(w, False)
        try:
            old = signal.set_wakeup_fd(w, warn_on_full_buffer=False)
        except ValueError:                  # not the main thread, which alone handles signals
            return
        try:
            while fd not in select.select([fd, r], [], [])[0]:
                os.read(r, 512)             # a signal whose handler did not raise: wait on
        finally:
            signal.set_wakeup_fd(old)
    finally:
        os.close(r)
        os.close(w)


# ============================================================================ the table
class TerminalTable:
    """Draws a Table for one seat in the terminal and passes on what the person types."""

    def __init__(self, io: IO, table: Table, seat: int = SEAT, layout: str = "auto"):
        self.io = io
        self.t = table
        self.seat = seat
        self.layout = layout
        self.shown_prompt = None
        self.board_log = -1        # log length when the board was last drawn
        self.told_help = False
        self.end_shown = None

    # -- the loop
    def run(self) -> int:
        """Play until the person leaves or input ends: the exit status (130 after Ctrl-C)."""
        try:
            return self._loop()
        except KeyboardInterrupt:
            return self.interrupted()

    def _loop(self) -> int:
        t = self.t
        while True:
            if t.state == "duel":
                p = t.prompt(self.seat)
                if p is None:
                    return 0
                if p["id"] != self.shown_prompt:
                    self.show_question(p)
                try:
                    line = self.io.read("> ")
                except EndOfInput:
                    self.leave()
                    return 0
                except BadLine:
                    self.io.out("[red]That doesn't work:[/] that line is not text (UTF-8); "
                                "type a number or a line of the grammar")
                    continue
                try:
                    self.handle(line, p)
                except Quit:
                    self.leave()
                    return 0
            elif t.state in ("over", "match_over"):
                if self.after_duel() == "quit":
                    return 0
            elif t.state == "siding":
                self.siding()
            else:
                return 0

    # -- showing
    def compact(self) -> bool:
        if self.layout != "auto":
            return self.layout == "compact"
        return self.io.size()[1] < COMPACT_BELOW

    def width(self) -> int:
        return max(40, min(self.io.size()[0], 100))

    def show_events(self, events: list[dict]) -> None:
        io = self.io
        for e in events:
            kind = e["type"]
            if kind == "duel_start":
                self.banner(e)
            else:
                io.lines(self.event_lines(e))

    def event_lines(self, e: dict) -> list[str]:
        """A chat line, a note or an undo, wrapped to the terminal's width."""
        import textwrap
        kind = e["type"]
        width = self.width()
        if kind == "chat":
            who = "bot" if e["from"] == "bot" else e["name"]
            parts = textwrap.wrap(f"{who}: {e['text']}", width, subsequent_indent="  ")
            first = parts[0][len(who) + 1:]
            return ([f"[bold magenta]{esc(who)}:[/][italic]{esc(first)}[/]"]
                    + [f"[italic]{esc(x)}[/]" for x in parts[1:]])
        style = {"note": "dim", "undone": "yellow"}.get(kind)
        if style is None:
            return []
        return [f"[{style}]{esc(x)}[/]"
                for x in textwrap.wrap(e["text"], width, subsequent_indent="  ")]

    def banner(self, e: dict) -> None:
        t = self.t
        m = e.get("match")
        if m is not None:
            if e["game"] == 1:
                self.io.out(f"[bold]Match![/] Best of {m['games_per_match']} Duels against "
                            f"{self.opponent_words()}. The winner of the coin toss chooses to "
                            "go first or second; after each Duel the loser chooses.")
            score = ""
            if e["game"] > 1:
                w = m["wins"]
                score = (f" (you {w[self.seat]}, {self.opponent_words()} {w[1 - self.seat]}"
                         + (f", {m['draws']} drawn)" if m["draws"] else ")"))
            self.io.out(f"[bold]== Duel {e['game']} of the Match (best of "
                        f"{m['games_per_match']}){esc(score)} ==[/]")
        names = e["deck_names"]
        opp = 1 - self.seat
        bot = f", {esc(t.bot_name)}" if t.kinds[opp] == "bot" else ""
        self.io.out(f"[bold]Duel![/] You ({esc(names[self.seat])}) vs "
                    f"{self.opponent_words()} ({esc(names[opp])}{bot})."
                    + (f" Seed {e['seed']}." if "seed" in e else "") + " "
                    f"Rules {esc(e['rules'])}."
                    + ("" if self.told_help else " Type help for help."))
        self.told_help = True

    def opponent_words(self) -> str:
        return "the bot" if self.t.kinds[1 - self.seat] == "bot" else \
            esc(self.t.names[1 - self.seat])

    def show_question(self, p: dict) -> None:
        io = self.io
        t = self.t
        self.shown_prompt = p["id"]
        events = t.take_events(self.seat)
        self.show_events([e for e in events if e["type"] == "duel_start"])
        rest = [e for e in events if e["type"] in SHOWN_EVENTS]
        obs = t.view(self.seat)["duel"]
        width, rows = self.width(), self.io.size()[1]
        compact = self.compact()
        board = []
        happened = p["happened"]
        if obs["turn"] > 0 and len(obs["log"]) != self.board_log:
            board = compact_board(obs, width) if compact else full_board(obs, min(width, 72))
            self.board_log = len(obs["log"])
        if io.plain:
            self.show_events(rest)
        if board:
            if not io.plain:
                io.clear()
            if compact:
                io.lines(board)
            else:
                io.block(board, title="ygosim duel")
        if not io.plain:
            self.show_events(rest)
        opt_rows = self.option_rows(p, width)
        if compact:
            happened = [x for x in happened if not trivial(x)]
        limit = 3 if compact else 8
        if compact:            # the board, what happened and the question share the rows
            q_rows = len(self.question_lines(p, width))
            fixed = len(board) + q_rows + 1 + sum(len(self.event_lines(e)) for e in rest)
            want = min(limit, len(happened))
            if fixed + (want + 1 if want else 0) + len(opt_rows) > rows:
                if len(p["options"]) > 6:
                    opt_rows = self.two_columns(p, width)
            spare = rows - fixed - len(opt_rows)
            limit = max(1, min(limit, spare - 1))
        self.show_happened(happened, limit, width, bare=obs["turn"] == 0, packed=compact)
        io.lines(self.question_lines(p, width))
        io.lines(opt_rows)
        ahead = io.discard_typed_ahead()
        if ahead:
            io.out(f"[yellow](ignored {len(ahead)} line(s) typed before this question: "
                   f"{esc(', '.join(ahead)[:60])})[/]")

    def show_happened(self, lines: list[str], limit: int, width: int, bare: bool,
                      packed: bool = False) -> None:
        """What happened since the last question: the last `limit` lines, or (packed, on the
        compact screen) as many of the latest lines as fit in `limit` rows, joined by ";"."""
        if not lines:
            return
        if bare:         # before the duel: the coin toss
            self.io.lines([f"[dim]{esc(x)}[/]" for x in lines])
            return
        lines = [strip_turn(x) for x in lines]
        if packed:
            rows, cur, used = [], "", 0
            for x in reversed(lines):
                if len(x) > width - 4:
                    x = x[:width - 5] + "…"
                if cur and len(cur) + 2 + len(x) <= width - 2:
                    cur = x + "; " + cur
                elif cur and len(rows) + 1 >= limit:
                    break
                else:
                    if cur:
                        rows.insert(0, cur)
                    cur = x
                used += 1
            if cur:
                rows.insert(0, cur)
            shown = rows
            more = len(lines) - used
        else:
            shown = [x if len(x) <= width - 2 else x[:width - 3] + "…" for x in lines[-limit:]]
            more = len(lines) - len(shown)
        head = "[bold]What happened:[/]" + (f" [dim]({more} earlier: type log)[/]" if more else "")
        self.io.out(head)
        for x in shown:
            self.io.out(f"  [dim]{esc(x)}[/]")

    def question_lines(self, p: dict, width: int) -> list[str]:
        """The question, whose turn it is, the phase and step; then why it is asked (what
        just happened), wrapped to the width."""
        import textwrap
        q = p["question"]
        q = q[:1].upper() + q[1:]
        ctx = p["context"]["words"]
        if len(q) + 3 + len(ctx) <= width:
            out = [f"[bold]{esc(q)}[/] [dim]— {esc(ctx)}[/]"]
        else:                   # a long question: wrapped, whose turn on its own line
            out = [f"[bold]{esc(x)}[/]" for x in textwrap.wrap(q, width)]
            out.append(f"  [dim]— {esc(ctx)}[/]")
        if p["why"]:
            out += ["  " + esc(x) for x in textwrap.wrap(p["why"], width - 2)]
        return out

    def option_rows(self, p: dict, width: int) -> list[str]:
        """A row per answer: plain words and grammar text; a long answer takes two rows."""
        import textwrap
        rows = []
        for o in p["options"]:
            n = f"{o['index'] + 1:>2}. "
            say, text = o["say"], o["text"]
            if len(n) + len(say) + len(text) + 4 <= width:
                rows.append(f"{n}{esc(say)}  [dim]» {esc(text)}[/]")
                continue
            parts = textwrap.wrap(say, width - len(n)) or [""]
            rows.append(n + esc(parts[0]))
            rows += ["    " + esc(x) for x in parts[1:]]
        return rows

    @staticmethod
    def two_columns(p: dict, width: int) -> list[str]:
        """The answers' grammar texts in two columns (a long list on a short terminal)."""
        col = (width - 2) // 2
        cells = []
        for o in p["options"]:
            c = f"{o['index'] + 1:>2}. {o['text']}"
            cells.append(c if len(c) <= col else c[:col - 1] + "…")
        half = (len(cells) + 1) // 2
        out = []
        for i in range(half):
            right = cells[i + half] if i + half < len(cells) else ""
            out.append(esc((cells[i].ljust(col) + "  " + right).rstrip()))
        return out

    # -- reading
    def handle(self, line: str, p: dict) -> None:
        io, t = self.io, self.t
        s = line.strip()
        if not s:
            return
        low = " ".join(s.lower().split())
        word, _, rest = low.partition(" ")
        raw_rest = s.partition(" ")[2].strip()
        try:
            if low in ("help", "?", "h"):
                io.out(esc(HELP, lines=True))
                return
            if low in ("quit", "exit", "q"):
                raise Quit()
            if low in ("board", "b"):
                io.block(full_board(t.view(self.seat)["duel"], min(self.width(), 72)),
                         title="ygosim duel")
                io.lines(self.question_lines(p, self.width()))
                io.lines(self.option_rows(p, self.width()))
                return
            if low == "log":
                log = t.view(self.seat)["duel"]["log"]
                io.block([esc(x) for x in log] or ["(nothing yet)"], title="log")
                return
            if word in ("gy", "graveyard") and rest in ("", "opp", "opponent", "mine", "me"):
                who = 1 - self.seat if rest in ("opp", "opponent") else self.seat
                io.block(self.gy_lines(who), title=f"{esc(t.names[who])}'s Graveyard")
                return
            if word == "card":
                if not raw_rest:
                    raise TableError("write `card NAME`, e.g. card Dark Magician")
                io.block(card_lines(t.card_info(raw_rest)))
                return
            if word == "save":
                self.save(raw_rest)
                return
            said = t.command(self.seat, s)
            if said is not None:
                for x in said:
                    io.out(esc(x))
                return
            t.answer(self.seat, s, prompt_id=p["id"])
        except TableError as e:
            io.out(f"[red]That doesn't work:[/] {esc(e)}")

    def gy_lines(self, p: int) -> list[str]:
        names = self.t.view(self.seat)["duel"]["sides"][p]["graveyard"]
        if not names:
            return ["(empty)"]
        from ..cards.db import card_db
        out = []
        for n in names:
            c = card_db().get(n)
            out.append(f"  {esc(n)}" + (f" [dim]— {esc(c.kind_line())}[/]" if c else ""))
        return out

    def save(self, path: str) -> None:
        if not path:
            self.io.out("write [bold]save FILE[/], e.g. save duel.json")
            return
        try:
            written = self.t.save_replay(path)
        except (YgosimError, TableError) as e:
            self.io.out(f"[red]could not save the replay:[/] {esc(e)}")
            return
        self.io.out(f"Replay saved to {esc(written)}")

    # -- the end of a Duel, side decking, leaving
    def result_lines(self, res: dict) -> list[str]:
        w = res["winner"]
        opp = 1 - self.seat
        if w == "draw":
            who = "The duel is a draw"
        elif w == self.seat:
            who = "[bold green]You win![/]"
        elif self.t.kinds[opp] == "bot":
            who = "[bold red]The bot wins.[/]"
        else:
            who = f"[bold red]{esc(self.t.names[opp])} wins.[/]"
        out = []
        if res.get("bot_hand"):
            out.append(f"[dim]The bot's hand was: {esc(', '.join(res['bot_hand']))}[/]")
        out.append(f"{who} ({esc(res['reason'])}) after {res['turns']} turns."
                   + (f" [dim]Seed {res['seed']}.[/]" if self.t.secret and "seed" in res
                      else ""))
        if res.get("game_line"):
            out.append(esc(res["game_line"]))
        m = res.get("match")
        if m and m["over"]:
            out.append(f"[bold]The Match is over: {esc(m['line'])}. Score {m['score']}.[/]")
        return out

    def after_duel(self) -> str:
        io, t = self.io, self.t
        if self.end_shown != t.duel_no:
            self.end_shown = t.duel_no
            events = t.take_events(self.seat)
            obs = t.view(self.seat)["duel"]
            io.block(full_board(obs, min(self.width(), 72)) if not self.compact()
                     else compact_board(obs, self.width()), title="the end")
            new = obs["log"][self.board_log:] if self.board_log >= 0 else []
            self.board_log = len(obs["log"])
            self.show_happened(new, 3 if self.compact() else 8, self.width(), False)
            self.show_events([e for e in events if e["type"] in ("chat", "note")])
            io.lines(self.result_lines(t.view(self.seat)["result"]))
        in_match = t.match is not None and t.state == "over"
        if in_match:
            io.out(f"Press Enter (or type [bold]next[/]) for Duel {t.match_view()['game']}, "
                   "[bold]review[/] to see your decisions the bot would have made otherwise, "
                   "[bold]save FILE[/] to save the replay, [bold]undo[/] to take back your "
                   "last decision, or [bold]quit[/].")
        else:
            new = "a new Match" if t.state == "match_over" else "another duel"
            io.out(f"Type [bold]again[/] to play {new}, [bold]review[/] to see your decisions "
                   "the bot would have made otherwise, [bold]save FILE[/] to save the replay, "
                   "[bold]undo[/] to take back your last decision, or [bold]quit[/].")
        while True:
            try:
                line = io.read("> ").strip()
            except EndOfInput:
                self.leave_match()
                return "quit"
            except BadLine:
                continue
            low = " ".join(line.lower().split())
            if low.startswith("save"):
                self.save(line[4:].strip())
                continue
            if low == "review":
                io.out("Reviewing your decisions (a few seconds)...")
                try:
                    for x in t.command(self.seat, "review"):
                        io.out(esc(x))
                except TableError as e:
                    io.out(f"[red]That doesn't work:[/] {esc(e)}")
                continue
            if low == "undo":
                try:
                    t.undo(self.seat)
                except TableError as e:
                    io.out(f"[red]That doesn't work:[/] {esc(e)}")
                    continue
                self.shown_prompt = None
                self.board_log = -1
                return "undo"
            if low in ("quit", "q", "exit", "n", "no"):
                self.leave_match()
                return "quit"
            if in_match or low in ("again", "y", "yes", "a", "play again", "rematch", "next"):
                for x in t.proceed(self.seat):
                    io.out(esc(x))
                self.board_log = -1
                return "go"
            if low == "" or io.plain:
                self.leave_match()
                return "quit"
            io.out("again, review, save FILE, undo or quit?")

    def leave_match(self) -> None:
        t = self.t
        if t.match is not None and not t.match.over:
            self.io.out("You left the Match.")

    def siding(self) -> None:
        io, t = self.io, self.t
        view = t.view(self.seat)
        intro = view.get("siding")
        if intro is None:
            return
        if getattr(self, "sided_for", None) != t.duel_no:
            self.sided_for = t.duel_no
            io.lines([esc(x) for x in intro])
        try:
            line = io.read("side> ")
        except EndOfInput:
            line = None
        except BadLine:
            io.out("error: that line is not text (UTF-8)")
            return
        try:
            said = t.side(self.seat, line)
        except TableError as e:
            said = [f"error: {e}"]
        io.lines([esc(x) for x in said])

    def leave(self) -> None:
        path = self.t.close()
        if path:
            self.io.out(f"Replay saved to {esc(path)}")
        if self.t.match is not None:
            self.io.out("You left the Match.")
        else:
            self.io.out("You left the duel.")

    def interrupted(self) -> int:
        """Ctrl-C: offer to save the replay, then leave with status 130."""
        io, t = self.io, self.t
        io.out("")
        io.out("[yellow]Interrupted.[/]")
        try:
            if t.save_path:
                path = t.close()
                if path:
                    io.out(f"Replay saved to {esc(path)}")
            else:
                io.out("Save the replay before leaving? Type a file name, or press Enter to "
                       "leave without saving.")
                name = io.read("save> ").strip()
                if name:
                    self.save(name)
        except (EndOfInput, BadLine, KeyboardInterrupt):
            pass
        io.out("You left the duel.")
        return 130


def trivial(line: str) -> bool:
    """A log line the compact screen leaves out of "What happened" (the board says it): the
    turn's header and the Draw Phase draw."""
    x = strip_turn(line)
    return x.startswith("--- Turn ") or x.endswith(" draws 1 card")


def card_lines(info: dict) -> list[str]:
    out = [f"[bold]{esc(info['name'])}[/]  [dim]{info['passcode']}[/]", esc(info["kind_line"])]
    if info["text"]:
        out.append(esc(info["text"], lines=True))
    if not info["playable"]:
        out.append("[dim](the simulator does not play this card's effect yet)[/]")
    return out


# ============================================================================ commands
def _load(ref: str):
    from ..formats.deck import load_deck
    return load_deck(ref)


def _deck_label(ref: str) -> str:
    from ..formats.deck import deck_name
    return deck_name(ref)


@click.command()
@click.option("--deck", "deck_ref", default=None,
              help="Your deck: a built-in deck (yugi, kaiba, masters: not legal Goat decks; the "
                   "Goat decks: goat-control, chaos-turbo, warrior, empty-jar, chaos-goat, "
                   "zombie), a .ydk file or a ydke:// URL. Default: yugi (goat-control under "
                   "--rules goat).")
@click.option("--opponent", "opp_ref", default=None,
              help="The bot's deck (same forms as --deck). Default: kaiba (chaos-turbo under "
                   "--rules goat).")
@agent_option("--bot", "normal", "The bot you play against: a level (easy: the rule-of-thumb "
              "bot, normal: the search bot thinking under a second, hard: the search bot "
              "thinking longer) or an agent by name (heuristic, search, random).", dest="bot")
@seed_option("Seed of the duel (random if not given): the same seed and answers give the "
             "same duel.", default=None)
@click.option("--quiet", is_flag=True, help="The bot does not talk.")
@click.option("--plain", is_flag=True, help="Plain text, no colours or boxes.")
@click.option("--save-replay", "save_replay", type=click.Path(dir_okay=False), default=None,
              help="Write the replay of each duel to this file (JSON, or YAML for .yaml).")
@rules_option()
@casual_option
@allow_unscripted_option
@click.option("--priority", type=click.Choice(PRIORITY_MODES), default="auto",
              show_default=True,
              help="auto: you are asked in a response window only when something happened "
                   "you can respond to (or at your stops); ask-all: in every window.")
@click.option("--layout", type=click.Choice(["auto", "compact", "full"]), default="auto",
              show_default=True,
              help="The board: compact (fits 24 rows), full (a line per card) or auto "
                   f"(compact below {COMPACT_BELOW} rows).")
@click.option("--match", "match", is_flag=True,
              help="Play a Match (best of 3 Duels, side decking between Duels).")
@click.option("--games-per-match", "games", default=3, show_default=True,
              type=click.IntRange(1, 99), help="With --match: the most Duels of the Match.")
def duel(deck_ref, opp_ref, bot, seed, quiet, plain, save_replay, rules, casual,
         allow_unscripted, priority, layout, match=False, games=3):
    """Duel the bot in the terminal."""
    deck_ref, opp_ref = deck_or_default(deck_ref, rules, 0), deck_or_default(opp_ref, rules, 1)
    deck_a, deck_b = _load(deck_ref), _load(opp_ref)
    names = (_deck_label(deck_ref), _deck_label(opp_ref))
    check_decks({f"your deck ({names[0]})": deck_a, f"the bot's deck ({names[1]})": deck_b},
                allow_unscripted, rules, casual)
    plain = plain or not sys.stdin.isatty()
    table = Table((deck_a, deck_b), opponent="bot", bot=bot, seed=seed, rules=rules,
                  games=games if match else None, deck_names=names, priority=priority,
                  quiet=quiet, save_replay=save_replay, allow_unscripted=allow_unscripted)
    sys.exit(TerminalTable(IO(plain), table, SEAT, layout).run())


@click.command("replay")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--as", "as_", type=click.Choice(["A", "B", "a", "b"]), default=None,
              help="Show the duel as this player saw it (default: everything revealed).")
@click.option("--step", "stepwise", is_flag=True,
              help="Stop after each decision: Enter goes on, q quits.")
@click.option("--plain", is_flag=True, help="Plain text, no colours or boxes.")
@rules_option("Play the replay under this rule set (default: the one it records).")
def replay_cmd(file, as_, stepwise, plain, rules):
    """Play a saved duel back, step by step or to the end."""
    from ..play import replay as R
    from ..engine.observe import observe, option_texts_for
    rep = R.load(file)
    if rules:
        rep.options = dict(rep.options, rules=rules)
    viewer = None if as_ is None else "AB".index(as_.upper())
    plain = plain or not sys.stdout.isatty()
    io = IO(plain)
    d = R.start(rep)
    names = rep.names
    io.out(f"Replay {esc(file)}: seed {rep.seed}, {esc(names[0])} "
           f"({esc(rep.decks[0].get('name', ''))}) vs {esc(names[1])} "
           f"({esc(rep.decks[1].get('name', ''))}), {len(rep.decisions)} decisions"
           + ("" if viewer is None else f", as {esc(names[viewer])} saw it"))
    seen = 0
    stepping = stepwise
    for x in rep.decisions:
        dec = d.pending
        who = dec.player if dec is not None else None
        text = None
        if dec is not None and (viewer is None or who == viewer):
            texts = option_texts_for(d, dec, viewer)
            idx = x.get("index")
            if isinstance(idx, int) and 0 <= idx < len(texts):
                text = texts[idx]
            else:
                text = x.get("text")
        R.step(d, x, rep.source)
        log = observe(d, viewer)["log"]
        new = log[seen:]
        seen = len(log)
        if text is not None:
            io.out(f"[bold]{x['step']:>4}. {esc(names[who])}:[/] {esc(text)}")
        for line in new:
            io.out(f"      [dim]{esc(line)}[/]")
        if stepping:
            io.block(full_board(observe(d, viewer)), title=f"after step {x['step']}")
            try:
                key = io.read("(Enter: next step, q: quit) ").strip().lower()
            except (EndOfInput, BadLine):
                stepping = False
                continue
            except KeyboardInterrupt:
                io.out("Stopped.")
                sys.exit(130)
            if key in ("q", "quit", "exit"):
                io.out(f"Stopped after step {x['step']} of {len(rep.decisions)}.")
                return
    io.block(full_board(observe(d, viewer)), title="the end")
    if d.winner is None:
        io.out(f"The replay ends before the duel does (turn {d.turn}).")
    elif d.winner == "draw":
        io.out(f"The duel is a draw ({esc(d.win_reason)}) after {d.turn} turns.")
    else:
        io.out(f"{esc(names[d.winner])} wins ({esc(d.win_reason)}) after {d.turn} turns.")
    R.check_result(rep, d)
