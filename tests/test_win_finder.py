"""The win finder (ygosim/agents/lethal.py) and the scores that prefer a win now.

A sure win this turn is found before any search and taken: the lines come from the engine's
legal answers, are searched in several imagined worlds at once, and a line that only wins in
some worlds (a set card that may be Trap Hole) is not sure.
"""
from __future__ import annotations

from ygosim.agents.lethal import WinFinder
from ygosim.agents.search import SearchAgent, policy, WIN_FLOOR
from ygosim.engine.observe import determinize
from ygosim.engine.rng import Rng
from ygosim.engine.text import option_texts
from ygosim.play.scenario import build


def worlds(d, me=0, n=8, seed=1):
    rng = Rng(seed)
    return [determinize(d, me, rng) for _ in range(n)]


def texts(d, line):
    """The line's answers in words, played on a clone of d with the defender passing."""
    out = []
    sim = d.clone()
    k = 0
    while line and k < 100 and sim.winner is None:
        dec = sim.pending
        k += 1
        if dec.player == 0 and line[0] in dec.options:
            i = dec.options.index(line.pop(0))
            out.append(option_texts(sim, dec)[i])
        else:
            i = next((j for j, o in enumerate(dec.options) if o.verb in ("pass", "no")), 0)
        sim.apply(i)
    return out


GUARDIAN = {"turn": 5, "turn_player": "A", "phase": "main1",
            "A": {"hand": ["Dark Magician"],
                  "monsters": ["Battle Ox", "Celtic Guardian (defense)"],
                  "deck": ["Silver Fang", "Kojikocy"]},
            "B": {"lp": 3000, "hand": ["Kojikocy"], "deck": ["Battle Ox", "Feral Imp"]}}


def test_finds_the_position_change_before_the_battle():
    d = build(GUARDIAN)
    f = WinFinder(opponent=policy)
    line = f.find(d, 0, worlds(d))
    assert line is not None
    said = texts(d, list(line))
    assert said[0] == "change Celtic Guardian"
    assert "attack Battle Ox -> direct" in said and "attack Celtic Guardian -> direct" in said


def test_no_line_when_there_is_no_win():
    doc = dict(GUARDIAN, B=dict(GUARDIAN["B"], lp=3200))      # 3100 is not enough
    d = build(doc)
    f = WinFinder(opponent=policy)
    assert f.find(d, 0, worlds(d)) is None
    assert f.complete            # every line it allows was looked at, within the budget


def test_a_line_that_loses_to_a_possible_trap_is_not_sure():
    """B's set card may be Trap Hole (its Deck holds one): summoning La Jinn at once wins only
    in the worlds where it is not; Mystical Space Typhoon on it first wins in all."""
    doc = {"turn": 3, "turn_player": "A", "phase": "main1",
           "A": {"hand": ["Mystical Space Typhoon", "La Jinn the Mystical Genie of the Lamp"],
                 "monsters": ["Celtic Guardian"], "deck": ["Feral Imp", "Silver Fang"]},
           "B": {"lp": 3200, "spells": ["Trap Hole"], "hand": ["Feral Imp"],
                 "deck": ["Dark Hole", "Pot of Greed", "Trap Hole", "Battle Ox", "Kojikocy"]}}
    d = build(doc)
    ws = worlds(d, n=12)
    f = WinFinder(opponent=policy)
    line = f.find(d, 0, ws)
    assert line is not None
    assert texts(d, list(line))[0] == "activate Mystical Space Typhoon"
    set_card = d.sts[1][0]
    safe = [w for w in ws if w.data[set_card].name != "Trap Hole"]
    assert safe and len(safe) < len(ws)
    quick = WinFinder(opponent=policy).find(d, 0, safe[:1])   # a world with no Trap Hole
    assert quick is not None and texts(d, list(quick))[0] != "activate Mystical Space Typhoon"
    f.limit = 10 ** 9
    assert not all(f.replay(w, quick, 0, d.turn) for w in ws)


def test_no_win_finder_no_change_for_a_turn_with_nothing_to_find():
    """Off the bot's own turn nothing is looked for (the finder costs nothing there)."""
    doc = dict(GUARDIAN, turn_player="B")
    d = build(doc)
    assert WinFinder(opponent=policy).find(d, 0, worlds(d)) is None


def test_the_bot_takes_the_sure_win_and_plays_its_line_through():
    d = build(GUARDIAN)
    bot = SearchAgent(2, time_limit=1e9)
    moves = []
    while d.winner is None and d.turn == 5:
        dec = d.pending
        if dec.player == 0:
            o = bot.choose(d)
            moves.append(option_texts(d, dec)[dec.options.index(o)])
            assert bot.last_info.get("lethal") == 1.0
            d.apply(dec.options.index(o))
        else:
            d.apply(next(i for i, o in enumerate(dec.options) if o.verb in ("pass", "no")))
    assert d.winner == 0, moves
    assert moves[0] == "change Celtic Guardian"


def test_scores_prefer_shorter_wins_and_longer_losses():
    d = build(GUARDIAN)
    bot = SearchAgent(1)
    now, later, much_later = d.clone(), d.clone(), d.clone()
    for sim, t in ((now, 5), (later, 7), (much_later, 15)):
        sim.winner, sim.turn = 0, t
    s_now, s_later, s_much = (bot._score(x, 0, 5) for x in (now, later, much_later))
    assert s_now == 1.0 and s_now > s_later > s_much >= WIN_FLOOR
    board = bot._score(d, 0, 5)
    assert board < WIN_FLOOR                    # any win is worth more than any board
    for sim in (now, later, much_later):
        sim.winner = 1
    l_now, l_later = bot._score(now, 0, 5), bot._score(later, 0, 5)
    assert l_now < l_later < board


def test_the_finder_gives_up_at_its_deadline():
    """The time safety net: past its deadline (CPU time) the finder stops looking (a loaded
    machine); without one it looks at every line it allows."""
    import time
    doc = dict(GUARDIAN, B=dict(GUARDIAN["B"], lp=3200))
    d = build(doc)
    ws = worlds(d)
    full = WinFinder(opponent=policy)
    assert full.find(d, 0, ws) is None and full.complete
    cut = WinFinder(opponent=policy)
    assert cut.find(d, 0, ws, deadline=time.process_time() - 1.0) is None
    assert not cut.complete and cut.steps < full.steps
