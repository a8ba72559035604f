"""Malformed scenario files: `ygosim scenario` exits 2 with a message naming the file, the key
and what is wrong (the unknown card), never a traceback."""
import subprocess
import sys

import pytest
from click.testing import CliRunner

from ygosim.cli import main

OK_HEAD = "name: bad input\nturn: 2\n"

# (file name, YAML text, words the message must contain)
CASES = [
    ("unknown_top_key", OK_HEAD + "bogus: 1\n", ["`bogus`", "unknown key"]),
    ("unknown_side_key", OK_HEAD + "A: {handd: [Feral Imp]}\n", ["`A.handd`", "unknown key"]),
    ("unknown_monster_key", OK_HEAD + "A: {monsters: [{card: Feral Imp, positon: facedown}]}\n",
     ["`A.monsters[0].positon`", "unknown key"]),
    ("unknown_spell_key", OK_HEAD + "A: {spells: [{card: Trap Hole, zonee: s1}]}\n",
     ["`A.spells[0].zonee`", "unknown key"]),
    ("unknown_field_key", OK_HEAD + "A: {field_spell: {card: Yami, face: down}}\n",
     ["`A.field_spell.face`", "unknown key"]),
    ("unknown_expect_key", OK_HEAD + "expect: {winnerr: A}\n", ["`expect.winnerr`", "unknown key"]),
    ("unknown_expect_side_key", OK_HEAD + "expect: {A: {life: 8000}}\n", ["`expect.A.life`"]),
    ("unknown_inline_expect_key", OK_HEAD + "script:\n  - expect: {B: {hands: []}}\n",
     ["`script[0].expect.B.hands`"]),
    ("bad_phase", OK_HEAD + "phase: main3\n", ["`phase`", "main3"]),
    ("battle_phase_turn1", "name: x\nturn: 1\nphase: battle\n", ["`phase`", "turn 1"]),
    ("bad_expect_phase", OK_HEAD + "expect: {phase: combat}\n", ["`expect.phase`", "combat"]),
    ("bad_turn_player", OK_HEAD + "turn_player: C\n", ["`turn_player`"]),
    ("bad_turn", "name: x\nturn: 0\n", ["`turn`"]),
    ("bad_rules", OK_HEAD + "rules: v9\n", ["`rules`"]),
    ("bad_seed", OK_HEAD + "seed: abc\n", ["`seed`"]),
    ("bad_lp", OK_HEAD + "A: {lp: lots}\n", ["`A.lp`"]),
    ("bad_expect_lp", OK_HEAD + "expect: {A: {lp: lots}}\n", ["`expect.A.lp`"]),
    ("missing_name", "turn: 2\n", ["`name`"]),
    ("not_a_mapping", "- a\n- b\n", ["mapping"]),
    ("empty_file", "", ["mapping"]),
    ("bad_position_short", OK_HEAD + "A: {monsters: [Feral Imp (sideways)]}\n",
     ["`A.monsters[0]`", "sideways"]),
    ("bad_position_long", OK_HEAD + "A: {monsters: [{card: Feral Imp, position: upside}]}\n",
     ["`A.monsters[0]`", "upside"]),
    ("bad_spell_tag", OK_HEAD + "A: {spells: [Trap Hole (attack)]}\n", ["`A.spells[0]`", "attack"]),
    ("bad_expect_tag", OK_HEAD + "expect: {A: {monsters: [Feral Imp (sideways)]}}\n",
     ["`expect.A.monsters[0]`", "sideways"]),
    ("monster_zone_taken", OK_HEAD + "A: {monsters: [{card: Feral Imp, zone: m2}, "
     "{card: Celtic Guardian, zone: m2}]}\n", ["`A.monsters[1].zone`", "m2", "taken"]),
    ("spell_zone_taken", OK_HEAD + "B: {spells: [{card: Dark Hole, zone: s3}, "
     "{card: Raigeki, zone: s3}]}\n", ["`B.spells[1].zone`", "s3", "taken"]),
    ("bad_monster_zone", OK_HEAD + "A: {monsters: [{card: Feral Imp, zone: m6}]}\n",
     ["`A.monsters[0].zone`", "m6"]),
    ("bad_spell_zone", OK_HEAD + "A: {spells: [{card: Dark Hole, zone: fz}]}\n",
     ["`A.spells[0].zone`", "fz"]),
    ("six_monsters", OK_HEAD + "A: {monsters: [Feral Imp, Feral Imp, Feral Imp, Feral Imp, "
     "Feral Imp, Feral Imp]}\n", ["`A.monsters[5]`", "free"]),
    ("six_spells", OK_HEAD + "A: {spells: [Dark Hole, Dark Hole, Dark Hole, Dark Hole, "
     "Dark Hole, Dark Hole]}\n", ["`A.spells[5]`", "free"]),
    ("spell_as_monster", OK_HEAD + "A: {monsters: [Dark Hole]}\n", ["`A.monsters[0]`", "not a monster"]),
    ("monster_as_spell", OK_HEAD + "A: {spells: [Feral Imp]}\n", ["`A.spells[0]`", "Feral Imp"]),
    ("not_a_field_spell", OK_HEAD + "A: {field_spell: Dark Hole}\n", ["`A.field_spell`", "Field Spell"]),
    ("monster_without_card", OK_HEAD + "A: {monsters: [{zone: m1}]}\n", ["`A.monsters[0]`", "card"]),
    ("list_not_list", OK_HEAD + "A: {hand: Feral Imp}\n", ["`A.hand`", "list"]),
    ("equip_target_missing", OK_HEAD + "A: {spells: [{card: Book of Secret Arts, equip: Dark Magician}]}\n",
     ["`A.spells[0].equip`", "Dark Magician"]),
    # unknown cards, in every list
    ("unknown_card_deck", OK_HEAD + "A: {deck: [Feral Imp, Blue-Eyes Black Dragon]}\n",
     ["`A.deck[1]`", "Blue-Eyes Black Dragon"]),
    ("unknown_card_hand", OK_HEAD + "A: {hand: [Dark Magican]}\n", ["`A.hand[0]`", "Dark Magican"]),
    ("unknown_card_extra", OK_HEAD + "B: {extra: [Darkfire Dragoon]}\n", ["`B.extra[0]`", "Darkfire Dragoon"]),
    ("unknown_card_graveyard", OK_HEAD + "A: {graveyard: [Mystical Elff]}\n",
     ["`A.graveyard[0]`", "Mystical Elff"]),
    ("unknown_card_banished", OK_HEAD + "B: {banished: [Sangan, Sangan2]}\n", ["`B.banished[1]`", "Sangan2"]),
    ("unknown_card_monsters", OK_HEAD + "A: {monsters: [Feral Imp, Ferral Imp (defense)]}\n",
     ["`A.monsters[1]`", "Ferral Imp"]),
    ("unknown_card_monsters_long", OK_HEAD + "A: {monsters: [{card: Celtic Guardan, zone: m3}]}\n",
     ["`A.monsters[0]`", "Celtic Guardan"]),
    ("unknown_card_emz", OK_HEAD + "A: {extra_monster_zone: Darkfire Dragonn}\n",
     ["`A.extra_monster_zone`", "Darkfire Dragonn"]),
    ("unknown_card_spells", OK_HEAD + "B: {spells: [Trap Hole, Trapp Hole (set)]}\n",
     ["`B.spells[1]`", "Trapp Hole"]),
    ("unknown_card_field", OK_HEAD + "A: {field_spell: Yamii}\n", ["`A.field_spell`", "Yamii"]),
    ("unknown_card_script", OK_HEAD + "script:\n  - A: summon Dark Magican\n",
     ["`script[0].A`", "Dark Magican"]),
    ("unknown_card_script_choose", OK_HEAD + "script:\n  - A: choose Feral Imp, Celtik Guardian\n",
     ["`script[0].A`", "Celtik Guardian"]),
    ("unknown_card_script_attack", OK_HEAD + "script:\n  - A: attack Feral Imp -> Summoned Skul\n",
     ["`script[0].A`", "Summoned Skul"]),
    ("unknown_card_expect_hand", OK_HEAD + "expect: {A: {hand: [Dark Magican]}}\n",
     ["`expect.A.hand[0]`", "Dark Magican"]),
    ("unknown_card_expect_graveyard", OK_HEAD + "expect: {B: {graveyard: [Feral Imp, Raigekii]}}\n",
     ["`expect.B.graveyard[1]`", "Raigekii"]),
    ("unknown_card_expect_monsters", OK_HEAD + "expect: {A: {monsters: [Feral Impp (attack)]}}\n",
     ["`expect.A.monsters[0]`", "Feral Impp"]),
    ("unknown_card_expect_spells", OK_HEAD + "expect: {A: {spells: [Trap Hoel]}}\n",
     ["`expect.A.spells[0]`", "Trap Hoel"]),
    ("unknown_card_expect_field", OK_HEAD + "expect: {A: {field_spell: Sogenn}}\n",
     ["`expect.A.field_spell`", "Sogenn"]),
    ("unknown_card_expect_stats", OK_HEAD + "expect: {A: {stats: {Feral Impp: 1300/1400}}}\n",
     ["`expect.A.stats.Feral Impp`", "Feral Impp"]),
    ("unknown_card_expect_can", OK_HEAD + "expect: {can: [\"A: summon Feral Impp\"]}\n",
     ["`expect.can`", "Feral Impp"]),
    ("unknown_card_expect_cannot", OK_HEAD + "expect: {cannot: [\"A: summon Dark Magican\"]}\n",
     ["`expect.cannot`", "Dark Magican"]),
    ("unknown_card_expect_never", OK_HEAD + "expect: {never: [\"B: activate Trap Holee\"]}\n",
     ["`expect.never`", "Trap Holee"]),
    ("unknown_card_inline_expect", OK_HEAD + "script:\n  - expect: {A: {hand: [Pot of Greedd]}}\n",
     ["`script[0].expect.A.hand[0]`", "Pot of Greedd"]),
    # bad script lines
    ("bad_script_verb", OK_HEAD + "script:\n  - A: summonn Feral Imp\n", ["`script[0].A`", "summonn"]),
    ("bad_script_attack", OK_HEAD + "script:\n  - A: pass\n  - A: attack Feral Imp\n",
     ["`script[1].A`", "->"]),
    ("bad_script_player", OK_HEAD + "script:\n  - C: pass\n", ["`script[0]`", "'C'"]),
    ("bad_script_entry", OK_HEAD + "script:\n  - A: pass\n    B: pass\n", ["`script[0]`"]),
    ("bad_script_not_string", OK_HEAD + "script:\n  - A: [pass]\n", ["`script[0].A`", "string"]),
    ("bad_script_not_list", OK_HEAD + "script: {A: pass}\n", ["`script`", "list"]),
    ("bad_can_line", OK_HEAD + "expect: {can: [\"summon Feral Imp\"]}\n", ["`expect.can`", "A: ACTION"]),
    ("bad_zone_ref", OK_HEAD + "script:\n  - A: summon Feral Imp@m9\n", ["`script[0].A`"]),
]


