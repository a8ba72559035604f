"""Rule sets and card eras: a duel keeps its rule set in d.rules (from options["rules"]); a card
may have a version of an older era, played by a duel whose rules have that card_era."""
import json
import pickle

import pytest

from ygosim.play import replay as R
from ygosim.cards.db import card_db
from ygosim.cards.model import CardData, card_from_dict
from ygosim.engine import actions as A
from ygosim.engine import const as K
from ygosim.engine import effects as E
from ygosim.engine.api import add_card, apply_rule_options, blank_duel, index_scripts, new_duel
from ygosim.engine.effects import CardScript, ignition
from ygosim.engine.flow import push, run
from ygosim.engine.rules import GOAT, NAMES, V10, get_rules
from ygosim.cards.errors import YgosimError
from ygosim.formats.deck import load_deck
import yaml

from ygosim.play.scenario import ScenarioError, build, validate


def two_version_card() -> CardData:
    """A monster whose current version gains 100 LP and whose goat version gains 500."""
    card = CardData(name="Era Test Monster", passcode=99000001, kind="monster",
                    frames=("effect",), level=4, atk=1000, def_=1000, text="Gain 100 LP.",
                    era_text={"goat": "Gain 500 LP."})
    card.set_era_script("current", CardScript(effects=(ignition(A.gain_lp(100)),)))
    card.set_era_script("goat", CardScript(effects=(ignition(A.gain_lp(500)),)))
    return card


def main_phase_duel(rules, cards):
    """Turn 2, A's Main Phase 1, A controls `cards` face-up in Attack Position."""
    d = blank_duel(0, {"rules": rules})
    d.turn, d.tp, d.phase = 2, 0, K.MAIN1
    for p in (0, 1):
        for _ in range(10):
            add_card(d, card_db()["Celtic Guardian"], p, K.DECK)
    ids = [add_card(d, c, 0, K.MZONE) for c in cards]
    for c in ids:
        d.turn_in[c] = 1
    index_scripts(d)
    apply_rule_options(d)
    push(d, "turn", s=4)
    push(d, "main")
    run(d)
    return d, ids


# ------------------------------------------------------------------------------ rule sets
def test_duel_rules_from_options_default_v10():
    assert blank_duel(0).rules is V10
    assert blank_duel(0, {"rules": "goat"}).rules is GOAT
    assert blank_duel(0, {"rules": GOAT}).rules is GOAT
    d = blank_duel(0, {"rules": "2020", "turn_cap": 9})
    assert d.rules.extra_to_main_2020 and "rules" not in d.options and d.options["turn_cap"] == 9
    with pytest.raises(YgosimError, match="unknown rules 'nope'"):
        blank_duel(0, {"rules": "nope"})


def test_rules_ref_round_trip_and_clone_shares_rules():
    for name in NAMES:
        r = get_rules(name)
        assert r.ref() == name and get_rules(r.ref()) is r
    custom = GOAT.with_(hand_limit=7, frames_allowed=frozenset({"fusion", "ritual"}))
    ref = custom.ref()
    assert ref == {"name": "goat", "hand_limit": 7, "frames_allowed": ["fusion", "ritual"]}
    assert get_rules(json.loads(json.dumps(ref))) == custom
    with pytest.raises(YgosimError, match="unknown switch"):
        get_rules({"name": "goat", "hand_limt": 7})
    d = blank_duel(0, {"rules": custom})
    assert d.clone().rules is d.rules


def test_hand_limit_and_first_turn_draw_are_switches():
    deck = load_deck("yugi")
    d = new_duel(deck, deck, seed=3, options={"rules": V10.with_(first_turn_draw=True)})
    while d.turn < 1:
        d.apply(0)
    assert len(d.hand[d.tp]) == 6          # the first player drew on turn 1
    d = new_duel(deck, deck, seed=3)
    while d.turn < 1:
        d.apply(0)
    assert len(d.hand[d.tp]) == 5


def scenario(text):
    doc = yaml.safe_load(text)
    validate(doc, "t.yaml")
    return build(doc, "t.yaml")


def test_scenario_accepts_each_rule_set_and_names_a_bad_one():
    for name in NAMES:
        d = scenario(f"name: t\nrules: {name}\nturn: 2\nA: {{monsters: [Celtic Guardian]}}\n")
        assert d.rules.name == name
    with pytest.raises(ScenarioError, match="t.yaml: key `rules`: must be one of v10, 2020, goat"):
        scenario("name: t\nrules: speed\n")


