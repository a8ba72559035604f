"""Rules of the issue-3 Spell/Trap cards that no card in the pool can reach from a scenario."""
from ygosim.engine import const as K
from ygosim.play.scenario import build


def _duel():
    return build({"name": "t", "turn": 3, "A": {
        "monsters": ["Dark Magician"],
        "spells": [{"card": "Book of Secret Arts", "equip": "Dark Magician"}],
        "field_spell": "Yami"}})


def _card(d, name):
    return next(c for c in range(len(d.data)) if d.data[c].name == name and d.loc[c])


def test_equip_destroyed_when_monster_turned_face_down():
    d = _duel()
    dm, book = _card(d, "Dark Magician"), _card(d, "Book of Secret Arts")
    assert (d.atk(dm), d.def_(dm)) == (3000, 2600)
    d.set_position(dm, K.FACEDOWN_DEFENSE)
    assert d.loc[book] == K.GY and d.equip[book] is None
    d.set_position(dm, K.ATTACK)          # face-up again: only the Field Spell applies
    assert (d.atk(dm), d.def_(dm)) == (2700, 2300)


def test_stats_are_derived_and_clone_independent():
    d = _duel()
    dm = _card(d, "Dark Magician")
    e = d.clone()
    for _ in range(3):                    # reading never accumulates
        assert d.atk(dm) == 3000
    d.add_mod(dm, 500)
    assert d.atk(dm) == 3500 and e.atk(dm) == 3000
    d.pflags.append((0, "reverse_stats", d.turn))
    d.pflags.append((1, "reverse_stats", d.turn))
    assert d.atk(dm) == 2500 - 300 - 200 - 500     # Reverse Trap: every change reversed
    assert e.atk(dm) == 3000
