"""The reusable Goat parts of the effect layer where no scenario reaches them alone: random
discards from the seeded generator, effects negated until the end of the turn, Tokens that
cease to exist (with their events), rules no card of the pool uses yet (extra attacks, no
direct attack), counters and card-links in clones."""
from ygosim.engine import const as K
from ygosim.engine.effects import continuous
from ygosim.engine.flow.chain import ACTIVATION_RULES
from ygosim.engine.observe import log_view

from engine_util import card_named as _card, scenario_duel as _duel


def _random_discard(seed):
    d = _duel(seed=seed, A={"hand": ["Delinquent Duo"]},
              B={"hand": ["Sangan", "Jinzo", "Mystic Tomato", "Magician of Faith",
                          "Celtic Guardian", "Feral Imp"]})
    d.apply("activate Delinquent Duo")
    while d.pending.player == 1 and d.pending.kind == "response":
        d.apply("pass")
    line = next(x for x in log_view(d, None) if "Discarded at random" in x)
    return line.split(": ", 1)[1]


def test_random_discard_comes_from_the_seeded_generator():
    picks = [_random_discard(seed) for seed in range(12)]
    assert picks == [_random_discard(seed) for seed in range(12)]     # same seed, same card
    assert len(set(picks)) >= 3                                       # and not always one


def test_negated_monster_effect_until_end_of_turn():
    d = _duel(A={"monsters": ["Jinzo"]}, B={"spells": ["Waboku"]})
    jinzo = _card(d, "Jinzo")
    assert d.has_static("no_trap_activation", 1)
    d.flag_card(jinzo, "negated")                    # actions.negate_effects does this
    assert d.is_negated(jinzo) and not d.has_static("no_trap_activation", 1)
    d.turn += 1                                      # the next turn: it applies again
    assert not d.is_negated(jinzo) and d.has_static("no_trap_activation", 1)


def test_a_token_ceases_to_exist_with_its_events():
    d = _duel(A={"monsters": ["Sheep Token (defense)"]})
    t = _card(d, "Sheep Token")
    d.events.clear()
    d.destroy([t])
    assert d.loc[t] == 0 and t not in d.gy[0] and not d.monsters(0)
    kinds = [e[0] for e in d.events if e[1] == t]
    assert K.EV_DESTROYED in kinds and K.EV_LEFT_FIELD in kinds and K.EV_TO_GY not in kinds
    d.set_position(t, K.FACEDOWN_DEFENSE)            # nowhere; and never face-down
    d2 = _duel(A={"monsters": ["Sheep Token"]})
    t2 = _card(d2, "Sheep Token")
    d2.set_position(t2, K.FACEDOWN_DEFENSE)
    assert not d2.pos[t2] & K.FACEDOWN


def _with_rule(d, key, apply):
    """Give the duel a continuous rule from card 0 (a test of the rule alone)."""
    src = next(c for c in d.monsters(0) if d.data[c].name == "Celtic Guardian")
    d.static_index = dict(d.static_index, **{key: ((src, continuous(key, apply)),)})
    d.act_rules = d.act_rules or key in ACTIVATION_RULES   # (as index_scripts would set it)


def test_extra_attacks_and_no_direct_attack():
    d = _duel(phase="battle", A={"monsters": ["Jinzo", "Celtic Guardian"]},
              B={"monsters": ["Sangan (defense)", "Mystic Tomato (defense)"]})
    jinzo = _card(d, "Jinzo")
    _with_rule(d, "extra_attacks", lambda d, src, c: 1 if c == jinzo else 0)
    d.apply("attack Jinzo -> Sangan")
    while d.pending.player == 1:                    # (Sangan's search, windows)
        d.apply(0)
    assert "attack Jinzo -> Mystic Tomato" in d.texts()         # a second attack
    d.apply("attack Jinzo -> Mystic Tomato")
    assert not any(t.startswith("attack Jinzo") for t in d.texts())   # never a third
    d = _duel(phase="battle", A={"monsters": ["Jinzo", "Celtic Guardian"]})
    jinzo = _card(d, "Jinzo")
    _with_rule(d, "no_direct_attack", lambda d, src, c: c == jinzo)
    from ygosim.engine.flow import battle_options
    from ygosim.engine.text import option_text
    texts = [option_text(d, o) for o in battle_options(d)]
    assert "attack Jinzo -> direct" not in texts
    assert "attack Celtic Guardian -> direct" in texts


def test_counters_and_card_links_are_not_shared_by_clones():
    d = _duel(A={"monsters": [{"card": "Breaker the Magical Warrior", "counters": {"spell": 1}},
                              "Summoned Skull"],
                 "spells": [{"card": "Call of the Haunted", "target": "Summoned Skull"}]})
    breaker, coth = _card(d, "Breaker the Magical Warrior"), _card(d, "Call of the Haunted")
    c = d.clone()
    c.remove_counter(breaker, "spell")
    c.destroy([coth])
    assert d.counter(breaker, "spell") == 1 and d.bound_to(coth) == _card(d, "Summoned Skull")
    assert c.counter(breaker, "spell") == 0 and c.bound_to(coth) == -1
    assert not c.monsters(0)[1:]                    # the Skull went with Call of the Haunted
