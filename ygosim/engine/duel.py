"""The duel state and its primitives.

Everything a duel is lives in plain lists, ints and small dicts on one Duel object, so that
`clone()` is a handful of list copies. Card instances are integers (card ids); per-card facts
are in `data` (shared, immutable CardData), per-card state in parallel lists (`loc`, `ctrl`,
`seq`, `pos`...). The flow of the duel (whose turn, which step, what is being resolved) is an
explicit stack of small dict frames run by ygosim.engine.flow: there are no generators or
callbacks holding hidden state, which is what makes a clone at any decision independent.
"""
from __future__ import annotations

from itertools import combinations
from math import comb

from ..cards.errors import IllegalAction
from . import const as K
from .const import (DECK, HAND, MZONE, SZONE, GY, BANISHED, EXTRA, OVERLAY, FIELD,
                    ATTACK, FACEDOWN, DEFENSE, FACEDOWN_DEFENSE, End)
from .decision import Decision, Option, Picks, SELECT, YESNO, POSITION
from .log import PRIVATE, mark
from .rng import Rng
from .rules import V10

WHY_FROM = 16       # Duel.why: where a card came from is kept above its reason bits,
WHY_BY = 24         # then (the player whose card or rule moved it) + 1 (0: nobody known),
WHY_CTRL = 26       # then (its controller before the move) + 1
WHY_FACEUP = 28     # then whether it was face-up (1) where it came from

PILES = {DECK: "deck", HAND: "hand", GY: "gy", BANISHED: "banished", EXTRA: "extra"}

# Continuous rules a monster destroyed by battle keeps applying until it is sent away at the end
# of the Damage Step (Duel._battle_dead): those about itself leaving the field.
KEPT_BATTLE_DESTROYED = frozenset({"leave_banished", "battle_substitute"})


# Moves that do not "affect" a card for an `unaffected` rule: costs, Tributes and materials
# (a monster unaffected by Spells may still be Tributed for a Ritual Spell or be a Fusion
# Material of Polymerization).
_NOT_AFFECTING = K.R_COST | K.R_TRIBUTE | K.R_MATERIAL


