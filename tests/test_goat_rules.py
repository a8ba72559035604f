"""The goat rule switches that the scenario files cannot show with the cards scripted so far
(a monster with an Ignition effect, a card that Summons onto the opponent's field), the finer
points of the others (the Damage Step's windows, a replaced Field Spell is destroyed), and
random goat duels with the invariant checks. Each goat behaviour is checked beside its v10 one.
The scenarios are in tests/scenarios/rules/goat_*.yaml."""
import pytest

from engine_util import check_invariants
from test_random_play import play_checked
from ygosim.agents.random_agent import RandomAgent
from ygosim.cards.db import card_db
from ygosim.cards.model import CardData
from ygosim.engine import actions as A
from ygosim.engine import const as K
from ygosim.engine.actions import OPP
from ygosim.engine.api import add_card, apply_rule_options, blank_duel, index_scripts, new_duel
from ygosim.engine.effects import CardScript, ignition, quickplay
from ygosim.engine.flow import push, run
from ygosim.engine.rules import GOAT, V10
from ygosim.formats.deck import load_deck


def ignition_monster() -> CardData:
    """A Level 4 monster whose Ignition effect gains its player 100 LP."""
    card = CardData(name="Test Ignition Monster", passcode=99100001, kind="monster",
                    frames=("effect",), level=4, atk=1500, def_=1000)
    card.set_era_script("current", CardScript(effects=(ignition(A.gain_lp(100)),)))
    return card


def gift_spell() -> CardData:
    """A Quick-Play Spell: Special Summon a monster from the opponent's hand to their field in
    face-down Defense Position (as Cyber Jar summons for both players)."""
    card = CardData(name="Test Gift", passcode=99100002, kind="spell", subtype="quickplay")
    card.set_era_script("current", CardScript(effects=(quickplay(
        operation=A.special_summon(A.pile(K.HAND, OPP), pos=K.FACEDOWN_DEFENSE, who=OPP)),)))
    return card


def duel(rules, setup, phase=K.MAIN1, tp=0, turn=3):
    """A duel at the start of `phase` of `turn`; setup(d, add) places the cards."""
    d = blank_duel(0, {"rules": rules})
    d.turn, d.tp, d.phase = turn, tp, phase
    db = card_db()
    for p in (0, 1):
        for _ in range(10):
            add_card(d, db["Celtic Guardian"], p, K.DECK)

    def add(card, p, loc, pos=K.ATTACK, seq=None):
        c = add_card(d, db[card] if isinstance(card, str) else card, p)
        d.place(c, loc, p, seq, pos)
        d.turn_in[c] = turn - 1
        return c
    setup(d, add)
    index_scripts(d)
    apply_rule_options(d)
    push(d, "turn", s=4 if phase == K.MAIN1 else 5)
    push(d, "main" if phase in (K.MAIN1, K.MAIN2) else "battle")
    run(d)
    return d


# ------------------------------------------------------------------ ignition priority
@pytest.mark.parametrize("rules", ["goat", "v10"])
def test_ignition_priority_after_a_summon(rules):
    """Goat: after the Summon the turn player may use the Ignition effect before the opponent
    responds; the opponent may then chain Trap Hole (the Summon is still what just happened),
    which resolves first. v10: the opponent answers the Summon first; once play moves on the
    Trap Hole timing is gone."""
    mon = ignition_monster()
    d = duel(rules, lambda d, add: (add(mon, 0, K.HAND),
                                    add("Trap Hole", 1, K.SZONE, K.FACEDOWN)))
    d.apply(f"summon {mon.name}")
    dec = d.pending
    if rules == "goat":
        assert dec.player == 0 and dec.kind == "response"
        assert f"activate {mon.name}" in d.texts()
        d.apply(f"activate {mon.name}")
        assert d.pending.player == 1 and "activate Trap Hole" in d.texts()
        d.apply("activate Trap Hole")
        d.apply(f"choose {mon.name}")
        while d.pending.kind != "action":
            d.apply("pass")
        assert d.lp[0] == 8100                         # the effect resolved (Chain Link 1)
        assert not d.monsters(0)                       # after Trap Hole destroyed the monster
    else:
        assert dec.player == 1 and "activate Trap Hole" in d.texts()
        assert not any(t.startswith(f"activate {mon.name}") for t in d.texts())
        d.apply("pass")
        assert d.pending.kind == "action" and f"activate {mon.name}" in d.texts()
        d.apply(f"activate {mon.name}")
        assert d.pending is None or "activate Trap Hole" not in d.texts()
    check_invariants(d)


def test_ignition_priority_is_only_for_ignition_effects_of_the_turn_player():
    """Goat: with no Ignition effect to use, the opponent answers the Summon as under v10; the
    turn player's Spells are not offered with priority."""
    d = duel("goat", lambda d, add: (add("Celtic Guardian", 0, K.HAND),
                                     add("Dark Hole", 0, K.HAND),
                                     add("Trap Hole", 1, K.SZONE, K.FACEDOWN)))
    d.apply("summon Celtic Guardian")
    assert d.pending.player == 1 and "activate Trap Hole" in d.texts()


