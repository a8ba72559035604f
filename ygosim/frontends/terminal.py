"""`ygosim duel`: duel the bot in the terminal. `ygosim replay`: watch a saved duel.

The screen shows only what the person may know: it is drawn from
`ygosim.engine.observe.observe(duel, person)`, never from the duel itself. Every decision is a
numbered list of the legal answers, in plain words and in the scenario grammar; the person
types a number, a line of the grammar ("summon Dark Magician", "attack Summoned Skull ->
direct") or a command (help, card NAME, gy, gy opp, log, undo, quit).

With a terminal the screen is drawn with rich; without one (stdin is not a TTY) or with
--plain it is plain text and the answers are read one per line from stdin, which is how the
tests drive whole duels.
"""
from __future__ import annotations

import copy
import os
import sys

import click

from ..cli import main
from ..engine.observe import (describe, hidden_from, observe, option_hides,
                              option_texts_for)
from ..errors import IllegalAction, YgosimError

PERSON, BOT = 0, 1
NAMES = ("Player", "Bot")
LOG_LINES = 8

HELP = """\
Answer with the number of an answer, or write it in the scenario grammar:
  summon Dark Magician          set Trap Hole            flip Man-Eater Bug
  activate Monster Reborn       attack Summoned Skull -> direct
  attack Dark Magician -> face-down@m2                   change Feral Imp
  battle   main2   end          pass   yes   no          choose Feral Imp, Sogen
Commands:
  card NAME   what a card is and does        gy / gy opp   the Graveyards
  log         the whole duel log             board         the board again
  undo        take back your last decision   quit          leave the duel
  help        this text"""


class EndOfInput(Exception):
    """stdin is exhausted (plain mode) or the person pressed Ctrl-D / Ctrl-C."""


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

    def block(self, lines: list[str], title: str = "") -> None:
        if self.plain:
            if title:
                self.out(f"== {title} ==")
            for line in lines:
                self.out(line)
            return
        from rich.panel import Panel
        from rich.text import Text
        body = Text("\n").join(Text.from_markup(x) for x in lines)
        self.console.print(Panel(body, title=title or None, title_align="left",
                                 width=min(self.console.width, 100)))

    def choices(self, title: str, rows: list[tuple[str, str, str]]) -> None:
        """A numbered list of answers: (number, plain words, grammar text)."""
        if self.plain:
            self.out(title)
            for n, say, text in rows:
                self.out(f" {n:>2}. {say}  [dim]» {text}[/]")
            return
        from rich.panel import Panel
        from rich.table import Table
        from rich.text import Text
        t = Table.grid(padding=(0, 1), expand=True)
        t.add_column(justify="right", style="bold", no_wrap=True)
        t.add_column(ratio=3)
        t.add_column(ratio=2, style="dim")
        for n, say, text in rows:
            t.add_row(f"{n}.", Text.from_markup(say), Text.from_markup(text))
        from rich.console import Group
        self.console.print(Panel(Group(Text.from_markup(title), t),
                                 width=min(self.console.width, 100)))

    def read(self, prompt: str = "> ") -> str:
        if self.plain:
            self.stdout.write(prompt)
            self.stdout.flush()
            line = self.stdin.readline()
            if not line:
                self.stdout.write("\n")
                raise EndOfInput()
            line = line.rstrip("\n")
            self.stdout.write(line + "\n")
            return line
        try:
            return self.console.input(f"[bold]{esc(prompt)}[/]")
        except (EOFError, KeyboardInterrupt):
            self.console.print()
            raise EndOfInput() from None


def esc(text) -> str:
    from rich.markup import escape
    return escape(str(text))


# ============================================================================ the board
KIND_STYLE = {"monster": "yellow", "spell": "green", "trap": "magenta"}


