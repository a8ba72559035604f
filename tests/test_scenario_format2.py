"""Scenario format 2 in the runner: each new set-up form places what it says, each new
expectation checks what it says (and fails when it does not hold), and a wrong use is a format
error naming the key (exit 2 from the command line)."""
import pytest
from click.testing import CliRunner

from ygosim.cli import main
from ygosim.engine import const as K
from ygosim.engine.actions import equipped_to
from ygosim.play.scenario import ScenarioError, build, run_scenario, validate

from engine_util import card_named as _card, scenario_duel as _build

HEAD = {"name": "format 2", "turn": 3, "turn_player": "A"}


def _run(doc):
    doc = dict(HEAD, **doc)
    validate(doc, "<test>")
    return run_scenario(doc, "<test>")


# ------------------------------------------------------------------------------ set-up forms
def test_token_by_name_on_the_field():
    d = _build(A={"monsters": ["Sheep Token (defense)", "Sheep Token"]})
    tokens = [c for c in d.monsters(0) if d.data[c].name == "Sheep Token"]
    assert [d.pos[c] for c in tokens] == [K.DEFENSE, K.ATTACK]
    assert all("token" in d.data[c].frames for c in tokens)


def test_counters_owner_and_materials():
    d = _build(A={"monsters": [{"card": "Breaker the Magical Warrior", "counters": {"spell": 1}},
                               {"card": "Airknight Parshath", "owner": "B"},
                               {"card": "Gem-Knight Pearl",
                                "materials": ["Celtic Guardian", "Feral Imp"]}]})
    breaker = _card(d, "Breaker the Magical Warrior")
    assert d.counter(breaker, "spell") == 1 and d.atk(breaker) == 1900
    air = _card(d, "Airknight Parshath")
    assert d.ctrl[air] == 0 and d.owner[air] == 1
    pearl = _card(d, "Gem-Knight Pearl")
    assert sorted(d.name(m) for m in d.overlay[pearl]) == ["Celtic Guardian", "Feral Imp"]
    assert all(d.loc[m] == K.OVERLAY for m in d.overlay[pearl])


def test_faceup_extra_deck_card():
    d = _build(A={"extra": [{"card": "Flash Knight", "faceup": True}, "Thousand-Eyes Restrict"]})
    fk, ter = _card(d, "Flash Knight"), _card(d, "Thousand-Eyes Restrict")
    assert d.loc[fk] == K.EXTRA and not d.pos[fk] & K.FACEDOWN
    assert d.pos[ter] & K.FACEDOWN


def test_monster_equipped_as_a_card_and_targets():
    d = _build(A={"monsters": ["Thousand-Eyes Restrict"],
                  "spells": [{"card": "Dark Magician", "zone": "s3", "equip": "Thousand-Eyes Restrict",
                              "owner": "B"}]},
               B={"monsters": ["Jinzo"],
                  "spells": [{"card": "Call of the Haunted", "faceup": True, "target": "Jinzo"},
                             {"card": "Swords of Revealing Light", "faceup": True,
                              "since_turn": 2}]})
    ter, dm = _card(d, "Thousand-Eyes Restrict"), _card(d, "Dark Magician")
    assert d.loc[dm] == K.SZONE and d.seq[dm] == 2 and d.owner[dm] == 1
    assert equipped_to(d, ter) == [dm] and d.atk(ter) == 2500
    coth, jinzo = _card(d, "Call of the Haunted"), _card(d, "Jinzo")
    assert d.bound_to(coth) == jinzo
    assert d.turn_in[_card(d, "Swords of Revealing Light")] == 2


def test_snatch_steal_equip_binds_control_to_the_owner():
    d = _build(A={"monsters": [{"card": "Jinzo", "owner": "B"}],
                  "spells": [{"card": "Snatch Steal", "equip": "Jinzo"}]},
               B={"hand": ["Mystical Space Typhoon"]})
    snatch, jinzo = _card(d, "Snatch Steal"), _card(d, "Jinzo")
    d.destroy([snatch])
    assert d.ctrl[jinzo] == 1 and d.loc[jinzo] == K.MZONE


def test_special_in_the_grammar():
    r = _run({"A": {"hand": ["Chaos Sorcerer"], "graveyard": ["Sangan", "Airknight Parshath"]},
              "script": [{"A": "special Chaos Sorcerer"},
                         {"A": "choose Sangan, Airknight Parshath"}],
              "expect": {"A": {"monsters": ["Chaos Sorcerer"], "graveyard": [],
                               "banished": ["Sangan", "Airknight Parshath"]}}})
    assert r.passed, r.reason


