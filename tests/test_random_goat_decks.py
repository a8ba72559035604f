"""Random play with the six real Goat decks (issue 12, "Tests"), in goat rules: each deck against
itself and every mixed pairing in both seat orders, uniform and eager random players, 252 seeded
duels; after every decision the checks of tests/test_random_play.py hold (each card in one
place, zone limits, LP changes explained, every legal answer obeys the rules, every basic
action is offered, the hand size limit, who responds first), and each duel ends in the turn cap.

A card of these decks that is not playable in goat rules yet (not scripted) is stood in for by
a Normal Monster of the same Level band in the Main Deck and left out of the Fusion Deck, so
the decks' other cards are played now; `test_stand_ins` keeps the list of such cards honest
(empty-jar has none)."""
from __future__ import annotations

from itertools import combinations
from types import SimpleNamespace

import pytest

from test_random_play import play_checked

from ygosim.cards.db import card_db
from ygosim.engine.observe import log_view
from ygosim.formats.deck import load_deck

GOAT_DECKS = ["goat-control", "chaos-turbo", "warrior", "empty-jar", "chaos-goat", "zombie"]
TURN_CAP = 80
MIRROR_SEEDS = 12                                   # 6 decks x 12 = 72 duels
PAIR_SEEDS = 3                                      # 15 pairs x 2 seat orders x 2 players x 3
PAIRS = list(combinations(GOAT_DECKS, 2))           # = 180 duels
_DECKS: dict = {}


def _stand_in(card):
    """A Normal Monster that takes an unscripted monster's place (Level 4 or lower: Celtic
    Guardian; higher: a Tribute Summon, Summoned Skull); a Spell or Trap: Celtic Guardian."""
    db = card_db()
    big = card.is_monster and (card.level or 0) >= 5
    return db["Summoned Skull" if big else "Celtic Guardian"]


def goat_deck(name: str):
    """The built-in deck `name` as it can be played in goat rules now, and the cards stood in
    for."""
    if name not in _DECKS:
        deck = load_deck(name)
        missing = sorted({c.name for c in deck.cards() if not c.playable_in("goat")})
        main = [c if c.playable_in("goat") else _stand_in(c) for c in deck.main]
        extra = [c for c in deck.extra if c.playable_in("goat")]
        _DECKS[name] = (SimpleNamespace(main=main, extra=extra), missing)
    return _DECKS[name]


def _play(seed: int, a: str, b: str, eager: bool):
    try:
        return play_checked(seed, {"rules": "goat", "turn_cap": TURN_CAP}, eager=eager,
                            pair=(goat_deck(a)[0], goat_deck(b)[0]))
    except AssertionError as e:
        raise AssertionError(f"seed {seed} ({a} vs {b}, goat, "
                             f"{'eager' if eager else 'uniform'}): {e}") from None


def _activated(d) -> set:
    return {x.split(" activates ", 1)[1].split(" (")[0] for x in log_view(d, None)
            if " activates " in x}


@pytest.mark.parametrize("name", GOAT_DECKS)
def test_each_goat_deck_against_itself(name):
    used = set()
    for k in range(MIRROR_SEEDS):
        d = _play(50_000 + 100 * GOAT_DECKS.index(name) + k, name, name, eager=k % 2 == 1)
        assert d.winner in (0, 1, "draw") and d.win_reason
        used |= _activated(d)
    deck, _ = goat_deck(name)
    effects = {c.name for c in deck.main + deck.extra if c.script is not None}
    assert len(used & effects) >= 2 * len(effects) // 3, \
        f"{name}: few of its cards were used: {sorted(used & effects)} of {sorted(effects)}"


@pytest.mark.parametrize("pair", PAIRS, ids=["-".join(p) for p in PAIRS])
def test_mixed_goat_pairings(pair):
    a, b = pair
    base = 60_000 + 100 * PAIRS.index(pair)
    results = []
    for k in range(PAIR_SEEDS):
        for eager in (False, True):
            for first, second in ((a, b), (b, a)):
                d = _play(base + 10 * k + 2 * eager + (first == b), first, second, eager)
                results.append(d.winner)
    assert len(results) == 4 * PAIR_SEEDS


def test_stand_ins():
    """Only cards not playable in goat rules are stood in for; a deck with none plays as
    listed (empty-jar does, and keeps doing: its cards are all scripted)."""
    for name in GOAT_DECKS:
        deck, missing = goat_deck(name)
        listed = load_deck(name)
        assert len(deck.main) == len(listed.main)
        for card, played in zip(listed.main, deck.main):
            assert (played is card) == card.playable_in("goat"), (name, card.name)
        assert all(c.playable_in("goat") for c in deck.main + deck.extra)
        assert set(missing) == {c.name for c in listed.cards() if not c.playable_in("goat")}
    assert goat_deck("empty-jar")[1] == []