def _card_cell(card: dict, own: bool) -> str:
    zone = card["zone"]
    if card.get("hidden"):
        what = "face-down monster" if card.get("kind") == "monster" else "face-down card"
        return f"  {zone:<3} [dim]({what})[/]"
    full = card["name"]
    short = full if len(full) <= 29 else full[:28] + "…"
    style = KIND_STYLE.get(card.get("kind"), "white")
    text = f"  {zone:<3} [bold {style}]{esc(short)}[/]"
    pad = " " * max(1, 30 - len(short))
    if card.get("kind") == "monster" and card["zone"] not in ("hand", "gy"):
        pos = card.get("position", "")
        stats = f"{card.get('atk', 0)}/{card.get('def', 0)}"
        label = {"attack": "ATK pos", "defense": "DEF pos", "set": "set (face-down DEF)"}.get(
            pos, pos)
        text += f"{pad}{stats:>9}  {label}"
    elif card.get("zone", "").startswith(("s", "fz")) or card.get("zone") == "fz":
        state = "set" if not card.get("faceup", True) else "face-up"
        text += f"{pad}{state}"
        if card.get("equipped_to"):
            text += f", equipped to {card['equipped_to']}"
    return text


def side_lines(obs: dict, p: int, viewer, top: bool) -> list[str]:
    s = obs["sides"][p]
    who = "you" if viewer is not None and p == viewer else (
        "opponent" if viewer is not None else "ABCD"[p])
    head = (f"[bold]{esc(s['name'])}[/] ({who})  [bold cyan]LP {max(s['lp'], 0)}[/]   hand {s['hand_count']}"
            f"  deck {s['deck_count']}  GY {s['gy_count']}  banished {s['banished_count']}"
            f"  extra {s['extra_count']}")
    mons = [c for c in s["monsters"] if c is not None] + s["extra_monster_zone"]
    sts = [c for c in s["spells"] if c is not None]
    if s["field_spell"] is not None:
        sts.append(s["field_spell"])
    own = viewer is None or viewer == p
    mon_lines = [_card_cell(c, own) for c in mons] or ["  [dim](no monsters)[/]"]
    st_lines = [_card_cell(c, own) for c in sts] or ["  [dim](no spells or traps)[/]"]
    if top:
        return [head] + st_lines + mon_lines
    return mon_lines + st_lines + [head]


def board_lines(obs: dict, new_log: list[str] | None = None,
                chat: list[str] | None = None) -> list[str]:
    viewer = obs["player"]
    bottom = 0 if viewer is None else viewer
    top = 1 - bottom
    lines = side_lines(obs, top, viewer, True)
    tp_name = obs["names"][obs["turn_player"]]
    mid = f" Turn {obs['turn']} · {tp_name}'s {obs['phase_title']} "
    lines.append("[dim]" + mid.center(72, "─") + "[/]")
    if obs.get("attack"):
        a = obs["attack"]
        tgt = "directly" if a["target"] == "direct" else esc(a["target"])
        lines.append(f"  [red]battle:[/] {esc(a['attacker'])} attacks {tgt}")
    lines += side_lines(obs, bottom, viewer, False)
    hand = obs["sides"][bottom]["hand"]
    if hand is not None:
        lines.append(f"[bold]{'Your hand' if viewer is not None else esc(obs['names'][bottom]) + ' hand'}"
                     f"[/] ({len(hand)}):")
        for c in hand:
            style = KIND_STYLE.get(c.get("kind"), "white")
            lines.append(f"  [{style}]{esc(c['name'])}[/] [dim]— {esc(c['kind_line'])}[/]")
    if viewer is None:
        h = obs["sides"][top]["hand"]
        if h is not None:
            lines.append(f"[bold]{esc(obs['names'][top])} hand[/] ({len(h)}): "
                         + ", ".join(esc(c["name"]) for c in h))
    if obs["chain"]:
        lines.append("[bold]Chain:[/]")
        for link in obs["chain"]:
            tg = f" → {', '.join(esc(t) for t in link['targets'])}" if link["targets"] else ""
            lines.append(f"  {link['link']}. {esc(obs['names'][link['player']])}: "
                         f"{esc(link['card'])}{tg}")
    if new_log:
        lines.append("[bold]What happened:[/]")
        shown = new_log[-LOG_LINES:]
        if len(new_log) > len(shown):
            lines.append(f"  [dim]... ({len(new_log) - len(shown)} earlier lines: type log)[/]")
        lines += [f"  [dim]{esc(x)}[/]" for x in shown]
    if chat:
        lines += [f"[bold magenta]bot:[/] [italic]{esc(x)}[/]" for x in chat[-3:]]
    return lines


def decision_title(obs: dict) -> str:
    pend = obs["pending"]
    prompt = (pend.get("prompt") or pend["kind"]).strip()
    return f"[bold]{esc(prompt[0].upper() + prompt[1:])}[/]"


