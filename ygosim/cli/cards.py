"""`ygosim deck ...` and `ygosim cards ...`: decks (check, show, convert) and the card store
(import, search, show). Tables use rich on a terminal, plain text otherwise."""
from __future__ import annotations

import difflib
import sys

import click

import json

from ..cards.db import normalize
from ..cards.model import CardData
from ..engine.rules import get_rules
from ..cards.errors import YgosimError
from ..formats.deck import BUILT_IN, NOT_GOAT_LEGAL, UNKNOWN_HINT, load_deck, read_deck_list
from ..formats.decklist import SECTIONS
from ..formats.lflist import load_banlist
from ..formats.store import import_cards, known_cards
from ..cards.textfile import write_atomic
from ..formats.ydk import format_ydk
from ..formats.ydke import format_ydke
from ..cards.safetext import printable, quoted
from .options import rules_option

DECK_HELP = (f"DECK is a .ydk file, a ydke:// URL, or a built-in deck: {', '.join(BUILT_IN)} "
             f"({', '.join(NOT_GOAT_LEGAL)} are not legal Goat decks; the others are real Goat "
             "lists).")
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


def playable_text(card: CardData, era: str = "current") -> str:
    return "yes" if card.playable_in(era) else "not yet"


def stat_text(card: CardData) -> dict:
    """A card's facts as JSON: '?' ATK/DEF as '?'."""
    out = {"name": card.name, "passcode": card.passcode, "kind": card.kind}
    if card.kind == "monster":
        out["frames"] = list(card.frames)
        out.update(attribute=card.attribute, type=card.type,
                   atk="?" if card.atk_q else card.atk)
        if card.link_rating:
            out.update(link_rating=card.link_rating, link_arrows=list(card.link_arrows))
        else:
            out["def"] = "?" if card.def_q else card.def_
            out["rank" if card.rank else "level"] = card.rank or card.level
        if card.has_frame("pendulum"):
            out["scale"] = card.scale
    else:
        out["subtype"] = card.subtype
    return out


def echo_json(value) -> None:
    click.echo(json.dumps(value, ensure_ascii=False))


json_option = click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")


# -- ygosim deck ---------------------------------------------------------------------------

@click.group("deck")
def deck_group():
    """Check, show and convert decks (.ydk files, ydke:// URLs, built-in decks)."""


@deck_group.command("check", epilog=DECK_HELP)
@click.argument("deck")
@click.option("--banlist", "banlist_file", metavar="FILE",
              help="An lflist.conf banlist (default: the format's own list, if it has one: "
                   "goat uses the April 2005 list).")
@click.option("--list", "list_name", metavar="NAME",
              help="Which list of the banlist file (default: the first).")
@rules_option(help="The format whose deck rules apply: v10 (Main 40-60, Extra 0-15, Side "
                   "0-15; the default), 2020 (the same) or goat (Main 40 or more, Fusion Deck "
                   "any size, Side 0 or 15, the April 2005 list and the Goat card pool).")
@click.option("--require-playable", is_flag=True,
              help="Also fail (exit 1) when the deck cannot be played: a card it does not "
                   "know, or a Main or Fusion/Extra Deck card the engine cannot play yet.")
