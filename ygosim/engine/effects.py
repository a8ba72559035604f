"""The effect framework: what a card script is made of.

An Effect has a kind (card activation, Ignition, Trigger, Flip, Quick, Continuous), and the four
parts the rulings speak of: condition, cost, target, operation; plus when it may be used (event,
range, once per turn, Damage Step). Effects are immutable values shared by every duel; the
per-activation data (who, targets, choices made while resolving) lives in the chain link, a plain
dict inside the duel state.

Costs and operations are sequences of *steps*: plain functions `step(duel, link)`. A step may do
its work at once, or ask a decision (duel.ask_select, duel.ask_yesno ...) whose answer the next
step reads from link["vars"]. This keeps every effect resumable, and so every duel cloneable.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Callable

from .const import HAND, MZONE, SZONE, FIELD, MAIN1, MAIN2, PHASE_NAMES, THIS_TURN

# Effect kinds
ACTIVATE = "activate"        # activating a Spell/Trap Card
IGNITION = "ignition"
TRIGGER = "trigger"
FLIP = "flip"
QUICK = "quick"
CONTINUOUS = "continuous"
RULE = "rule"                # applied, not activated, when an event happens (no Chain Link)

SCRIPTS: dict[str, "CardScript"] = {}                  # card name -> its current script
ERA_SCRIPTS: dict[str, dict[str, "CardScript"]] = {}   # era -> card name -> that era's script


N_PHASES = len(PHASE_NAMES)
ANY_TIME = (1 << 2 * N_PHASES) - 1


def during(*spans) -> int:
    """When an effect may be used, as a bit mask over (whose turn, phase) for Effect.periods:
    `during(("you", (MAIN1, MAIN2)), ("opp", (BATTLE,)))` = during its player's Main Phases or
    the opponent's Battle Phase ("you": the effect's player's turn, "opp": the opponent's,
    "any": either; phases () = every phase)."""
    mask = 0
    for who, phases in spans:
        for ph in (phases or range(N_PHASES)):
            if who in ("you", "any"):
                mask |= 1 << ph
            if who in ("opp", "any"):
                mask |= 1 << (ph + N_PHASES)
    return mask


def period_bit(d, p: int) -> int:
    """The bit of Effect.periods for player p at this moment of duel d."""
    return 1 << (d.phase if d.tp == p else d.phase + N_PHASES)


def _steps(x) -> tuple:
    """A step, or a sequence of steps and of parts that are themselves sequences of steps
    (`(A.call_coin(), A.destroy(...))`), as one flat tuple of steps."""
    if x is None:
        return ()
    if callable(x):
        return (x,)
    out = []
    for s in x:
        out.extend(_steps(s))
    return tuple(out)


def each_step(seq):
    """Every step of a sequence of steps, in order, the steps of `when` branches (their `then`)
    included: what an effect would do (actions.destroyed_by, actions.makes_discard,
    draw_blocked)."""
    for st in seq:
        if isinstance(st, tuple):
            yield from each_step(st)
            continue
        yield st
        then = getattr(st, "then", None)
        if then is not None:
            yield from each_step(then)


def draw_blocked(d, eff, p) -> bool:
    """Would effect `eff`, activated by player p, make a player draw who may not draw now (the
    continuous rule `no_draw`, apply(duel, source, player): Protector of the Sanctuary)? Such
    an effect cannot be activated (flow.chain.can_activate; EDOPro's IsPlayerCanDraw checks:
    Pot of Greed, Graceful Charity). Its steps say whom they make draw (`draws`: "you", its
    player; "opp"; "any": both: actions.draw)."""
    from .const import DRAW
    if d.phase == DRAW:
        return False
    for st in each_step(eff.operation):
        whom = getattr(st, "draws", None)
        if whom is None:
            continue
        for q in ((p,) if whom == "you" else (1 - p,) if whom == "opp" else (p, 1 - p)):
            if d.has_static("no_draw", q):
                return True
    return False


@dataclass(frozen=True, eq=False)
class Target:
    """Targets chosen on activation: `candidates(duel, link)` gives the legal ones (a list or
    any other iterable)."""
    candidates: Callable
    count: int = 1
    min: int | None = None
    prompt: str = "choose a target"
    constraint: Callable | None = None   # (duel, link, cards) -> bool: a legal combination
    who: str = "you"                     # who chooses them: the effect's player ("you") or
                                         # the opponent ("opp"; The Shallow Grave)

    @property
    def groups(self) -> tuple:
        return (self,)

    def groups_for(self, d, link) -> tuple:
        """The groups of targets asked on activation, one after the other (a Target is one
        group; an effect whose targets depend on the moment, Serial Spell copying another
        Spell, may give its own, or none)."""
        return (self,)

    def options(self, d, link) -> list:
        """The legal selections of targets (as `choose` Options) for this link."""
        cands = list(d.targetable(self.candidates(d, link), link))
        test = None
        if self.constraint is not None:     # (may be kept for a selection asked card by card:
            probe = MappingProxyType({"card": link["card"], "player": link["player"],
                                      "ei": link.get("ei")})    # nothing mutable, no duel)
            test = lambda d, combo: self.constraint(d, probe, combo)   # noqa: E731
        chooser = link["player"] if self.who == "you" else 1 - link["player"]
        return d.select_options(cands, min(self.count, len(cands)),
                                min(self.least, len(cands)), test, player=chooser)

    def possible(self, d, link) -> bool:
        """Can enough targets be chosen now? (candidates may be any iterable: a generator
        lets this stop at the first ones that will do)"""
        least = self.least
        if self.constraint is None and least <= 0:
            return True
        cands = self.candidates(d, link)
        if self.constraint is None and not d.battle_destroyed and type(cands) is list and \
                ("untargetable" not in d.static_index or not d.active_statics("untargetable")):
            return len(cands) >= least      # (targetable would keep them all)
        legal = d.targetable(cands, link)
        if self.constraint is None:
            n = 0
            for _ in legal:
                n += 1
                if n >= least:
                    return True
            return False
        cands = list(legal)
        if len(cands) < least:
            return False
        from itertools import combinations
        for n in range(self.least, min(self.count, len(cands)) + 1):
            for combo in combinations(cands, n):
                if self.constraint(d, link, combo):
                    return True
        return False

    @property
    def least(self) -> int:
        return self.count if self.min is None else self.min


@dataclass(frozen=True, eq=False)
class Targets:
    """Several groups of targets chosen on activation one after the other, each by its own
    Target.who ("each player targets a monster in their own Graveyard": The Shallow Grave).
    Every group must be possible to activate; the link's targets are all of them in order."""
    groups: tuple

    def __init__(self, *groups: Target):
        object.__setattr__(self, "groups", tuple(groups))

    def possible(self, d, link) -> bool:
        for g in self.groups:
            if not g.possible(d, link):
                return False
        return True

    def groups_for(self, d, link) -> tuple:
        return self.groups