def decision_rows(obs: dict) -> list[tuple[str, str, str]]:
    return [(str(o["index"] + 1), esc(o["say"]), esc(o["text"]))
            for o in obs["pending"]["options"]]


def show_decision(io: IO, obs: dict) -> None:
    io.choices(decision_title(obs), decision_rows(obs))


# ============================================================================ one duel
class Session:
    """A duel between the person (player 0) and the bot (player 1)."""

    def __init__(self, io: IO, deck_person, deck_bot, seed: int, bot: str = "heuristic",
                 quiet: bool = False, options: dict | None = None, save_replay: str | None = None,
                 deck_names=("", "")):
        self.io = io
        self.decks = (deck_person, deck_bot)
        self.deck_names = deck_names
        self.seed = seed
        self.bot_name = bot
        self.quiet = quiet
        self.options = dict(options or {})
        self.save_replay = save_replay
        self.duel = None
        self.bot = None

    # -- setup
    def new_bot(self):
        from ..agents import make_agent
        if self.bot_name == "heuristic":
            from ..agents.heuristic import HeuristicAgent
            return HeuristicAgent(self.seed, talk=not self.quiet)
        return make_agent(self.bot_name, self.seed)

    def start(self) -> None:
        from ..engine.api import new_duel
        self.duel = new_duel(self.decks[0], self.decks[1], seed=self.seed,
                             options=self.options or None, names=NAMES)
        self.bot = self.new_bot()
        self.snapshots = []
        self.chat = []
        self.log_seen = 0
        self.shown_board_at = -1

    # -- the loop
    def play(self) -> str:
        """Play until the duel ends ("end"), the person quits ("quit") or input ends ("eof")."""
        self.start()
        io = self.io
        io.out(f"[bold]Duel![/] You ({esc(self.deck_names[0])}) vs the bot "
               f"({esc(self.deck_names[1])}, {esc(self.bot_name)}). Seed {self.seed}. "
               f"Type help for help.")
        self.react()
        while True:
            d = self.duel
            if d.winner is not None:
                r = self.finish()
                if r == "undo":
                    continue
                return r
            dec = d.pending
            if dec.player == BOT:
                opt = self.bot.choose(d)
                d.apply(opt)
                self.react()
                continue
            if len(dec.options) == 1:
                say = describe(d, dec.options[0], PERSON, dec)
                io.out(f"[dim]({esc(dec.prompt or dec.kind)}: only one answer: {esc(say)})[/]")
                d.apply(0)
                self.react()
                continue
            self.snapshots.append((d.clone(), copy.deepcopy(self.bot), self.log_seen))
            try:
                idx = self.ask()
            except EndOfInput:
                self.leave("eof")
                return "eof"
            except Quit:
                self.leave("quit")
                return "quit"
            if idx is None:      # undone: the loop goes on from the restored state
                continue
            d.apply(idx)
            self.react()

    def react(self) -> None:
        bot = self.bot
        if hasattr(bot, "react"):
            bot.react(self.duel)
        if hasattr(bot, "take_lines"):
            for line in bot.take_lines():
                if not self.quiet:
                    self.chat.append(line)
                    self.io.out(f"[bold magenta]bot:[/] [italic]{esc(line)}[/]")

    # -- asking the person
    def show_board(self) -> None:
        d = self.duel
        obs = observe(d, PERSON)
        new = d.log[self.log_seen:]
        self.log_seen = len(d.log)
        if not self.io.plain:          # a fresh screen; what the bot said is on the board
            self.io.console.clear()
        self.io.block(board_lines(obs, new, None if self.io.plain else self.chat),
                      title="ygosim duel")
        self.chat = []
        self.shown_board_at = len(d.log)

    def ask(self):
        d = self.duel
        if d.turn == 0:
            new = d.log[self.log_seen:]
            self.log_seen = len(d.log)
            for x in new:
                self.io.out(f"[dim]{esc(x)}[/]")
        elif self.shown_board_at != len(d.log) or self.shown_board_at < 0:
            self.show_board()
        obs = observe(d, PERSON)
        show_decision(self.io, obs)
        while True:
            line = self.io.read("> ").strip()
            if not line:
                continue
            try:
                r = self.command(line)
            except IllegalAction as e:
                self.io.out(f"[red]That doesn't work:[/] {esc(e)}")
                continue
            if r == "again":
                continue
            return r

    def command(self, line: str):
        """An index to apply, None after an undo, "again" to ask again; IllegalAction for a
        wrong entry; Quit to leave."""
        d = self.duel
        io = self.io
        low = " ".join(line.lower().split())
        word, _, rest = low.partition(" ")
        raw_rest = line.strip().partition(" ")[2].strip()
        if low in ("help", "?", "h"):
            io.out(esc(HELP))
            return "again"
        if low in ("quit", "exit", "q"):
            raise Quit()
        if low in ("board", "b"):
            obs = observe(d, PERSON)
            io.block(board_lines(obs), title="ygosim duel")
            show_decision(io, obs)
            return "again"
        if low == "log":
            io.block([esc(x) for x in observe(d, PERSON)["log"]] or ["(nothing yet)"],
                     title="log")
            return "again"
        if word in ("gy", "graveyard") and rest in ("", "opp", "opponent", "mine", "me"):
            p = BOT if rest in ("opp", "opponent") else PERSON
            io.block(self.gy_lines(p), title=f"{d.names[p]}'s Graveyard")
            return "again"
        if word == "card":
            if not raw_rest:
                raise IllegalAction("write `card NAME`, e.g. card Dark Magician")
            io.block(card_lines(raw_rest, d))
            return "again"
        if low == "undo":
            return self.undo()
        return self.resolve(line)

    def gy_lines(self, p: int) -> list[str]:
        names = observe(self.duel, PERSON)["sides"][p]["graveyard"]
        if not names:
            return ["(empty)"]
        from ..cards.db import card_db
        out = []
        for n in names:
            c = card_db().get(n)
            out.append(f"  {esc(n)}" + (f" [dim]— {esc(c.kind_line())}[/]" if c else ""))
        return out

    def resolve(self, line: str) -> int:
        """The answer a line means: a number, a displayed text, or the grammar."""
        from ..engine.text import match, options_interchangeable
        d = self.duel
        dec = d.pending
        n = len(dec.options)
        s = line.strip()
        if s.isdigit():
            k = int(s)
            if not 1 <= k <= n:
                raise IllegalAction(f"there is no answer {k}: type a number from 1 to {n}")
            return k - 1
        norm = " ".join(s.lower().split())
        texts = option_texts_for(d, dec, PERSON)
        for i, (t, o) in enumerate(zip(texts, dec.options)):
            if norm == " ".join(t.lower().split()) or \
                    norm == " ".join(describe(d, o, PERSON, dec).lower().split()):
                return i
        fits, err = match(d, dec, s)
        if err:
            raise IllegalAction(f"{err}. Type a number from 1 to {n}, or help")
        fits = [o for o in fits if not option_hides(d, o, PERSON)]
        if not fits:
            raise IllegalAction(f"{s!r} is not a legal answer now. The legal answers are "
                                f"numbered 1 to {n} above; type help for the grammar")
        if len(fits) > 1 and not options_interchangeable(d, fits):
            raise IllegalAction(f"{s!r} is ambiguous: it fits {len(fits)} answers; type the "
                                f"number, or name the card with @zone (e.g. @m1)")
        return dec.options.index(fits[0])

    def undo(self):
        if len(self.snapshots) < 2:
            raise IllegalAction("there is nothing to undo yet")
        self.snapshots.pop()                 # the decision being asked now
        duel, bot, log_seen = self.snapshots.pop()
        taken = ""
        k = len(duel.history)
        if k < len(self.duel.history):
            idx = self.duel.history[k]
            taken = option_texts_for(duel, duel.pending, PERSON)[idx]
        self.duel, self.bot, self.log_seen = duel, bot, log_seen
        self.shown_board_at = -1
        self.io.out(f"[yellow]Undone:[/] took back {esc(taken) or 'your last decision'} "
                    f"and the bot's replies.")
        return None

    def undo_last(self) -> bool:
        """At the end of the duel: go back to the person's last decision."""
        if not self.snapshots:
            return False
        duel, bot, log_seen = self.snapshots.pop()
        self.duel, self.bot, self.log_seen = duel, bot, log_seen
        self.shown_board_at = -1
        self.io.out("[yellow]Undone:[/] back to your last decision.")
        return True

    # -- the end
    def result_line(self) -> str:
        d = self.duel
        if d.winner == "draw":
            who = "The duel is a draw"
        elif d.winner == PERSON:
            who = "[bold green]You win![/]"
        else:
            who = "[bold red]The bot wins.[/]"
        return f"{who} ({esc(d.win_reason)}) after {d.turn} turns."

    def finish(self) -> str:
        d = self.duel
        io = self.io
        self.show_board()
        bot_hand = [d.data[c].name for c in d.hand[BOT]]
        if bot_hand:
            io.out(f"[dim]The bot's hand was: {esc(', '.join(bot_hand))}[/]")
        io.out(self.result_line())
        self.react()
        if self.save_replay:
            self.write_replay(self.save_replay)
        io.out("Type [bold]again[/] to play another duel, [bold]save FILE[/] to save the replay, "
               "[bold]undo[/] to take back your last decision, or [bold]quit[/].")
        while True:
            try:
                line = io.read("> ").strip()
            except EndOfInput:
                return "end"
            low = line.lower()
            if low in ("again", "y", "yes", "a", "play again", "rematch"):
                return "again"
            if low.startswith("save"):
                path = line[4:].strip()
                if not path:
                    io.out("write [bold]save FILE[/], e.g. save duel.json")
                    continue
                self.write_replay(path)
                continue
            if low == "undo":
                if self.undo_last():
                    return "undo"
                io.out("there is nothing to undo")
                continue
            if low in ("", "quit", "q", "n", "no", "exit") or io.plain:
                return "end"
            io.out("again, save FILE, undo or quit?")

    def leave(self, how: str) -> None:
        if self.save_replay:
            self.write_replay(self.save_replay)
        if how == "quit":
            self.io.out("You left the duel.")

    def write_replay(self, path: str) -> None:
        from .. import replay
        try:
            rep = replay.from_duel(self.duel, self.decks[0], self.decks[1], self.seed,
                                   self.options, meta={"person": PERSON, "bot": self.bot_name,
                                                       "decks": list(self.deck_names)})
            rep.decks[0]["name"], rep.decks[1]["name"] = self.deck_names
            replay.save(rep, path)
        except (OSError, YgosimError) as e:
            self.io.out(f"[red]could not save the replay:[/] {esc(e)}")
            return
        self.io.out(f"Replay saved to {esc(path)}")


