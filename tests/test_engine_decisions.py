"""Decisions: an illegal answer is refused with the reason and changes nothing; every legal
answer has a text in the scenario grammar that picks it."""
import textwrap

import pytest
import yaml

from engine_util import diff_snapshots, fresh, play_out, random_answers, snapshot
from ygosim.engine.decision import Option
from ygosim.engine.text import match, options_interchangeable
from ygosim.cards.errors import IllegalAction
from ygosim.play.scenario import build

POSITION = """
name: decisions
turn: 2
turn_player: A
A:
  hand: [Dark Magician, Feral Imp, Dark Hole]
  monsters: [Celtic Guardian, Celtic Guardian (defense)]
B:
  monsters: [Mystical Elf]
  spells: [Waboku]
"""


def position():
    return build(yaml.safe_load(POSITION))


def observed(d):
    """What a player sees: log length, LP, zones, piles, the legal answers."""
    return (len(d.log), d.lp[:], [z[:] for z in d.mzone], [z[:] for z in d.szone],
            [h[:] for h in d.hand], [g[:] for g in d.gy], d.texts(), d.turn, d.phase)


def refused(d, answer, *words):
    before = snapshot(d)
    seen = observed(d)
    with pytest.raises(IllegalAction) as e:
        d.apply(answer)
    msg = str(e.value)
    for w in words:
        assert w in msg, f"{w!r} not in {msg!r}"
    assert observed(d) == seen
    after = snapshot(d)
    assert after == before, diff_snapshots(before, after)
    return msg


def test_illegal_text_is_refused_with_the_legal_answers():
    d = build(yaml.safe_load(POSITION.replace("Celtic Guardian, Celtic Guardian (defense)",
                                              "Celtic Guardian")))
    msg = refused(d, "summon Dark Magician", "'summon Dark Magician' is not legal now",
                  "action", "Legal:", "summon Feral Imp", "end")
    assert "Dark Magician" not in msg.split("Legal:")[1]
    refused(d, "attack Celtic Guardian -> direct", "not legal now")      # Main Phase 1
    refused(d, "activate Waboku", "not legal now")                        # B's card
    refused(d, "choose Feral Imp", "not legal now")                       # not a selection
    refused(d, "pass", "not legal now")                                   # not a window
    refused(d, "main2", "not legal now")


def test_malformed_text_is_refused():
    d = position()
    refused(d, "summonn Feral Imp", "unknown action")
    refused(d, "attack Celtic Guardian", "->")
    refused(d, "", "unknown action")
    refused(d, "summon Not A Card", "not legal now")


def test_ambiguous_text_is_refused():
    d = position()
    refused(d, "change Celtic Guardian", "ambiguous", "@zone")
    d.apply("change Celtic Guardian@m2")
    assert d.pos[d.mzone[0][1]] == 0


def test_illegal_index_option_and_types_are_refused():
    d = position()
    n = len(d.pending.options)
    refused(d, n, f"no answer number {n}")
    refused(d, -1, "no answer number -1")
    refused(d, 10 ** 9, "no answer number")
    refused(d, Option("summon", (d.hand[0][2],)), "not a legal answer")   # Dark Hole
    refused(d, Option("flip", (d.mzone[0][0],)), "not a legal answer")
    refused(d, Option("phase", (), "main2"), "not a legal answer")
    refused(d, Option("attack", (d.mzone[0][0],), None), "not a legal answer")
    refused(d, True, "cannot answer")
    refused(d, None, "cannot answer")
    refused(d, 1.0, "cannot answer")
    refused(d, ["end"], "cannot answer")


def test_illegal_answers_in_a_selection_and_a_window():
    d = build(yaml.safe_load(textwrap.dedent("""
        name: t
        turn: 2
        A: {hand: [Summoned Skull], monsters: [Feral Imp, Mystical Elf]}
        B: {monsters: [Celtic Guardian], spells: [Waboku]}
    """)))
    d.apply("summon Summoned Skull")
    assert d.pending.kind == "select"
    refused(d, "choose Celtic Guardian", "not legal now", "choose Feral Imp")
    refused(d, "choose Feral Imp, Mystical Elf", "not legal now")
    refused(d, "choose Summoned Skull", "not legal now")
    refused(d, Option("choose", ()), "not a legal answer")
    d.apply("choose Feral Imp")
    assert d.pending.kind == "response" and d.pending.player == 1    # after the summon
    refused(d, "activate Feral Imp", "not legal now")
    refused(d, "end", "not legal now")
    d.apply("pass")


def test_answer_after_the_end_is_refused():
    d = build(yaml.safe_load(textwrap.dedent("""
        name: t
        turn: 2
        A: {monsters: [Celtic Guardian]}
        B: {lp: 100}
    """)))
    d.apply("battle")
    d.apply("attack Celtic Guardian -> direct")
    assert d.winner == 0 and d.pending is None
    before = snapshot(d)
    with pytest.raises(IllegalAction, match="over"):
        d.apply(0)
    with pytest.raises(IllegalAction, match="over"):
        d.apply("end")
    assert snapshot(d) == before
    assert d.legal_actions() == [] and d.texts() == []


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_random_illegal_answers_change_nothing(seed):
    """At many decisions of random duels, illegal answers of every form change nothing."""
    d = fresh(seed)
    pick = random_answers(seed)
    k = 0
    while d.winner is None and k < 600:
        if k % 7 == 0:
            n = len(d.pending.options)
            refused(d, n)
            refused(d, Option("summon", (10 ** 6,)))
            refused(d, "choose Blue-Eyes White Dragon, Blue-Eyes White Dragon, Blue-Eyes White Dragon, "
                       "Blue-Eyes White Dragon")
            refused(d, "xyzzy")
        d.apply(pick(d))
        k += 1


@pytest.mark.parametrize("seed", range(6))
def test_every_answer_has_a_text_that_picks_it(seed):
    """texts() renders each legal answer; matching the text finds that answer (or copies
    interchangeable with it)."""
    d = fresh(seed)
    pick = random_answers(seed)
    while d.winner is None:
        texts = d.texts()
        opts = d.pending.options
        assert len(texts) == len(opts)
        for o, t in zip(opts, texts):
            fits, err = match(d, d.pending, t)
            assert err is None and o in fits, (t, o, fits)
            assert len(fits) == 1 or options_interchangeable(d, fits), (t, fits)
        d.apply(pick(d))
