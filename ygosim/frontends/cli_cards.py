"""`ygosim deck ...` and `ygosim cards ...`: decks (check, show, convert) and the card store
(import, search, show). Tables use rich on a terminal, plain text otherwise."""
from __future__ import annotations

import difflib
import sys

import click

from ..cards.db import normalize
from ..cards.model import CardData
from ..cli import main
from ..errors import YgosimError
from ..safetext import quoted
from ..formats.deck import Deck, load_deck, read_deck_list
from ..formats.decklist import SECTION_TITLES, SECTIONS
from ..formats.lflist import load_banlist
from ..formats.rules import check_deck
from ..formats.store import import_cards, known_cards
from ..formats.textfile import write_atomic
from ..formats.ydk import format_ydk
from ..formats.ydke import format_ydke

from ..formats.deck import BUILT_IN

DECK_HELP = f"DECK is a .ydk file, a ydke:// URL, or a built-in deck: {', '.join(BUILT_IN)}."
KIND_ORDER = {"monster": 0, "spell": 1, "trap": 2}


class Output:
    """Lines and tables: rich when stdout is a terminal, plain text otherwise."""

    def __init__(self):
        self.console = None
        if sys.stdout.isatty():
            from rich.console import Console
            self.console = Console()

    def line(self, text: str = "", style: str | None = None) -> None:
        if self.console:
            self.console.print(text, style=style, markup=False, highlight=False)
        else:
            click.echo(text)

    def table(self, title: str, columns: list[str], rows: list[list]) -> None:
        rows = [[str(v) for v in row] for row in rows]
        if self.console:
            from rich.table import Table
            table = Table(title=title, title_justify="left", show_header=bool(columns))
            for column in columns or [""] * len(rows[0]):
                table.add_column(column)
            for row in rows:
                table.add_row(*row)
            self.console.print(table)
            return
        if title:
            click.echo(title)
        lines = ([columns] if columns else []) + rows
        widths = [max(len(r[i]) for r in lines) for i in range(len(lines[0]))] if lines else []
        for row in lines:
            click.echo("  " + "  ".join(v.ljust(w) for v, w in zip(row, widths)).rstrip())


def playable_text(card: CardData) -> str:
    return "yes" if card.playable else "not yet"


# -- ygosim deck ---------------------------------------------------------------------------

@main.group("deck")
def deck_group():
    """Check, show and convert decks (.ydk files, ydke:// URLs, built-in decks)."""


@deck_group.command("check", epilog=DECK_HELP)
@click.argument("deck")
@click.option("--banlist", "banlist_file", metavar="FILE", help="An lflist.conf banlist.")
@click.option("--list", "list_name", metavar="NAME",
              help="Which list of the banlist file (default: the first).")
def deck_check(deck, banlist_file, list_name):
    """Check DECK against the deck rules (and a banlist); exit 0 legal, 1 not, 2 unreadable."""
    if list_name and not banlist_file:
        raise click.UsageError("--list needs --banlist")
    the_deck = load_deck(deck, allow_unknown=True)
    banlist = load_banlist(banlist_file, list_name) if banlist_file else None
    problems = check_deck(the_deck, banlist)
    out = Output()
    against = f", banlist {banlist.name!r}" if banlist else ""
    out.line(f"{the_deck.name}: {_sizes(the_deck)}{against}")
    for note in the_deck.notes:
        out.line(f"note: {note}", "yellow")
    for problem in problems:
        out.line(f"problem: {problem}", "red")
    if problems:
        out.line(f"not legal: {len(problems)} problem{'s' if len(problems) > 1 else ''}", "bold red")
        sys.exit(1)
    out.line("legal", "bold green")


@deck_group.command("show", epilog=DECK_HELP)
@click.argument("deck")
def deck_show(deck):
    """List the cards of DECK, with counts."""
    the_deck = load_deck(deck, allow_unknown=True)
    out = Output()
    out.line(f"{the_deck.name} ({the_deck.source}): {_sizes(the_deck)}", "bold")
    for section in SECTIONS:
        cards = the_deck.section(section)
        kinds = {k: sum(1 for c in cards if c.kind == k) for k in KIND_ORDER}
        summary = ", ".join(f"{n} {k}{'s' if n != 1 else ''}" for k, n in kinds.items() if n)
        title = f"{SECTION_TITLES[section]}: {the_deck.size(section)} cards" + \
            (f" ({summary})" if summary else "")
        rows = [[n, card.name, card.kind_line(), card.passcode, playable_text(card)]
                for card, n in _grouped(cards)]
        rows += [[1, "?", "unknown passcode", e.code, "no"]
                 for s, e in the_deck.unknown if s == section]
        if rows:
            out.table(title, ["#", "Card", "Kind", "Passcode", "Playable"], rows)
        else:
            out.line(title)
    for note in the_deck.notes:
        out.line(f"note: {note}", "yellow")
    not_playable = the_deck.not_playable()
    if not_playable:
        out.line(f"{len(not_playable)} cards not yet playable: "
                 + ", ".join(c.name for c in not_playable), "red")


