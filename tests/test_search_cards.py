"""How the search bot uses its cards (general rules of its rule policy, no per-card code):
a Set card that is about to be destroyed is used in response when it has a use; a card whose
activation changes nothing now is not activated; removal is used when its target is there."""
from __future__ import annotations

import pytest

from ygosim.agents.heuristic import lost_anyway, _settle
from ygosim.agents.search import SearchAgent, no_effect, policy
from ygosim.engine.observe import determinize
from ygosim.engine.rng import Rng
from ygosim.engine.text import match, option_texts
from ygosim.play.scenario import build


def drive(d, line):
    fits, err = match(d, d.pending, line)
    assert fits and not err, (line, d.texts())
    d.apply(d.pending.options.index(fits[0]))


def answer(bot, d):
    o = bot.choose(d)
    return option_texts(d, d.pending)[d.pending.options.index(o)]


STORM = {"turn": 4, "turn_player": "B", "phase": "main1",
         "A": {"spells": ["Book of Moon"], "monsters": ["Celtic Guardian"], "hand": ["Feral Imp"],
               "deck": ["Battle Ox", "Kojikocy"]},
         "B": {"monsters": ["Battle Ox"], "hand": ["Heavy Storm"],
               "deck": ["Battle Ox", "Kojikocy", "Trap Hole"]}}


def test_a_set_card_about_to_be_destroyed_is_used_in_response():
    d = build(STORM)
    drive(d, "activate Heavy Storm")
    assert d.pending.player == 0 and "activate Book of Moon" in d.texts()
    book = next(o.cards[0] for o in d.pending.options if o.verb == "activate")
    passed = d.clone()
    drive(passed, "pass")
    _settle(passed)
    assert lost_anyway(d, passed, [book]) == (book,)        # Heavy Storm takes it
    rng = Rng(3)
    for _ in range(4):
        w = determinize(d, 0, rng)
        assert w.pending.options[policy(w, set())].verb == "activate"
    for seed in (1, 2, 3):
        assert answer(SearchAgent(seed, time_limit=1e9), d.clone()) == "activate Book of Moon"


def test_a_card_that_stays_is_not_lost_anyway():
    d = build(STORM)
    book = d.sts[0][0]
    assert lost_anyway(d, d.clone(), [book]) == ()


REVERSE = {"turn": 4, "turn_player": "B", "phase": "main1",
           "A": {"spells": ["Reverse Trap"], "monsters": ["Celtic Guardian"],
                 "hand": ["Feral Imp"], "deck": ["Battle Ox", "Kojikocy"]},
           "B": {"monsters": ["Battle Ox"], "hand": ["Axe of Despair"],
                 "deck": ["Battle Ox", "Kojikocy", "Trap Hole"]}}


def _reverse_trap_window(equip: bool):
    d = build(REVERSE)
    if equip:
        drive(d, "activate Axe of Despair")
        while d.pending.player != 1 or d.pending.kind != "action":
            d.apply(next((i for i, o in enumerate(d.pending.options) if o.verb == "pass"), 0))
    drive(d, "battle")
    while d.pending.player == 0:
        drive(d, "pass")
    drive(d, "attack Battle Ox -> Celtic Guardian")
    assert d.texts() == ["activate Reverse Trap", "pass"]
    return d


@pytest.mark.parametrize("equip", [False, True])
def test_no_activation_that_changes_nothing(equip):
    """Reverse Trap with no change of ATK or DEF on the field has no effect: the bot passes;
    with Axe of Despair (+1000) on the attacker it reverses the battle, and the bot uses it."""
    d = _reverse_trap_window(equip)
    assert no_effect(d, 0) is not equip
    for seed in (1, 2, 3):
        got = answer(SearchAgent(seed, time_limit=1e9), d.clone())
        assert got == ("activate Reverse Trap" if equip else "pass")


def test_an_effect_later_this_turn_is_an_effect():
    """A pass is never 'no effect'; an optional trigger neither (it is not looked at)."""
    d = _reverse_trap_window(False)
    assert not no_effect(d, 1)


def test_removal_is_used_when_its_target_is_there():
    doc = {"turn": 3, "turn_player": "A", "phase": "main1",
           "A": {"hand": ["Nobleman of Crossout", "Feral Imp", "Mystic Clown"],
                 "deck": ["Battle Ox", "Kojikocy"]},
           "B": {"monsters": ["Sangan (facedown)"], "hand": ["Dark Hole"],
                 "deck": ["Battle Ox", "Kojikocy", "Trap Hole", "Witch of the Black Forest",
                          "Magician of Faith"]}}
    for seed in (1, 2):
        d = build(doc)
        bot = SearchAgent(seed, time_limit=1e9)
        moves = []
        while d.turn == 3 and d.winner is None:
            dec = d.pending
            if dec.player == 0:
                moves.append(answer(bot, d))
                d.apply(dec.options.index(bot_last(bot, d, moves[-1])))
            else:
                d.apply(next((i for i, o in enumerate(dec.options)
                              if o.verb in ("pass", "no")), 0))
        assert "activate Nobleman of Crossout" in moves, moves


def bot_last(bot, d, text):
    return d.pending.options[option_texts(d, d.pending).index(text)]