@pytest.mark.parametrize("fname,text,words", CASES, ids=[c[0] for c in CASES])
def test_bad_file_exits_2_with_message(tmp_path, fname, text, words):
    path = tmp_path / f"{fname}.yaml"
    path.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(main, ["scenario", str(path)])
    out = result.output + (getattr(result, "stderr", "") or "")
    assert result.exit_code == 2, out
    assert result.exception is None or isinstance(result.exception, SystemExit), out
    assert "Traceback" not in out
    assert str(path) in out, out
    for w in words:
        assert w in out, f"{w!r} not in {out!r}"


@pytest.mark.parametrize("text,line", [
    ("name: x\nA: {hand: [Feral Imp\nB: {}\n", "line 3"),
    ("name: x\nA:\n  hand: [Feral Imp]\n   deck: []\n", "line 4"),
    ("name: x\nscript:\n  - A: summon Feral Imp\n  - B: 'pass\n", "line 5"),
])
def test_yaml_syntax_error_names_the_line(tmp_path, text, line):
    path = tmp_path / "syntax.yaml"
    path.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(main, ["scenario", str(path)])
    out = result.output + (getattr(result, "stderr", "") or "")
    assert result.exit_code == 2, out
    assert str(path) in out and line in out and "YAML" in out, out
    assert "Traceback" not in out


