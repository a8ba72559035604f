"""How many deck lists of a folder are legal and play (issue 23): for every .ydk file of FOLDER
(and its subfolders), read on this checkout as a fresh install reads it (no import), under a
rule set (goat by default):

    legal                    the format's lists (banlist, card pool) and deck rules hold
    playable as given        every card known and playable, Side Deck included
    playable ignoring Side   every card of the Main and Fusion Deck known and playable (what a
                             duel needs; a Match refuses to side in the others)
    playable, Main Deck only the Main Deck alone
    duel-ready               legal and playable ignoring Side: `ygosim duel --deck FILE
                             --rules goat` takes it as it is

and the cards that keep the most lists from playing (by section), most lists first.

    python3 tools/goat_lists.py FOLDER [--rules goat] [--list] [--top 30] [--json]
                                       [--duel [--turns 12]]

--list prints each file's verdict; --duel plays a short duel of each duel-ready list against
the next one (both sides the heuristic bot, every check of tests/test_random_play.py after
every decision) and reports any that fails. Exit status 1 if a duel failed, 2 for a bad folder.
"""
from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]          # this checkout's ygosim and test tools

from ygosim.cards.errors import YgosimError  # noqa: E402
from ygosim.formats.deck import load_deck  # noqa: E402
from ygosim.formats.rules import deck_report  # noqa: E402

FIGURES = (("legal", "legal"), ("playable_with_side", "playable as given"),
           ("playable", "playable ignoring Side"), ("playable_main", "playable, Main Deck only"),
           ("duel_ready", "duel-ready (legal, playable ignoring Side)"))


def read_lists(folder: Path, rules: str) -> list[dict]:
    """One row per .ydk file: its report (ygosim.formats.rules.deck_report), or its error."""
    rows = []
    for path in sorted(folder.rglob("*.ydk")):
        row = {"file": str(path.relative_to(folder))}
        try:
            deck = load_deck(path, allow_unknown=True)
        except YgosimError as e:
            row["error"] = str(e)
            rows.append(row)
            continue
        row.update(deck_report(deck, rules))
        row["duel_ready"] = row["legal"] and row["playable"]
        row["deck"] = deck
        rows.append(row)
    return rows


def blocking(rows: list[dict]) -> list[tuple[str, str, int]]:
    """(card, section, lists it keeps from playing), most lists first: a card counts once per
    list and section; unknown passcodes by passcode."""
    count = Counter()
    for row in rows:
        if "error" in row:
            continue
        for section, names in row["not_playable_by_section"].items():
            for name in set(names):
                count[(name, section)] += 1
        for u in {(f"unknown passcode {u['passcode']}", u["section"]) for u in row["unknown"]}:
            count[u] += 1
    return [(name, section, n) for (name, section), n in
            sorted(count.items(), key=lambda kv: (-kv[1], kv[0]))]


def play_lists(rows: list[dict], rules: str, turns: int) -> list[dict]:
    """A short duel of each duel-ready list against the next one, the heuristic bot on both
    sides, with every check after every decision; the outcomes."""
    from soak_util import play_soak_duel
    ready = [r for r in rows if r.get("duel_ready")]
    out = []
    for i, row in enumerate(ready):
        other = ready[(i + 1) % len(ready)]
        plan = {"duel": i, "deck_a": i, "deck_b": (i + 1) % len(ready),
                "agents": ("heuristic", "heuristic"), "seed": 1_000 + i}
        o = play_soak_duel(plan, row["deck"], other["deck"], rules, turn_cap=turns)
        out.append({"file": row["file"], "against": other["file"], "winner": o.winner,
                    "reason": o.reason, "turns": o.turns, "decisions": o.decisions,
                    "error": o.error, "where": o.where, "log": o.log if o.error else []})
    return out


def share(n: int, total: int) -> str:
    return f"{100 * n / total:.1f}%" if total else "-"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("folder", type=Path, help="a folder of .ydk files (searched recursively)")
    ap.add_argument("--rules", default="goat", help="the rule set (default goat)")
    ap.add_argument("--list", action="store_true", help="print each file's verdict")
    ap.add_argument("--top", type=int, default=30, help="blocking cards shown (default 30)")
    ap.add_argument("--duel", action="store_true",
                    help="play a short duel of each duel-ready list against the bot")
    ap.add_argument("--turns", type=int, default=12, help="turn cap of those duels (default 12)")
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    a = ap.parse_args(argv)
    if not a.folder.is_dir():
        print(f"error: {a.folder} is not a folder", file=sys.stderr)
        return 2
    rows = read_lists(a.folder, a.rules)
    if not rows:
        print(f"error: no .ydk file in {a.folder}", file=sys.stderr)
        return 2
    read = [r for r in rows if "error" not in r]
    counts = {key: sum(1 for r in read if r[key]) for key, _ in FIGURES}
    duels = play_lists(rows, a.rules, a.turns) if a.duel else []
    failed = [d for d in duels if d["error"]]
    if a.json:
        print(json.dumps({
            "folder": str(a.folder), "rules": a.rules, "lists": len(rows),
            "unreadable": [{"file": r["file"], "error": r["error"]} for r in rows
                           if "error" in r], **counts,
            "blocking": [{"card": c, "section": s, "lists": n} for c, s, n in blocking(rows)],
            "files": [{k: v for k, v in r.items() if k != "deck"} for r in rows],
            "duels": duels}))
        return 1 if failed else 0
    total = len(rows)
    print(f"{a.folder}: {total} deck lists, {a.rules} rules"
          + (f" ({total - len(read)} unreadable)" if len(read) < total else ""))
    for key, words in FIGURES:
        print(f"  {words + ':':46} {counts[key]:5}  {share(counts[key], total):>6}")
    top = blocking(rows)[:a.top]
    if top:
        print(f"cards that keep lists from playing (the first {len(top)}; lists, section):")
        for card, section, n in top:
            print(f"  {n:5}  {section:5}  {card}")
    if a.list:
        for r in rows:
            if "error" in r:
                print(f"{r['file']}: unreadable: {r['error']}")
                continue
            words = [("legal" if r["legal"] else f"not legal ({len(r['problems'])} problems: "
                      + "; ".join(r["problems"][:3]) + ")"),
                     "playable as given" if r["playable_with_side"] else
                     "playable ignoring Side" if r["playable"] else "not playable"]
            missing = sorted({n for names in r["not_playable_by_section"].values()
                              for n in names})
            if missing:
                words.append("not yet playable: " + ", ".join(missing))
            print(f"{r['file']}: " + ", ".join(words))
    if duels:
        print(f"duels: {len(duels)} (each duel-ready list against the next, heuristic bot on "
              f"both sides, turn cap {a.turns}), failures: {len(failed)}")
        for d in failed:
            print(f"  {d['file']} vs {d['against']}: turn {d['turns']}: {d['error']} "
                  f"[{d['where']}]")
            for line in d["log"]:
                print(f"      {line}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
