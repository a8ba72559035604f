"""The heuristic bot: legal in every decision, quick, plays sensibly, talks reproducibly."""
from __future__ import annotations

import time

import pytest

from ygosim.agents import AGENTS, make_agent
from ygosim.agents.heuristic import LINES, HeuristicAgent
from ygosim.agents.random_agent import RandomAgent
from ygosim.agents.search import SearchAgent
from ygosim.engine.api import new_duel
from ygosim.formats.deck import load_deck
from ygosim.play.scenario import build

YUGI, KAIBA = load_deck("yugi"), load_deck("kaiba")


def play(deck_a, deck_b, a, b, seed, limit=None):
    """A whole duel (or its first `limit` decisions); every answer must be one of the legal
    ones. Returns (duel, slowest)."""
    d = new_duel(deck_a, deck_b, seed=seed)
    agents = (a, b)
    slowest = 0.0
    while d.winner is None and (limit is None or d.n_decisions < limit):
        dec = d.pending
        t0 = time.perf_counter()
        opt = agents[dec.player].choose(d)
        slowest = max(slowest, time.perf_counter() - t0)
        assert opt in dec.options, (opt, d.texts())
        d.apply(opt)
        for ag in agents:
            if hasattr(ag, "react"):
                ag.react(d)
                ag.take_lines()
    return d, slowest


def test_registered():
    assert "heuristic" in AGENTS
    assert isinstance(make_agent("heuristic", 3), HeuristicAgent)


@pytest.mark.parametrize("block", range(8))
def test_legal_and_winning_against_random(block):
    """200 seeded duels in all (8 blocks of 25), both decks, both seats: every answer the bot
    gives is applied by the engine, which refuses anything illegal. (One determinization
    sample per decision instead of 3 keeps this quick; the answers are as legal.) Decision
    time is a speed figure, reported by the bot's measurements in docs/bot.md, not asserted
    here."""
    wins = 0
    for k in range(25):
        seed = 1000 + block * 25 + k
        bot, rnd = HeuristicAgent(seed, talk=True, samples=1), RandomAgent(seed)
        if k % 2:
            d, s = play(KAIBA, YUGI, rnd, bot, seed)
            wins += d.winner == 1
        else:
            d, s = play(YUGI, KAIBA, bot, rnd, seed)
            wins += d.winner == 0
    assert wins >= 22, wins


def test_self_play_is_legal():
    masters = load_deck("masters")
    for seed, decks in ((0, (YUGI, KAIBA)), (1, (masters, YUGI))):
        d, _ = play(*decks, HeuristicAgent(seed), HeuristicAgent(seed + 50), seed)
        assert d.winner is not None


def test_same_seed_same_duel():
    a, _ = play(YUGI, KAIBA, HeuristicAgent(7, talk=True), RandomAgent(7), 7)
    b, _ = play(YUGI, KAIBA, HeuristicAgent(7), RandomAgent(7), 7)
    assert a.history == b.history


def bot_answer(doc, seed=1):
    d = build(doc)
    bot = HeuristicAgent(seed)
    return d, d.texts()[d.pending.options.index(bot.choose(d))]


# The heuristic bot and the search bot (a small counted budget, no time limit) alike
BOTS = {"heuristic": lambda seed: HeuristicAgent(seed),
        "search": lambda seed: SearchAgent(seed, sims=40, worlds=4, time_limit=1e9)}
TALKING = {"heuristic": lambda seed: HeuristicAgent(seed, talk=True, budget=1e9, work=500),
           "search": lambda seed: SearchAgent(seed, talk=True, sims=40, worlds=4,
                                              time_limit=1e9)}


@pytest.mark.parametrize("bot", sorted(BOTS))
def test_springs_trap_hole_on_a_summon(bot):
    d = build({"turn": 3, "turn_player": "A", "phase": "main1",
               "A": {"hand": ["La Jinn the Mystical Genie of the Lamp"]},
               "B": {"spells": ["Trap Hole"]}})
    d.apply("summon La Jinn the Mystical Genie of the Lamp")
    assert d.pending.player == 1
    assert d.texts()[d.pending.options.index(BOTS[bot](1).choose(d))] == "activate Trap Hole"


def test_removal_when_it_pays_and_not_when_it_does_not():
    _, ans = bot_answer({"turn": 3, "turn_player": "A", "phase": "main1",
                         "A": {"hand": ["Dark Hole"], "monsters": ["Feral Imp"]},
                         "B": {"monsters": ["Blue-Eyes White Dragon", "Summoned Skull"]}})
    assert ans == "activate Dark Hole"
    _, ans = bot_answer({"turn": 3, "turn_player": "A", "phase": "main1",
                         "A": {"hand": ["Dark Hole"],
                               "monsters": ["Blue-Eyes White Dragon", "Summoned Skull"]},
                         "B": {"monsters": ["Feral Imp"]}})
    assert ans != "activate Dark Hole"


def test_summons_the_strongest_monster():
    _, ans = bot_answer({"turn": 3, "turn_player": "A", "phase": "main1",
                         "A": {"hand": ["Mystical Elf", "La Jinn the Mystical Genie of the Lamp",
                                        "Claw Reacher"]},
                         "B": {"monsters": ["Feral Imp"]}})
    assert ans == "summon La Jinn the Mystical Genie of the Lamp"


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_never_passes_up_lethal(seed):
    d = build({"turn": 3, "turn_player": "A", "phase": "battle",
               "A": {"monsters": ["Summoned Skull", "La Jinn the Mystical Genie of the Lamp"]},
               "B": {"lp": 2300, "monsters": ["Feral Imp"], "hand": ["Dark Hole"]}})
    bot = HeuristicAgent(seed)
    while d.winner is None and d.turn == 3:
        dec = d.pending
        d.apply(bot.choose(d) if dec.player == 0 else dec.options[-1])
    assert d.winner == 0


@pytest.mark.parametrize("bot", sorted(BOTS))
def test_does_not_attack_into_a_bigger_monster(bot):
    d = build({"turn": 3, "turn_player": "A", "phase": "battle",
               "A": {"monsters": ["Feral Imp"]},
               "B": {"monsters": ["Blue-Eyes White Dragon"]}})
    assert not d.texts()[d.pending.options.index(BOTS[bot](2).choose(d))].startswith("attack")


@pytest.mark.parametrize("bot", sorted(BOTS))
def test_talk_is_lowercase_chat_and_reproducible(bot):
    def chat(seed):
        bot = talking(seed)
        d = new_duel(YUGI, KAIBA, seed=seed)
        rnd = RandomAgent(seed)
        said = []
        while d.winner is None:
            d.apply(bot.choose(d) if d.pending.player == 0 else rnd.choose(d))
            bot.react(d)
            said += bot.take_lines()
        return said
    talking = TALKING[bot]
    a = chat(21)
    assert a == chat(21)
    assert a[0] in LINES["hello"]
    assert a[-1] in LINES["win"] + LINES["lose"] + LINES["draw"]
    assert all(x == x.lower() for x in a)
    assert BOTS[bot](1).take_lines() == []          # quiet: says nothing