def test_missing_file_and_binary_file(tmp_path):
    missing = tmp_path / "nope.yaml"
    result = CliRunner().invoke(main, ["scenario", str(missing)])
    assert result.exit_code == 2
    binary = tmp_path / "bin.yaml"
    binary.write_bytes(b"name: x\n\xff\xfe\x00")
    result = CliRunner().invoke(main, ["scenario", str(binary)])
    out = result.output + (getattr(result, "stderr", "") or "")
    assert result.exit_code == 2 and str(binary) in out and "Traceback" not in out


def test_good_and_bad_files_together(tmp_path):
    good = tmp_path / "good.yaml"
    good.write_text("name: good\nturn: 2\nA: {hand: [Feral Imp]}\nscript:\n  - A: summon Feral Imp\n"
                    "expect: {A: {monsters: [Feral Imp]}}\n")
    failing = tmp_path / "failing.yaml"
    failing.write_text("name: failing\nturn: 2\nexpect: {A: {lp: 1}}\n")
    bad = tmp_path / "bad.yaml"
    bad.write_text("name: bad\nA: {hand: [Not A Card]}\n")
    r = CliRunner().invoke(main, ["scenario", str(good)])
    assert r.exit_code == 0 and "PASS good" in r.output
    r = CliRunner().invoke(main, ["scenario", str(good), str(failing)])
    assert r.exit_code == 1 and "PASS good" in r.output and "FAIL failing" in r.output
    assert "expect.A.lp" in r.output and "expected 1, got 8000" in r.output
    r = CliRunner().invoke(main, ["scenario", str(good), str(failing), str(bad)])
    out = r.output + (getattr(r, "stderr", "") or "")
    assert r.exit_code == 2 and "PASS good" in out and "Not A Card" in out


def test_subprocess_exit_status(tmp_path):
    bad = tmp_path / "unknown.yaml"
    bad.write_text("name: x\nB: {spells: [Mirror Farce]}\n")
    p = subprocess.run([sys.executable, "-m", "ygosim", "scenario", str(bad)],
                       capture_output=True, text=True, timeout=120)
    assert p.returncode == 2
    assert str(bad) in p.stderr and "B.spells[0]" in p.stderr and "Mirror Farce" in p.stderr
    assert "Traceback" not in p.stderr + p.stdout
