"""The engine's shortcuts give the answers of the long way, in the states of real duels:
`A.exists` counting only until it has enough (`sel.enough`), the activation rules looked for
only in duels that have one (`Duel.act_rules`), and response windows that do not ask a player
with no card where it could respond (`Duel.live`)."""
from __future__ import annotations

from ygosim.agents.random_agent import RandomAgent
from ygosim.cards.db import card_db
from ygosim.engine import actions as A
from ygosim.engine import const as K
from ygosim.engine.api import new_duel
from ygosim.engine.flow import activatable
from ygosim.engine.flow.chain import ACTIVATION_RULES
from ygosim.formats.deck import load_deck

_SELECTORS = [
    A.pile(K.HAND), A.pile(K.HAND, A.OPP), A.pile(K.GY, A.ANY),
    A.pile(K.GY, A.YOU, lambda d, c: d.data[c].is_monster),
    A.pile(K.DECK, A.ANY, lambda d, c: d.data[c].is_spell),
    A.monsters(A.ANY, faceup=True), A.monsters(A.OPP, filter=lambda d, c: d.atk(c) >= 1500),
    A.spells_traps(A.ANY), A.spells_traps(A.YOU, faceup=False, field_zone=False),
]


def _goat_duels(n: int):
    a, b = load_deck("goat-control"), load_deck("chaos-turbo")
    for seed in range(n):
        d = new_duel(a, b, seed=seed, options={"rules": "goat"})
        agent = RandomAgent(seed)
        while d.winner is None:
            yield d
            d.apply(agent.choose(d))


def test_exists_counts_as_the_whole_list():
    checked = 0
    for d in _goat_duels(2):
        for p in (0, 1):
            link = {"card": 0, "player": p, "ei": 0, "vars": {}, "events": d.events,
                    "event": None}
            for sel in _SELECTORS:
                assert getattr(sel, "enough", None) is not None
                whole = len(sel(d, link))
                for n in (0, 1, 2, 4):
                    assert A.exists(sel, n)(d, link) == (whole >= n)
                checked += 1
    assert checked > 1000


def test_act_rules_follows_the_duels_cards():
    d = next(_goat_duels(1))
    assert d.act_rules is False     # (none of these decks has such a rule)
    assert d.act_rules == (not ACTIVATION_RULES.isdisjoint(d.static_index))
    a, b = load_deck("goat-control"), load_deck("chaos-turbo")
    main_b = list(b.main)[:-1] + [card_db().get("Spell Canceller")]
    d = new_duel(a, main_b, seed=0, options={"rules": "goat"})
    assert "no_spell_activation" in d.static_index and d.act_rules


def test_a_player_skipped_in_a_window_has_nothing_to_activate():
    """Where the windows do not ask a player (d.live at 0, no card for either player), the
    long way finds nothing either."""
    skipped = 0
    for d in _goat_duels(3):
        for p in (0, 1):
            if not d.live[p] and not d.both_cards:
                skipped += 1
                assert activatable(d, p, False) == []
    assert skipped > 100