# ------------------------------------------------------------------ positions
@pytest.mark.parametrize("rules", ["goat", "v10"])
def test_monster_summoned_by_the_opponent_may_be_flip_summoned_that_turn(rules):
    """Goat (EDOPro DUEL_CAN_REPOS_IF_NON_SUMPLAYER): B Summons A's monster face-down onto A's
    field during A's turn; A may Flip Summon it that turn. v10: not the turn it arrived."""
    gift = gift_spell()
    d = duel(rules, lambda d, add: (add("Celtic Guardian", 0, K.HAND),
                                    add(gift, 1, K.SZONE, K.FACEDOWN)))
    d.apply("battle")          # B activates its Set Quick-Play as A leaves Main Phase 1
    assert d.pending.player == 1
    d.apply(f"activate {gift.name}")
    while d.pending.player != 0 or d.pending.kind != "action":
        d.apply("pass")
    (c,) = d.monsters(0)
    assert d.pos[c] == K.FACEDOWN_DEFENSE and d.summoned_by_other(c)
    assert d.phase == K.MAIN1          # (the opponent acted: A is asked again)
    if rules == "goat":
        assert "flip Celtic Guardian" in d.texts()
        d.apply("flip Celtic Guardian")
        assert d.pos[c] == K.ATTACK and "change Celtic Guardian" not in d.texts()
    else:
        assert "flip Celtic Guardian" not in d.texts()
    d.apply("end")
    assert d.summoners == ()


def test_own_summons_still_keep_their_position_in_goat():
    d = duel("goat", lambda d, add: add("Celtic Guardian", 0, K.HAND))
    d.apply("summon Celtic Guardian")
    assert "change Celtic Guardian" not in d.texts()


# ------------------------------------------------------------------ the Damage Step
def _battle_steps(rules):
    """The Damage Step timings at which B (a Set Castle Walls) is asked, when A attacks."""
    d = duel(rules, lambda d, add: (add("Summoned Skull", 0, K.MZONE),
                                    add("Giant Soldier of Stone", 1, K.MZONE, K.DEFENSE),
                                    add("Castle Walls", 1, K.SZONE, K.FACEDOWN)),
             phase=K.BATTLE)
    while d.pending.kind != "action":        # (the Start Step)
        d.apply("pass")
    d.apply("attack Summoned Skull -> Giant Soldier of Stone")
    asked = []
    while d.pending.kind != "action":
        if d.pending.player == 1:
            asked.append(d.step)
        d.apply("pass")
    return asked


def test_damage_step_windows_v10_and_goat():
    """v10: B is asked at the attack declaration, the start of the Damage Step and before damage
    calculation. Goat's older layout: no window of its own at the start of the Damage Step."""
    assert _battle_steps("v10") == [K.BATTLE_STEP, K.DS_START, K.DS_BEFORE_CALC]
    assert _battle_steps("goat") == [K.BATTLE_STEP, K.DS_BEFORE_CALC]


# ------------------------------------------------------------------ Field Spells
@pytest.mark.parametrize("rules, destroyed", [("goat", True), ("v10", False)])
def test_own_old_field_spell_destroyed_or_sent(rules, destroyed):
    """A new Field Spell in a Field Zone that holds one: v10 sends the old one to the GY, goat
    destroys it (EDOPro DUEL_1_FACEUP_FIELD: a "destroyed" event)."""
    d = duel(rules, lambda d, add: (add("Yami", 0, K.SZONE, K.FACEUP, K.FIELD_ZONE),
                                    add("Sogen", 0, K.HAND)))
    d.apply("activate Sogen")
    while d.pending.kind != "action":
        d.apply("pass")
    yami = next(c for c in d.gy[0] if d.name(c) == "Yami")
    log = "\n".join(d.log)
    assert ("Yami destroyed and sent to the Graveyard" in log) == destroyed
    assert d.loc[yami] == K.GY and d.name(d.szone[0][K.FIELD_ZONE]) == "Sogen"


# ------------------------------------------------------------------ trigger order
def test_goat_simultaneous_triggers_of_one_event_keep_segoc_order():
    """Goat orders by event; triggers of one event (Dark Hole destroys both Sangans at once)
    keep the SEGOC order: the turn player's Sangan is Chain Link 1."""
    d = duel("goat", lambda d, add: (add("Sangan", 0, K.MZONE), add("Sangan", 1, K.MZONE),
                                     add("Dark Hole", 0, K.HAND)))
    d.apply("activate Dark Hole")
    while not d.chain or len(d.chain) < 2:
        d.apply(0 if d.pending.kind != "response" else "pass")
    first, second = (d.links[x]["player"] for x in d.chain)
    assert (first, second) == (0, 1)


# ------------------------------------------------------------------ random goat duels
@pytest.mark.parametrize("eager", [False, True], ids=["uniform", "eager"])
def test_random_goat_duels_keep_invariants(eager):
    for seed in range(15):
        play_checked(3000 + seed, {"rules": "goat"}, eager=eager)


def test_random_goat_duels_with_extra_deck_monsters():
    """The masters deck (Synchro, Xyz, Link, Pendulum cards) under goat: no Extra Monster Zone
    is ever used and no Extra Deck procedure happens."""
    a, b = load_deck("masters"), load_deck("yugi")
    for seed in range(8):
        d = new_duel(a, b, seed=seed, options={"rules": GOAT, "turn_cap": 40})
        agents = (RandomAgent(seed), RandomAgent(seed + 7))
        while d.winner is None:
            assert not any(o.verb in ("synchro", "xyz", "link", "pendulum")
                           for o in d.pending.options)
            d.apply(agents[d.pending.player].choose(d))
            assert d.emz == [-1, -1]
        check_invariants(d)
    assert V10.extra_monster_zones and not GOAT.extra_monster_zones
