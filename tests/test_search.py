"""The search bot: legal in every decision, reproducible, honest about hidden cards, talks.

Budgets here are small (tens of simulations) and the time safety net is off (a large time
limit), so the tests are quick and do not depend on the machine's speed. How strong the bot is
and how long it thinks are measured by tools/measure_search.py and reported in docs/bot.md.
"""
from __future__ import annotations

import pytest

from ygosim.agents import AGENTS, LEVELS, make_agent
from ygosim.agents.heuristic import HeuristicAgent
from ygosim.agents.random_agent import RandomAgent
from ygosim.agents.search import SEARCH_LINES, SearchAgent, policy
from ygosim.engine.api import new_duel
from ygosim.formats.deck import load_deck
from ygosim.play.scenario import build

from test_bot import play as play_checked

YUGI, KAIBA, MASTERS = load_deck("yugi"), load_deck("kaiba"), load_deck("masters")


def small(seed, **kw):
    kw.setdefault("sims", 30)
    kw.setdefault("worlds", 4)
    return SearchAgent(seed, time_limit=1e9, **kw)


def play(deck_a, deck_b, a, b, seed, limit=100000):
    """A duel to the end (or `limit` decisions); every answer must be one of the legal ones."""
    return play_checked(deck_a, deck_b, a, b, seed, limit)[0]


def test_registered_by_name_and_level():
    assert {"search", "easy", "normal", "hard"} <= set(AGENTS)
    assert LEVELS == ("easy", "normal", "hard")
    assert isinstance(make_agent("search", 1), SearchAgent)
    assert make_agent("normal", 1).level == "normal"
    assert make_agent("hard", 1).level == "hard"
    assert isinstance(make_agent("easy", 1), HeuristicAgent)
    assert make_agent("normal", 1, talk=True).talk is not None
    assert make_agent("random", 1, talk=True) is not None     # agents that do not talk
    with pytest.raises(ValueError):
        SearchAgent(1, level="impossible")


def test_hard_thinks_more_than_normal():
    from ygosim.agents.search import LEVELS as BUDGETS
    normal, hard = make_agent("normal", 1), make_agent("hard", 1)
    assert hard.cfg["sims"] > normal.cfg["sims"] and hard.cfg["work"] > normal.cfg["work"]
    # (the tests' bots have no time limit: conftest; the levels' own safety nets)
    assert BUDGETS["hard"]["time_limit"] > BUDGETS["normal"]["time_limit"]
    assert BUDGETS["normal"]["time_limit"] < 1.0    # the safety net keeps normal under a second


@pytest.mark.parametrize("seed", [1, 2])
def test_legal_and_winning_against_random(seed):
    bot, rnd = small(seed, talk=True), RandomAgent(seed)
    if seed % 2:
        d = play(KAIBA, YUGI, rnd, bot, seed)
        assert d.winner == 1
    else:
        d = play(YUGI, KAIBA, bot, rnd, seed)
        assert d.winner == 0
    assert bot.decisions > 10 and bot.total_sims > bot.decisions


def test_legal_with_extra_deck_summons():
    d = play(MASTERS, MASTERS, small(3), small(4), 3, limit=400)
    assert d.n_decisions >= 100 or d.winner is not None


def test_same_seed_same_decisions():
    a = play(YUGI, KAIBA, small(7, talk=True), RandomAgent(7), 7, limit=150)
    b = play(YUGI, KAIBA, small(7), RandomAgent(7), 7, limit=150)
    assert a.history == b.history


def test_the_policy_answers_every_decision_legally():
    d = new_duel(YUGI, KAIBA, seed=9)
    tried = set()
    while d.winner is None:
        i = policy(d, tried)
        assert 0 <= i < len(d.pending.options)
        d.apply(i)


def test_sees_lethal_and_says_so():
    doc = {"turn": 3, "turn_player": "A", "phase": "battle",
           "A": {"monsters": ["Summoned Skull", "La Jinn the Mystical Genie of the Lamp"]},
           "B": {"lp": 2300, "monsters": ["Feral Imp"], "hand": ["Dark Hole"]}}
    bot = small(3, talk=True)
    d = build(doc)
    said = []
    while d.winner is None and d.turn == 3:
        dec = d.pending
        d.apply(bot.choose(d) if dec.player == 0 else dec.options[-1])
        bot.react(d)
        said += bot.take_lines()
    assert d.winner == 0
    assert any(x in SEARCH_LINES["sees_lethal"] for x in said), said