def card_lines(name: str, duel=None) -> list[str]:
    """A card's facts and the project's description, found by name (or part of a name)."""
    from ..cards.db import card_db, normalize
    db = card_db()
    card = db.get(name)
    if card is None and duel is not None:
        for data in duel.data:
            if normalize(data.name) == normalize(name):
                card = data
                break
    if card is None:
        key = normalize(name)
        hits = sorted({c.name for c in db.by_name.values() if key in normalize(c.name)})
        if len(hits) == 1:
            card = db.get(hits[0])
        elif hits:
            raise IllegalAction(f"{name!r} fits several cards: " + ", ".join(hits[:8])
                                + (" ..." if len(hits) > 8 else ""))
        else:
            raise IllegalAction(f"no card is called {name!r}")
    if duel is not None:
        card = card.for_era(duel.rules.card_era)     # the version this duel's rules play
    out = [f"[bold]{esc(card.name)}[/]  [dim]{card.passcode}[/]", esc(card.kind_line())]
    if card.text:
        out.append(esc(card.text))
    if not card.playable:
        out.append("[dim](the simulator does not play this card's effect yet)[/]")
    return out


# ============================================================================ commands
def _load(ref: str):
    from ..formats.deck import load_deck
    return load_deck(ref)


def _deck_label(ref: str) -> str:
    from ..formats.deck import deck_name
    return deck_name(ref)