class Duel:
    """One duel. Use ygosim.engine.api (new_duel, from_scenario) to make one.

    Its attributes are fixed (__slots__, listed in __init__): a duel is read thousands of times
    per decision, and slots are the cheapest attributes Python has."""

    __slots__ = ("data", "owner", "names", "options", "rules", "trig_index", "static_cards", "static_index",
                 "act_cards", "eis_open", "eis_fast", "eis_ds", "eis_where", "eis_at",
                 "gy_effects", "fast_where", "ns_tributes", "proc_cards", "untributable", "negaters", "both_cards",
                 "hand_users", "act_rules", "live", "loc",
                 "ctrl", "seq", "pos", "mid", "turn_in", "summon", "attacked", "pos_turn",
                 "flip_turn", "equip", "overlay", "why", "counters", "binds", "summoned",
                 "attack_log", "lp", "lp_out", "acting",
                 "deck", "hand", "gy", "banished", "extra", "mzone", "emz", "szone", "mons", "sts", "lost_monster",
                 "turn", "tp",
                 "phase", "step", "ns_used", "ns_extra", "attack", "battle_destroyed",
                 "no_battle_damage", "links", "next_lid", "chain", "trig_q", "events", "serial",
                 "used", "mods", "pflags", "cflags", "returns", "proper_ok", "summoners", "stack", "pending",
                 "answer",
                 "rng", "log", "winner", "win_reason", "n_decisions", "history")

    def __init__(self):
        # card facts (shared between clones; never mutated after setup)
        self.data: list = []
        self.owner: list[int] = []
        self.names = ("A", "B")
        self.options: dict = {}        # settings that are not rules: turn_cap, chooser, hooks
        self.rules = V10                # the rule set (immutable: shared by clones)
        self.trig_index: dict = {}     # event -> tuple of (cid, effect index, effect)
        self.static_cards: tuple = ()  # cids whose scripts have continuous effects
        self.static_index: dict = {}   # rule key -> ((cid, effect), ...) that can change it
        self.act_cards: tuple = ()     # cids with effects a player activates
        self.eis_open: tuple = ()      # per card: effect indices for the open state
        self.eis_fast: tuple = ()      # per card: Spell Speed 2+ effect indices (windows)
        self.eis_ds: tuple = ()        # per card: effect indices usable in the Damage Step
        self.eis_where = (0, 0, 0)     # where any effect of eis_open, eis_fast, eis_ds works
        self.eis_at = ((((),) * 4,) * 3)  # those three split by place: hand, S/T, M, GY
        self.gy_effects = ((), ())     # per owner: cards with effects that work in the GY
        self.fast_where: tuple = ()    # per card: where its Spell Speed 2+ effects work
        self.ns_tributes: tuple = ()   # per card: Tributes to Normal Summon it (-1: never)
        self.proc_cards: tuple = ()    # cards with a Special Summon procedure of their own
                                       # (`special NAME`: Black Luster Soldier - Envoy...)
        self.untributable = frozenset()   # cards never Tributed for a Tribute Summon (Sheep
                                          # Tokens: Scapegoat's condition)
        self.negaters: tuple = ()      # cards with an effect that answers a Summon being made
                                       # (EV_SUMMONING: Solemn Judgment); none: no window
        self.both_cards: tuple = ()    # cards with an effect either player may activate (Royal
                                       # Oppression); none: windows ask as usual
        self.hand_users: tuple = ()    # cards that let a player use a Graveyard card as their
                                       # hand (Graverobber: extra "as_hand"); none: no look
        self.act_rules = False         # a card of the duel has a continuous rule that can
                                       # forbid an activation (flow.chain.ACTIVATION_RULES)
        self.live = [0, 0]             # per player: cards they control (own, off the field)
                                       # now where one of their Spell Speed 2+ effects works:
                                       # at 0 the player cannot respond to anything
        # per-card state
        self.loc: list[int] = []
        self.ctrl: list[int] = []
        self.seq: list[int] = []
        self.pos: list[int] = []
        self.mid: list[int] = []        # identity: changes whenever the card moves
        self.turn_in: list[int] = []    # turn the card arrived where it is
        self.summon: list[int] = []     # how it arrived on the field (SUM_*)
        self.attacked: list[int] = []   # turn of its last attack declaration
        self.pos_turn: list[int] = []   # turn its controller last changed its battle position
                                        # (a manual change or a Flip Summon: card effects that
                                        # change it do not use the once-per-turn change)
        self.flip_turn: list[int] = []  # turn it was last turned face-up on the field
        self.equip: list = []           # equipped to: (card id, identity) or None
        self.overlay: list = []         # Xyz Materials attached to the card: tuple of card ids
        self.why: list[int] = []        # how it came where it is (Duel.moved): the reasons of
                                        # its last move by `send` (R_*; R_DESTROY if destroyed)
                                        # and, shifted by WHY_FROM, where it came from (WHY_BY:
                                        # by whose card; WHY_CTRL: its controller then); 0
                                        # after a move without events (`place`)
        self.counters: dict = {}        # (card id, kind) -> how many counters of that kind it
                                        # holds (Spell Counters...); gone when it moves or is
                                        # turned face-down
        self.binds: dict = {}           # cards bound to a monster ("card-links": Call of the
                                        # Haunted, Premature Burial, Snatch Steal): binder ->
                                        # (binder identity, monster, its identity, mode, player
                                        # to give control back to); see Duel.bind
        # per-player state
        self.lp = [8000, 8000]
        self.lp_out = False             # some LP reached 0: the winner is decided after the step
        self.acting = -1                # the card whose effect's step is being applied now, in
                                        # duels with an `unaffected` rule (flow.chain.steps)
        self.deck = [[], []]
        self.hand = [[], []]
        self.gy = [[], []]
        self.banished = [[], []]
        self.extra = [[], []]
        self.mzone = [[-1] * 5, [-1] * 5]
        self.emz = [-1, -1]             # left and right Extra Monster Zone, as A sees them
        self.szone = [[-1] * 6, [-1] * 6]   # index 5 is the Field Zone
        self.mons = [(), ()]            # per player: the monsters they control (monsters())
        self.sts = [(), ()]             # per player: their occupied Spell/Trap/Field Zones
        # turn state
        self.turn = 0
        self.tp = 0                     # turn player
        self.phase = K.DRAW
        self.step = 0                   # battle step / damage step timing
        self.ns_used = [0, 0]           # Normal Summons/Sets used this turn
        self.ns_extra = [0, 0]          # extra Normal Summons/Sets granted this turn
        self.attack = None              # (attacker, target or -1, opp monster count) or None
        self.battle_destroyed: list = []
        self.no_battle_damage = [False, False]
        # effects
        self.links: dict = {}           # link id -> link dict
        self.next_lid = 1
        self.chain: list[int] = []      # link ids, Chain Link 1 first
        self.trig_q: list = []          # pending triggers: (cid, ei, event, delayed)
        self.events: list = []          # events since the last window: event tuples
        self.serial = 0                 # game-action counter (missing the timing)
        self.used: set = set()          # once-per-turn keys used
        self.mods: list = []            # stat changes: (cid, mid, atk, def, until, ends)
        self.pflags: list = []          # player effects: (player, key, until_turn)
        self.cflags: list = []          # rules on one card (flag_card): (cid, mid, name, until,
                                        # ends)
        self.summoned = [-1, -1]        # per player: the last turn they Summoned a monster
                                        # (Normal, Flip or Special; not a Set)
        self.attack_log: list = []      # this turn's attack declarations: (turn, attacker,
                                        # its identity, target or -1, target identity)
        self.lost_monster = [-1, -1]    # per player: the last turn a monster they controlled
                                        # and owned went from their field to their GY
        self.returns: list = []         # control to return in the End Phase of turn `until`:
                                        # (cid, mid, player, until, ends)
        self.proper_ok: frozenset = frozenset()   # Extra Deck/Ritual monsters properly summoned
        self.summoners: tuple = ()      # this turn's Special Summons made by a player for the
                                        # other's field: (card, identity, summoning player)
        # flow
        self.stack: list[dict] = []
        self.pending: Decision | None = None
        self.answer: Option | None = None
        self.rng = Rng(0)
        self.log: list[str] = []        # the lines as written (log.py: read them through
                                        # observe.log_view, never directly)
        self.winner = None              # None (going on), 0, 1 or "draw"
        self.win_reason = ""
        self.n_decisions = 0
        self.history: list = []         # answers applied, for replays

    # ------------------------------------------------------------------ cloning
    def clone(self) -> "Duel":
        """An independent copy: playing on either never affects the other. Facts and immutable
        values are shared; every mutable list is copied (attribute by attribute: the cheapest
        way with slots; tests check that every slot is set)."""
        new = _new(Duel)
        # facts (never mutated) and immutable values
        new.data, new.owner, new.names, new.options, new.rules = \
            self.data, self.owner, self.names, self.options, self.rules
        new.trig_index, new.static_cards, new.static_index = \
            self.trig_index, self.static_cards, self.static_index
        new.act_cards, new.gy_effects, new.fast_where, new.ns_tributes = \
            self.act_cards, self.gy_effects, self.fast_where, self.ns_tributes
        new.proc_cards, new.untributable, new.negaters, new.both_cards, new.hand_users = \
            self.proc_cards, self.untributable, self.negaters, self.both_cards, self.hand_users
        new.act_rules = self.act_rules
        new.eis_open, new.eis_fast, new.eis_ds, new.eis_where, new.eis_at = \
            self.eis_open, self.eis_fast, self.eis_ds, self.eis_where, self.eis_at
        new.turn, new.tp, new.phase, new.step = self.turn, self.tp, self.phase, self.step
        new.attack, new.lp_out, new.next_lid, new.serial, new.proper_ok, new.summoners = \
            self.attack, self.lp_out, self.next_lid, self.serial, self.proper_ok, self.summoners
        new.acting = self.acting
        new.pending, new.answer, new.winner, new.win_reason, new.n_decisions = \
            self.pending, self.answer, self.winner, self.win_reason, self.n_decisions
        # per card
        new.loc, new.ctrl, new.seq, new.pos = self.loc[:], self.ctrl[:], self.seq[:], self.pos[:]
        new.mid, new.turn_in, new.summon = self.mid[:], self.turn_in[:], self.summon[:]
        new.attacked, new.pos_turn, new.flip_turn = \
            self.attacked[:], self.pos_turn[:], self.flip_turn[:]
        new.equip, new.overlay, new.why = self.equip[:], self.overlay[:], self.why[:]
        # per player
        new.deck = [self.deck[0][:], self.deck[1][:]]
        new.hand = [self.hand[0][:], self.hand[1][:]]
        new.gy = [self.gy[0][:], self.gy[1][:]]
        new.banished = [self.banished[0][:], self.banished[1][:]]
        new.extra = [self.extra[0][:], self.extra[1][:]]
        new.mzone = [self.mzone[0][:], self.mzone[1][:]]
        new.szone = [self.szone[0][:], self.szone[1][:]]
        # lists of immutable values
        new.mons, new.sts, new.emz, new.lp, new.live = \
            self.mons[:], self.sts[:], self.emz[:], self.lp[:], self.live[:]
        new.ns_used, new.ns_extra, new.no_battle_damage = \
            self.ns_used[:], self.ns_extra[:], self.no_battle_damage[:]
        new.battle_destroyed, new.chain, new.trig_q, new.events = \
            self.battle_destroyed[:], self.chain[:], self.trig_q[:], self.events[:]
        new.mods, new.pflags, new.returns = self.mods[:], self.pflags[:], self.returns[:]
        new.cflags = self.cflags[:]
        new.lost_monster, new.summoned, new.attack_log = \
            self.lost_monster[:], self.summoned[:], self.attack_log[:]
        new.counters, new.binds = self.counters.copy(), self.binds.copy()
        new.log, new.history = self.log[:], self.history[:]
        # the rest
        new.links = {k: _copy_link(v) for k, v in self.links.items()}
        new.used = set(self.used)
        new.stack = [f.copy() for f in self.stack]
        new.rng = self.rng.copy()
        return new

    def __reduce__(self):
        """pickle and copy.deepcopy: the state with the flow's closures and the cards' scripts
        (engine/persist.py)."""
        from .persist import dump_duel, load_duel
        return (load_duel, (type(self), dump_duel(self)))

    # ------------------------------------------------------------------ queries
    def name(self, c: int) -> str:
        return self.data[c].name

    def opp(self, p: int) -> int:
        return 1 - p

    def monsters(self, p: int) -> tuple:
        """Card ids of the monsters player p controls (Main Monster Zones in order, then Extra
        Monster Zones). Kept up to date as cards move (see _zones_changed)."""
        return self.mons[p]

    def all_monsters(self) -> tuple:
        return self.mons[self.tp] + self.mons[1 - self.tp]

    def spells(self, p: int) -> tuple:
        """Cards in player p's Spell & Trap Zones and Field Zone, in zone order."""
        return self.sts[p]

    def field_cards(self, p: int) -> tuple:
        return self.mons[p] + self.sts[p]

    def _zones_changed(self, loc: int, p: int) -> None:
        """A card entered or left player p's zones of `loc` (MZONE or SZONE): recompute the
        tuple of occupied zones that monsters() or spells() returns (read far more often than
        cards move)."""
        out = []
        if loc == MZONE:
            for c in self.mzone[p]:
                if c >= 0:
                    out.append(c)
            emz = self.emz
            if emz[0] >= 0 or emz[1] >= 0:
                for c in emz:
                    if c >= 0 and self.ctrl[c] == p:
                        out.append(c)
            self.mons[p] = tuple(out)
        elif loc == SZONE:
            for c in self.szone[p]:
                if c >= 0:
                    out.append(c)
            self.sts[p] = tuple(out)

    def faceup(self, c: int) -> bool:
        return not self.pos[c] & FACEDOWN

    def on_field(self, c: int) -> bool:
        return self.loc[c] & FIELD != 0

    def is_attack_pos(self, c: int) -> bool:
        return not self.pos[c] & DEFENSE

    def free_mzones(self, p: int) -> list[int]:
        """Player p's empty Main Monster Zones that may be used (not locked; no more than a
        `max_monsters` rule lets them fill: Kaiser Colosseum)."""
        free = [i for i, c in enumerate(self.mzone[p]) if c == -1]
        if free and "max_monsters" in self.static_index:
            return self._capped(p, free)
        return free

    def _capped(self, p: int, zones: list) -> list:
        """The zones of `zones` player p may still fill under the `max_monsters` rules
        (apply(duel, source, player) -> the most monsters that player may control, or None)."""
        room = len(zones)
        for src, eff in self.active_statics("max_monsters"):
            cap = eff.apply(self, src, p)
            if cap is not None:
                room = min(room, cap - len(self.mons[p]))
        return zones[:max(room, 0)] if room < len(zones) else zones

    def free_szones(self, p: int) -> list[int]:
        return [i for i in range(5) if self.szone[p][i] < 0]

    def linked_zones(self, p: int) -> set:
        """Main Monster Zones (seq 0-4) of player p that a Link Arrow points to. Without Link
        Monsters on the field there are none; ygosim.engine.extra computes them."""
        hook = self.options.get("linked_zones")
        return hook(self, p) if hook else set()

    def emz_of(self, p: int) -> int:
        """The Extra Monster Zone seq (5 or 6) player p's monster occupies, or -1."""
        for i, c in enumerate(self.emz):
            if c >= 0 and self.ctrl[c] == p:
                return K.EMZ_BASE + i
        return -1

    def summon_zones(self, p: int, c: int) -> list[int]:
        """Zones (seq) where card c may be summoned for player p. A monster from the Extra
        Deck goes to an Extra Monster Zone (if p uses none yet) or a Main Monster Zone a Link
        Arrow points to; under the 2020 rules Fusion/Synchro/Xyz may use any Main Zone."""
        hook = self.options.get("summon_zones")
        if hook:
            zones = hook(self, p, c)    # ygosim.engine.extra (Extra Link, 2020 rules)
            if zones and "max_monsters" in self.static_index:
                return self._capped(p, zones)     # (Kaiser Colosseum)
            return zones
        free = self.free_mzones(p)
        if self.loc[c] != K.EXTRA or not self.rules.extra_monster_zones:
            return free
        frames = self.data[c].frames
        if self.rules.extra_to_main_2020 and "link" not in frames and \
                not ("pendulum" in frames):
            zones = list(free)
        else:
            linked = self.linked_zones(p)
            zones = [z for z in free if z in linked]
        if self.emz_of(p) < 0:
            # the left EMZ as p sees it first
            order = (0, 1) if p == 0 else (1, 0)
            for i in order:
                if self.emz[i] < 0:
                    zones.append(K.EMZ_BASE + i)
        return zones

    def level(self, c: int) -> int:
        return self.data[c].level

    def attribute(self, c: int) -> str:
        """Card c's Attribute as it is now: its printed one, or the one an effect declared for
        it while it stays face-up on the field (`actions.change_attribute`: Homunculus the
        Alchemic Being)."""
        if self.counters:
            i = self.counters.get((c, "attribute"))
            if i:
                return K.ATTRIBUTES[i - 1]
        return self.data[c].attribute

    def atk(self, c: int) -> int:
        return self._stat(c, 0)

    def def_(self, c: int) -> int:
        return self._stat(c, 1)

    def _stat(self, c: int, which: int) -> int:
        data = self.data[c]
        v = data.def_ if which else data.atk
        if self.loc[c] != MZONE or self.pos[c] & FACEDOWN:
            return v
        return self.stats(c)[which]

    def stats(self, c: int, statics=None) -> tuple[int, int]:
        """Card c's (ATK, DEF) now, in one pass over the continuous effects that change them.
        `statics`: active_statics("stat"), when the caller asks about many cards at one moment
        (an observation of the field) and looked them up once."""
        data = self.data[c]
        a, b = data.atk, data.def_
        if self.loc[c] != MZONE or self.pos[c] & FACEDOWN:
            return a, b
        sign = -1 if self.pflags and self.player_flag(self.tp, "reverse_stats") else 1
        if "stat" in self.static_index:
            for src, eff in self.active_statics("stat") if statics is None else statics:
                delta = eff.apply(self, src, c)
                if delta and not ("unaffected" in self.static_index and self.unaffected(c, src)):
                    # (not a Field or Equip Spell's boost on Horus LV6: unaffected by it)
                    a += sign * delta[0]
                    b += sign * delta[1]
        if self.mods:
            mid = self.mid[c]
            for m in self.mods:
                if m[0] == c and m[1] == mid:
                    a += sign * m[2]
                    b += sign * m[3]
        return (a if a > 0 else 0), (b if b > 0 else 0)

    def active_statics(self, key: str):
        """(source card, effect) for every continuous effect of rule `key` now applying."""
        entries = self.static_index.get(key)
        if not entries:
            return ()
        out = None          # (made when a source is face-up on the field: most are not)
        loc = self.loc
        pos = self.pos
        for c, eff in entries:
            if loc[c] & eff.range & FIELD and not pos[c] & FACEDOWN:   # (loc: a single bit)
                if out is None:
                    out = []
                    doomed = self.battle_destroyed if self.battle_destroyed and \
                        self.step > K.DS_CALC and key not in KEPT_BATTLE_DESTROYED else None
                if self.links and self.activating(c):
                    continue
                if doomed and (c, self.mid[c]) in doomed:
                    continue    # destroyed by battle: its rules stop (Kycoo's lock, Jinzo's)
                if (eff.condition is None or eff.condition(self, c)) and not self.is_negated(c):
                    out.append((c, eff))
        return () if out is None else out

    def has_static(self, key: str, *args) -> bool:
        """True when some continuous effect of rule `key` applies (to args, if its apply takes
        them: apply(duel, source, *args) -> bool). (applies, inlined.)"""
        if key not in self.static_index:
            return False
        for src, eff in self.active_statics(key):
            if eff.apply is None or eff.apply(self, src, *args):
                return True
        return False

    def unaffected(self, c: int, by: int | None = None) -> bool:
        """Is card c unaffected by the effects of card `by` (default: the card whose effect is
        being applied now, `acting`)? The continuous rule `unaffected`, apply(duel, source,
        card, by) -> bool: Horus the Black Flame Dragon LV6 (Spell effects). The engine's
        primitives leave such a card alone while `by`'s effect applies (Duel.send,
        set_position, set_control/swap_control, add_mod, attach_equip, flag_card), and its
        continuous rules on monsters (`stat`, `cannot_attack`, `force_defense`...) skip it."""
        if by is None:
            by = self.acting
        return by >= 0 and by != c and "unaffected" in self.static_index and \
            self.has_static("unaffected", c, by)

    def rule_on(self, key: str, c: int, statics=None) -> bool:
        """Does a continuous rule `key` (apply(duel, source, monster)) apply to monster c,
        leaving out the sources c is unaffected by (Swords of Revealing Light on Horus LV6)?
        `statics`: active_statics(key), looked up once by a caller asking about many cards."""
        if key not in self.static_index:
            return False
        if statics is None:
            statics = self.active_statics(key)
        if "unaffected" in self.static_index:
            statics = [(src, eff) for src, eff in statics if not self.unaffected(c, src)]
        return self.applies(statics, c)

    def applies(self, statics, *args) -> bool:
        """Does one of these (source, continuous effect) apply (to args)?"""
        for src, eff in statics:
            if eff.apply is None or eff.apply(self, src, *args):
                return True
        return False

    def is_negated(self, c: int, _seen: tuple = (), drain: bool = True) -> bool:
        """Is card c's effect negated by a continuous rule (Jinzo on Traps, Imperial Order on
        Spells, a "negate_monsters" rule on monsters) or, for a monster, by an effect that
        negated it (`card_flag(c, "negated")`: until the end of a turn)? Only cards on the
        field are affected, and a monster in the Graveyard whose negation carried there (a
        monster destroyed by battle with Dark Balter the Terrible: `negate_into_gy`).
        The rule `drain_monsters` (Skill Drain: the effects of face-up monsters on the field are
        negated, yet may still be activated) counts unless `drain` is False: activation checks
        ask so (flow.chain.can_activate, flow.triggers), so such an effect is activated and is
        negated as it resolves if its monster is still face-up on the field then."""
        if not self.loc[c] & FIELD:
            return self.loc[c] == GY and bool(self.cflags) and self.card_flag(c, "negated")
        kind = self.data[c].kind
        if kind == "trap":
            return self._negator("negate_traps", c, _seen)
        if kind == "spell" or (self.loc[c] == SZONE and "pendulum" in self.data[c].frames):
            return self._negator("negate_spells", c, _seen)   # a Pendulum Zone card is a Spell
        if self.cflags and self.card_flag(c, "negated"):
            return True
        statics = self.static_index
        if "negate_monsters" in statics and \
                self._monster_negator(c, _seen + (c,), "negate_monsters"):
            return True
        return drain and "drain_monsters" in statics and \
            self._monster_negator(c, _seen + (c,), "drain_monsters")

    def _monster_negator(self, c: int, seen: tuple, key: str = "negate_monsters") -> bool:
        """Does a face-up rule `key` (`negate_monsters`, `drain_monsters`: apply(d, source,
        monster)) negate monster c? Its source must not be negated itself. `seen` (the cards
        whose negation is being worked out) ends a loop: monsters that would negate each other
        do not; a Spell/Trap that negates monsters wins against a monster that negates it
        (Skill Drain and Jinzo: Jinzo keeps Traps from being activated, so Skill Drain was
        there first)."""
        for src, eff in self.static_index[key]:
            if not self.loc[src] & eff.range & FIELD or self.pos[src] & FACEDOWN:
                continue
            if src in seen and self.data[src].kind == "monster":
                continue
            if eff.apply is not None and not eff.apply(self, src, c):
                continue
            if self.links and self.activating(src):
                continue
            if self.battle_destroyed and self._battle_dead(src):
                continue
            if eff.condition is not None and not eff.condition(self, src):
                continue
            if src in seen or not self.is_negated(src, seen):
                return True
        return False

    def _battle_dead(self, c: int) -> bool:
        """Has monster c been destroyed by the battle under way, its damage calculation over
        (it stays on the field until the end of the Damage Step)? Its Continuous Effects on
        other cards and players no longer apply then (Kycoo the Ghost Destroyer's Graveyard
        lock, Jinzo's negation; ocgcore: field effects are unavailable while
        STATUS_BATTLE_DESTROYED); those about its own leaving still do (KEPT_BATTLE_DESTROYED:
        Dark Magician of Chaos is banished)."""
        return self.step > K.DS_CALC and (c, self.mid[c]) in self.battle_destroyed

    def _negator(self, key: str, victim: int, seen: tuple = ()) -> bool:
        entries = self.static_index.get(key, ())
        # two cards of one kind that both negate that kind (two Royal Decrees) do not negate
        # each other (each keeps negating every other card of that kind)
        peer = self.data[victim].kind if any(c == victim for c, _ in entries) else None
        for c, eff in entries:
            if c == victim or c in seen or not (self.loc[c] & FIELD) or self.pos[c] & FACEDOWN:
                continue
            if peer is not None and self.data[c].kind == peer:
                continue
            if self.links and self.activating(c):
                continue
            if self.battle_destroyed and self._battle_dead(c):
                continue
            if eff.range & self.loc[c] and not self.is_negated(c, seen + (victim,)):
                return True
        return False

    def activating(self, c: int) -> bool:
        """Is card c's card activation still on the chain? A Continuous/Field/Equip card's
        continuous effects apply only once its activation has resolved."""
        for link in self.links.values():
            if link["card"] == c and link["card_act"] and link["cmid"] == self.mid[c]:
                return True
        return False

    def player_flag(self, p: int, key: str) -> bool:
        for q, k, until in self.pflags:
            if q == p and k == key and until >= self.turn:
                return True
        return False

    def card_flag(self, c: int, name: str) -> bool:
        """Does a rule `name` hold for card c as it is now ("cannot attack this turn", "its
        effects are negated", "may attack again")? Set such rules with `flag_card`."""
        mid = self.mid[c]
        t = self.turn
        for x in self.cflags:
            if x[0] == c and x[1] == mid and x[2] == name and x[3] >= t:
                return True
        return False

    def flag_card(self, c: int, name: str, until: int | None = None,
                  ends: frozenset | None = None) -> None:
        """Set rule `name` on card c (as it is now) until the end of turn `until` (this turn;
        K.FOREVER: no End Phase ends it). `ends`: the events that end it (const.End; by default
        K.THIS_TURN, or K.WHILE_FACEUP with K.FOREVER): kept in `cflags`, ended where each
        event happens (`Duel.end_records`)."""
        if self.acting >= 0 and self.unaffected(c):
            return
        until = self.turn if until is None else until
        self.cflags.append((c, self.mid[c], name, until, _ends(ends, until)))

    def unflag_card(self, c: int, name: str) -> None:
        mid = self.mid[c]
        self.cflags = [x for x in self.cflags if not (x[0] == c and x[1] == mid and x[2] == name)]

    def end_records(self, c: int, event: "K.End", old: int | None = None) -> None:
        """Event `event` (const.End) happened to card c: the lingering effects and memories
        kept for it that list the event among their `ends` end now; the others stay. When the
        card was turned face-down (FACEDOWN) it has a new identity for effects (`mid`: targets,
        "this card") and `old` is its identity before: what stays is carried over to the new
        one (control "until the End Phase", its attack and Summon this turn, a once-per-turn
        use that a face-down turn does not reset). LEAVE needs no call: a card that moves is a
        new card (`place`), so nothing of its old identity matches it any more."""
        new = self.mid[c]
        key = old if old is not None else new

        def carry(records):
            out = []
            changed = False
            for r in records:
                if r[0] == c and r[1] == key:
                    changed = True
                    if event in r[-1]:
                        continue
                    r = (c, new) + r[2:]
                out.append(r)
            return out if changed else records
        if self.mods:
            self.mods = carry(self.mods)
        if self.cflags:
            self.cflags = carry(self.cflags)
        if self.returns:
            self.returns = carry(self.returns)
        if old is None:
            return
        # what a monster remembers when turned face-down (docs/engine.md, "What ends what"):
        # that it declared an attack this turn, who Summoned it this turn
        log = self.attack_log
        for i, e in enumerate(log):
            if e[1] == c and e[2] == old:
                log[i] = e[:2] + (new,) + e[3:]
            if e[3] == c and e[4] == old:
                log[i] = log[i][:4] + (new,)
        if self.summoners:
            self.summoners = tuple((x, new, by) if x == c and m == old else (x, m, by)
                                   for x, m, by in self.summoners)
        if self.used:
            kept = {k for k in self.used if type(k) is tuple and len(k) == 3 and k[0] == c
                    and k[2] == old and _opt_kept(self, c, k[1])}
            for k in kept:
                self.used.discard(k)
                self.used.add((c, k[1], new))

    # ------------------------------------------------------------------ counters
    def counter(self, c: int, kind: str) -> int:
        """How many counters of `kind` ("spell"...) card c holds."""
        return self.counters.get((c, kind), 0) if self.counters else 0

    def add_counter(self, c: int, kind: str, n: int = 1, limit: int | None = None) -> int:
        """Put n counters of `kind` on card c (a face-up card on the field), never more than
        `limit` in all. Returns how many were placed."""
        if not self.loc[c] & FIELD or self.pos[c] & FACEDOWN:
            return 0
        have = self.counter(c, kind)
        if limit is not None:
            n = min(n, limit - have)
        if n <= 0:
            return 0
        self.counters[(c, kind)] = have + n
        self.serial += 1
        self.write(f"{self.card(c)} gets {n} {kind} counter{'s' if n > 1 else ''} "
                   f"({have + n})")
        return n

    def remove_counter(self, c: int, kind: str, n: int = 1) -> int:
        """Remove up to n counters of `kind` from card c; returns how many were removed."""
        have = self.counter(c, kind)
        n = min(n, have)
        if n <= 0:
            return 0
        if have - n:
            self.counters[(c, kind)] = have - n
        else:
            del self.counters[(c, kind)]
        self.serial += 1
        self.write(f"{n} {kind} counter{'s' if n > 1 else ''} removed from {self.card(c)}")
        return n

    def _drop_counters(self, c: int) -> None:
        """A card that moves or is turned face-down loses all its counters."""
        for key in [k for k in self.counters if k[0] == c]:
            del self.counters[key]

    # ------------------------------------------------------------------ card-links
    def bind(self, binder: int, target: int, mode: int, prev_ctrl: int = -1) -> None:
        """Bind card `binder` (on the field) to the monster `target` ("that monster"):
        `mode` says what ends with what (const BIND_*). With BIND_CONTROL, `prev_ctrl` is the
        player who gets the monster back when the binder leaves."""
        self.binds[binder] = (self.mid[binder], target, self.mid[target], mode, prev_ctrl)

    def bound_to(self, binder: int) -> int:
        """The monster card `binder` is bound to (still the same card), or -1."""
        b = self.binds.get(binder) if self.binds else None
        if b is None or self.mid[binder] != b[0] or self.mid[b[1]] != b[2]:
            return -1
        return b[1]

    def _bound_hits(self, cards) -> list:
        """Binds touched by moving `cards`: (binder, entry, binder moves, target moves, the
        binder's effects negated as it leaves: Call of the Haunted under the Jinzo it revived
        destroys nothing when it goes)."""
        out = []
        mid = self.mid
        for b, e in self.binds.items():
            bm = b in cards and mid[b] == e[0]
            tm = e[1] in cards and mid[e[1]] == e[2]
            if bm or tm:
                out.append((b, e, bm, tm, bm and self.is_negated(b)))
        return out

    def _apply_binds(self, hits, destroy: bool) -> None:
        """After cards moved: what the card-links say happens (no Chain: it is the rule of the
        bound cards). A binder that left the field may destroy its monster or give control
        back; a bound monster that was destroyed (or left) may destroy its binder."""
        kill = []
        for b, e, bm, tm, negated in hits:
            bmid, t, tmid, mode, prev = e
            if self.binds.get(b) is e:
                del self.binds[b]
            if bm and not self.loc[b] & FIELD:          # the binder left the field
                if mode & K.BIND_CONTROL and self.loc[t] == MZONE and prev >= 0 and \
                        self.ctrl[t] != prev:
                    before = self.ctrl[t]
                    seen = self.seen_by(t)
                    self.set_control(t, prev)
                    if self.ctrl[t] == prev:
                        self.write(f"{self.card(t, seen | self.seen_by(t))} returns to "
                                   f"{self.names[prev]}'s control")
                    else:                                   # no zone to return to
                        self.send([t], GY, K.R_RULE, before)
                if self.mid[t] == tmid and self.loc[t] == MZONE and not negated and \
                        (mode & K.BIND_KILL_ON_LEAVE or (mode & K.BIND_KILL_ON_DESTROY and destroy)):
                    kill.append((t, self.ctrl[b]))
                elif self.mid[t] == tmid and self.loc[t] == MZONE and \
                        mode & K.BIND_BANISH_ON_LEAVE:
                    self.send([t], K.BANISHED, K.R_EFFECT, self.ctrl[b])
            elif tm and not bm:                             # the monster moved
                gone = self.mid[t] != tmid
                if self.loc[b] & FIELD and self.mid[b] == bmid and gone and \
                        ((mode & K.BIND_DIE_WITH and destroy) or mode & K.BIND_DIE_LEAVE) and \
                        not self.is_negated(b):     # (read once the monster is gone: Jinzo
                    kill.append((b, self.ctrl[b]))  # no longer negates its Call of the Haunted)
        for p in (0, 1):            # destroyed by the effect of the binder: its controller's
            cards = [c for c, q in kill if q == p]
            if cards:
                self.destroy(cards, K.R_EFFECT, p)

    def may_banish_from_gy(self, p: int) -> bool:
        """May player p banish cards from a Graveyard (as a cost or by an effect)? Not while a
        `no_gy_banish` rule (apply(duel, source, p) -> bool) stops them: Kycoo the Ghost
        Destroyer stops its controller's opponent."""
        if "no_gy_banish" not in self.static_index:
            return True
        return not self.has_static("no_gy_banish", p)

    def lock_zones(self, src: int, p: int, zones) -> None:
        """Player p's empty Main Monster Zones `zones` cannot be used while card src stays
        face-up on the field (Ojama King): they hold LOCKED until it leaves the field or is
        turned face-down. The lock is kept with the player flags."""
        zones = tuple(z for z in zones if self.mzone[p][z] == -1)
        for z in zones:
            self.mzone[p][z] = K.LOCKED
        if zones:
            self.pflags.append((p, ("zone_lock", src, self.mid[src], zones), 1 << 30))

    def _unlock_zones(self, src: int) -> None:
        """Card src left the field or was turned face-down: the zones it locked are usable."""
        keep = []
        for x in self.pflags:
            k = x[1]
            if type(k) is tuple and k[0] == "zone_lock" and k[1] == src:
                for z in k[3]:
                    if self.mzone[x[0]][z] == K.LOCKED:
                        self.mzone[x[0]][z] = -1
            else:
                keep.append(x)
        if len(keep) != len(self.pflags):
            self.pflags = keep
            self.serial += 1

    def targetable(self, cards, link: dict):
        """The cards among `cards` the effect of `link` may target, one by one (e.g. Lord of D.
        protects Dragons; a monster already destroyed by battle cannot be targeted)."""
        guards = self.active_statics("untargetable") if "untargetable" in self.static_index \
            else ()
        doomed = self.battle_destroyed     # destroyed by battle, not yet sent to the GY
        mid = self.mid
        for c in cards:
            if doomed and (c, mid[c]) in doomed:
                continue
            if guards and self.applies(guards, c, link):
                continue
            yield c

    def summoned_by_other(self, c: int) -> bool:
        """Was monster c Summoned this turn by the player who does not control it (Cyber Jar,
        Lava Golem)?"""
        mid, ctrl = self.mid[c], self.ctrl[c]
        for x, m, by in self.summoners:
            if x == c and m == mid and by != ctrl:
                return True
        return False

    def proper(self, c: int) -> bool:
        """Was c properly summoned (its own summoning procedure) before leaving the field?
        Tracked through `proper_ok`, a set of card ids."""
        return c in self.proper_ok

    def moved(self, c: int, reason: int = 0, since: int | None = None, came_from: int = 0,
              by: int | None = None, ctrl: int | None = None, faceup: bool | None = None) -> bool:
        """Did card c come where it is by `send` with all the reason bits of `reason` (R_*:
        R_DESTROY, R_BATTLE, R_EFFECT...), during turn `since` or later, from a place of
        `came_from` (a location mask, e.g. FIELD), by a card (or rule) of player `by`, while
        player `ctrl` controlled it? ("destroyed on the field and sent to the GY this turn":
        `moved(c, R_DESTROY, d.turn, FIELD)`; "destroyed by an opponent's card effect while
        you controlled it": `moved(c, R_DESTROY | R_EFFECT, by=1 - p, ctrl=p)`; `faceup`: it
        was, or was not, face-up where it came from: D.D. Survivor)"""
        w = self.why[c]
        if not w or w & reason != reason:
            return False
        if since is not None and self.turn_in[c] < since:
            return False
        if by is not None and (w >> WHY_BY & 3) != by + 1:
            return False
        if ctrl is not None and (w >> WHY_CTRL & 3) != ctrl + 1:
            return False
        if faceup is not None and bool(w >> WHY_FACEUP & 1) != faceup:
            return False
        return not came_from or bool(w >> WHY_FROM & came_from)

    @staticmethod
    def special_why(was: int, by: int) -> int:
        """The `why` of a monster Special Summoned from `was` by player `by` (R_SUMMON:
        `moved(c, K.R_SUMMON, came_from=GY)` is "Special Summoned from the Graveyard")."""
        return K.R_SUMMON | was << WHY_FROM | (by + 1 if by >= 0 else 0) << WHY_BY

    def still(self, ref: tuple) -> bool:
        return self.mid[ref[0]] == ref[1]

    def count_monsters(self, p: int) -> int:
        return len(self.mons[p])

    # ------------------------------------------------------------------ moving cards
    def _detach(self, c: int) -> None:
        l = self.loc[c]
        if l == MZONE:
            s = self.seq[c]
            if s >= K.EMZ_BASE:
                self.emz[s - K.EMZ_BASE] = -1
            else:
                self.mzone[self.ctrl[c]][s] = -1
        elif l == SZONE:
            self.szone[self.ctrl[c]][self.seq[c]] = -1
        elif l == OVERLAY:
            h = self.seq[c]             # the Xyz Monster it is attached to
            self.overlay[h] = tuple(x for x in self.overlay[h] if x != c)
        else:       # a hand is its holder's (ctrl), every other pile its owner's
            getattr(self, PILES[l])[(self.ctrl if l == HAND else self.owner)[c]].remove(c)

    def place(self, c: int, loc: int, player: int | None = None, seq: int | None = None,
              pos: int = ATTACK, top: bool = True) -> None:
        """Move card c to `loc` with no events: the low-level primitive every action uses."""
        was = self.loc[c]
        was_ctrl = self.ctrl[c]
        if was:
            self._detach(c)
            if was == MZONE and self.pflags:
                self._unlock_zones(c)
        if player is None:
            player = self.owner[c]
        if loc == MZONE:
            if seq is None:
                seq = self.mzone[player].index(-1)      # the first free Main Monster Zone
            if seq >= K.EMZ_BASE:
                self.emz[seq - K.EMZ_BASE] = c
            else:
                self.mzone[player][seq] = c
        elif loc == SZONE:
            if seq is None:
                seq = self.szone[player].index(-1, 0, 5)   # the first free Spell & Trap Zone
            self.szone[player][seq] = c
        elif loc == OVERLAY:            # attached to the Xyz Monster `seq`
            self.overlay[seq] = self.overlay[seq] + (c,)
        elif loc in PILES:
            if loc != HAND or player is None:
                player = self.owner[c]  # a hand may hold another player's card (Exchange)
            pile = getattr(self, PILES[loc])[player]
            if loc == DECK and not top:
                pile.append(c)
            elif loc == DECK:
                pile.insert(0, c)
            else:
                pile.append(c)
            seq = 0
            if loc in (DECK, HAND):
                pos = FACEDOWN if loc == DECK else ATTACK
        self.loc[c] = loc
        fw = self.fast_where[c] if c < len(self.fast_where) else 0
        if fw:
            if was & fw:
                self.live[self.ctrl[c]] -= 1
            if loc & fw:
                self.live[player] += 1
        self.ctrl[c] = player
        self.seq[c] = seq if seq is not None else 0
        if was & FIELD:
            self._zones_changed(was, was_ctrl)
        if loc & FIELD and (loc != was or player != was_ctrl):
            self._zones_changed(loc, player)
        self.pos[c] = pos
        self.mid[c] += 1
        self.turn_in[c] = self.turn
        self.why[c] = 0
        if self.counters:
            self._drop_counters(c)
        if was & FIELD and not loc & FIELD:
            self.summon[c] = K.SUM_NONE
            self.equip[c] = None
            if self.overlay[c]:         # its Xyz Materials go to the GY
                for m in self.overlay[c]:
                    self.place(m, GY)
        if loc != MZONE:
            self.pos_turn[c] = -1
            self.attacked[c] = -1
            if loc & (HAND | DECK | EXTRA):
                if c in self.proper_ok:   # must be properly summoned again
                    self.proper_ok = self.proper_ok - {c}
                if loc == HAND and self.data[c].name in K.EXODIA_PIECES:
                    self.check_exodia(player)

    def send(self, cards, loc: int, reason: int, by: int = -1, destroy: bool = False,
             top: bool = True, hand_of: int | None = None) -> list[int]:
        """Send cards to `loc` (their owner's pile), raising the events triggers listen to;
        `hand_of`: the player whose hand they go to, when not their owner's (Exchange).
        Returns the cards that moved."""
        moved = []
        refs = []                       # each moved card as the log names it
        self.serial += 1
        if self.acting >= 0 and not reason & _NOT_AFFECTING:   # (`unaffected`: Horus LV6)
            cards = [c for c in cards if not (self.loc[c] & FIELD and self.unaffected(c))]
        if loc == BANISHED and by >= 0 and "no_gy_banish" in self.static_index and \
                not self.may_banish_from_gy(by):
            cards = [c for c in cards if self.loc[c] != GY]   # (Kycoo the Ghost Destroyer)
        hits = self._bound_hits(cards) if self.binds else None
        hidden_dest = loc & HIDDEN_PLACES
        gy_banish = self.active_statics("gy_banish") if loc == GY and \
            "gy_banish" in self.static_index else None   # (looked at before any card moves)
        for c in cards:
            was = self.loc[c]
            if not was:
                continue
            data = self.data[c]
            was_faceup = not self.pos[c] & FACEDOWN
            prev_ctrl = self.ctrl[c]
            if "token" in data.frames and loc != MZONE:
                self._vanish(c)          # a Token that leaves the field ceases to exist
                moved.append(c)
                info = (was, prev_ctrl, was_faceup)
                if destroy:
                    self.raise_event(K.EV_DESTROYED, c, by, reason, info)
                self.raise_event(K.EV_LEFT_FIELD, c, by, reason, info)
                refs.append(data.name)
                continue
            dest = loc
            hid = None
            if hidden_dest:
                if data.is_extra_deck:
                    dest = EXTRA  # an Extra Deck monster returns to the Extra Deck instead
                # how the log names it: a card that goes from where some player could not see
                # it to where they cannot see it is named to them by where it was ("a face-down
                # monster (m2)"); a card searched from the Deck is shown to the opponent (rule)
                if not (was_faceup and was & FIELD) and not was & PUBLIC_PLACES and \
                        not (was == DECK and dest == HAND):
                    seen = self.seen_by(c)
                    if seen != 3:
                        hid = (seen, self.hidden_words(c))
            elif was & FIELD and dest == GY and "pendulum" in data.frames:
                dest = EXTRA   # a Pendulum Monster goes face-up to the Extra Deck instead
            elif was & FIELD and dest != BANISHED and was_faceup and \
                    "leave_banished" in self.static_index and self.has_static("leave_banished", c):
                dest = BANISHED     # "if it would leave the field face-up, it is banished
                self.write(f"{self.card(c)} is banished instead")    # instead" (DMoC)
            if dest == GY and gy_banish and self.applies(gy_banish, c):
                dest = BANISHED     # "any card sent to the Graveyard is banished instead"
                self.write(f"{self.card(c)} is banished instead")    # (Banisher of the Light)
            self.place(c, dest, hand_of if dest == HAND else None,
                       top=top if dest != DECK or not self.upside_down() else not top)
            if dest == EXTRA:   # face-up in the Extra Deck only for a Pendulum from the field
                self.pos[c] = ATTACK if was & FIELD and "pendulum" in data.frames \
                    else FACEDOWN
            moved.append(c)
            self.why[c] = reason | (K.R_DESTROY if destroy else 0) | was << WHY_FROM | \
                (by + 1 if by >= 0 else 0) << WHY_BY | (prev_ctrl + 1) << WHY_CTRL | \
                was_faceup << WHY_FACEUP
            if hid is None:
                refs.append(data.name)
            else:
                refs.append(self.card(c, hid[0] | self.seen_by(c), hid[1]))
            info = (was, prev_ctrl, was_faceup)
            if destroy:
                self.raise_event(K.EV_DESTROYED, c, by, reason, info)
            if was & FIELD:
                self.raise_event(K.EV_LEFT_FIELD, c, by, reason, info)
            if dest == GY:
                if was == MZONE and prev_ctrl == self.owner[c]:
                    self.lost_monster[prev_ctrl] = self.turn
                self.raise_event(K.EV_TO_GY, c, by, reason, info)
            elif dest == HAND:
                self.raise_event(K.EV_SENT_TO_HAND, c, by, reason, info)
        if moved:
            self.write(self._move_text(refs, loc, destroy))
            if hits:
                self._apply_binds(hits, destroy)
            self.drop_equips()
        return moved

    def _vanish(self, c: int) -> None:
        """Card c (a Token) leaves the field and ceases to exist: it is nowhere (loc 0)."""
        was = self.loc[c]
        self._detach(c)
        if c < len(self.fast_where) and self.fast_where[c] & was:
            self.live[self.ctrl[c]] -= 1
        self.loc[c] = 0
        self._zones_changed(was, self.ctrl[c])
        self.mid[c] += 1
        self.summon[c] = K.SUM_NONE
        self.equip[c] = None
        self.attacked[c] = self.pos_turn[c] = -1
        if self.counters:
            self._drop_counters(c)

    def drop_equips(self) -> None:
        """Equip Cards whose monster left the field or was turned face-down are destroyed."""
        gone = []
        equip = self.equip
        if equip.count(None) == len(equip):
            return      # nothing is equipped
        for p in (0, 1):
            for e in self.sts[p]:
                t = equip[e]
                if t is not None and (self.mid[t[0]] != t[1] or self.loc[t[0]] != MZONE
                                      or self.pos[t[0]] & FACEDOWN):
                    gone.append(e)
        if gone:
            self.destroy(gone, K.R_RULE)

    def set_control(self, c: int, p: int) -> None:
        """Player p takes control of the monster c (no free zone: nothing happens). The card
        stays the same card: its identity, equips and stat changes stay."""
        if self.loc[c] != MZONE or self.ctrl[c] == p or self.control_locked(c):
            return
        free = self.free_mzones(p)
        if not free:
            return
        if self.seq[c] >= K.EMZ_BASE:   # from an Extra Monster Zone to a Main Monster Zone
            self.emz[self.seq[c] - K.EMZ_BASE] = -1
        else:
            self.mzone[self.ctrl[c]][self.seq[c]] = -1
        self.mzone[p][free[0]] = c
        self.seq[c] = free[0]
        if c < len(self.fast_where) and self.fast_where[c] & MZONE:
            self.live[self.ctrl[c]] -= 1
            self.live[p] += 1
        was_ctrl = self.ctrl[c]
        self.ctrl[c] = p
        self._zones_changed(MZONE, was_ctrl)
        self._zones_changed(MZONE, p)
        self.serial += 1
        self.end_records(c, End.CONTROL)

    def attach_equip(self, c: int, t: int, words: str = "") -> None:
        """Card c becomes equipped to monster t (an Equip Spell, Snatch Steal, a monster
        equipped as a card): EV_EQUIPPED is raised for t (info: c), for "each time an Equip
        Card is equipped to this card" (Gearfried the Swordmaster). Not to a monster
        unaffected by the effect equipping it (it is not equipped: an Equip Spell then goes to
        the Graveyard)."""
        if self.acting >= 0 and self.unaffected(t):
            self.write(f"{self.card(t)} is unaffected: {self.card(c)} is not equipped")
            return
        self.equip[c] = (t, self.mid[t])
        self.write(f"{self.card(c)} is equipped to {self.card(t)}{words}")
        self.raise_event(K.EV_EQUIPPED, t, self.ctrl[c], K.R_EFFECT, c)

    def control_locked(self, c: int) -> bool:
        """May control of monster c not change? (The `no_control_change` rule, apply(d,
        source, monster): "control of this face-up card cannot change": Mataza the Zapper.)"""
        return ("no_control_change" in self.static_index and
                self.has_static("no_control_change", c)) or \
            (self.acting >= 0 and self.unaffected(c))

    def swap_control(self, a: int, b: int) -> bool:
        """Monsters a and b (on different sides) change control with each other, each into the
        zone the other leaves (a Main Monster Zone). Like set_control they stay the same cards.
        Returns whether they did."""
        pa, pb = self.ctrl[a], self.ctrl[b]
        if self.loc[a] != MZONE or self.loc[b] != MZONE or pa == pb or \
                self.control_locked(a) or self.control_locked(b):
            return False
        spots = []
        for c, p in ((a, pa), (b, pb)):
            s = self.seq[c]
            if s >= K.EMZ_BASE:
                self.emz[s - K.EMZ_BASE] = -1
            else:
                self.mzone[p][s] = -1
            spots.append(s)
        za = spots[0] if spots[0] < K.EMZ_BASE else next(iter(self.free_mzones(pa)), None)
        zb = spots[1] if spots[1] < K.EMZ_BASE else next(iter(self.free_mzones(pb)), None)
        if za is None or zb is None:           # (from an Extra Monster Zone, with no room)
            for c, p, s in ((a, pa, spots[0]), (b, pb, spots[1])):
                if s >= K.EMZ_BASE:
                    self.emz[s - K.EMZ_BASE] = c
                else:
                    self.mzone[p][s] = c
            return False
        self.mzone[pa][za], self.mzone[pb][zb] = b, a
        self.seq[b], self.seq[a] = za, zb
        self.ctrl[a], self.ctrl[b] = pb, pa
        for c, was, now in ((a, pa, pb), (b, pb, pa)):
            if c < len(self.fast_where) and self.fast_where[c] & MZONE:
                self.live[was] -= 1
                self.live[now] += 1
        self._zones_changed(MZONE, pa)
        self._zones_changed(MZONE, pb)
        self.serial += 1
        self.end_records(a, End.CONTROL)
        self.end_records(b, End.CONTROL)
        return True

    def _move_text(self, refs, loc, destroy) -> str:
        names = ", ".join(refs)
        if loc == BANISHED:
            return f"{names} banished"
        verb = "destroyed and sent to the" if destroy else "sent to the"
        return f"{names} {verb} {MOVE_WORDS.get(loc) or K.LOC_NAMES.get(loc, '?')}"

    def destroy(self, cards, reason: int = K.R_EFFECT, by: int = -1) -> list[int]:
        if self.counters and not reason & K.R_RULE:
            cards = self._shielded(cards)
        return self.send(cards, GY, reason | K.R_DESTROY, by, destroy=True)

    def _shielded(self, cards) -> list:
        """A card holding a `shield` counter is not destroyed (not by the rules): the counter is
        removed instead (Magic Reflector)."""
        out = []
        for c in cards:
            if self.counters.get((c, "shield")) and self.loc[c] & FIELD:
                self.remove_counter(c, "shield", 1)
                self.write(f"{self.card(c)} is not destroyed: its counter is removed instead")
            else:
                out.append(c)
        return out

    def draw(self, p: int, n: int = 1) -> list[int]:
        """Draw n cards; a player who must draw from an empty Deck loses. A player a continuous
        `no_draw` rule (apply(duel, source, player)) stops draws nothing outside the Draw
        Phase (Protector of the Sanctuary)."""
        if "no_draw" in self.static_index and self.phase != K.DRAW and \
                self.has_static("no_draw", p):
            self.write(f"{self.names[p]} cannot draw cards now")
            return []
        drawn = []
        for _ in range(n):
            if not self.deck[p]:
                self.lose(p, K.WIN_DECKOUT)
                break
            c = self.deck[p][-1 if "deck_face_up" in self.static_index and self.upside_down()
                             else 0]
            self.place(c, HAND, p)
            drawn.append(c)
            self.raise_event(K.EV_DRAW, c, p, K.R_DRAW)
        if drawn:
            self.write(f"{self.names[p]} draws {len(drawn)} card{'s' if len(drawn) > 1 else ''}")
            if self.pflags:
                for q, k, until in tuple(self.pflags):      # lingering rules on what p draws
                    if q == p and type(k) is tuple and k[0] == "on_draw" and \
                            until >= self.turn:             # (actions.on_draws)
                        k[1](self, p, drawn, k[2])
        return drawn

    def shuffle_deck(self, p: int) -> None:
        """Shuffle player p's Deck with p's own stream (a real duel's DuelRng: knowing one's
        own Deck order says nothing of the other's)."""
        self.rng.shuffle_deck(p, self.deck[p])

    def upside_down(self) -> bool:
        """Are the Decks turned upside down (the continuous rule `deck_face_up`: Convulsion of
        Nature)? Then a Deck's former bottom card is its top card: drawn first, seen by both
        players; a card put on top goes there. `deck[p]` keeps its order (top first when the
        Decks lie as usual): the Decks turn back when the rule stops applying."""
        return "deck_face_up" in self.static_index and self.has_static("deck_face_up")

    def top_cards(self, p: int, n: int | None = None) -> list:
        """The top n cards of player p's Deck (all of them), top first, however it lies."""
        deck = self.deck[p][::-1] if self.upside_down() else self.deck[p]
        return deck[:n] if n is not None else list(deck)

    def damage(self, p: int, amount: int, battle: bool = False, by: int = -1) -> None:
        if amount <= 0:
            return
        if not battle and ((self.pflags and self.player_flag(p, "no_effect_damage")) or
                           ("no_effect_damage" in self.static_index and
                            self.has_static("no_effect_damage", p))):
            self.write(f"{self.names[p]} takes no effect damage")    # (Pikeru's Circle of
            return                                  # Enchantment; Des Wombat's rule on p)
        if self.pflags:
            if by != p and self.player_flag(p, "no_damage_from_opp"):
                # (battle damage, or an effect of the opponent's: Hallowed Life Barrier)
                self.write(f"{self.names[p]} takes no damage from the opponent")
                return
            if not battle and self.chain:
                turned = self._damage_turned(p)     # (actions.turn_damage_below)
                if turned == "nullify":
                    self.write(f"The damage to {self.names[p]} becomes 0")
                    return
                if turned == "reflect":
                    p = 1 - p
                    self.write(f"The damage is inflicted to {self.names[p]} instead")
        self.lp[p] = max(self.lp[p] - amount, 0)     # LP never go below 0
        if not self.lp[p]:
            self.lp_out = True
        self.serial += 1
        self.write(f"{self.names[p]} takes {amount} {'battle' if battle else 'effect'} damage "
                   f"(LP {self.lp[p]})")
        self.raise_event(K.EV_DAMAGE, -1, p, K.R_BATTLE if battle else K.R_EFFECT, amount)

    def _damage_turned(self, p: int):
        """How the damage to player p from the Chain Link resolving now is turned ("reflect",
        "nullify"; actions.turn_damage_below), or None."""
        lid = self.chain[-1]
        for q, k, _ in self.pflags:
            if q == p and type(k) is tuple and k[0] == "damage_of" and k[1] == lid:
                return k[2]
        return None

    def gain_lp(self, p: int, amount: int) -> None:
        if "reverse_recovery" in self.static_index:
            for src, eff in self.active_statics("reverse_recovery"):
                if eff.apply is None or eff.apply(self, src, p):
                    # (Bad Reaction to Simochi: the gain becomes damage, by that card)
                    self.write(f"{self.card(src)} turns the gain into damage")
                    self.damage(p, amount, by=self.ctrl[src])
                    return
        self.lp[p] += amount
        self.serial += 1
        self.write(f"{self.names[p]} gains {amount} LP (LP {self.lp[p]})")
        if K.EV_GAIN_LP in self.trig_index:         # (Fire Princess)
            self.raise_event(K.EV_GAIN_LP, -1, p, K.R_EFFECT, amount)

    def pay_lp(self, p: int, amount: int) -> None:
        self.lp[p] -= amount
        if self.lp[p] <= 0:
            self.lp_out = True
        self.write(f"{self.names[p]} pays {amount} LP (LP {self.lp[p]})")

    def set_position(self, c: int, pos: int, flip_effects: bool = True) -> None:
        """Change monster c's battle position. A face-down monster turned face-up is flipped
        (its FLIP effects activate) unless `flip_effects` is False (Ceasefire: "without
        activating their Flip effects")."""
        if pos & DEFENSE and self.data[c].link_arrows and self.loc[c] == MZONE:
            return   # a Link Monster is never in Defense Position
        if pos & FACEDOWN and "token" in self.data[c].frames and self.loc[c] == MZONE:
            return   # a Token is never face-down
        if self.acting >= 0 and self.unaffected(c):
            return   # (an `unaffected` rule: Book of Moon on Horus LV6)
        was = self.pos[c]
        was_fd = was & FACEDOWN
        self.pos[c] = pos
        self.serial += 1
        if was_fd and not pos & FACEDOWN and self.loc[c] == MZONE:
            self.flip_turn[c] = self.turn          # (flipped face-up, even without FLIP effects)
            if flip_effects:
                self.raise_event(K.EV_FLIPPED, c, self.ctrl[c], K.R_RULE)
        elif not was_fd and not pos & FACEDOWN and was != pos and self.loc[c] == MZONE:
            self.raise_event(K.EV_POSITION_CHANGED, c, self.ctrl[c], K.R_RULE, was)
        if pos & FACEDOWN and self.loc[c] == MZONE and not was_fd:
            if self.pflags:
                self._unlock_zones(c)
            self.mid[c] += 1   # a monster turned face-down is a new card for effects (targets,
            self.end_records(c, End.FACEDOWN, self.mid[c] - 1)    # "this card"), and ends
            a = self.attack                                       # what ends then
            if a is not None and a[1] == c and a[4] == self.mid[c] - 1:
                # but not for the attack under way: it is still the attack target, on the
                # field, so no replay (Book of Moon on the attacked monster: the battle goes
                # on against it in face-down Defense Position)
                self.attack = a[:4] + (self.mid[c],)
            if self.chain:
                self._still_targeted(c, self.mid[c] - 1)
            if self.counters:
                self._drop_counters(c)
            self.drop_equips()

    def _still_targeted(self, c: int, old: int) -> None:
        """Monster c (identity `old`) was just turned face-down: a new card for effects, except
        as the target of an effect on the Chain that could target it as it is now ("target 1
        monster": Exiled Force, Thousand-Eyes Restrict still take it); a target that had to be
        face-up (Snatch Steal, Tsukuyomi) is lost."""
        ref = (c, old)
        for lid in self.chain:
            lk = self.links[lid]
            ts = lk["targets"]
            if ref not in ts:
                continue
            target = self.data[lk["card"]].script.effects[lk["ei"]].target
            if target is not None and any(c in g.candidates(self, lk)
                                          for g in target.groups_for(self, lk)):
                lk["targets"] = tuple((c, self.mid[c]) if t == ref else t for t in ts)
            else:       # lost: kept to say why if the effect resolves with no target left
                lk["facedown"] = lk.get("facedown", ()) + ((c, self.mid[c]),)

    def negate_attack(self) -> bool:
        """Negate the attack being made (Magic Cylinder): it ends at once, no battle happens,
        and it still counts as the attacker's attack this turn. For effects used in the Battle
        Step (the attack declaration's window); returns whether there was an attack."""
        if self.attack is None:
            return False
        self.attack = None
        self.serial += 1
        self.write("The attack is negated")
        return True

    def add_mod(self, c: int, atk: int = 0, def_: int = 0, until: int | None = None,
                ends: frozenset | None = None) -> None:
        """An ATK/DEF change on the face-up monster c (until the End Phase of turn `until`, by
        default this turn; K.DURING_CALC: only during the damage calculation under way;
        K.FOREVER: for as long as it stays). `ends` (const.End): the events that end it, by
        default K.THIS_TURN (K.WHILE_FACEUP without an End Phase): it ends at once if c leaves
        the field or is turned face-down."""
        if self.acting >= 0 and self.unaffected(c):
            return
        until = self.turn if until is None else until
        self.mods.append((c, self.mid[c], atk, def_, until, _ends(ends, until)))

    # ------------------------------------------------------------------ events and triggers
    def raise_event(self, etype: str, c: int, player: int, reason: int, info=None) -> None:
        ev = (etype, c, self.mid[c] if c >= 0 else 0, player, reason, self.serial, info)
        self.events.append(ev)
        loc = self.loc
        for cid, ei, eff in self.trig_index.get(etype, ()):
            where = loc[cid]
            if not eff.range & where:
                if where or cid != c or type(info) is not tuple:
                    continue
                where = info[0]     # a Token that just left the field is nowhere: its own
                if not eff.range & where:   # effects on leaving are those of where it was
                    continue
            if where & FIELD and self.pos[cid] & FACEDOWN:
                continue   # a face-down card's effects do not activate
            if eff.condition is not None:
                probe = {"card": cid, "player": self.ctrl[cid], "event": ev, "vars": {}}
                if not eff.condition(self, probe):
                    continue
            elif c != cid:
                continue   # a trigger with no condition listens to its own card's events
            delayed = (self.phase == K.BATTLE and self.step in (K.DS_START, K.DS_BEFORE_CALC)
                       and etype == K.EV_FLIPPED and self.attack is not None)
            self.trig_q.append((cid, ei, ev, delayed))

    # ------------------------------------------------------------------ results and log
    def lose(self, p: int, reason: str) -> None:
        if self.winner is None:
            self.winner = 1 - p
            self.win_reason = reason
            self.write(f"{self.names[1 - p]} wins ({reason})")

    def check_state(self) -> None:
        """Win conditions that hold at any moment: LP 0 (both at once is a draw), Exodia."""
        if self.winner is not None:
            return
        a, b = self.lp[0] <= 0, self.lp[1] <= 0
        if a and b:
            self.winner = "draw"
            self.win_reason = "both players reached 0 LP"
            self.write("The duel is a draw (both players at 0 LP)")
        elif a:
            self.lose(0, K.WIN_LP)
        elif b:
            self.lose(1, K.WIN_LP)

    def check_exodia(self, p: int) -> None:
        if self.winner is None:
            names = {self.data[c].name for c in self.hand[p]}
            if K.EXODIA_PIECES <= names:
                self.winner = p
                self.win_reason = K.WIN_EXODIA
                self.write(f"{self.names[p]} assembles Exodia and wins")

    # The log (ygosim/engine/log.py): each line with what each viewer may read in it, decided
    # when it is written, rendered only when someone reads it (observe.log_view).
    def write(self, text: str, to: int | None = None) -> None:
        """Add a line to the log: for everyone, or only for player `to` (and a replay with
        everything revealed). A card is named with `card(c)` / `cards(cs)` (its name for whoever
        may see it now, else where it is), never with its plain name, unless the card is public
        by rule (a card being activated) or the line is a reveal (`reveal`)."""
        if to is None:
            self.log.append(f"T{self.turn} {text}")
        else:
            self.log.append(f"{PRIVATE}{to}T{self.turn} {text}")

    def seen_by(self, c: int) -> int:
        """Who may look at card c's face now, as bits (1: player 0, 2: player 1): a face-up
        card or one in a public pile everyone; a face-down card on the field its controller and
        its owner; a card in a hand its holder and its owner (a player who took another's card
        with Exchange holds it in their hand); the face-down Extra Deck its owner; a Deck
        nobody (its owner knows the list, not the order)."""
        loc = self.loc[c]
        if loc & FIELD:
            if not self.pos[c] & FACEDOWN:
                return 3
            return (1 << self.ctrl[c]) | (1 << self.owner[c])
        if loc == HAND:     # its holder, and its owner if another player holds it (Exchange)
            return (1 << self.ctrl[c]) | (1 << self.owner[c])
        if loc == DECK:     # (the top card of a Deck turned face-up: Convulsion of Nature)
            return 3 if "deck_face_up" in self.static_index and \
                self.deck[self.owner[c]][-1:] == [c] and self.has_static("deck_face_up") else 0
        if loc & (EXTRA | BANISHED) and self.pos[c] & FACEDOWN:   # (banished face-down:
            return 1 << self.owner[c]                             # Different Dimension Capsule)
        return 3

    def hidden_words(self, c: int) -> str:
        """Card c as it is named to a viewer who cannot see it: by where it is."""
        loc = self.loc[c]
        if loc == MZONE:
            s = self.seq[c]
            return f"a face-down monster ({'emz' if s >= K.EMZ_BASE else f'm{s + 1}'})"
        if loc == SZONE:
            return f"a face-down card ({_zone_name(self, c)})"
        where = {HAND: "hand", DECK: "Deck", EXTRA: "Extra Deck",
                 BANISHED: "banished cards (face-down)"}.get(loc, "cards")
        return f"a card in {self.names[(self.ctrl if loc == HAND else self.owner)[c]]}'s {where}"

    def card(self, c: int, seen: int | None = None, words: str | None = None) -> str:
        """Card c in a log line: its name for the viewers who may see it now (`seen`: who, as
        in seen_by), a description of where it is for the others ("a face-down monster
        (m2)"). Put it in the text given to write()."""
        if seen is None:
            if not self.pos[c] & FACEDOWN and self.loc[c] != HAND:
                return self.data[c].name        # face-up, public: the common case, at once
            seen = self.seen_by(c)
        if seen == 3:
            return self.data[c].name
        return mark(seen, self.hidden_words(c) if words is None else words, self.data[c].name)

    def cards(self, cs) -> str:
        """Several cards in a log line (card() each, comma-separated)."""
        return ", ".join(self.card(c) for c in cs)

    def reveal(self, cards, to: int | None = None, note: str = "", head: str = "") -> None:
        """Show cards to a player (`to`), or to both (None), and say so in the log: the one way
        a line names a card that is hidden from a viewer. Cards looked at by one player stay
        hidden from the other, unless that player may see them anyway (their own hand). `head`
        words the line ("A excavates"; by default "Revealed:" or "B sees")."""
        cards = list(cards)
        if to is None:
            names = ", ".join(self.data[c].name for c in cards) or "nothing"
            self.write(f"{head or 'Revealed:'} {names}{note}")
        else:
            bit = 1 << to
            names = ", ".join(self.card(c, self.seen_by(c) | bit) for c in cards) or "nothing"
            self.write(f"{head or self.names[to] + ' sees'} {names}{note}")

    # ------------------------------------------------------------------ decisions
    def ask(self, player: int, kind: str, options, prompt: str = "", source: int = -1) -> None:
        self.pending = Decision(player, kind, options, prompt, source)

    def ask_select(self, player: int, options, prompt: str = "", source: int = -1) -> None:
        """Ask a selection made by select_options: its list of `choose` options, or a Picks (a
        large selection), which is then asked one card at a time; either way the caller finds
        the whole selection in `answer` when the duel comes back to it."""
        if type(options) is Picks:
            self.stack.append({"p": "picks", "s": 0, "sel": options, "player": player,
                               "prompt": prompt, "source": source, "picked": ()})
        else:
            self.pending = Decision(player, SELECT, options, prompt, source)

    def select_options(self, candidates, count: int, least: int | None = None,
                       constraint=None, *, player: int) -> list[Option] | Picks:
        """Every legal selection of `least`..`count` cards among `candidates`, each as a
        `choose` Option, for `player` to choose: interchangeable copies are collapsed, but
        only where `player` can tell what they are (cards hidden from them, like the cards of
        the opponent's hand, are all kept apart: merging them by name would show the copies).
        `constraint(duel, combo)` says which selections are legal.

        A selection with more than PICK_LIMIT combinations (a hand of 40 discarding 34) is not
        listed: a Picks is returned, which ask_select() asks one card at a time (ask the
        result of select_options with ask_select, or actions.ask_select inside an effect)."""
        least = count if least is None else max(least, 0)
        cands = list(candidates)
        n = len(cands)
        if 1 << n > PICK_LIMIT:         # (n cards have 2**n selections in all)
            total = 0
            for k in range(least, min(count, n) + 1):
                total += comb(n, k)
            if total > PICK_LIMIT:
                return Picks(cands, min(count, n), least, constraint, player)
        out, seen = [], set()
        sig = {c: self.signature(c, player) for c in cands}.__getitem__   # (once per card)
        for k in range(least, count + 1):
            for combo in combinations(cands, k):
                if constraint is not None and not constraint(self, combo):
                    continue
                key = (sig(combo[0]),) if k == 1 else tuple(sorted(map(sig, combo)))
                if key in seen:
                    continue
                seen.add(key)
                out.append(Option("choose", combo))
        return out

    def signature(self, c: int, viewer: int | None = None) -> tuple:
        """Cards with equal signatures are interchangeable to `viewer` (same name, place and
        state). A card on the field, or one whose face `viewer` cannot see (the opponent's
        hand or Deck, their face-down Extra Deck), is only ever itself."""
        l = self.loc[c]
        if l & FIELD or (viewer is not None and self.owner[c] != viewer and (
                l == DECK or (l == HAND and self.ctrl[c] != viewer)
                or (l == EXTRA and self.pos[c] & FACEDOWN))):
            return ("", c, 0, 0)   # comparable with the others (a selection may mix both)
        return (self.data[c].name, l, self.owner[c], self.pos[c])