def test_plays_around_a_trap_and_says_so():
    """B's set card is most likely Reinforcements (its deck is full of them): Battle Ox
    attacking Feral Imp would lose to it. The bot holds the attack back, and says why."""
    doc = {"turn": 3, "turn_player": "A", "phase": "battle",
           "A": {"monsters": ["Battle Ox"]},
           "B": {"monsters": ["Feral Imp"], "spells": ["Reinforcements"],
                 "hand": ["Reinforcements"],
                 "deck": ["Reinforcements", "Castle Walls", "Celtic Guardian", "Kojikocy"]}}
    d = build(doc)
    bot = SearchAgent(1, talk=True, time_limit=1e9)
    assert bot.choose(d).verb != "attack"
    assert any(x in SEARCH_LINES["plays_around"] for x in bot.take_lines())


def _noise_sims(monkeypatch, favour=None, edge=0.0):
    """Replace the simulations by seeded noise around the same mean for every answer (plus
    `edge` for answer `favour`): what the root makes of the scores is then all that decides."""
    import random
    noise = random.Random(5)

    def fake(self, world, i, node, me, stop_turn, turn, sets):
        v = 0.5 + noise.uniform(-0.3, 0.3) + (edge if i == favour else 0.0)
        node.update(v, True)
        return 10, v
    monkeypatch.setattr(SearchAgent, "_simulate", fake)


def _positions(n=12):
    """Decisions of a Yugi vs Kaiba duel with at least three answers (heuristic vs heuristic)."""
    d = new_duel(YUGI, KAIBA, seed=11)
    bots = [HeuristicAgent(1), HeuristicAgent(2)]
    out = []
    while d.winner is None and len(out) < n:
        if len(d.pending.options) >= 3:
            out.append(d.clone())
        d.apply(bots[d.pending.player].choose(d))
    return out


def test_keeps_the_prior_answer_unless_search_sees_a_clear_difference(monkeypatch):
    _noise_sims(monkeypatch)
    pos = _positions(16)
    kept = departed = 0
    for k, d in enumerate(pos):
        bot = SearchAgent(k)
        opt = bot.choose(d)
        info = bot.last_info
        assert d.pending.options.index(opt) == info["best"]
        kept += info["best"] == info["prior"]
        plain = SearchAgent(k, margin=0)    # the best mean, no prior
        plain.choose(d)
        departed += plain.last_info["best"] != plain.last_info["prior"]
    assert kept >= len(pos) * 5 // 8      # (noise passes 1.5 standard errors now and then)
    assert departed >= len(pos) // 2      # noise alone would have moved it most of the time


def test_takes_another_answer_that_is_clearly_better(monkeypatch):
    pos = _positions(4)
    for k, d in enumerate(pos):
        _noise_sims(monkeypatch)
        bot = SearchAgent(k)
        prior = bot.choose(d) and bot.last_info["prior"]
        other = next(i for i in range(len(d.pending.options)) if i != prior)
        monkeypatch.undo()
        _noise_sims(monkeypatch, favour=other, edge=0.15)
        bot = SearchAgent(k)
        assert bot.choose(d) == d.pending.options[other]
        assert bot.last_info["prior"] == prior
        monkeypatch.undo()


def test_answers_worse_than_the_prior_drop_out_and_the_search_stops(monkeypatch):
    """After a round, an answer doing worse than the prior on the same worlds leaves the race
    (it could not beat the prior clearly); when only the prior is left, the search stops, and
    the budget it did not spend is not spent. Contenders get the budget left."""
    pos = [d for d in _positions(12) if len(d.pending.options) >= 4][:3]
    assert pos
    for k, d in enumerate(pos):
        _noise_sims(monkeypatch)
        bot = SearchAgent(k)
        bot.choose(d)
        prior = bot.last_info["prior"]
        monkeypatch.undo()
        _noise_sims(monkeypatch, favour=prior, edge=0.7)   # every other answer scores less
        pruned, full = SearchAgent(k), SearchAgent(k, prune=False)
        assert pruned.choose(d) == full.choose(d) == d.pending.options[prior]
        budget = pruned._budget(d, d.pending)
        assert full.last_sims >= budget - len(d.pending.options) * 4   # (rounding per round)
        # one round only: every answer tried the same number of times, then all but the prior out
        assert pruned.last_sims < full.last_sims
        assert pruned.last_sims <= budget // 2
        monkeypatch.undo()
        other = next(i for i in range(len(d.pending.options)) if i != prior)
        _noise_sims(monkeypatch, favour=other, edge=0.15)  # a contender: found as before
        assert SearchAgent(k).choose(d) == d.pending.options[other]
        monkeypatch.undo()


