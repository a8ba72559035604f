"""The scenario runner's rules 1-5 and inline checks (../shared/scenario-format.md)."""
import textwrap

import pytest
import yaml

from ygosim.play.scenario import run_scenario, validate


def run(text):
    doc = yaml.safe_load(textwrap.dedent(text))
    validate(doc, "<test>")
    return run_scenario(doc, "<test>")


def passes(text):
    r = run(text)
    assert r.passed, r.reason + "\n" + "\n".join(r.duel.log[-20:])
    return r


def fails(text, *words):
    r = run(text)
    assert not r.passed, "expected a failure"
    for w in words:
        assert w in r.reason, f"{w!r} not in {r.reason!r}"
    return r


# ------------------------------------------------------------------ rule 1: legal answers apply
def test_rule1_entry_applied():
    passes("""
        name: t
        turn: 2
        A: {hand: [Feral Imp]}
        script:
          - A: summon Feral Imp
        expect: {A: {monsters: [Feral Imp (attack)], hand: []}}
    """)


CARRY = """
    name: t
    turn: 2
    A:
      hand: [Summoned Skull, Raigeki, Ookazi, Dark Hole, Trap Hole, Pot of Greed, Sogen, Yami, Dian Keto the Cure Master]
      monsters: [Feral Imp]
    script:
      - A: summon Summoned Skull
      - A: choose Feral Imp, Raigeki, Ookazi
      - A: end
"""


def test_rule1_choose_rest_answers_next_selection_of_that_player():
    # the Tribute prompt takes Feral Imp; `end` answers the Main Phase; the End Phase discard
    # (2 cards: 8 in hand) is answered by the rest of the choose line.
    r = passes(CARRY + """
    expect:
      turn: 3
      A:
        monsters: [Summoned Skull]
        graveyard: [Feral Imp, Raigeki, Ookazi]
        hand_count: 6
    """)
    assert r.duel.turn == 3


def test_rule1_choose_rest_may_directly_follow():
    # with nothing in between: tribute 2 for Dark Magician from one line naming 2 + discard 1
    passes("""
        name: t
        turn: 2
        phase: main2
        A:
          hand: [Dark Magician, Raigeki, Ookazi, Dark Hole, Trap Hole, Pot of Greed, Sogen, Yami]
          monsters: [Feral Imp, Celtic Guardian]
        script:
          - A: set Dark Magician
          - A: choose Celtic Guardian, Feral Imp, Sogen
          - A: end
        expect:
          turn: 3
          A: {monsters: [Dark Magician (facedown)], graveyard: [Feral Imp, Celtic Guardian, Sogen]}
    """)


def test_rule1_choose_rest_never_used_fails():
    fails("""
        name: t
        turn: 2
        A:
          hand: [Summoned Skull]
          monsters: [Feral Imp]
        script:
          - A: summon Summoned Skull
          - A: choose Feral Imp, Raigeki
    """, "the rest of script[1]", "choose Raigeki", "A must make a action decision")


def test_rule1_choose_rest_that_does_not_fit_fails():
    fails(CARRY.replace("Feral Imp, Raigeki, Ookazi", "Feral Imp, Raigeki, Mystical Elf"),
          "the rest of script[1]", "choose Raigeki, Mystical Elf", "select decision",
          "choose Raigeki, Ookazi")


def test_rule1_interchangeable_copies_any_taken():
    passes("""
        name: t
        turn: 2
        A: {monsters: [Celtic Guardian, Celtic Guardian]}
        script:
          - A: battle
          - A: attack Celtic Guardian -> direct
          - A: attack Celtic Guardian -> direct
        expect: {B: {lp: 5200}}
    """)


def test_rule1_ambiguous_copies_fail():
    fails("""
        name: t
        turn: 2
        A: {monsters: [Celtic Guardian, Celtic Guardian (defense)]}
        script:
          - A: change Celtic Guardian
    """, "ambiguous")


def test_rule1_zone_and_player_qualifiers():
    passes("""
        name: t
        turn: 2
        A: {monsters: [Celtic Guardian, Celtic Guardian (defense)]}
        B: {monsters: [Celtic Guardian (defense)]}
        script:
          - A: change Celtic Guardian@m2
          - A: battle
          - A: attack A:Celtic Guardian@m1 -> B:Celtic Guardian
        expect:
          A: {monsters: [Celtic Guardian (attack), Celtic Guardian (attack)]}
          B: {monsters: [], graveyard: [Celtic Guardian]}
    """)


# ------------------------------------------------------------------ rule 2: windows are passed
def test_rule2_response_window_passed():
    passes("""
        name: t
        turn: 2
        A: {hand: [Celtic Guardian]}
        B: {spells: [Trap Hole]}
        script:
          - A: summon Celtic Guardian
          - A: end
        expect:
          turn: 3
          A: {monsters: [Celtic Guardian]}
          B: {spells: [Trap Hole (set)]}
    """)


