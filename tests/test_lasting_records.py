"""What ends what (docs/engine.md): every lingering effect and per-card memory carries the
events that end it (const.End) and the engine ends it where each event happens: turned
face-down (Duel.set_position), control changes (set_control / swap_control), the End Phase
(the turn's end), leaving the field (a new identity). The scenarios under tests/scenarios/rules
(facedown_*) play the rulings; these tests hold the parts no card of the pool uses yet."""
import pickle

import pytest

from ygosim.engine import const as K
from ygosim.engine.const import End

from engine_util import card_named as _card, scenario_duel as _duel


def _skull(d):
    return _card(d, "Summoned Skull")


def test_default_ends_of_boosts_and_card_rules():
    d = _duel(A={"monsters": ["Summoned Skull"]})
    c = _skull(d)
    d.add_mod(c, 500)
    d.add_mod(c, 100, until=K.FOREVER)
    d.flag_card(c, "no_attack")
    assert [m[5] for m in d.mods] == [K.THIS_TURN, K.WHILE_FACEUP]
    assert d.cflags[0][4] == K.THIS_TURN
    assert d.atk(c) == 3100 and d.card_flag(c, "no_attack")
    d.set_position(c, K.FACEDOWN_DEFENSE)            # ended by End.FACEDOWN
    d.set_position(c, K.ATTACK, flip_effects=False)
    assert d.atk(c) == 2500 and not d.card_flag(c, "no_attack")
    assert not d.mods and not d.cflags


def test_a_record_without_facedown_is_carried_to_the_face_down_card():
    d = _duel(A={"monsters": ["Summoned Skull"]})
    c = _skull(d)
    d.add_mod(c, 500, ends=K.ON_FIELD_THIS_TURN)
    d.flag_card(c, "no_attack", ends=K.ON_FIELD_THIS_TURN)
    old = d.mid[c]
    d.set_position(c, K.FACEDOWN_DEFENSE)
    assert d.mid[c] != old                           # a new card for targets and "this card"
    d.set_position(c, K.ATTACK, flip_effects=False)
    assert d.atk(c) == 3000 and d.card_flag(c, "no_attack")
    d.turn += 1                                      # End.END_PHASE: only this turn
    assert not d.card_flag(c, "no_attack")


def test_control_change_ends_only_the_records_that_say_so():
    d = _duel(A={"monsters": ["Summoned Skull", "Feral Imp"]}, B={"monsters": ["Mystical Elf"]})
    c = _skull(d)
    d.flag_card(c, "no_attack", ends=K.THIS_TURN | {End.CONTROL})
    d.flag_card(c, "no_tribute")
    d.add_mod(c, -500, ends=K.THIS_TURN | {End.CONTROL})
    d.set_control(c, 1)
    assert d.ctrl[c] == 1
    assert not d.card_flag(c, "no_attack") and d.card_flag(c, "no_tribute")
    assert d.atk(c) == 2500
    g = _card(d, "Mystical Elf")
    d.flag_card(g, "no_attack", ends=K.THIS_TURN | {End.CONTROL})
    imp = _card(d, "Feral Imp")
    d.flag_card(imp, "no_tribute")
    assert d.swap_control(imp, g)
    assert not d.card_flag(g, "no_attack") and d.card_flag(imp, "no_tribute")


def test_leaving_the_field_ends_everything_and_must_be_listed():
    d = _duel(A={"monsters": ["Summoned Skull"]})
    c = _skull(d)
    d.flag_card(c, "no_tribute", ends=frozenset({End.LEAVE}), until=K.FOREVER)
    d.destroy([c])
    assert not d.card_flag(c, "no_tribute")
    with pytest.raises(ValueError):
        d.flag_card(c, "no_attack", ends=frozenset({End.FACEDOWN}))


def test_records_survive_clone_and_pickle():
    d = _duel(A={"monsters": ["Summoned Skull"]})
    c = _skull(d)
    d.add_mod(c, 500)
    d.flag_card(c, "no_attack", ends=K.ON_FIELD_THIS_TURN)
    for e in (d.clone(), pickle.loads(pickle.dumps(d))):
        assert e.atk(c) == 3000 and e.card_flag(c, "no_attack")
        assert e.cflags == d.cflags and e.mods == d.mods
    e = d.clone()
    e.set_position(c, K.FACEDOWN_DEFENSE)            # the clone shares nothing mutable
    assert d.atk(c) == 3000 and d.card_flag(c, "no_attack")