@main.command()
@click.option("--deck", "deck_ref", default="yugi", show_default=True,
              help="Your deck: yugi, kaiba, masters, a .ydk file or a ydke:// URL.")
@click.option("--opponent", "opp_ref", default="kaiba", show_default=True,
              help="The bot's deck.")
@click.option("--bot", "bot", default="heuristic", show_default=True,
              help="The agent you play against (heuristic, random).")
@click.option("--seed", type=int, default=None, help="Seed of the duel (random if not given).")
@click.option("--quiet", is_flag=True, help="The bot does not talk.")
@click.option("--plain", is_flag=True, help="Plain text, no colours or boxes.")
@click.option("--save-replay", "save_replay", type=click.Path(dir_okay=False), default=None,
              help="Write the replay of the duel to this file (JSON, or YAML for .yaml).")
@click.option("--rules", type=click.Choice(["v10", "2020"]), default=None)
@click.option("--match", "match", is_flag=True,
              help="Play a Match (best of 3 Duels, side decking between Duels).")
@click.option("--games-per-match", "games", default=3, show_default=True,
              type=click.IntRange(1), help="With --match: the most Duels of the Match.")
def duel(deck_ref, opp_ref, bot, seed, quiet, plain, save_replay, rules, match=False, games=3):
    """Duel the bot in the terminal."""
    from ..agents import make_agent
    make_agent(bot)
    deck_a, deck_b = _load(deck_ref), _load(opp_ref)
    plain = plain or not sys.stdin.isatty()
    io = IO(plain)
    if seed is None:
        seed = int.from_bytes(os.urandom(4), "big") % 1_000_000
    options = {"rules": rules} if rules else {}
    for deck, who in ((deck_a, "your deck"), (deck_b, "the bot's deck")):
        missing = deck.not_playable() if hasattr(deck, "not_playable") else []
        if missing:
            io.out(f"[dim]Note: {len(missing)} card(s) in {who} have no script yet and "
                   f"play without their effects.[/]")
    if match:       # ygosim/frontends/terminal_match.py
        from .terminal_match import run_match
        run_match(io, deck_a, deck_b, seed, bot, quiet, options, save_replay,
                  (_deck_label(deck_ref), _deck_label(opp_ref)), games)
        sys.exit(0)
    game = 1
    while True:
        path = save_replay
        if path and game > 1:          # duel.json, then duel-2.json, duel-3.json ...
            from pathlib import Path
            p = Path(path)
            path = str(p.with_name(f"{p.stem}-{game}{p.suffix}"))
        s = Session(io, deck_a, deck_b, seed, bot, quiet, options, path,
                    (_deck_label(deck_ref), _deck_label(opp_ref)))
        r = s.play()
        if r != "again":
            break
        seed += 1
        game += 1
    sys.exit(0)