@json_option
def deck_check(deck, banlist_file, list_name, rules, require_playable, as_json):
    """Check DECK against the deck rules of a format, its banlist and card pool: exit 0 legal,
    1 not legal (or, with --require-playable, not playable), 2 unreadable. Playability is
    reported apart (it is not legality): a deck plays when the project knows every card and
    the engine plays every card of its Main and Extra Deck (what a duel uses); Side Deck cards
    not yet playable only keep them from being sided in during a Match."""
    from ..formats.rules import deck_report, format_lists, section_title
    if list_name and not banlist_file:
        raise click.UsageError("--list needs --banlist")
    the_deck = load_deck(deck, allow_unknown=True)
    r = get_rules(rules)
    banlist, pool = format_lists(r)
    if banlist_file:
        banlist = load_banlist(banlist_file, list_name)
    report = deck_report(the_deck, r, banlist, pool)
    problems, playable = report["problems"], report["playable"]
    by_section = report["not_playable_by_section"]
    unknown = [e for _, e in the_deck.unknown]
    warnings = [w for listing in (banlist, pool) if listing for w in listing.warnings()]
    failed = bool(problems) or (require_playable and not playable)
    if as_json:
        report["unknown"] = [{"where": u["where"], "passcode": u["passcode"]}
                             for u in report["unknown"]]
        echo_json({"deck": the_deck.name, "source": the_deck.source, "rules": r.name,
                   "sizes": {s: the_deck.size(s) for s in SECTIONS},
                   "banlist": banlist.name if banlist else None,
                   "pool": pool.name if pool else None, **report,
                   "notes": the_deck.notes, "warnings": warnings})
        sys.exit(1 if failed else 0)
    out = Output()
    against = [f"rules {r.name}"] + ([f"banlist {banlist.name!r}"] if banlist else []) + \
        ([f"card pool {pool.name!r}"] if pool else [])
    sizes = ", ".join(f"{section_title(s, r).split()[0]} {the_deck.size(s)}" for s in SECTIONS)
    out.line(f"{the_deck.name}: {sizes} ({'; '.join(against)})")
    for warning in warnings:
        out.line(f"warning: {warning}", "yellow")
    for note in the_deck.notes:
        out.line(f"note: {note}", "yellow")
    for problem in problems:
        out.line(f"problem: {problem}", "red")
    played = _names_of(by_section["main"] + by_section["extra"])
    if played:
        out.line(f"not yet playable: {len(played)} card{'s' if len(played) != 1 else ''} the "
                 "engine has no script for (a duel refuses them unless --allow-unscripted): "
                 + ", ".join(played), "red" if require_playable else "yellow")
    side = [n for n in _names_of(by_section["side"]) if n not in played]
    if side:
        out.line(f"Side Deck: {len(side)} card{'s' if len(side) != 1 else ''} not yet playable "
                 "(a duel does not use them; a Match refuses to side them in): "
                 + ", ".join(side), "yellow")
    if unknown:
        out.line(f"not playable: {len(unknown)} unknown passcode{'s' if len(unknown) != 1 else ''}"
                 f" ({', '.join(str(e.code) for e in unknown[:5])}"
                 f"{', ...' if len(unknown) > 5 else ''}) {UNKNOWN_HINT}",
                 "red" if require_playable else "yellow")
    if problems:
        out.line(f"not legal: {len(problems)} problem{'s' if len(problems) > 1 else ''}"
                 + ("" if playable else ", not playable"), "bold red")
    else:
        out.line("legal" + ("" if playable else ", not yet playable"),
                 "bold green" if not failed else "bold red")
    if failed:
        sys.exit(1)


def _names_of(names: list[str]) -> list[str]:
    """Names once each, in order."""
    return list(dict.fromkeys(names))


@deck_group.command("show", epilog=DECK_HELP)
@click.argument("deck")
@rules_option(help="Show playability under this rule set (goat: the cards' 2005 versions).")
@json_option
def deck_show(deck, rules, as_json):
    """List the cards of DECK, with counts."""
    from ..formats.rules import not_playable, section_title
    the_deck = load_deck(deck, allow_unknown=True)
    r = get_rules(rules)
    era = r.card_era
    if as_json:
        echo_json({"deck": the_deck.name, "source": the_deck.source, "rules": r.name,
                   "sections": {s: [{**stat_text(c), "copies": n, "playable": c.playable_in(era)}
                                    for c, n in _grouped(the_deck.section(s))]
                                + [{"passcode": e.code, "unknown": True, "where": e.where}
                                   for sec, e in the_deck.unknown if sec == s]
                                for s in SECTIONS},
                   "sizes": {s: the_deck.size(s) for s in SECTIONS},
                   "notes": the_deck.notes,
                   "not_playable": [c.name for c in not_playable(the_deck, r)]})
        return
    out = Output()
    sizes = ", ".join(f"{section_title(s, r).split()[0]} {the_deck.size(s)}" for s in SECTIONS)
    out.line(f"{the_deck.name} ({the_deck.source}): {sizes}", "bold")
    for section in SECTIONS:
        cards = the_deck.section(section)
        kinds = {k: sum(1 for c in cards if c.kind == k) for k in KIND_ORDER}
        summary = ", ".join(f"{n} {k}{'s' if n != 1 else ''}" for k, n in kinds.items() if n)
        title = f"{section_title(section, r)}: {the_deck.size(section)} cards" + \
            (f" ({summary})" if summary else "")
        rows = [[n, card.name, card.kind_line(), card.passcode, playable_text(card, era)]
                for card, n in _grouped(cards)]
        rows += [[1, "?", "unknown passcode", e.code, "no"]
                 for s, e in the_deck.unknown if s == section]
        if rows:
            out.table(title, ["#", "Card", "Kind", "Passcode", "Playable"], rows)
        else:
            out.line(title)
    for note in the_deck.notes:
        out.line(f"note: {note}", "yellow")
    unplayable = not_playable(the_deck, r)
    if unplayable:
        out.line(f"{len(unplayable)} cards not yet playable: "
                 + ", ".join(c.name for c in unplayable), "red")


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