@dataclass(frozen=True, eq=False)
class Effect:
    kind: str
    operation: tuple = ()            # steps run on resolution
    condition: Callable | None = None  # (duel, link) -> bool, checked on activation
    cost: tuple = ()                 # steps run on activation, before the link is on the chain
    can_pay: Callable | None = None  # (duel, link) -> bool: whether the cost can be paid
    target: Target | Targets | None = None
    events: tuple = ()               # triggers: events listened to; other effects: "When ...":
                                     # usable only with an event of these types in d.events
    optional: bool = True            # triggers: "you can"
    misses_timing: bool = False      # optional "When ..." triggers
    range: int = FIELD               # where the card must be for the effect to be used
    once_per_turn: bool = False
    speed: int = 1
    damage_step: bool = False        # may be activated in the Damage Step (until damage calc)
    damage_calc: bool = False        # may be activated during damage calculation
    damage_calc_only: bool = False   # may be activated ONLY during damage calculation (Kuriboh:
                                     # "during damage calculation"; kept out of every other
                                     # window's table by api.index_scripts)
    static: str = ""                 # continuous effects: which rule they change
    apply: Callable | None = None    # continuous effects: (duel, source, card) -> value
    label: str = ""                  # a few words, for logs and front ends
    periods: int = ANY_TIME          # activated effects: the turns and phases they may be used
                                     # in (a mask made by `during`)
    off_field: bool = False          # a Continuous/Equip card's activation that resolves even
                                     # if the card left the field in the meantime (today's
                                     # Call of the Haunted)
    choice: str = ""                 # triggers: effects of one card with the same `choice` are
                                     # the options of "activate 1 of these effects": once one
                                     # answers an event, the others are not offered for it
    opt_ends: frozenset = THIS_TURN  # what ends a once-per-turn effect's use besides the turn
                                     # (const.End): by default its card leaving the field or
                                     # being turned face-down (a new card); an effect that turns
                                     # its own card face-down keeps it (Stealth Bird)
    both: bool = False               # either player may activate it, the card's controller or
                                     # the opponent (Royal Oppression: flow.chain.activatable)

    @property
    def is_trigger(self) -> bool:
        return self.kind in (TRIGGER, FLIP)