def test_replay_records_the_rule_set():
    deck = load_deck("yugi")
    d = new_duel(deck, deck, seed=5, options={"rules": "goat", "turn_cap": 4})
    while d.winner is None:
        d.apply(0)
    rep = R.from_duel(d, deck, deck, 5, {"rules": GOAT, "turn_cap": 4})
    assert rep.options == {"rules": "goat", "turn_cap": 4}
    back = R.from_dict(json.loads(json.dumps(rep.as_dict())))
    again = R.start(back)
    assert again.rules is GOAT


# ------------------------------------------------------------------------------ card eras
def test_era_variant_is_cached_and_carries_the_eras_script_and_text():
    card = two_version_card()
    goat = card.for_era("goat")
    assert goat is not card and goat is card.for_era("goat") and goat.era == "goat"
    assert goat.text == "Gain 500 LP." and card.text == "Gain 100 LP."
    assert goat.script is card.era_scripts["goat"] and card.script is not goat.script
    assert goat.for_era("current") is card and card.for_era("current") is card
    assert goat.name == card.name and goat.passcode == card.passcode
    plain = card_db()["Celtic Guardian"]
    assert plain.for_era("goat") is plain     # nothing differs: the card itself


def test_a_card_with_two_versions_plays_each_under_its_rules():
    card = two_version_card()
    for rules, gain in (("v10", 100), ("2020", 100), ("goat", 500)):
        d, (c,) = main_phase_duel(rules, [card])
        assert d.data[c].era == get_rules(rules).card_era
        d.apply(f"activate {card.name}")
        while d.pending.kind != "action":
            d.apply("pass")
        assert d.lp[0] == 8000 + gain, rules


def test_clone_keeps_the_era_versions():
    card = two_version_card()
    d, (c,) = main_phase_duel("goat", [card])
    e = d.clone()
    assert e.data[c] is card.for_era("goat") and e.rules is GOAT
    e.apply(f"activate {card.name}")
    while e.pending.kind != "action":
        e.apply("pass")
    assert e.lp[0] == 8500 and d.lp[0] == 8000


def test_playable_answers_per_era():
    card = CardData(name="Goat Only Monster", passcode=99000002, kind="monster",
                    frames=("effect",), level=4)
    card.set_era_script("goat", CardScript(effects=(ignition(A.gain_lp(1)),)))
    assert not card.playable and not card.playable_in("current")
    assert card.playable_in("goat") and card.for_era("goat").playable


def test_pickle_keeps_the_era(monkeypatch):
    real = card_db()["Sangan"]
    monkeypatch.setattr(real, "era_text", {"goat": "an older text"})
    monkeypatch.setattr(real, "_variants", {})
    goat = real.for_era("goat")
    back = pickle.loads(pickle.dumps(goat))
    assert back is goat and back.era == "goat" and back.text == "an older text"
    assert pickle.loads(pickle.dumps(real)) is real


def test_facts_yaml_era_text():
    card = card_from_dict({"name": "X", "passcode": 1, "kind": "spell", "subtype": "normal",
                           "text": "now", "era_text": {"goat": "then"}})
    assert card.text == "now" and card.for_era("goat").text == "then"
    assert card.for_era("goat").script is None


def test_script_with_an_era_is_kept_beside_the_current_one(monkeypatch):
    monkeypatch.setattr(E, "SCRIPTS", dict(E.SCRIPTS))
    monkeypatch.setattr(E, "ERA_SCRIPTS", {})
    old = E.script("Sangan", ignition(A.gain_lp(1)), era="goat")
    assert E.ERA_SCRIPTS == {"goat": {"Sangan": old}}
    assert E.SCRIPTS["Sangan"] is not old


def test_side_decking_checks_the_rule_sets_deck_sizes():
    import copy

    from ygosim.play.match import Match, SideDeckError, side_swap
    fusion = next(c for c in card_db().by_name.values() if c.is_extra_deck)
    d = copy.copy(load_deck("yugi"))
    d.main = (d.main + load_deck("kaiba").main)[:60]
    d.extra, d.side = [fusion], [d.main[0]]
    side = d.side[0].name        # Fusion Deck card out, Main Deck card in: 61 in the Main Deck
    with pytest.raises(SideDeckError, match="Main Deck: 61 cards after siding .must be 40 to 60"):
        side_swap(d, [fusion.name], [side])                      # v10: at most 60
    assert len(side_swap(d, [fusion.name], [side], rules=GOAT).main) == 61   # goat: 40 or more
    m = Match(d, d, options={"rules": "goat"})
    m.side(0, [fusion.name], [side])
    assert len(m.decks[0].main) == 61 and m.rules is GOAT