def _grouped(cards: list[CardData]) -> list[tuple[CardData, int]]:
    """(card, copies) in order of kind, then of first appearance."""
    counts: dict[int, list] = {}
    for card in cards:
        counts.setdefault(id(card), [card, 0])[1] += 1
    return sorted(((c, n) for c, n in counts.values()), key=lambda cn: KIND_ORDER[cn[0].kind])


# -- ygosim cards --------------------------------------------------------------------------

@click.group("cards")
def cards_group():
    """Import, search and show cards."""


@cards_group.command("import")
@click.argument("file")
def cards_import(file):
    """Import the card facts of a YGOPro/EDOPro cards.cdb or a YGOProDeck API .json dump
    (never the official texts) into the card store. Broken entries are left out and listed;
    the others are imported."""
    r = import_cards(file)
    out = Output()
    out.line(f"Imported {r.cards} cards from {printable(str(r.source))} into "
             f"{printable(str(r.store))}: {r.added} added, {r.updated} updated.", "bold")
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
@click.option("--limit", default=100, show_default=True, type=click.IntRange(1, 100_000),
              help="Show at most this many cards.")
@json_option
def cards_search(text, limit, as_json):
    """Cards whose name (or the project's description) contains TEXT (any case)."""
    found = known_cards().search(text)
    if as_json:
        echo_json({"query": text, "count": len(found),
                   "cards": [{**stat_text(c), "playable": c.playable} for c in found[:limit]]})
        return
    out = Output()
    if not found:
        out.line(f"no card matches {quoted(text)}")
        return
    rows = [[c.passcode, c.name, c.kind_line(), playable_text(c)] for c in found[:limit]]
    out.table(f"{len(found)} cards match {quoted(text)}", ["Passcode", "Card", "Kind", "Playable"],
              rows)
    if len(found) > limit:
        out.line(f"... and {len(found) - limit} more (--limit)")


FRAME_STYLE = {"normal": "yellow", "effect": "dark_orange", "fusion": "medium_purple",
               "ritual": "steel_blue1", "synchro": "white", "xyz": "grey50", "link": "blue",
               "spell": "green", "trap": "magenta"}


def card_face(card: CardData, text: str = ""):
    """The drawn face of a card (a rich Panel), for a terminal: name, Level and Attribute or
    the Spell/Trap kind, Type, ATK/DEF, and the project's description."""
    from rich.panel import Panel
    from rich.text import Text
    frame = card.kind if card.kind != "monster" else next(
        (f for f in ("link", "xyz", "synchro", "fusion", "ritual") if f in card.frames),
        "normal" if "normal" in card.frames else "effect")
    style = FRAME_STYLE.get(frame, "white")
    body = Text()
    if card.kind == "monster":
        stars = card.level or card.rank
        mark = f"LINK-{card.link_rating}" if card.link_rating else \
            ("☆" if card.rank else "★") * min(stars, 12)
        body.append(f"{card.attribute}  {mark}\n", style="bold")
        frames = "/".join(f.replace("_", " ").title() for f in card.frames)
        body.append(f"[{card.type}/{frames}]\n")
    else:
        sub = {"quickplay": "Quick-Play"}.get(card.subtype, card.subtype.capitalize())
        body.append(f"[{card.kind.capitalize()} Card{' / ' + sub if sub and sub != 'Normal' else ''}]\n",
                    style="bold")
    if text:
        body.append("\n" + printable(text, newlines=True) + "\n", style="italic")
    if card.kind == "monster":
        atk = "?" if card.atk_q else card.atk
        dfn = "-" if card.link_rating else ("?" if card.def_q else card.def_)
        body.append(f"\nATK/{atk}  DEF/{dfn}", style="bold")
    return Panel(body, title=Text(printable(card.name), style="bold"), title_align="left",
                 border_style=style, width=34, subtitle=str(card.passcode),
                 subtitle_align="right")


def picture_lines(path):
    """A card picture as half-block characters (rich-pixels), 28 columns across."""
    try:
        from rich_pixels import Pixels
    except ImportError:
        raise YgosimError("showing card pictures in a terminal needs Pillow and rich-pixels: "
                          "python3 -m pip install 'ygosim[images]'") from None
    try:
        return Pixels.from_image_path(path, resize=(28, 40))
    except (OSError, ValueError) as e:
        raise YgosimError(f"{printable(str(path))}: not a picture that can be read "
                          f"({printable(str(e))[:80]})") from None


@cards_group.command("show")
@click.argument("card")
@rules_option(help="Show the card as it plays under this rule set (goat: its 2005 text, where "
                   "that differs).")
@click.option("--card-images", "card_images", metavar="DIR", envvar="YGOSIM_CARD_IMAGES",
              type=click.Path(file_okay=False),
              help="A folder of card pictures named by passcode, as EDOPro's pics folder "
                   "(DIR/46986414.jpg): on a terminal the card's picture is drawn above its "
                   "facts (its drawn face when the folder has none). Also $YGOSIM_CARD_IMAGES.")
