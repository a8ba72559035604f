"""The engine's side of hidden information (issue 10), case by case: the log's per-viewer lines,
selections that must not merge hidden copies by name, `activate NAME` naming one effect, large
selections asked one card at a time, and text parsing that stays polynomial."""
from __future__ import annotations

import signal
from contextlib import contextmanager

import pytest

from ygosim.engine import duel as duel_module
from ygosim.engine.const import GY, HAND
from ygosim.engine.log import mark, view
from ygosim.engine.observe import SPECTATOR, determinize, log_view, observe
from ygosim.engine.rng import Rng
from ygosim.engine.text import Parsed, _assign, match, split_list
from ygosim.cards.errors import IllegalAction
from ygosim.play.scenario import build, run_scenario

def pick(d, line):
    d.apply(line)


def texts_of(d, p):
    return [o["text"] for o in observe(d, p)["pending"]["options"]]


# ------------------------------------------------------------------------------ the log
def test_a_private_line_is_read_by_its_player_only():
    d = build({"turn": 3})
    d.write("secret for B", to=1)
    d.write("for everyone")
    assert log_view(d, 1)[-2:] == ["T3 secret for B", "T3 for everyone"]
    assert log_view(d, 0)[-1] == "T3 for everyone" and "T3 secret for B" not in log_view(d, 0)
    assert "T3 secret for B" not in log_view(d, SPECTATOR)
    assert log_view(d, None)[-2:] == ["T3 secret for B", "T3 for everyone"]
    assert observe(d, 0)["log"] == log_view(d, 0)
    n = len(d.log)
    d.write("later")
    assert log_view(d, 0, n) == ["T3 later"]


def test_a_face_down_card_is_named_to_who_may_see_it_as_it_was_when_written():
    d = build({"turn": 3, "A": {"monsters": ["Koumori Dragon (facedown)"]}})
    c = d.mzone[0][0]
    d.write(f"{d.card(c)} is looked at")
    assert log_view(d, 0)[-1] == "T3 Koumori Dragon is looked at"          # its controller
    assert log_view(d, 1)[-1] == "T3 a face-down monster (m1) is looked at"
    assert log_view(d, SPECTATOR)[-1] == "T3 a face-down monster (m1) is looked at"
    assert log_view(d, None)[-1] == "T3 Koumori Dragon is looked at"
    d.set_position(c, 0)                 # flipped face-up later: the old line stays as it was
    d.write(f"{d.card(c)} is face-up")
    assert log_view(d, 1)[-2:] == ["T3 a face-down monster (m1) is looked at",
                                   "T3 Koumori Dragon is face-up"]


def test_moves_name_a_card_to_whoever_saw_it_before_or_after():
    d = build({"turn": 3, "A": {"monsters": ["Koumori Dragon (facedown)", "Feral Imp"],
                                "deck": ["Mystical Elf", "Dark Hole"]}})
    hidden, shown = d.mzone[0][0], d.mzone[0][1]
    d.send([hidden], HAND, 0)        # a face-down monster back to the hand (Hane-Hane)
    assert log_view(d, 1)[-1] == "T3 a face-down monster (m1) sent to the hand"
    assert log_view(d, 0)[-1] == "T3 Koumori Dragon sent to the hand"
    d.send([shown], HAND, 0)         # everyone saw it on the field
    assert log_view(d, 1)[-1] == "T3 Feral Imp sent to the hand"
    d.send([hidden], GY, 0)          # a hand card to the Graveyard: public
    assert log_view(d, 1)[-1] == "T3 Koumori Dragon sent to the Graveyard"
    elf = d.deck[0][0]
    d.send([elf], HAND, 0)           # a search: shown to the opponent by rule
    assert log_view(d, 1)[-1] == "T3 Mystical Elf sent to the hand"
    d.send([elf], 1, 0)              # hand to Deck: only its owner knew it
    assert log_view(d, 1)[-1] == "T3 a card in A's hand sent to the Deck"
    assert log_view(d, 0)[-1] == "T3 Mystical Elf sent to the Deck"


