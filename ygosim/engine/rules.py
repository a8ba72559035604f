"""Rule sets: one immutable value that names every rule switch the engine reads.

A rule set is a plain frozen dataclass: `v10` (Official Rulebook Version 10, Master Rule 4),
`2020` (the April 2020 revision of Master Rule 4) and `goat` (the TCG of April 2005, the Goat
format; ../shared/goat/README.md in the team's notes) are three presets of the same switches.
The engine reads a switch where its rule lives (`d.rules.first_turn_draw` in the Draw Phase,
`d.rules.one_field_spell` where a Field Spell is placed...); no code anywhere tests a rule set's
*name*. A duel keeps its rule set in `d.rules` (shared by clones: it is immutable).

Each field says which rule it switches and which source the goat value follows.
"""
from __future__ import annotations

from dataclasses import dataclass, fields, replace

from ..cards.errors import YgosimError


@dataclass(frozen=True)
class Rules:
    name: str
    title: str

    # -- deck construction ------------------------------------------------------------------
    main_min: int = 40
    main_max: int | None = 60          # None: no upper limit (goat: 40 or more)
    extra_max: int | None = 15         # None: any size (goat's Fusion Deck)
    side_sizes: tuple | None = None    # allowed Side Deck sizes; None: 0 to side_max
    side_max: int = 15
    max_copies: int = 3
    # Extra Deck / monster frames the format knows; a card of another frame is not legal
    frames_allowed: frozenset = frozenset({"fusion", "synchro", "xyz", "link", "pendulum"})

    # -- the field --------------------------------------------------------------------------
    extra_monster_zones: bool = True   # Master Rule 4's Extra Monster Zones. goat: none, a
                                       # Fusion Monster goes to a Main Monster Zone
                                       # (goatformat.com #2; read in extra.summon_zones)
    extra_to_main_2020: bool = False   # April 2020: Fusion/Synchro/Xyz from the face-down
                                       # Extra Deck may go to any Main Monster Zone
    pendulum_zones: bool = True        # s1/s5 double as Pendulum Zones (goat: no; a Pendulum
                                       # Monster cannot be activated as a Spell: extra.py)
    extra_procedures: frozenset = frozenset({"synchro", "xyz", "link", "pendulum"})
                                       # the rules' own Summoning procedures besides Fusion and
                                       # Ritual (goat: none; goatformat.com #2, EDOPro MR1)
    one_field_spell: bool = False      # goat: one face-up Field Spell on the whole field: when
                                       # a Field Spell's activation resolves (still face-up) the
                                       # opponent's face-up one is destroyed; a Field Spell
                                       # replacing your own destroys it (goatformat.com #3, the
                                       # 2002 rulebook, EDOPro DUEL_1_FACEUP_FIELD; flow/chain)

    # -- the turn ---------------------------------------------------------------------------
    start_lp: int = 8000
    opening_hand: int = 5
    hand_limit: int = 6
    first_turn_draw: bool = False      # goat: the player going first draws on turn 1 (still no
                                       # Battle Phase); goatformat.com #1 (flow/turn)

    # -- priority and chains ----------------------------------------------------------------
    ignition_priority: bool = False    # goat: once a Summon is made in a Main Phase, the turn
                                       # player may use an Ignition effect before the opponent
                                       # responds (who may chain to it); after a Chain resolves
                                       # the turn player acts first anyway. goatformat.com #4,
                                       # EDOPro DUEL_TCG_FAST_EFFECT_IGNITION (flow/chain)
    trigger_order: str = "segoc"       # "segoc": turn player's mandatory, opponent's mandatory,
                                       # turn player's optional, opponent's optional (v10);
                                       # "event": goat, the trigger whose event happened first is
                                       # the lower Chain Link, SEGOC within one event
                                       # (goatformat.com; flow/triggers)
    damage_step_single_chain: bool = False   # goat: one Chain per Damage Step timing, and the
                                             # older layout (no window of its own at the start
                                             # of the Damage Step): EDOPro DUEL_SINGLE_CHAIN_IN_
                                             # DAMAGE_SUBSTEP, DUEL_6_STEP_BATLLE_STEP (flow/battle)

    # -- battle -----------------------------------------------------------------------------
    replay_at_once: bool = True        # v10: a replay is asked at once (attack again or not);
                                       # goat: the attack is cancelled, does not count as an
                                       # attack, and the monster may attack later that phase
                                       # (EDOPro DUEL_STORE_ATTACK_REPLAYS; flow/battle)
    zero_atk_both_destroyed: bool = False    # goat: two 0 ATK Attack Position monsters that
                                             # battle are both destroyed (the 2002 rulebook's
                                             # table, EDOPro DUEL_0_ATK_DESTROYED)
    opp_summoned_position_change: bool = False   # goat: a monster the opponent Summoned onto
                                                 # your field may change position or be Flip
                                                 # Summoned that turn (EDOPro DUEL_CAN_REPOS_
                                                 # IF_NON_SUMPLAYER; flow/main)

    # -- cards ------------------------------------------------------------------------------
    continuous_trap_separate: bool = False   # goat: activating a Continuous Trap and using its
                                             # effect are separate Chains (EDOPro DUEL_USE_TRAPS_
                                             # IN_NEW_CHAIN); v10: a Set one whose activation
                                             # does nothing may be activated with its effect as
                                             # one Chain Link (flow/chain.with_card_activation)
    card_era: str = "current"          # which card texts apply: "current" or "goat" (2005)

    def __str__(self) -> str:
        return self.name

    def with_(self, **changes) -> "Rules":
        """A copy with some switches changed (tests, custom formats)."""
        return replace(self, **changes)

    def ref(self):
        """How options and replays name this rule set: its name when it is that preset, else
        a plain mapping of its name and the switches that differ from the preset (JSON-ready;
        `get_rules` reads either back)."""
        base = PRESETS.get(self.name)
        if base == self:
            return self.name
        out = {"name": self.name}
        for f in fields(self):
            v = getattr(self, f.name)
            if f.name != "name" and (base is None or getattr(base, f.name) != v):
                out[f.name] = sorted(v) if isinstance(v, frozenset) else \
                    list(v) if isinstance(v, tuple) else v
        return out