def test_rule2_entry_waits_through_windows_of_the_other_player():
    # B's entry is not asked of A; A's windows pass it through to B's response window
    passes("""
        name: t
        turn: 2
        A: {hand: [Celtic Guardian]}
        B: {spells: [Trap Hole]}
        script:
          - A: summon Celtic Guardian
          - B: activate Trap Hole
        expect:
          A: {monsters: [], graveyard: [Celtic Guardian]}
          B: {graveyard: [Trap Hole]}
    """)


# ------------------------------------------------------------------ rule 3: defaults
REBORN = """
    name: t
    turn: 2
    A: {hand: [Monster Reborn], graveyard: [Summoned Skull]}
"""


def test_rule3_single_selection_and_position_default():
    # the only target is chosen, the Special Summon goes in face-up Attack Position
    passes(REBORN + """
    script:
      - A: activate Monster Reborn
    expect: {A: {monsters: [Summoned Skull (attack)], graveyard: [Monster Reborn]}}
    """)


def test_rule3_position_entry_used_when_it_fits():
    passes(REBORN + """
    script:
      - A: activate Monster Reborn
      - A: choose Summoned Skull
      - A: position defense
    expect: {A: {monsters: [Summoned Skull (defense)]}}
    """)


def test_rule3_position_prompt_answered_before_an_inline_expect():
    # the inline expect waits for a decision that is not a position prompt; that prompt is
    # answered by the next entry after the expect when it fits
    passes(REBORN + """
    script:
      - A: activate Monster Reborn
      - A: choose Summoned Skull
      - expect: {A: {monsters: [Summoned Skull (defense)]}, phase: main1}
      - A: position defense
      - A: end
    expect: {turn: 3, A: {monsters: [Summoned Skull (defense)]}}
    """)


def test_rule3_selection_with_several_answers_is_not_guessed():
    fails("""
        name: t
        turn: 2
        A: {hand: [Monster Reborn], graveyard: [Summoned Skull], monsters: []}
        B: {graveyard: [Dark Magician]}
        script:
          - A: activate Monster Reborn
          - A: end
    """, "script[1] (A: end)", "A must make a select decision",
          "choose Summoned Skull", "choose Dark Magician")


# ------------------------------------------------------------------ rule 4: script exhausted
def test_rule4_stops_when_script_exhausted():
    r = passes("""
        name: t
        turn: 2
        A: {hand: [Feral Imp, Celtic Guardian]}
        script:
          - A: summon Feral Imp
        expect: {turn: 2, phase: main1, can: ["A: end"], cannot: ["A: summon Celtic Guardian"]}
    """)
    assert r.duel.pending is not None and r.duel.pending.player == 0


# ------------------------------------------------------------------ rule 5: failure messages
def test_rule5_action_message():
    r = fails("""
        name: t
        turn: 2
        A: {hand: [Dark Magician, Feral Imp]}
        script:
          - A: summon Feral Imp
          - A: summon Dark Magician
    """, "script[1] (A: summon Dark Magician)", "A must make a action decision",
         "legal:", "battle", "end")
    assert "summon Feral Imp" not in r.reason.split("legal:")[1]


def test_rule5_selection_message():
    fails("""
        name: t
        turn: 2
        A: {hand: [Summoned Skull], monsters: [Feral Imp, Mystical Elf]}
        B: {monsters: [Celtic Guardian]}
        script:
          - A: summon Summoned Skull
          - A: choose Celtic Guardian
    """, "script[1] (A: choose Celtic Guardian)", "A must make a select decision",
          "choose Feral Imp", "choose Mystical Elf")


def test_rule5_entry_of_the_other_player():
    fails("""
        name: t
        turn: 2
        A: {hand: [Feral Imp]}
        script:
          - B: summon Feral Imp
    """, "script[0] (B: summon Feral Imp)", "A must make a action decision", "summon Feral Imp")


def test_rule5_legal_answers_are_qualified_where_needed():
    fails("""
        name: t
        turn: 2
        A: {monsters: [Celtic Guardian, Celtic Guardian (defense)]}
        script:
          - A: summon Feral Imp
    """, "change Celtic Guardian@m1", "change Celtic Guardian@m2")


# ------------------------------------------------------------------ expectations
def test_failed_expectation_names_key_expected_and_actual():
    fails("""
        name: t
        turn: 2
        expect: {B: {lp: 7000}}
    """, "expect.B.lp", "expected 7000, got 8000")
    fails("""
        name: t
        turn: 2
        A: {hand: [Feral Imp]}
        expect: {A: {hand: [Celtic Guardian]}}
    """, "expect.A.hand", "Celtic Guardian", "Feral Imp")


def test_inline_expect_failure_names_its_entry():
    fails("""
        name: t
        turn: 2
        A: {hand: [Feral Imp]}
        script:
          - A: summon Feral Imp
          - expect: {A: {monsters: [Feral Imp (defense)]}}
    """, "script[1].expect.A.monsters")


