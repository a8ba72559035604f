"""The engine's shortcuts give the answers of the long way, in the states of real duels:
`A.exists` counting only until it has enough (a selector's `stop`), the activation rules looked for
only in duels that have one (`Duel.act_rules`), response windows that do not ask a player
with no card where it could respond (`Duel.live`), and `activatable` reading each card's
entries for the place it is in (`Duel.eis_at`) against every effect of every card the player
has, asked one by one."""
from __future__ import annotations

from ygosim.agents.random_agent import RandomAgent
from ygosim.cards.db import card_db
from ygosim.engine import actions as A
from ygosim.engine import const as K
from ygosim.engine.api import new_duel
from ygosim.engine.flow import activatable
from ygosim.engine.effects import IGNITION, N_PHASES
from ygosim.engine.flow.chain import ACTIVATION_RULES, can_activate
from ygosim.formats.deck import load_deck

_SELECTORS = [
    A.pile(K.HAND), A.pile(K.HAND, A.OPP), A.pile(K.GY, A.ANY),
    A.pile(K.GY, A.YOU, lambda d, c: d.data[c].is_monster),
    A.pile(K.DECK, A.ANY, lambda d, c: d.data[c].is_spell),
    A.monsters(A.ANY, faceup=True), A.monsters(A.OPP, filter=lambda d, c: d.atk(c) >= 1500),
    A.spells_traps(A.ANY), A.spells_traps(A.YOU, faceup=False, field_zone=False),
]


def _goat_duels(n: int, decks=("goat-control", "chaos-turbo"), rules="goat"):
    a, b = load_deck(decks[0]), load_deck(decks[1])
    for seed in range(n):
        d = new_duel(a, b, seed=seed, options={"rules": rules})
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
                assert getattr(sel, "stops", False)      # (the fast path is taken)
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


def _every_effect(d, p: int, open_state: bool, kind=None) -> list:
    """activatable the long way: every effect of every card player p has in the hand (one
    Option per name), in a Spell & Trap Zone, in a Monster Zone or in the GY (and the
    opponent's cards with an effect for either player), asked of can_activate one by one."""
    if d.phase == K.BATTLE and d.attack is not None and d.step >= K.DS_START:
        table = d.eis_ds
    else:
        table = d.eis_open if open_state else d.eis_fast
    now = 1 << (d.phase if d.tp == p else d.phase + N_PHASES)
    out, names = [], set()

    def ask(c, place, card_act_ok=True, both_only=False):
        found = False
        for ei, eff, where, card_act in table[c]:
            if where & place and eff.periods & now and (card_act_ok or not card_act) and \
                    (kind is None or eff.kind == kind or place == K.HAND) and \
                    (not both_only or eff.both) and can_activate(d, c, ei, eff, p, open_state):
                out.append((c, ei))
                found = True
        return found

    for c in d.hand[p]:
        name = d.data[c].name
        if name not in names and (kind is None or any(
                eff.kind == kind and where & K.HAND for _, eff, where, _ in table[c])):
            if ask(c, K.HAND):
                names.add(name)
    for c in d.sts[p]:
        ask(c, K.SZONE, card_act_ok=bool(d.pos[c] & K.FACEDOWN))
    for c in d.both_cards:
        if d.loc[c] == K.SZONE and d.ctrl[c] != p and not d.pos[c] & K.FACEDOWN:
            ask(c, K.SZONE, card_act_ok=False, both_only=True)
    for c in d.mons[p]:
        ask(c, K.MZONE)
    for c in d.gy[p]:
        ask(c, K.GY)
    return sorted(out)


def test_activatable_reads_its_places_as_every_effect_asked():
    """In every state of real duels of both rule sets, for both players, in the open state,
    in response windows and for Ignition priority: the same activations as every effect of
    every card asked one by one."""
    found = 0
    for gen in (_goat_duels(3), _goat_duels(3, ("yugi", "kaiba"), "v10")):
        for d in gen:
            for p in (0, 1):
                for open_state, kind in ((True, None), (False, None), (True, IGNITION)):
                    fast = sorted((o.cards[0], o.arg) for o in activatable(d, p, open_state, kind))
                    assert fast == _every_effect(d, p, open_state, kind)
                    found += len(fast)
    assert found > 1000


def test_special_proc_options_as_special_proc_ok_asked_of_each_card():
    """special_proc_options (the checks that do not depend on the card made once, then
    special_proc_ok(..., checked=True)) gives one `special` Option per name of the cards
    special_proc_ok allows, asked of every card with a procedure the long way."""
    from ygosim.engine.decision import SPECIAL_OPTS
    from ygosim.engine.flow.summon import special_proc_ok, special_proc_options
    found = 0
    for d in _goat_duels(4):
        for p in (0, 1):
            names, want = set(), []
            for c in d.proc_cards:
                if d.data[c].name not in names and special_proc_ok(d, c, p):
                    names.add(d.data[c].name)
                    want.append(SPECIAL_OPTS[c])
            assert special_proc_options(d, p) == want
            found += len(want)
    assert found > 50