V10 = Rules("v10", "Official Rulebook Version 10 (Master Rule 4)")
R2020 = Rules("2020", "Master Rule 4, April 2020 revision", extra_to_main_2020=True)
GOAT = Rules(
    "goat", "Goat format (TCG, April 2005)",
    main_max=None, extra_max=None, side_sizes=(0, 15),
    frames_allowed=frozenset({"fusion"}),
    extra_monster_zones=False, pendulum_zones=False, extra_procedures=frozenset(),
    one_field_spell=True,
    first_turn_draw=True, ignition_priority=True, trigger_order="event",
    damage_step_single_chain=True, replay_at_once=False, zero_atk_both_destroyed=True,
    opp_summoned_position_change=True, continuous_trap_separate=True, card_era="goat")

PRESETS: dict[str, Rules] = {r.name: r for r in (V10, R2020, GOAT)}
NAMES = tuple(PRESETS)          # for command-line choices: ("v10", "2020", "goat")
DEFAULT = V10


def get_rules(ref) -> Rules:
    """A rule set from its name ("v10", "2020", "goat"; 2020 may be an int), a Rules value, or
    the mapping `Rules.ref()` gives for a changed preset ({"name": "goat", "hand_limit": 7})."""
    if ref is None:
        return DEFAULT
    if isinstance(ref, Rules):
        return ref
    if isinstance(ref, dict):
        changes = dict(ref)
        base = get_rules(changes.pop("name", None))
        known = {f.name: f for f in fields(Rules)}
        for k, v in changes.items():
            if k not in known:
                raise YgosimError(f"rules: unknown switch {str(k)[:40]!r}")
            if isinstance(getattr(base, k), frozenset) or k == "frames_allowed":
                changes[k] = frozenset(v)
            elif isinstance(v, list):
                changes[k] = tuple(v)
        return base.with_(**changes)
    key = str(ref).strip().lower()
    if key not in PRESETS:
        raise YgosimError(f"unknown rules {str(ref)[:40]!r}: known rule sets are "
                          + ", ".join(NAMES))
    return PRESETS[key]


__all__ = ["Rules", "V10", "R2020", "GOAT", "PRESETS", "NAMES", "DEFAULT", "get_rules"]