def test_a_reveal_to_one_player():
    d = build({"turn": 3, "A": {"hand": ["Dark Hole"]}, "B": {"deck": ["Feral Imp", "Sogen"]}})
    d.reveal(d.deck[1], to=0)                      # Ancient Telescope: A looks at B's Deck
    assert log_view(d, 0)[-1] == "T3 A sees Feral Imp, Sogen"
    assert log_view(d, 1)[-1] == "T3 A sees a card in B's Deck, a card in B's Deck"
    d.reveal(d.hand[0], to=1)                      # The Inexperienced Spy: B sees A's card,
    assert log_view(d, 0)[-1] == log_view(d, 1)[-1] == "T3 B sees Dark Hole"   # A knows it
    d.reveal(d.deck[1])
    assert log_view(d, SPECTATOR)[-1] == "T3 Revealed: Feral Imp, Sogen"


def test_a_mark_cannot_be_forged_by_a_name():
    line = "T1 " + mark(1, "a card \x00 in\x01 A's hand", "Evil\x02\x00" + "3x\x01y\x02")
    assert view([line], 1) == ["T1 a card ? in? A's hand"]
    assert view([line], 0) == ["T1 Evil??3x?y?"]


def test_determinize_keeps_only_the_players_view_of_the_log():
    d = build({"turn": 3, "A": {"monsters": ["Koumori Dragon (facedown)"]},
               "B": {"hand": ["Feral Imp"], "deck": ["Sogen"] * 5}})
    d.write(f"{d.card(d.mzone[0][0])} is here", to=None)
    w = determinize(d, 1, Rng(3))
    assert w.log == log_view(d, 1)
    assert "Koumori Dragon" not in "\n".join(w.log)


# ------------------------------------------------------------------------------ selections
def spy(hand):
    d = build({"turn": 3, "A": {"hand": ["The Inexperienced Spy"]}, "B": {"hand": hand}})
    d.apply("activate The Inexperienced Spy")
    while d.pending.kind != "select":
        d.apply("pass")
    return d


def test_copies_in_a_hidden_hand_are_not_merged():
    same, other = spy(["Koumori Dragon", "Koumori Dragon", "Dark Hole"]), \
        spy(["Koumori Dragon", "Sogen", "Dark Hole"])
    assert len(same.pending.options) == 3            # merged by name, there were 2
    # what A reads is the same whatever B holds
    assert observe(same, 0)["pending"] == observe(other, 0)["pending"]
    assert len(set(texts_of(same, 0))) == 3


def test_copies_the_chooser_can_see_are_still_merged():
    d = build({"turn": 3, "phase": "main2",
               "A": {"hand": ["Sogen"] * 5 + ["Dark Hole"] * 3}})
    opts = d.select_options(d.hand[0], 2, player=0)
    assert sorted(sorted(d.name(c) for c in o.cards) for o in opts) == \
        [["Dark Hole", "Dark Hole"], ["Dark Hole", "Sogen"], ["Sogen", "Sogen"]]
    hidden = d.select_options(d.hand[0], 2, player=1)        # (as B would have to choose)
    assert len(hidden) == 28


# ------------------------------------------------------------------------------ activate NAME
OFFERINGS = {"turn": 3, "A": {"hand": ["Feral Imp"],
                              "spells": ["Ultimate Offering (faceup)", "Ultimate Offering (set)"]}}


def test_activate_names_only_the_effect_it_says():
    d = build(OFFERINGS)
    opts = [o for o in d.pending.options if o.verb == "activate"]
    assert {o.arg for o in opts} == {0, 1}
    card, _ = match(d, d.pending, "activate Ultimate Offering")
    assert card and {o.arg for o in card} == {0}       # the card activation (the set one)
    effect, _ = match(d, d.pending, "activate Ultimate Offering effect 2")
    assert effect and {o.arg for o in effect} == {1}   # its Normal Summon effect
    assert len(card) + len(effect) == len(opts)
    d.apply("activate Ultimate Offering@s1 effect 2")  # the face-up one (s1)
    assert d.lp[0] == 7500 and d.pos[d.szone[0][1]] & 1   # the set one is still set


def test_activate_a_card_with_one_effect_by_its_name():
    d = build({"turn": 3, "A": {"hand": ["Dark Hole"], "monsters": ["Feral Imp"]}})
    fits, _ = match(d, d.pending, "activate Dark Hole")
    assert len(fits) == 1