_new = Duel.__new__

MOVE_WORDS = {GY: "Graveyard", HAND: "hand", DECK: "Deck", EXTRA: "Extra Deck"}
PICK_LIMIT = 1000     # selections with more combinations are asked one card at a time
PUBLIC_PLACES = GY | BANISHED | OVERLAY     # piles whose cards everyone may look at
HIDDEN_PLACES = HAND | DECK | EXTRA         # piles where a card may be hidden from a player



def _ends(ends, until: int) -> frozenset:
    """The events (const.End) that end a record kept until the end of turn `until`: `ends` if
    given (it must list LEAVE: a card that moves is a new card), else K.THIS_TURN, or
    K.WHILE_FACEUP for a record that no End Phase ends (K.FOREVER)."""
    if ends is None:
        return K.WHILE_FACEUP if until == K.FOREVER else K.THIS_TURN
    if End.LEAVE not in ends:
        raise ValueError(f"a record on a card always ends when it leaves the field: {ends}")
    return ends


def _opt_kept(d, c: int, ei: int) -> bool:
    """Is the once-per-turn use of effect ei of card c kept when the card is turned face-down
    (Effect.opt_ends without FACEDOWN: the effect that turns Stealth Bird face-down)?"""
    effs = d.data[c].script.effects
    return ei < len(effs) and End.FACEDOWN not in effs[ei].opt_ends


