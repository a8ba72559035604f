"""Goat Spells and Traps whose defining interaction is not a position a scenario can state:
Convulsion of Nature turns the Decks upside down: each Deck's former bottom card is its top
card, shown to both players (observe), drawn first, and kept in place when a bot deals the
hidden cards again (determinize)."""
from __future__ import annotations

from ygosim.engine.observe import determinize, observe
from ygosim.engine.rng import Rng
from ygosim.play.scenario import build as build_scenario

DECK_A = ["Jinzo", "Sangan", "Feral Imp", "Battle Ox"]
DECK_B = ["Summoned Skull", "Mystic Tomato", "Celtic Guardian", "Dark Magician"]


def _duel(faceup: bool):
    spell = "Convulsion of Nature (faceup)" if faceup else "Convulsion of Nature"
    return build_scenario({"rules": "goat", "turn": 3, "turn_player": "A",
                           "A": {"spells": [spell], "deck": DECK_A},
                           "B": {"deck": DECK_B}})


def test_convulsion_shows_both_top_cards_to_both_players():
    d = _duel(True)
    for viewer in (0, 1):
        sides = observe(d, viewer)["sides"]
        assert sides[0]["deck_top"] == "Battle Ox"          # (the bottom cards of the lists)
        assert sides[1]["deck_top"] == "Dark Magician"


def test_without_convulsion_no_top_card_is_shown():
    d = _duel(False)                     # Set, not face-up: the Decks are as usual
    for viewer in (0, 1):
        sides = observe(d, viewer)["sides"]
        assert sides[0]["deck_top"] is None and sides[1]["deck_top"] is None


def test_determinize_keeps_the_public_top_cards():
    d = _duel(True)
    tops_b, tops_a = set(), set()
    for k in range(20):
        for viewer in (0, 1):
            x = determinize(d, viewer, Rng(k))
            tops_a.add(x.data[x.top_cards(0, 1)[0]].name)
            tops_b.add(x.data[x.top_cards(1, 1)[0]].name)
    assert tops_a == {"Battle Ox"} and tops_b == {"Dark Magician"}
    # the rest of the opponent's Deck is still dealt again
    rest = {determinize(d, 0, Rng(k)).data[d.deck[1][1]].name for k in range(20)}
    assert len(rest) > 1


def test_the_former_bottom_card_is_drawn_and_the_decks_turn_back():
    d = _duel(True)
    assert [d.data[c].name for c in d.draw(1, 1)] == ["Dark Magician"]
    assert d.data[d.top_cards(1, 1)[0]].name == "Celtic Guardian"
    conv = next(c for c in d.sts[0] if d.data[c].name == "Convulsion of Nature")
    d.destroy([conv])                   # the Decks lie as usual again: the first card is on top
    assert [d.data[c].name for c in d.draw(1, 1)] == ["Summoned Skull"]


def test_a_card_banished_face_down_is_hidden_from_the_opponent():
    d = build_scenario({"rules": "goat", "turn": 3, "turn_player": "A",
                        "A": {"hand": ["Different Dimension Capsule"],
                              "deck": ["Jinzo", "Sangan", "Feral Imp"]}})
    d.apply("activate Different Dimension Capsule")
    while d.pending.player != 0 or d.pending.kind != "select":
        d.apply("pass")
    d.apply("choose Jinzo")
    assert observe(d, 0)["sides"][0]["banished"] == ["Jinzo"]
    assert observe(d, 1)["sides"][0]["banished"] == [None]
    # everyone sees that a face-down card lies there (the web pile list: "(face-down)")
    for viewer in (0, 1, None):
        assert observe(d, viewer)["sides"][0]["banished_facedown"] == [0]
    assert "Jinzo" not in str(observe(d, 1))
    # a bot of B's deals it again among A's hidden cards
    names = {determinize(d, 1, Rng(k)).data[d.banished[0][0]].name for k in range(20)}
    assert len(names) > 1