# ------------------------------------------------------------------------------ large selections
def big_hand_at_end_phase():
    names = ["Celtic Guardian", "Feral Imp", "Dark Hole", "Sogen", "Battle Ox"]
    d = build({"turn": 3, "phase": "main2", "A": {"hand": [names[i % 5] for i in range(40)]}})
    d.apply("end")
    while d.pending.kind != "select":
        d.apply("pass")
    return d


def test_a_hand_of_40_discards_one_card_at_a_time():
    d = big_hand_at_end_phase()
    dec = d.pending
    assert dec.picked == () and "34" in dec.prompt
    assert len(dec.options) == 5                  # one per name (copies A can see: merged)
    for k in range(34):
        assert d.pending.picked is not None and len(d.pending.picked) == k
        assert all(len(o.cards) == 1 for o in d.pending.options)
        d.apply(0)
    assert len(d.hand[0]) == 6 and len(d.gy[0]) == 34
    assert d.pending is None or d.pending.picked is None


def test_a_large_selection_answered_by_one_line():
    d = big_hand_at_end_phase()
    line = "choose " + ", ".join(["Celtic Guardian"] * 8 + ["Feral Imp"] * 8 + ["Sogen"] * 8
                                 + ["Battle Ox"] * 8 + ["Dark Hole"] * 2)
    d.apply(line)
    assert len(d.history) >= 34 and sorted(d.name(c) for c in d.hand[0]) == \
        ["Dark Hole"] * 6
    d2 = big_hand_at_end_phase()
    before = (list(d2.hand[0]), d2.n_decisions)
    with pytest.raises(IllegalAction):
        d2.apply("choose " + ", ".join(["Celtic Guardian"] * 9))      # only 8 of them
    assert (d2.hand[0], d2.n_decisions) == before


def test_a_scenario_script_discards_from_a_hand_of_40():
    names = ["Celtic Guardian", "Feral Imp", "Dark Hole", "Sogen", "Battle Ox"]
    doc = {"name": "hand of 40", "turn": 3, "phase": "main2",
           "A": {"hand": [names[i % 5] for i in range(40)]},
           "script": [{"A": "end"},
                      {"A": "choose " + ", ".join(["Celtic Guardian"] * 8 + ["Feral Imp"] * 8
                                                  + ["Sogen"] * 8 + ["Battle Ox"] * 8
                                                  + ["Dark Hole"] * 2)}],
           "expect": {"turn": 4, "A": {"hand": ["Dark Hole"] * 6}}}
    r = run_scenario(doc)
    assert r.passed, r.reason


def test_a_selection_of_up_to_n_ends_with_choose_nothing(monkeypatch):
    monkeypatch.setattr(duel_module, "PICK_LIMIT", 1)
    d = build({"turn": 3, "A": {"monsters": ["Lord of D."],
                                "hand": ["The Flute of Summoning Dragon", "Koumori Dragon",
                                         "Blue-Eyes White Dragon"]}})
    d.apply("activate The Flute of Summoning Dragon")
    while d.pending.picked is None:
        d.apply("pass")
    assert "choose nothing" not in d.texts()           # at least 1
    d.apply("choose Koumori Dragon")
    assert "choose nothing" in d.texts() and d.pending.picked != ()
    d.apply("choose nothing")
    while d.pending is not None and d.pending.kind == "position":
        d.apply("position attack")
    assert [d.name(c) for c in d.monsters(0)] == ["Lord of D.", "Koumori Dragon"]


def test_one_card_at_a_time_offers_only_cards_that_complete_a_legal_selection(monkeypatch):
    """Two-Pronged Attack: 2 of your monsters and 1 of your opponent's."""
    monkeypatch.setattr(duel_module, "PICK_LIMIT", 1)
    d = build({"turn": 3, "A": {"monsters": ["Feral Imp", "Silver Fang", "Battle Ox"],
                                "spells": ["Two-Pronged Attack (set)"]},
               "B": {"monsters": ["Celtic Guardian", "Mystical Elf"]}})
    d.apply("activate Two-Pronged Attack")
    while d.pending.picked is None:
        d.apply("pass")
    own = set(d.mons[0])
    d.apply(next(i for i, o in enumerate(d.pending.options) if o.cards[0] in own))
    d.apply(next(i for i, o in enumerate(d.pending.options) if o.cards[0] in own))
    assert {o.cards[0] for o in d.pending.options} == set(d.mons[1])   # only B's now