@dataclass(frozen=True, eq=False)
class CardScript:
    """What one card does. `effects[0]` of a Spell/Trap is its card activation."""
    effects: tuple = ()
    # Summoning rules stated by the card
    cannot_special_summon: bool = False
    extra: dict = field(default_factory=dict)

    @property
    def activation(self) -> Effect | None:
        e = self.effects[0] if self.effects else None
        return e if e is not None and e.kind == ACTIVATE else None

    def statics(self, key: str):
        return [e for e in self.effects if e.kind == CONTINUOUS and e.static == key]


@dataclass(frozen=True, eq=False)
class SummonProc:
    """A monster's own Special Summon procedure (`special NAME`: Black Luster Soldier - Envoy
    of the Beginning, Chaos Sorcerer): from `where`, pay `cost` (steps, asked as `choose`
    prompts), then Special Summon it. It does not use the Chain: like a Normal Summon, both
    players may respond to it once it succeeded. `can_pay(duel, link)` says whether the cost
    can be paid now."""
    cost: tuple = ()
    can_pay: Callable | None = None
    where: int = HAND
    label: str = ""
    onto_opponent: bool = False      # Summoned onto the opponent's field (Lava Golem: the cost
                                     # makes the room there)
    cost_frees_zone: bool = False    # the cost may free the zone it needs (a contact fusion
                                     # sends its materials away): can_pay checks the room


def special_procedure(cost=None, can_pay=None, *, where=HAND, nomi=True, label="",
                      onto_opponent=False, cost_frees_zone=False, normal=False) -> dict:
    """The `extra` of a monster with its own Special Summon procedure: it cannot be Normal
    Summoned or Set (unless `normal`: Gilasaurus), and with `nomi` it must first be Special
    Summoned this way (properly) before other effects may Special Summon it (Monster Reborn,
    Call of the Haunted...). `onto_opponent`: the player Summons it onto the opponent's field
    (Lava Golem). `cost_frees_zone`: with no free zone now, the cost may make one (can_pay then
    checks it). Use as `script(NAME, effects..., extra=special_procedure(...))`."""
    return {"special": SummonProc(cost=_steps(cost), can_pay=can_pay, where=where, label=label,
                                  onto_opponent=onto_opponent, cost_frees_zone=cost_frees_zone),
            "no_normal_summon": not normal, "nomi": nomi}


def script(name: str, *effects: Effect, era: str | None = None, **kw) -> CardScript:
    """Register what card `name` does. With `era="goat"` this is what it did in that era (its
    2005 text and rulings), kept beside the current version: a duel whose rules have
    `card_era == "goat"` plays it (CardData.for_era)."""
    s = CardScript(effects=tuple(effects), **kw)
    if era is None or era == "current":
        SCRIPTS[name] = s
    else:
        ERA_SCRIPTS.setdefault(era, {})[name] = s
    return s


# -- builders for the common shapes ---------------------------------------------------------

def activation(*, speed=1, operation=None, condition=None, cost=None, can_pay=None, target=None,
               when=(), once_per_turn=False, damage_step=False, damage_calc=False,
               damage_calc_only=False, label="", range=HAND | SZONE,
               periods=ANY_TIME, off_field=False) -> Effect:
    """The activation of a Spell or Trap Card. Spell Speed: 1 for Spells, 2 Quick-Play and
    Traps, 3 Counter Traps (the card's subtype decides; the builders below set it)."""
    return Effect(kind=ACTIVATE, operation=_steps(operation), condition=condition,
                  cost=_steps(cost), can_pay=can_pay, target=target, events=tuple(when),
                  once_per_turn=once_per_turn, speed=speed, damage_step=damage_step,
                  damage_calc=damage_calc or damage_calc_only,
                  damage_calc_only=damage_calc_only, label=label, range=range, periods=periods,
                  off_field=off_field)


def spell(**kw) -> Effect:
    return activation(speed=1, **kw)


def quickplay(**kw) -> Effect:
    return activation(speed=2, **kw)


def trap(**kw) -> Effect:
    return activation(speed=2, range=SZONE, **kw)


def counter_trap(**kw) -> Effect:
    return activation(speed=3, range=SZONE, damage_step=True, **kw)