def test_can_and_cannot():
    fails("""
        name: t
        turn: 2
        A: {hand: [Dark Magician]}
        expect: {can: ["A: summon Dark Magician"]}
    """, "expect.can", "summon Dark Magician", "legal:", "end")
    fails("""
        name: t
        turn: 2
        A: {hand: [Feral Imp]}
        expect: {cannot: ["A: summon Feral Imp"]}
    """, "expect.cannot", "summon Feral Imp")


def test_never_final_and_inline():
    fails("""
        name: t
        turn: 2
        A: {hand: [Feral Imp]}
        script:
          - A: set Feral Imp
        expect: {never: ["A: summon Feral Imp"]}
    """, "expect.never", "A: summon Feral Imp")
    fails("""
        name: t
        turn: 2
        A: {hand: [Feral Imp]}
        script:
          - A: set Feral Imp
          - expect: {never: ["A: summon Feral Imp"]}
    """, "script[1].expect.never")
    # "from the start to here": what becomes legal later does not count
    passes("""
        name: t
        turn: 2
        A: {hand: [Feral Imp]}
        script:
          - A: summon Feral Imp
          - expect: {never: ["A: attack Feral Imp -> direct"]}
          - A: battle
          - expect: {can: ["A: attack Feral Imp -> direct"]}
    """)


def test_winner_expectations():
    fails("""
        name: t
        turn: 2
        A: {monsters: [Celtic Guardian]}
        B: {lp: 100}
        script:
          - A: battle
          - A: attack Celtic Guardian -> direct
    """, "expected to go on", "A won")
    fails("""
        name: t
        turn: 2
        A: {monsters: [Celtic Guardian]}
        B: {lp: 100}
        script:
          - A: battle
          - A: attack Celtic Guardian -> direct
          - A: main2
        expect: {winner: A}
    """, "the duel ended", "script[2]")
    fails("""
        name: t
        turn: 2
        expect: {winner: B}
    """, "expect.winner", "expected B")


def test_names_with_commas():
    """A name with a comma is written in double quotes inside choose lists; elsewhere as is.
    (In YAML a line with " #" must be quoted, or the rest is a comment.)"""
    passes('''
        name: t
        turn: 2
        A:
          hand: [Dark Magician]
          monsters: ["Winged Dragon, Guardian of the Fortress #1", Celtic Guardian, Feral Imp]
        B:
          monsters: ["Winged Dragon, Guardian of the Fortress #1"]
        script:
          - expect:
              can: ['A: change Winged Dragon, Guardian of the Fortress #1']
          - A: summon Dark Magician
          - expect:
              can: ['A: choose "Winged Dragon, Guardian of the Fortress #1", Feral Imp']
          - A: 'choose "Winged Dragon, Guardian of the Fortress #1", Celtic Guardian'
          - A: battle
          - A: 'attack Feral Imp -> Winged Dragon, Guardian of the Fortress #1' 
        expect:
          A:
            monsters: [Dark Magician]
            graveyard: ["Winged Dragon, Guardian of the Fortress #1", Celtic Guardian, Feral Imp]
            lp: 7900
          B: {monsters: ["Winged Dragon, Guardian of the Fortress #1 (attack)"]}
    ''')


def test_turn_player_b_and_zones_from_the_owners_view():
    passes('''
        name: t
        turn: 3
        turn_player: B
        A: {monsters: [{card: Celtic Guardian, zone: m3}]}
        B:
          monsters: [Feral Imp, {card: Celtic Guardian, zone: m1}]
          spells: [{card: Trap Hole, zone: s4}]
        script:
          - B: battle
          - B: attack Celtic Guardian@m1 -> A:Celtic Guardian@m3
        expect:
          A: {monsters: [], graveyard: [Celtic Guardian]}
          B: {monsters: [Feral Imp], graveyard: [Celtic Guardian], spells: [Trap Hole (set)]}
    ''')


def test_rule1_choose_rest_first_names_answer_first():
    """When more of the named cards fit the first prompt than it takes, the first names answer
    it (Dark Magician, not the Summoned Skull in the GY); the rest answer the same player's next
    selection (the End Phase discard takes the Summoned Skull in the hand)."""
    passes('''
        name: t
        turn: 2
        phase: main2
        A:
          hand: [Monster Reborn, Summoned Skull, Raigeki, Ookazi, Dark Hole, Trap Hole, Pot of Greed, Sogen]
          graveyard: [Dark Magician, Summoned Skull]
        script:
          - A: activate Monster Reborn
          - A: choose Dark Magician, Summoned Skull
          - A: end
        expect:
          turn: 3
          A:
            monsters: [Dark Magician (attack)]
            graveyard: [Summoned Skull, Summoned Skull, Monster Reborn]
            hand_count: 6
    ''')