def test_random_duels_with_every_selection_asked_card_by_card(monkeypatch):
    """With a limit of 1, every selection is asked one card at a time: duels still keep every
    invariant, and what each selection gave is one of the legal combinations."""
    from engine_util import check_invariants, fresh, random_answers
    monkeypatch.setattr(duel_module, "PICK_LIMIT", 1)
    steps = 0
    for seed in range(8):
        d = fresh(seed, {"turn_cap": 30})
        answer = random_answers(seed)
        while d.winner is None:
            steps += d.pending.picked is not None
            d.apply(answer(d))
            check_invariants(d)
    assert steps > 50


# ------------------------------------------------------------------------------ parsing
@contextmanager
def within(seconds):
    def stop(*_):
        raise TimeoutError(f"took more than {seconds} s")
    old = signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def test_name_lists_parse_in_linear_time():
    """Half a megabyte of names, quotes and commas (quadratic work would take minutes)."""
    with within(20):
        line = "choose " + ", ".join(['"A, B"', "C@m1", 'B:"D, E"@hand'] * 40000)
        assert len(split_list(line[7:])) == 120000
        assert len(Parsed(line).refs) == 120000
        Parsed("choose " + '"' * 200000)
        Parsed("activate " + "x effect 1 " * 30000 + "effect 2")


def test_matching_many_copies_is_polynomial():
    """`choose X, X, ..., X` against X, ..., X, Y: every way to give the copies their names
    was tried before (factorial)."""
    d = build({"turn": 3, "A": {"hand": ["Sogen"] * 30 + ["Dark Hole"]}})
    refs = Parsed("choose " + ", ".join(["Sogen"] * 31)).refs
    with within(5):
        assert not _assign(d, list(d.hand[0]), refs, False)
        assert _assign(d, list(d.hand[0][:30]), refs, True)
        assert _assign(d, list(d.hand[0]), refs[:30] + Parsed("choose Dark Hole").refs, False)



def test_scenario_card_names_parse_in_linear_time():
    """`NAME (tag)` in a scenario: a lazy regular expression backtracked quadratically over
    long runs of spaces (seconds for 20,000 of them)."""
    from ygosim.play.scenario import _suffix
    with within(5):
        for text in ("A" + " " * 300000 + "x", "A(" + " " * 300000, "A (" + "a " * 150000):
            assert _suffix(text) == (text.strip(), None)
    assert _suffix("Koumori Dragon (Face Down) ") == ("Koumori Dragon", "face down")
    assert _suffix("W (a)(b)") == ("W (a)", "b") and _suffix("Q (1)") == ("Q (1)", None)
    # an effect number too long to be one is part of the name, not an error about integers
    assert Parsed("activate X effect " + "9" * 5000).effect is None


# ------------------------------------------------------------------------------ front ends
def test_replay_as_a_player_prints_only_their_view_of_the_log(tmp_path):
    """`replay --as A` (the terminal) prints A's view of every log line (observe), and no line
    as B or a full replay reads it where A's view differs."""
    from click.testing import CliRunner
    from test_hidden_log import PLAIN, SPY
    from ygosim.play import replay as R
    from ygosim.agents.random_agent import RandomAgent
    from ygosim.cli import main
    from ygosim.engine.api import new_duel
    d = new_duel(SPY, PLAIN, seed=3)
    agents = [RandomAgent(3), RandomAgent(4)]
    while d.winner is None:
        d.apply(agents[d.pending.player].choose(d))
    path = R.save(R.from_duel(d, SPY, PLAIN, 3), tmp_path / "r.json")
    for viewer, letter in ((0, "A"), (1, "B")):
        r = CliRunner().invoke(main, ["replay", str(path), "--as", letter],
                               env={"COLUMNS": "2000"})
        assert r.exit_code == 0, r.output
        printed = {x.strip() for x in r.output.splitlines()}
        mine = log_view(d, viewer)
        assert set(mine) <= printed
        secret = (set(log_view(d, None)) | set(log_view(d, 1 - viewer))) - set(mine)
        assert secret and not secret & printed