def ignition(operation, *, condition=None, cost=None, can_pay=None, target=None,
             once_per_turn=False, range=MZONE, label="", opt_ends=THIS_TURN) -> Effect:
    return Effect(kind=IGNITION, operation=_steps(operation), condition=condition,
                  cost=_steps(cost), can_pay=can_pay, target=target, range=range,
                  once_per_turn=once_per_turn, speed=1, label=label,
                  periods=during(("you", (MAIN1, MAIN2))), opt_ends=opt_ends)


def quick(operation, *, condition=None, cost=None, can_pay=None, target=None, when=(),
          once_per_turn=False, range=MZONE, damage_step=False, damage_calc=False,
          damage_calc_only=False, label="", periods=ANY_TIME, both=False) -> Effect:
    """A Quick Effect (Spell Speed 2). `damage_calc=True`: it may also be activated during
    damage calculation; `damage_calc_only=True`: only then ("During damage calculation ...").
    `both=True`: either player may activate it (Royal Oppression); its link's player is the
    one who does."""
    return Effect(kind=QUICK, operation=_steps(operation), condition=condition,
                  cost=_steps(cost), can_pay=can_pay, target=target, events=tuple(when),
                  range=range, once_per_turn=once_per_turn, speed=2, damage_step=damage_step,
                  damage_calc=damage_calc or damage_calc_only,
                  damage_calc_only=damage_calc_only, label=label, periods=periods, both=both)


def trigger(events, operation, *, optional=True, when=False, condition=None, cost=None,
            target=None, range=MZONE, once_per_turn=False, label="", choice="") -> Effect:
    """A Trigger Effect. `when=True` marks an optional "When ..." effect, which can miss the
    timing; "If ..." effects and mandatory ones cannot. Optional triggers of one card with the
    same `choice` are "activate 1 of these effects" (Dark Scorpions: `activate NAME effect 2`)."""
    if isinstance(events, str):
        events = (events,)
    return Effect(kind=TRIGGER, operation=_steps(operation), condition=condition,
                  cost=_steps(cost), target=target, events=tuple(events), optional=optional,
                  misses_timing=when and optional, range=range, once_per_turn=once_per_turn,
                  speed=1, damage_step=True, label=label, choice=choice)


def flip(operation, *, target=None, condition=None, cost=None, label="",
         optional=False) -> Effect:
    """A FLIP effect: a trigger when the card is turned face-up; mandatory unless `optional`
    ("FLIP: You can ...": today's Penguin Soldier). A `cost` (2005's Summoner of Illusions: a
    Tribute) must be payable when it is flipped: say so in the condition, or the effect is not
    activated."""
    from .const import EV_FLIPPED
    return Effect(kind=FLIP, operation=_steps(operation), target=target, condition=condition,
                  cost=_steps(cost), events=(EV_FLIPPED,), optional=optional, range=MZONE,
                  speed=1, damage_step=True, label=label)


_MONSTER_STATICS: dict = {}    # continuous effect -> its version for a monster card


def indexed_static(data, eff: "Effect") -> "Effect":
    """A card's continuous effect as the duel's indexes hold it: a monster card's (not a
    Pendulum's) works only in a Monster Zone (not while the card is equipped to a monster as
    an Equip Card: Thousand-Eyes Restrict). One object per effect, kept: a pickled duel refers
    to it (engine/persist.py)."""
    if not eff.range & SZONE or not data.is_monster or "pendulum" in data.frames:
        return eff
    v = _MONSTER_STATICS.get(eff)
    if v is None:
        from dataclasses import replace
        v = _MONSTER_STATICS[eff] = replace(eff, range=eff.range & ~SZONE)
    return v


def continuous(static: str, apply: Callable | None = None, *, condition=None,
               range=FIELD, label="") -> Effect:
    """A Continuous Effect: while the card is face-up in `range`, rule `static` changes."""
    return Effect(kind=CONTINUOUS, static=static, apply=apply, condition=condition,
                  range=range, label=label)


def rule(events, operation, *, condition=None, range=MZONE, label="") -> Effect:
    """An effect that is applied, not activated, when one of `events` happens (and
    `condition(duel, link)` holds then): no Chain Link, nobody may respond to it or negate its
    activation. Its operation runs as soon as the pending triggers are looked at, before any
    trigger is put on a Chain, and may ask decisions (Ojama King's zones); or it may only note
    the event for later (Vampire Lord: destroyed by an opponent's card effect)."""
    if isinstance(events, str):
        events = (events,)
    return Effect(kind=RULE, operation=_steps(operation), condition=condition,
                  events=tuple(events), optional=False, range=range, speed=0, label=label)
