"""Real Goat deck lists, as a player brings them (issue 23): every list of tests/data/goat-lists
(public real lists, each file's first line says where it comes from) is legal under goat rules
on a fresh install, and plays: a short duel of each against the next, the heuristic bot on both
sides, every check of tests/test_random_play.py after every decision. A list that does not play
yet (a card not scripted) is printed with the cards, and the lists that do not play may only
get fewer (NOT_YET_PLAYABLE). The cards real lists play (tests/data/goat-usage.tsv, from 1,829
tournament lists) are all known, and none that played stops playing.

tools/goat_lists.py gives the same figures for any folder of .ydk files."""
from __future__ import annotations

import csv
import json
import sys
from pathlib import Path

import pytest

from soak_util import play_soak_duel
from test_deck_checks_for_play import goat_ydk, side_with
from ygosim.cards.db import card_db
from ygosim.formats.deck import load_deck
from ygosim.formats.rules import deck_report, format_lists

DATA = Path(__file__).parent / "data"
LISTS = sorted((DATA / "goat-lists").glob("*.ydk"))
USAGE = DATA / "goat-usage.tsv"
TURN_CAP = 8
# The lists of tests/data/goat-lists that do not play yet (a Main or Fusion Deck card with no
# script): this set may only shrink. Every list plays today.
NOT_YET_PLAYABLE: frozenset = frozenset()

sys.path.insert(0, str(Path(__file__).parent.parent / "tools"))
import goat_lists  # noqa: E402


def test_the_corpus_says_where_each_list_comes_from():
    assert len(LISTS) >= 20
    for path in LISTS:
        first = path.read_text().splitlines()[0]
        assert first.startswith("#created by ") and " - " in first, path.name
        assert "/" in first or "." in first.split(" - ", 1)[1], path.name   # a repo or a site


@pytest.mark.parametrize("path", LISTS, ids=lambda p: p.stem)
def test_a_real_goat_list_is_legal(path):
    report = deck_report(load_deck(path, allow_unknown=True), "goat")
    assert report["unknown"] == [] and report["problems"] == [] and report["legal"]


def test_the_lists_that_do_not_play_yet_only_get_fewer(capsys):
    waiting = {}
    for path in LISTS:
        report = deck_report(load_deck(path), "goat")
        if not report["playable"]:
            waiting[path.stem] = sorted({n for s in ("main", "extra")
                                         for n in report["not_playable_by_section"][s]})
    with capsys.disabled():
        for name, cards in sorted(waiting.items()):
            print(f"\n  not yet playable: {name}: {', '.join(cards)}")
    assert set(waiting) <= NOT_YET_PLAYABLE, sorted(set(waiting) - NOT_YET_PLAYABLE)


@pytest.mark.parametrize("k", range(len(LISTS)), ids=lambda k: LISTS[k].stem)
def test_a_real_goat_list_plays_against_the_bot(k):
    path, other = LISTS[k], LISTS[(k + 1) % len(LISTS)]
    if path.stem in NOT_YET_PLAYABLE:
        pytest.skip(f"{path.stem} does not play yet (NOT_YET_PLAYABLE)")
    deck = load_deck(path)
    if other.stem in NOT_YET_PLAYABLE:
        other = Path(LISTS[0])
    plan = {"duel": k, "deck_a": k, "deck_b": k + 1, "agents": ("heuristic", "heuristic"),
            "seed": 23_000 + k}
    out = play_soak_duel(plan, deck, load_deck(other), "goat", turn_cap=TURN_CAP)
    assert out.error is None, f"{path.stem} vs {other.stem}: {out.error} [{out.where}]\n  " + \
        "\n  ".join(out.log)
    assert out.decisions > 20 and (out.turns == TURN_CAP or out.winner in (0, 1))


def _usage_rows():
    lines = [line for line in USAGE.read_text().splitlines() if not line.startswith("#")]
    return list(csv.DictReader(lines, delimiter="\t"))


def test_the_cards_real_lists_play_are_known_and_none_stops_playing(capsys):
    rows = _usage_rows()
    assert len(rows) == 430
    db = card_db()
    _, pool = format_lists("goat")
    assert [r["name"] for r in rows if db.get(int(r["passcode"])) is None] == []
    assert [r["name"] for r in rows if int(r["passcode"]) not in pool.limits] == []
    stopped = [r["name"] for r in rows if r["playable"] == "yes"
               and not db[int(r["passcode"])].playable_in("goat")]
    assert stopped == []
    waiting = [r for r in rows if not db[int(r["passcode"])].playable_in("goat")]
    with capsys.disabled():
        print(f"\n  {len(waiting)} of the {len(rows)} cards real Goat lists play are not "
              "playable yet" + (f" (the most played: {', '.join(r['name'] for r in waiting[:10])})"
                                if waiting else ""))
    assert len(waiting) <= sum(r["playable"] == "no" for r in rows)


# ------------------------------------------------------------------------------ the tool
def test_the_tool_counts_legal_and_playable_lists(tmp_path, capsys, unscripted_serpent):
    serpent, _ = unscripted_serpent
    folder = tmp_path / "lists"
    (folder / "sub").mkdir(parents=True)
    (folder / "good.ydk").write_text((DATA / "goat-lists" / "empty-jar.ydk").read_text())
    goat_ydk(folder / "side.ydk", side=side_with(serpent))            # Side Deck: Serpent
    goat_ydk(folder / "sub" / "main.ydk", main_add=[serpent.passcode], main_cut=1)
    goat_ydk(folder / "unknown.ydk", main_add=[12345678], main_cut=1)
    yugi = load_deck("yugi")
    (folder / "yugi.ydk").write_text(yugi.to_ydk())                    # Forbidden cards
    (folder / "bad.ydk").write_text("#main\nnot a passcode\n")
    assert goat_lists.main([str(folder), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["lists"] == 6 and [u["file"] for u in out["unreadable"]] == ["bad.ydk"]
    assert (out["legal"], out["playable_with_side"], out["playable"], out["playable_main"],
            out["duel_ready"]) == (3, 2, 3, 3, 2)
    assert out["blocking"][:2] == [{"card": serpent.name, "section": "main", "lists": 1},
                                   {"card": serpent.name, "section": "side", "lists": 1}]
    assert {"card": "unknown passcode 12345678", "section": "main", "lists": 1} in \
        out["blocking"]
    assert goat_lists.main([str(folder), "--list"]) == 0
    text = capsys.readouterr().out
    assert "playable ignoring Side:" in text and "50.0%" in text
    assert "side.ydk: legal, playable ignoring Side, not yet playable: Sinister Serpent" in text
    assert goat_lists.main([str(tmp_path / "nowhere")]) == 2