@main.command("replay")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--as", "as_", type=click.Choice(["A", "B", "a", "b"]), default=None,
              help="Show the duel as this player saw it (default: everything revealed).")
@click.option("--step", "stepwise", is_flag=True, help="Stop after each decision (Enter).")
@click.option("--plain", is_flag=True, help="Plain text, no colours or boxes.")
def replay_cmd(file, as_, stepwise, plain):
    """Play a saved duel back, step by step or to the end."""
    from .. import replay as R
    rep = R.load(file)
    viewer = None if as_ is None else "AB".index(as_.upper())
    plain = plain or not sys.stdout.isatty()
    io = IO(plain)
    d = R.start(rep)
    names = rep.names
    io.out(f"Replay {esc(file)}: seed {rep.seed}, {esc(names[0])} "
           f"({esc(rep.decks[0].get('name', ''))}) vs {esc(names[1])} "
           f"({esc(rep.decks[1].get('name', ''))}), {len(rep.decisions)} decisions"
           + ("" if viewer is None else f", as {names[viewer]} saw it"))
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
        new = d.log[seen:]
        seen = len(d.log)
        if text is not None:
            io.out(f"[bold]{x['step']:>4}. {esc(names[who])}:[/] {esc(text)}")
        for line in new:
            io.out(f"      [dim]{esc(line)}[/]")
        if stepping:
            io.block(board_lines(observe(d, viewer)), title=f"after step {x['step']}")
            try:
                io.read("(Enter) ")
            except EndOfInput:
                stepping = False
    io.block(board_lines(observe(d, viewer)), title="the end")
    if d.winner is None:
        io.out(f"The replay ends before the duel does (turn {d.turn}).")
    elif d.winner == "draw":
        io.out(f"The duel is a draw ({esc(d.win_reason)}) after {d.turn} turns.")
    else:
        io.out(f"{esc(names[d.winner])} wins ({esc(d.win_reason)}) after {d.turn} turns.")
    R.check_result(rep, d)