@json_option
def cards_show(card, rules, card_images, as_json):
    """The facts of a card, by NAME or PASSCODE."""
    db = known_cards()
    found = db.get(card)
    if found is None:
        close = difflib.get_close_matches(normalize(card)[:100], db.names(), n=3)
        hint = "; did you mean " + " or ".join(repr(db[c].name) for c in close) \
            if close else ""
        raise YgosimError(f"unknown card: {quoted(card)}{hint}")
    r = get_rules(rules)
    version = found.for_era(r.card_era)
    others = db.codes_of(found)[1:]
    alias = db.get(found.alias) if found.alias and found.alias not in others else None
    picture = None
    if card_images is not None:
        from ..formats.pics import CardPictures
        picture = CardPictures(card_images).find(found, db)
    if as_json:
        echo_json({**stat_text(found), "also": others, "alias": found.alias or None,
                   "rules": r.name, "text": version.text,
                   "playable": version.playable, "pendulum_effect": found.pendulum_effect}
                  | ({} if card_images is None
                     else {"picture": None if picture is None else str(picture)}))
        return
    rows = [["Passcode", found.passcode]]
    if others:
        rows.append(["Also", ", ".join(map(str, others)) + " (alternate artworks)"])
    rows.append(["Kind", found.kind_line()])
    if found.alias and found.alias not in others:
        rows.append(["Alias", f"{found.alias}" + (f" ({alias.name})" if alias else "")])
    if found.link_arrows:
        rows.append(["Link Arrows", ", ".join(found.link_arrows)])
    if found.has_frame("pendulum"):
        rows.append(["Pendulum Scale", found.scale])
    era_note = f" (as in {r.title})" if version is not found else ""
    rows.append(["Description", (version.text or "(not yet written by the project)") + era_note])
    rows.append(["Playable", "yes" if version.playable else
                 "not yet (the engine has no script for what it does)"])
    out = Output()
    if card_images is not None:
        if out.console:
            out.console.print(picture_lines(picture) if picture is not None
                              else card_face(version, version.text or ""))
        else:
            rows.append(["Picture", printable(str(picture)) if picture is not None
                         else "none in that folder (the drawn face is shown on a terminal)"])
    if out.console:
        out.table(found.name, [], rows)
    else:
        out.line(found.name)
        for key, value in rows:
            out.line(f"  {key}: {value}")


@cards_group.command("coverage")
@rules_option(help="The format whose card pool is counted: goat (the Goat card pool, 1,693 "
                   "cards, as the 2005 versions play). Without it (or v10, 2020): every card "
                   "the store knows, as v10 plays them.")
@click.option("--missing", is_flag=True,
              help="Also list the cards that are not playable, the most played in the "
                   "format's reference deck lists first (cards not in those lists after).")
@json_option
def cards_coverage(rules, missing, as_json):
    """How many cards of a format's pool the engine plays: playable, known as facts only (no
    script yet), or unknown (import a card database to know them), by kind."""
    from ..formats.pool import STATUS_WORDS, STATUSES, coverage
    cov = coverage(rules)
    if as_json:
        echo_json(cov.as_dict(missing))
        return
    out = Output()
    total = len(cov.cards)
    counts = cov.counts()
    where = f"the card pool {cov.pool!r} ({cov.source})" if cov.pool else \
        "every card the store knows"
    out.line(f"{cov.rules}: {where}: {total:,} cards, {counts['playable']:,} playable "
             f"({_share(counts['playable'], total)})", "bold")
    kinds = cov.by_kind()
    rows = [[kind if kind != "?" else "(kind unknown)",
             *(f"{row[s]:,}" for s in STATUSES), f"{row['total']:,}"]
            for kind, row in kinds.items()]
    rows.append(["all", *(f"{counts[s]:,} ({_share(counts[s], total)})" for s in STATUSES),
                 f"{total:,}"])
    out.table("", ["kind", *(STATUS_WORDS[s] for s in STATUSES), "total"], rows)
    if counts["unknown"]:
        out.line(f"{counts['unknown']:,} cards are unknown to the store: `ygosim cards import "
                 "cards.cdb` makes their facts known.")
    if missing:
        rows = [["-" if c.decks is None else c.decks, c.name, c.kind, c.passcode,
                 STATUS_WORDS[c.status]] for c in cov.missing()]
        if rows:
            out.table(f"not playable: {len(rows):,} cards (decks: how many reference deck lists "
                      "play the card)", ["decks", "card", "kind", "passcode", "status"], rows)


def _share(n: int, total: int) -> str:
    return f"{100 * n / total:.1f}%" if total else "-"
