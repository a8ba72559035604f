"""The random-deck soak, small and seeded (issues 13, 23; the long one is tools/soak.py): random
legal Goat decks drawn from every playable card of the Goat pool (not only cards.tsv's: the
cards real lists play join as they get scripts), random-vs-random and heuristic-vs-random
duels between them in goat rules, every check of tests/test_random_play.py after every decision,
each duel within the turn cap and a step bound."""
from __future__ import annotations

from collections import Counter

import pytest

from soak_util import Decks, deck_seed, duel_plan, play_soak_duel, run_soak

from ygosim.cards.db import card_db, normalize
from ygosim.formats.pool import playable_pool, random_deck, reference_cards
from ygosim.formats.rules import _limits_by_name, check_deck, format_lists

SEED = 2005
DECKS = 24
PARTS = 4
DUELS_PER_PART = 15             # 60 duels, 12 of them heuristic vs random


def test_random_goat_decks_are_legal_playable_and_seeded():
    banlist, pool = format_lists("goat")
    limits = _limits_by_name(banlist, None)
    playable = {normalize(c.name) for c in playable_pool("goat")}
    pool_names = {normalize(card.name) for code in pool.limits
                  if (card := card_db().get(code)) is not None}
    sizes = Counter()
    for k in range(60):
        deck = random_deck(deck_seed(SEED, k))
        assert check_deck(deck, banlist, rules="goat", pool=pool) == [], deck.source
        assert len(deck.main) == 40 and not deck.side
        assert all(c.playable_in("goat") for c in deck.cards())
        assert all(normalize(c.name) in playable for c in deck.cards())
        assert all(c.is_extra_deck for c in deck.extra)
        copies = Counter(normalize(c.name) for c in deck.cards())
        assert all(n <= limits.get(name, 3) for name, n in copies.items())
        sizes[sum(c.is_monster for c in deck.main)] += 1
        again = random_deck(deck_seed(SEED, k))
        assert [c.name for c in again.cards()] == [c.name for c in deck.cards()]
    assert len(sizes) > 5                       # lean and busy decks alike
    assert random_deck(1).to_ydke() != random_deck(2).to_ydke()
    assert playable <= pool_names and all(c.playable_in("goat") for c in playable_pool("goat"))


def test_random_decks_draw_on_the_whole_playable_pool():
    """Over many seeds the decks reach nearly every playable card of the pool, cards.tsv's and
    the others alike (usage.tsv's cards, Fusion Monsters, Ritual Spells...)."""
    playable = {normalize(c.name) for c in playable_pool("goat")}
    tsv = {normalize(r.name) for r in reference_cards("goat")}
    seen = set()
    for k in range(300):
        seen |= {normalize(c.name) for c in random_deck(deck_seed(SEED, k)).cards()}
    assert len(seen) >= 0.8 * len(playable)
    beyond = playable - tsv
    assert beyond and len(seen & beyond) >= 0.8 * len(beyond)


def test_duel_plans_pair_two_decks_and_mix_in_the_bot():
    plans = [duel_plan(SEED, DECKS, i) for i in range(100)]
    assert all(p["deck_a"] != p["deck_b"] and 0 <= p["deck_a"] < DECKS for p in plans)
    assert sum("heuristic" in p["agents"] for p in plans) == 20
    assert len({p["seed"] for p in plans}) == 100
    assert plans == [duel_plan(SEED, DECKS, i) for i in range(100)]


@pytest.mark.parametrize("part", range(PARTS))
def test_random_deck_soak(part):
    duels = range(part * DUELS_PER_PART, (part + 1) * DUELS_PER_PART)
    outcomes = run_soak(SEED, DECKS, duels)
    failed = [f"duel {o.plan['duel']} (seed {o.plan['seed']}, decks {o.plan['deck_a']} vs "
              f"{o.plan['deck_b']}, {' vs '.join(o.plan['agents'])}): {o.error} {o.where}\n  "
              + "\n  ".join(o.log) for o in outcomes if o.error]
    assert not failed, "\n".join(failed)
    assert all(o.winner in (0, 1, "draw") and o.reason for o in outcomes)
    assert sum(o.decisions for o in outcomes) > 20 * len(outcomes)


def test_a_failing_duel_is_reported_with_its_plan_not_raised():
    decks = Decks(SEED, DECKS)
    plan = duel_plan(SEED, DECKS, 0)
    out = play_soak_duel(plan, decks[plan["deck_a"]], decks[plan["deck_b"]], step_bound=5)
    assert out.error == f"AssertionError: no end after 5 decisions (turn {out.turns})"
    assert out.plan is plan and out.decisions == 5 and out.log
    out = play_soak_duel(plan, decks[plan["deck_a"]], decks[plan["deck_b"]], turn_cap=2)
    assert out.error is None and out.winner == "draw" and out.turns <= 2