def _copy_link(link: dict) -> dict:
    new = link.copy()
    new["vars"] = link["vars"].copy()
    return new


__all__ = ["Duel", "Option", "Decision", "IllegalAction", "SELECT", "YESNO",
           "POSITION", "DEFENSE", "FACEDOWN_DEFENSE"]


# ---------------------------------------------------------------------- the decision seam
def _legal_actions(self) -> list[Option]:
    """The legal answers to the pending decision (empty when the duel is over)."""
    return list(self.pending.options) if self.pending is not None else []


def _texts(self) -> list[str]:
    """The legal answers in the scenario grammar, in the order of legal_actions()."""
    from .text import option_texts
    return option_texts(self, self.pending) if self.pending is not None else []


def _resolve_answer(self, answer) -> int:
    """The index in the pending decision's options of the answer (an Option, its index, or its
    text): the first option that is that very answer."""
    dec = self.pending
    if dec is None:
        raise IllegalAction("the duel is over: there is no decision to answer")
    opts = dec.options
    if isinstance(answer, Option):
        for i, o in enumerate(opts):   # identity first: agents hand back one of the options
            if o is answer:
                return i
        if answer not in opts:
            raise IllegalAction(f"not a legal answer now: {answer!r}")
        answer = opts[opts.index(answer)]
    elif isinstance(answer, int) and not isinstance(answer, bool):
        if not 0 <= answer < len(opts):
            raise IllegalAction(f"no answer number {answer}: there are {len(opts)}")
        return answer
    elif isinstance(answer, str):
        from .text import match, options_interchangeable, option_texts
        fits, err = match(self, dec, answer)
        if err:
            raise IllegalAction(err)
        if not fits:
            legal = "; ".join(option_texts(self, dec))
            raise IllegalAction(f"{answer!r} is not legal now ({dec.kind} for "
                                f"{self.names[dec.player]}). Legal: {legal}")
        if len(fits) > 1 and not options_interchangeable(self, fits):
            raise IllegalAction(f"{answer!r} is ambiguous: it fits {len(fits)} answers; name the "
                                f"card with @zone or A:/B:")
        answer = fits[0]
    else:
        raise IllegalAction(f"cannot answer with {answer!r}")
    for i, o in enumerate(opts):
        if o is answer:
            return i
    raise IllegalAction(f"not a legal answer now: {answer!r}")