@deck_group.command("convert", epilog=DECK_HELP)
@click.argument("deck")
@click.option("--to", "to", type=click.Choice(["ydk", "ydke"]), required=True,
              help="The format to write.")
@click.option("-o", "--output", metavar="FILE", help="Write to FILE (default: standard output).")
def deck_convert(deck, to, output):
    """Write DECK as a .ydk file or a ydke:// URL (the passcodes as they are)."""
    cards = read_deck_list(deck)
    codes = [cards.codes(s) for s in SECTIONS]
    text = format_ydk(*codes) if to == "ydk" else format_ydke(*codes) + "\n"
    if output:
        write_atomic(output, text)
    else:
        click.echo(text, nl=False)


def _sizes(deck: Deck) -> str:
    return ", ".join(f"{SECTION_TITLES[s].split()[0]} {deck.size(s)}" for s in SECTIONS)


def _grouped(cards: list[CardData]) -> list[tuple[CardData, int]]:
    """(card, copies) in order of kind, then of first appearance."""
    counts: dict[int, list] = {}
    for card in cards:
        counts.setdefault(id(card), [card, 0])[1] += 1
    return sorted(((c, n) for c, n in counts.values()), key=lambda cn: KIND_ORDER[cn[0].kind])


# -- ygosim cards --------------------------------------------------------------------------

@main.group("cards")
def cards_group():
    """Import, search and show cards."""


@cards_group.command("import")
@click.argument("file")
def cards_import(file):
    """Import the card facts of a YGOPro/EDOPro cards.cdb or a YGOProDeck API .json dump
    (never the official texts) into the card store."""
    r = import_cards(file)
    out = Output()
    out.line(f"Imported {r.cards} cards from {r.source} into {r.store}: {r.added} added, "
             f"{r.updated} updated.", "bold")
    out.line(f"  {r.playable} Normal Monsters are playable; {r.not_playable} cards are known by "
             "their facts only (not yet playable: no script for what they do).")
    if r.alternate_artworks:
        out.line(f"  {r.alternate_artworks} alternate artworks or reprints: same card as another "
                 "passcode.")
    if r.tokens:
        out.line(f"  {r.tokens} Tokens (known by their facts; no Deck holds them).")
    if r.built_in:
        out.line(f"  {r.built_in} cards the project already has: kept as they are.")
    if r.skipped:
        out.line("  Skipped (not cards a Deck holds): "
                 + ", ".join(f"{n} {k}" for k, n in sorted(r.skipped.items())))
    if r.rejected:
        n = len(r.rejected)
        out.line(f"warning: {n} broken {'entry' if n == 1 else 'entries'} left out:", "yellow")
        for line in r.rejected[:10]:
            out.line(f"  {line}", "yellow")
        if n > 10:
            out.line(f"  ... and {n - 10} more", "yellow")


@cards_group.command("search")
@click.argument("text")
@click.option("--limit", default=100, show_default=True, help="Show at most this many cards.")
def cards_search(text, limit):
    """Cards whose name (or the project's description) contains TEXT (any case)."""
    found = known_cards().search(text)
    out = Output()
    if not found:
        out.line(f"no card matches {text!r}")
        return
    rows = [[c.passcode, c.name, c.kind_line(), playable_text(c)] for c in found[:limit]]
    out.table(f"{len(found)} cards match {text!r}", ["Passcode", "Card", "Kind", "Playable"], rows)
    if len(found) > limit:
        out.line(f"... and {len(found) - limit} more (--limit)")


@cards_group.command("show")
@click.argument("card")
def cards_show(card):
    """The facts of a card, by NAME or PASSCODE."""
    db = known_cards()
    found = db.get(card)
    if found is None:
        close = difflib.get_close_matches(normalize(card)[:100], db.names(), n=3)
        hint = "; did you mean " + " or ".join(repr(db[c].name) for c in close) \
            if close else ""
        raise YgosimError(f"unknown card: {quoted(card)}{hint}")
    others = db.codes_of(found)[1:]
    rows = [["Passcode", found.passcode]]
    if others:
        rows.append(["Also", ", ".join(map(str, others)) + " (alternate artworks)"])
    rows.append(["Kind", found.kind_line()])
    if found.alias and found.alias not in others:
        alias = db.get(found.alias)
        rows.append(["Alias", f"{found.alias}" + (f" ({alias.name})" if alias else "")])
    if found.link_arrows:
        rows.append(["Link Arrows", ", ".join(found.link_arrows)])
    if found.has_frame("pendulum"):
        rows.append(["Pendulum Scale", found.scale])
    rows.append(["Description", found.text or "(not yet written by the project)"])
    rows.append(["Playable", "yes" if found.playable else
                 "not yet (the engine has no script for what it does)"])
    out = Output()
    if out.console:
        out.table(found.name, [], rows)
    else:
        out.line(found.name)
        for key, value in rows:
            out.line(f"  {key}: {value}")