def _at_turn_order(deck_a, deck_b, seed, rules=None):
    d = new_duel(deck_a, deck_b, seed=seed, options={"rules": rules} if rules else None)
    while d.pending.kind != "first":
        d.apply(0)
    return d


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_turn_order_chosen_by_playing_on(seed):
    """Going first or second is decided by playing both on in the same worlds: with the
    Starter decks under v10 (the first player does not draw on turn 1) it goes second, at Goat
    (the first player draws) first, whichever deck it has. Its worlds come from their own random
    numbers: the rest of the duel's search is as it would be after the same answer."""
    goat_a, goat_b = load_deck("goat-control"), load_deck("chaos-turbo")
    for decks, rules, want in (((YUGI, KAIBA), None, "second"), ((KAIBA, YUGI), None, "second"),
                               ((goat_a, goat_b), "goat", "first")):
        d = _at_turn_order(*decks, seed, rules)
        bot = SearchAgent(seed, time_limit=1e9)
        untouched = bot.rng.next64()
        bot = SearchAgent(seed, time_limit=1e9)
        assert bot.choose(d).arg == want
        assert bot.last_sims >= 2 * 8
        assert bot.rng.next64() == untouched
        again = SearchAgent(seed, time_limit=1e9)
        assert again.choose(d).arg == want and again.last_info == bot.last_info


def test_turn_order_follows_the_boards_reached(monkeypatch):
    """The answer whose boards score better a few turns on is taken."""
    d = _at_turn_order(YUGI, KAIBA, 4)
    me = d.pending.player
    monkeypatch.setattr(SearchAgent, "_score",
                        lambda self, sim, p, turn: 0.9 if sim.tp == me and sim.turn % 2 else 0.1)
    # the bot is the turn player on odd turns only if it went first: first scores better
    assert SearchAgent(1, time_limit=1e9).choose(d).arg == "first"


def test_same_seed_same_decisions_goat():
    from ygosim.engine.api import new_duel as nd
    gc, ct = load_deck("goat-control"), load_deck("chaos-turbo")
    runs = []
    for _ in range(2):
        d = nd(gc, ct, seed=4, options={"rules": "goat"})
        bots = [small(4), HeuristicAgent(5)]
        while d.winner is None and d.n_decisions < 120:
            d.apply(bots[d.pending.player].choose(d))
        runs.append(d.history)
    assert runs[0] == runs[1]


def test_answers_alike_are_searched_once():
    """Changing the position of one of two alike Battle Ox is one answer; two face-down
    monsters of the opponent stay two attack targets (what they are is hidden)."""
    from ygosim.agents.search import distinct_answers
    from ygosim.engine.text import option_text
    doc = {"turn": 3, "turn_player": "A", "phase": "main1",
           "A": {"monsters": ["Battle Ox", "Battle Ox", "Feral Imp"]}}
    d = build(doc)
    opts = d.pending.options
    texts = [option_text(d, opts[i]) for i in distinct_answers(d, 0, list(range(len(opts))))]
    assert [option_text(d, o) for o in opts].count("change Battle Ox") == 2
    assert texts.count("change Battle Ox") == 1 and "change Feral Imp" in texts
    assert len(texts) == len(opts) - 1
    doc = {"turn": 3, "turn_player": "A", "phase": "battle",
           "A": {"monsters": ["Summoned Skull"]},
           "B": {"monsters": ["Feral Imp (facedown)", "Feral Imp (facedown)",
                              "Battle Ox", "Battle Ox"]}}
    d = build(doc)
    opts = d.pending.options
    kept = [option_text(d, opts[i]) for i in distinct_answers(d, 0, list(range(len(opts))))]
    attacks = [t for t in kept if t.startswith("attack")]
    assert len(attacks) == 3, kept       # two face-down targets and one Battle Ox


def test_alike_answers_with_hidden_and_visible_cards_together():
    """A selection naming a card hidden from the bot and a visible one (a mixed key) is
    compared without error, and selections of alike cards with the same hidden card merge."""
    from ygosim.agents.search import distinct_answers
    from ygosim.engine.decision import Decision, Option, SELECT
    doc = {"turn": 3, "turn_player": "A", "phase": "main1",
           "A": {"monsters": ["Battle Ox", "Battle Ox"]},
           "B": {"monsters": ["Feral Imp (facedown)"], "spells": ["Trap Hole"]}}
    d = build(doc)
    ox1, ox2 = d.mons[0][:2]
    imp, hole = d.mons[1][0], d.sts[1][0]
    d.pending = Decision(0, SELECT, [Option("choose", (ox1, imp)), Option("choose", (imp, ox2)),
                                     Option("choose", (ox1, hole)), Option("choose", (imp,))])
    assert distinct_answers(d, 0, [0, 1, 2, 3]) == [0, 2, 3]
