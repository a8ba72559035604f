"""Generate card *facts* (never texts) from a reference cards.cdb.

    python tools/gen_facts.py CDB NAMES.txt > out.yaml
        prints the facts of the cards named in NAMES.txt (one name a line) as YAML entries
        for a hand-written fact file (add the `text:` yourself)

    python tools/gen_facts.py CDB --pool WHITELIST [--out FILE]
        writes FILE (default ygosim/cards/data/goat-pool.jsonl): the facts of every card of
        the lflist.conf WHITELIST (default: the Goat pool, ygosim/data/goat/pool-whitelist.conf)
        that no other built-in fact file has, one card a JSON line. Running it again keeps
        the descriptions (`text`, `era_text`) written into FILE by hand and drops the cards a
        hand-written file has taken over.

    python tools/gen_facts.py CDB --artworks [--out FILE]
        writes FILE (default ygosim/cards/data/alternate-artworks.tsv): every other passcode
        printed for a built-in card (an alternate artwork or reprint: a CDB row whose alias is
        the card's passcode and whose name is the card's; 8-digit passcodes only), so that a
        deck file may name a card by any of them with no card database imported.

Only names, passcodes and numeric facts are taken (and a Fusion Monster's materials: the card
names its description lists; a Ritual Spell's `ritual`: the Ritual Monster it names, or the
Attribute it allows, and the Level total); descriptions are written by the project. A Normal Monster gets
the project's usual "A vanilla monster with no effect."; an effect-less Fusion or Ritual
Monster "A Fusion (Ritual) Monster with no effect."; a Ritual Spell what its facts say; any
other card no description until someone writes one.
"""
from __future__ import annotations

import argparse
import json
import re
import sqlite3
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from ygosim.cards.codes import (TYPE_BITS, facts_from_row, fusion_materials_from_desc,  # noqa: E402
                                ritual_from_desc)
from ygosim.cards.db import (ARTWORKS_FILE, DATA_DIR, data_files, load_alternate_artworks,  # noqa: E402
                             load_data_rows, normalize)

POOL = ROOT / "ygosim" / "data" / "goat" / "pool-whitelist.conf"
OUT = DATA_DIR / "goat-pool.jsonl"
VANILLA = "A vanilla monster with no effect."
VANILLA_FUSION = "A Fusion Monster with no effect."
VANILLA_RITUAL = "A Ritual Monster with no effect."
HAND_WRITTEN = ("text", "era_text")     # kept from FILE when the tool runs again
ROW = ("select d.id, d.alias, d.type, d.atk, d.def, d.level, d.race, d.attribute, t.name, t.desc "
       "from datas d join texts t on d.id = t.id")
HEADER = """\
# The facts of every Goat pool card (ygosim/data/goat/pool-whitelist.conf) that no hand-written
# fact file (*.yaml) has: generated from cards-2020.cdb by tools/gen_facts.py --pool, one card a
# line (name, passcode, kind, frames, Attribute, Type, ATK/DEF, Level, Fusion Materials, what a
# Ritual Spell summons), never the official texts. A card's description (`text`, `era_text`:
# {"goat": ...}) is written into its line by hand, in the project's own words; running the tool
# again keeps it.
"""

def card_facts(row, db) -> dict:
    """The project's facts of one cdb row (ROW's columns): the numeric facts, the name, a
    Fusion Monster's materials and a Ritual Spell's Ritual Monster and Levels (names checked
    to be card names)."""
    *numbers, name, desc = row
    facts = {"name": name, **facts_from_row(*numbers)}
    type_ = numbers[2]
    if type_ & TYPE_BITS["fusion"]:
        mats = fusion_materials_from_desc(desc)
        if mats is None:
            sys.exit(f"{name} ({numbers[0]}): its Fusion Materials are not a list of card names; "
                     "write its facts by hand in a .yaml file")
        for mat in mats:
            if db.execute("select 1 from texts where name = ?", (mat,)).fetchone() is None:
                sys.exit(f"{name}: Fusion Material {mat!r} is no card of the database")
        facts["materials"] = list(mats)
    if type_ & TYPE_BITS["spell"] and type_ & TYPE_BITS["ritual"]:
        ritual = ritual_from_desc(desc)
        if ritual is None:
            sys.exit(f"{name} ({numbers[0]}): what this Ritual Spell summons is not read from "
                     "its description; write its facts by hand in a .yaml file")
        if "monster" in ritual and db.execute("select 1 from texts where name = ?",
                                              (ritual["monster"],)).fetchone() is None:
            sys.exit(f"{name}: Ritual Monster {ritual['monster']!r} is no card of the database")
        facts["ritual"] = ritual
    return facts


def described(facts: dict) -> dict:
    """The facts with the description the tool may write itself (Normal Monsters, effect-less
    Fusion Monsters)."""
    frames = facts.get("frames", ())
    if "normal" in frames and "pendulum" not in frames:
        return {**facts, "text": VANILLA}
    if "fusion" in frames and "effect" not in frames:
        return {**facts, "text": VANILLA_FUSION}
    if "ritual" in frames and "effect" not in frames:
        return {**facts, "text": VANILLA_RITUAL}
    ritual = facts.get("ritual")
    if ritual and "monster" in ritual:
        return {**facts, "text": f"A Ritual Spell for {ritual['monster']}: Tribute monsters from "
                f"your hand or field whose Levels total {ritual['level']} or more."}
    if ritual:
        return {**facts, "text": f"A Ritual Spell for any {ritual['attribute']} Ritual Monster: "
                "Tribute monsters from your hand or field whose Levels total exactly its Level."}
    return facts