# ------------------------------------------------------------------------------ expectations
def test_expectations_counters_equips_owner_pass_and_fail():
    sides = {"A": {"monsters": [{"card": "Breaker the Magical Warrior", "counters": {"spell": 1}},
                                "Thousand-Eyes Restrict", {"card": "Jinzo", "owner": "B"}],
                   "spells": [{"card": "Sangan", "equip": "Thousand-Eyes Restrict"}]}}
    good = {"A": {"counters": {"Breaker the Magical Warrior": 1, "Jinzo": 0},
                  "equips": {"Thousand-Eyes Restrict": ["Sangan"], "Jinzo": []},
                  "owner": {"Jinzo": "B", "Breaker the Magical Warrior": "A"}}}
    assert _run(dict(sides, expect=good)).passed
    for bad, words in (({"counters": {"Breaker the Magical Warrior": 0}}, ["counters", "got 1"]),
                       ({"equips": {"Thousand-Eyes Restrict": []}}, ["equips", "Sangan"]),
                       ({"owner": {"Jinzo": "A"}}, ["owner", "got B"]),
                       ({"counters": {"Dark Magician": 0}}, ["no face-up Dark Magician"])):
        r = _run(dict(sides, expect={"A": bad}))
        assert not r.passed and all(w in r.reason for w in words), r.reason


# ------------------------------------------------------------------------------ format errors
BAD = [
    ("token_in_hand", {"A": {"hand": ["Sheep Token"]}}, "A.hand[0]", "Token"),
    ("token_in_deck", {"A": {"deck": ["Sheep Token"]}}, "A.deck[0]", "Token"),
    ("token_facedown", {"A": {"monsters": ["Sheep Token (facedown)"]}}, "A.monsters[0]",
     "face-down"),
    ("counters_not_held", {"A": {"monsters": [{"card": "Jinzo", "counters": {"spell": 1}}]}},
     "A.monsters[0].counters.spell", "cannot hold"),
    ("counters_wrong_kind", {"A": {"monsters": [{"card": "Breaker the Magical Warrior",
                                                 "counters": {"venom": 1}}]}},
     "A.monsters[0].counters.venom", "spell"),
    ("counters_not_number", {"A": {"monsters": [{"card": "Breaker the Magical Warrior",
                                                 "counters": {"spell": "one"}}]}},
     "A.monsters[0].counters.spell", "whole number"),
    ("counters_facedown", {"A": {"monsters": [{"card": "Breaker the Magical Warrior",
                                               "position": "facedown",
                                               "counters": {"spell": 1}}]}},
     "A.monsters[0].counters", "face-down"),
    ("bad_owner", {"A": {"monsters": [{"card": "Jinzo", "owner": "C"}]}},
     "A.monsters[0].owner", "A or B"),
    ("materials_not_xyz", {"A": {"monsters": [{"card": "Jinzo", "materials": ["Feral Imp"]}]}},
     "A.monsters[0].materials", "not an Xyz"),
    ("faceup_extra_not_pendulum", {"A": {"extra": [{"card": "Thousand-Eyes Restrict",
                                                   "faceup": True}]}},
     "A.extra[0].faceup", "Pendulum"),
    ("monster_in_spells_without_equip", {"A": {"spells": ["Jinzo"]}}, "A.spells[0]", "equip"),
    ("equip_target_missing", {"A": {"spells": [{"card": "Snatch Steal", "equip": "Jinzo"}]}},
     "A.spells[0].equip", "not a face-up monster"),
    ("target_not_bound", {"A": {"monsters": ["Jinzo"],
                                "spells": [{"card": "Dark Hole", "faceup": True,
                                            "target": "Jinzo"}]}},
     "A.spells[0].target", "not bound"),
    ("target_missing", {"A": {"spells": [{"card": "Call of the Haunted", "target": "Jinzo"}]}},
     "A.spells[0].target", "not a face-up monster"),
    ("since_turn_future", {"A": {"spells": [{"card": "Swords of Revealing Light",
                                             "faceup": True, "since_turn": 9}]}},
     "A.spells[0].since_turn", "turn number"),
    ("expect_counters_not_number", {"expect": {"A": {"counters": {"Jinzo": "x"}}}},
     "expect.A.counters.Jinzo", "whole number"),
    ("expect_equips_not_list", {"expect": {"A": {"equips": {"Jinzo": "Sangan"}}}},
     "expect.A.equips.Jinzo", "list"),
    ("expect_owner_bad", {"expect": {"A": {"owner": {"Jinzo": "C"}}}},
     "expect.A.owner.Jinzo", "A, B"),
    ("expect_equips_unknown_card", {"expect": {"A": {"equips": {"Jinzo": ["No Such Card"]}}}},
     "expect.A.equips.Jinzo[0]", "unknown card"),
]


@pytest.mark.parametrize("name,sides,key,words", BAD, ids=[b[0] for b in BAD])
def test_wrong_use_is_a_format_error_naming_the_key(name, sides, key, words):
    doc = dict(HEAD, **sides)
    with pytest.raises(ScenarioError) as e:
        validate(doc, "<test>")
        build(doc, "<test>")
    msg = str(e.value)
    assert f"`{key}`" in msg and words in msg, msg


def test_format_error_exits_2(tmp_path):
    f = tmp_path / "bad.yaml"
    f.write_text("name: x\nturn: 2\nA: {monsters: [{card: Jinzo, counters: {spell: 1}}]}\n")
    r = CliRunner().invoke(main, ["scenario", str(f)])
    out = r.output + (getattr(r, "stderr", "") or "")
    assert r.exit_code == 2 and "A.monsters[0].counters.spell" in out and "Traceback" not in out