def _apply(self, answer) -> None:
    """Answer the pending decision (an Option, its index, or its text) and run the duel on
    to the next decision. An illegal answer raises IllegalAction and changes nothing.

    At a step of a selection asked card by card (a PickStep), a `choose` line naming several
    cards answers as many steps and ends the selection there (answers_for)."""
    dec = self.pending
    if dec is not None and dec.picked is not None and isinstance(answer, str):
        steps, rest = self.answers_for(answer)
        if rest:
            raise IllegalAction(f"{answer!r}: the selection is complete without "
                                f"{rest[len('choose '):]}")
        for i in steps:
            _apply_index(self, i)
        return
    _apply_index(self, _resolve_answer(self, answer))


def _answers_for(self, line: str, whole: bool = False):
    """The answers a text line stands for at the pending decision, as option indices, and the
    rest of the line it does not use (a `choose` line naming more cards than the selection
    takes: "choose X, Y"; else None). Usually one answer; at a step of a selection asked card
    by card, a `choose` line naming several cards (or, with `whole`, any `choose` line) is the
    rest of the selection: one step per card, then `choose nothing` if the selection could go
    on. Worked out on a clone; raises IllegalAction (nothing changes) if the line does not fit."""
    from .text import Parsed, option_texts, options_interchangeable, split_list
    dec = self.pending
    if dec is None or dec.picked is None:
        return [_resolve_answer(self, line)], None
    try:
        parsed = Parsed(line)
    except ValueError as e:
        raise IllegalAction(str(e)) from None
    if parsed.verb != "choose" or not parsed.refs or (len(parsed.refs) == 1 and not whole):
        return [_resolve_answer(self, line)], None
    raws = split_list(parsed.line.split(" ", 1)[1])
    left = list(range(len(parsed.refs)))
    w = self.clone()
    player, base = dec.player, len(dec.picked)
    out: list[int] = []
    while left:
        step = w.pending
        if step is None or step.picked is None or step.player != player or \
                len(step.picked) != base + len(out):
            break                           # the selection is complete
        hit = None
        for j in left:
            r = parsed.refs[j]
            fits = [k for k, o in enumerate(step.options) if o.cards and r.fits(w, o.cards[0])]
            if fits:
                if len(fits) > 1 and not options_interchangeable(
                        w, [step.options[k] for k in fits]):
                    raise IllegalAction(f"{line!r}: {raws[j]} is ambiguous: name the card "
                                        "with @zone or A:/B:")
                hit = (j, fits[0])
                break
        if hit is None:
            legal = "; ".join(option_texts(w, step))
            raise IllegalAction(f"{line!r}: {', '.join(raws[j] for j in left)} cannot be "
                                f"chosen now ({step.prompt}). Legal: {legal}")
        left.remove(hit[0])
        out.append(hit[1])
        _apply_index(w, hit[1])
    step = w.pending
    if not left and step is not None and step.picked is not None and \
            step.player == player and len(step.picked) == base + len(out):
        done = [k for k, o in enumerate(step.options) if not o.cards]
        if not done:
            raise IllegalAction(f"{line!r}: the selection takes more cards ({step.prompt})")
        out.append(done[0])
    rest = ("choose " + ", ".join(raws[j] for j in left)) if left else None
    return out, rest


def _apply_index(self, i: int) -> None:
    self.history.append(i)
    self.answer = self.pending.options[i]
    self.pending = None
    self.n_decisions += 1
    _run(self)


def _current_player(self) -> int:
    return self.pending.player if self.pending is not None else -1


Duel.legal_actions = _legal_actions
Duel.texts = _texts
Duel.apply = _apply
Duel.answers_for = _answers_for
Duel.current_player = _current_player
Duel.is_over = property(lambda self: self.winner is not None)


from .flow import run as _run  # noqa: E402  (flow does not import this module)
from .text import zone_name as _zone_name  # noqa: E402