def whitelist(path: Path) -> list[int]:
    codes = []
    for line in path.read_text(encoding="utf-8").splitlines():
        m = re.match(r"(\d+)\s+-?\d+", line)
        if m:
            codes.append(int(m[1]))
    return codes


def pool(db, pool_path: Path, out_path: Path, replaces: Path | None = None) -> list[dict]:
    """Write out_path (see the module's text); returns its cards. `replaces`: the built-in
    file out_path stands for (default: out_path itself), whose cards count as not known."""
    replaces = (replaces or out_path).resolve()
    known_codes, known_names = set(), set()
    for path in data_files():
        if path.resolve() == replaces:
            continue
        for row in load_data_rows(path):
            known_codes.add(int(row["passcode"]))
            known_names.add(normalize(row["name"]))
    known_codes.update(code for code, _ in load_alternate_artworks(DATA_DIR / ARTWORKS_FILE))
    kept = {}
    if out_path.exists():
        for row in load_data_rows(out_path):
            kept[int(row["passcode"])] = {k: row[k] for k in HAND_WRITTEN if k in row}
    cards = []
    for code in whitelist(pool_path):
        if code in known_codes:
            continue
        row = db.execute(ROW + " where d.id = ?", (code,)).fetchone()
        if row is None:
            sys.exit(f"{pool_path}: passcode {code} is not in the database")
        facts = card_facts(row, db)
        if normalize(facts["name"]) in known_names:
            continue
        cards.append({**described(facts), **kept.get(code, {})})
    cards.sort(key=lambda c: (normalize(c["name"]), c["passcode"]))
    with open(out_path, "w", encoding="utf-8", newline="\n") as f:
        f.write(HEADER)
        for card in cards:
            f.write(json.dumps(card, ensure_ascii=False) + "\n")
    print(f"{out_path}: {len(cards)} cards ({sum('text' in c for c in cards)} described)",
          file=sys.stderr)
    return cards


def by_names(db, names_path: str) -> None:
    out = []
    for name in open(names_path, encoding="utf-8"):
        name = name.strip()
        if not name or name.startswith("#"):
            continue
        row = db.execute(ROW + " where t.name = ? and d.alias = 0", (name,)).fetchone()
        if row is None:
            sys.exit(f"{names_path}: card not found: {name}")
        out.append(card_facts(row, db))
    yaml.safe_dump(out, sys.stdout, sort_keys=False, allow_unicode=True, width=100,
                   default_flow_style=None)


ARTWORKS_HEADER = """\
# Alternate artworks of the built-in cards: the other passcodes printed for the same card (a
# fact: cards-2020.cdb rows whose alias is a built-in card's passcode and whose name is that
# card's; written by tools/gen_facts.py --artworks). A deck file may use any of them.
# passcode<TAB>name
"""


def artworks(db, out_path: Path) -> list[tuple[int, str]]:
    """Write out_path (see the module's text); returns its (passcode, name) rows."""
    cards = {}
    for path in data_files():
        for row in load_data_rows(path):
            cards[int(row["passcode"])] = row["name"]
    rows = []
    for code, alias, name in db.execute("select d.id, d.alias, t.name from datas d join texts t "
                                        "on d.id = t.id where d.alias != 0 order by d.id"):
        own = cards.get(alias)
        if own is not None and code not in cards and code < 100_000_000 \
                and normalize(name) == normalize(own):
            rows.append((code, own))
    out_path.write_text(ARTWORKS_HEADER + "".join(f"{c}\t{n}\n" for c, n in rows),
                        encoding="utf-8")
    return rows


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog=__doc__.split("\n\n", 1)[1])
    ap.add_argument("cdb", help="a YGOPro/EDOPro cards.cdb (the team's cards-2020.cdb)")
    ap.add_argument("names", nargs="?", help="a file of card names, one a line")
    ap.add_argument("--pool", nargs="?", const=POOL, type=Path, metavar="WHITELIST",
                    help=f"write the facts of a card pool (default: {POOL.relative_to(ROOT)})")
    ap.add_argument("--artworks", action="store_true",
                    help="write the alternate passcodes of the built-in cards")
    ap.add_argument("--out", type=Path, default=None, help="with --pool or --artworks: the file "
                    f"to write (default: {OUT.relative_to(ROOT)}, "
                    f"{(DATA_DIR / ARTWORKS_FILE).relative_to(ROOT)})")
    args = ap.parse_args(argv)
    if sum((args.names is not None, args.pool is not None, args.artworks)) != 1:
        ap.error("give one of NAMES.txt, --pool or --artworks")
    db = sqlite3.connect(f"file:{Path(args.cdb).resolve()}?mode=ro", uri=True)
    if args.artworks:
        artworks(db, args.out or DATA_DIR / ARTWORKS_FILE)
    elif args.pool is not None:
        args.out = args.out or OUT
        pool(db, args.pool, args.out)
    else:
        by_names(db, args.names)


if __name__ == "__main__":
    main()
