"""Chains: which effects may be activated now (can_activate, activatable), activating one
(a Chain Link: cost, targets), response windows (priority, two passes resolve the Chain),
resolving a Chain, an effect's steps and the decisions inside them, and the rules applied at
once after each action (state_check)."""
from __future__ import annotations

from .. import const as K
from ..const import (HAND, MZONE, SZONE, GY, FIELD, ATTACK, FACEDOWN, DEFENSE, FACEUP, MAIN1,
                     MAIN2, BATTLE, FACEDOWN_DEFENSE)
from ..decision import Option, RESPONSE, ACTIVATE_OPTS
from ..effects import ACTIVATE, IGNITION, N_PHASES, draw_blocked, period_bit
from ..gy_lock import gy_negated
from .core import proc, push, pop


PASS = Option("pass")


def phase_window(d) -> None:
    """At a point of a phase: pending triggers, then both players may respond (the turn
    player first)."""
    open_window(d, d.tp, True)


def open_window(d, first: int, reopen: bool, prio: bool = False) -> None:
    """Pending triggers, then a response window (`first` has priority). With no trigger
    pending and no chain, a window in which neither player can activate anything would only
    pass twice: it is not opened at all. `prio`: the turn player may also use Ignition
    effects there (ignition_options)."""
    if not d.trig_q and not d.chain:
        push_window(d, first, reopen, prio)
        return
    if prio:
        push(d, "window", cur=first, reopen=reopen, passes=0, prio=True)
    else:
        push(d, "window", cur=first, reopen=reopen, passes=0)
    push(d, "triggers")


def push_window(d, first: int, reopen: bool = False, prio: bool = False) -> bool:
    """With no chain: open a response window where `first` has priority, unless both players
    would only pass. The first responder's options, found while deciding, are handed to the
    window (not worked out twice). Returns whether a window was opened."""
    live = d.live           # (a player with no card where it could respond cannot act,
    both = d.both_cards     # unless a card's effect is for either player: Royal Oppression)
    for p in (first, 1 - first):
        if live[p] or prio or both:
            opts = activatable(d, p, False) if live[p] or both else []
            if prio and p == d.tp:
                opts += ignition_options(d, p)
            if opts:
                if prio:
                    push(d, "window", cur=p, reopen=reopen, passes=0 if p == first else 1,
                         pre=tuple(opts), prio=True)
                else:
                    push(d, "window", cur=p, reopen=reopen, passes=0 if p == first else 1,
                         pre=tuple(opts))
                return True
    return False


def ignition_options(d, p: int) -> list:
    """Ignition priority (goat, `d.rules.ignition_priority`; goatformat.com rule #4): once a
    Summon has been made in a Main Phase, the turn player may activate an Ignition effect
    before the opponent may respond (the opponent may then chain to it, Trap Hole included:
    the Summon is still what just happened). Under v10 the turn player has only Spell Speed 2
    effects there."""
    if not d.rules.ignition_priority or p != d.tp or d.chain or \
            d.phase not in (MAIN1, MAIN2):
        return []
    return [o for o in activatable(d, p, True, IGNITION)
            if d.data[o.cards[0]].script.effects[o.arg].kind == IGNITION]


def after_action(d, first: int, reopen: bool = False, summon: bool = False) -> None:
    """After a summon or attack: triggers, then a response window (`first` has priority;
    with reopen, the turn player gets priority again after each Chain resolves). After a
    Summon (`summon`) the rules may give the turn player ignition priority."""
    state_check(d)
    open_window(d, first, reopen, summon and d.rules.ignition_priority)


def single_chain_now(d) -> bool:
    """Goat: one Chain per timing of the Damage Step (EDOPro DUEL_SINGLE_CHAIN_IN_DAMAGE_
    SUBSTEP): after a Chain resolves there, nobody starts another in that timing."""
    return d.rules.damage_step_single_chain and d.phase == BATTLE and \
        d.attack is not None and d.step >= K.DS_START


def start_activation(d, c: int, ei: int, p: int) -> None:
    """The turn player's free activation: the opponent may respond first."""
    push(d, "window", cur=1 - p, reopen=False, passes=0)
    push(d, "activate", c=c, ei=ei, player=p)


def prohibited(d, c: int) -> bool:
    """Is card c barred by a declared card name (the continuous rule `prohibited`,
    apply(duel, source, card): Prohibition)? Such a card cannot be activated, Summoned or Set,
    nor its effects activated. Free when no card of the duel has the rule."""
    return "prohibited" in d.static_index and d.has_static("prohibited", c)


def can_activate(d, c: int, ei: int, eff, p: int, open_state: bool) -> bool:
    """May player p activate effect ei (`eff`) of card c now? The caller (activatable) has
    checked already that the effect works where the card is (its range) and in this phase
    (its periods)."""
    if eff.events and not has_event(d, eff.events):
        return False        # "When ...": the event did not just happen
    return timing_ok(d, eff, open_state) and may_activate(d, c, ei, eff, p, open_state, d.loc[c])


def timing_ok(d, eff, open_state: bool) -> bool:
    """Part of can_activate: is effect `eff` fast enough for this moment (the Chain's last
    link, a response window, the Damage Step)? Always true in the open state and in a
    response window out of the Damage Step with no Chain for the effects of their tables
    (activatable does not ask then)."""
    speed = eff.speed
    chain = d.chain
    if chain:
        top = d.links[chain[-1]]["speed"]
        if speed < 2 or speed < top:
            return False
    elif not open_state and speed < 2:
        return False
    if d.phase == BATTLE and d.attack is not None and K.DS_START <= d.step:
        # The Damage Step: Counter Traps and effects that change ATK/DEF directly; during
        # damage calculation only effects made for it.
        if d.step == K.DS_CALC:
            if not (eff.damage_calc or speed == 3):
                return False
        elif not eff.damage_step or eff.damage_calc_only:
            return False
        elif d.step > K.DS_CALC and speed < 3 and eff.kind == ACTIVATE:
            return False    # ATK/DEF changers: only until damage calculation
    return True


def may_activate(d, c: int, ei: int, eff, p: int, open_state: bool, loc: int) -> bool:
    """The rest of can_activate, for card c now at `loc`: where the card is and how, its
    once-per-turn use, the Chain, the rules that forbid activations, its condition, cost and
    targets."""
    data = d.data[c]
    kind = eff.kind
    chain = d.chain
    if kind == ACTIVATE:
        pos = d.pos[c]
        if loc == GY and d.hand_users and as_hand(d, c, p) is not None:
            loc = HAND              # usable from a Graveyard as the player's hand (Graverobber)
        if loc == HAND:
            if data.is_trap:
                return False
            if data.subtype == "quickplay" and d.tp != p:
                return False
            if data.subtype != "field" and -1 not in d.szone[p][:5]:
                return False
        elif loc == SZONE:
            if not pos & FACEDOWN:
                return False
            if d.turn_in[c] == d.turn and (data.is_trap or data.subtype == "quickplay"):
                return False
        else:
            return False
    else:
        if loc & FIELD and d.pos[c] & FACEDOWN and \
                not (loc == SZONE and with_card_activation(d, c, p, open_state)):
            return False
        if d.is_negated(c, (), False):     # (Skill Drain's negation: still activated)
            return False
        if kind == IGNITION and (d.tp != p or d.phase not in (MAIN1, MAIN2)):
            return False
        if chain and d.activating(c):
            return False    # its card activation has not resolved yet
    if eff.once_per_turn and opt_key(d, c, ei, p) in d.used:
        return False
    if d.pflags and d.player_flag(p, ("no_activate", data.name)):
        return False
    if chain:
        for lid in chain:   # a card's effect is not activated again while on the chain
            lk = d.links[lid]
            if lk["card"] == c and lk["ei"] == ei:
                return False
    if d.act_rules and rule_barred(d, c, eff, data, loc, p):
        return False        # (only duels with such a rule look: Duel.act_rules)
    condition, can_pay, target = eff.condition, eff.can_pay, eff.target
    if condition is None and can_pay is None and target is None:
        return True
    probe = {"card": c, "player": p, "ei": ei, "vars": {}, "events": d.events, "event": None}
    if condition is not None and not condition(d, probe):
        return False
    if can_pay is not None and not can_pay(d, probe):
        return False
    if target is not None and not target.possible(d, probe):
        return False
    return True


# The continuous rules that can forbid an activation (rule_barred). A duel in which no card has
# one of them (Duel.act_rules False, set by api.index_scripts) does not look for them.
ACTIVATION_RULES = frozenset({"no_trap_activation", "hand_toll", "no_spell_activation",
                              "cannot_activate", "prohibited", "no_spell_trap", "no_draw",
                              "no_tribute"})


def rule_barred(d, c: int, eff, data, loc: int, p: int) -> bool:
    """Does a continuous rule forbid player p to activate effect `eff` of card c (`data`, now
    at `loc`: HAND for a Graveyard card used as the hand) now? Part of can_activate."""
    si = d.static_index
    if eff.kind == ACTIVATE:
        if data.is_trap and "no_trap_activation" in si and \
                d.has_static("no_trap_activation", p):
            return True
        if data.is_spell and "no_spell_activation" in si and \
                d.has_static("no_spell_activation", p):
            return True         # (Spell Canceller)
        if "cannot_activate" in si and d.has_static("cannot_activate", c):
            return True     # (this card may not be activated: Xing Zhen Hu's Set cards)
    if loc == HAND and "hand_toll" in si and d.lp[p] < hand_toll(d, p):
        return True         # a card or an effect activated from the hand (Chain Energy)
    if "prohibited" in si and d.has_static("prohibited", c):
        return True         # (a declared name: prohibited(), inlined)
    if "no_spell_trap" in si and not data.is_monster and spell_trap_locked(d, p):
        return True         # (Cold Wave: no Spell/Trap Card nor its effects)
    if "no_draw" in si and draw_blocked(d, eff, p):
        return True         # it would make a player draw who may not (Protector of the Sanctuary)
    if "no_tribute" in si and d.has_static("no_tribute") and \
            (tributes_in(eff.cost) or tributes_in(eff.operation)):
        return True         # (it would Tribute: Mask of Restrict)
    return False


def hand_toll(d, p: int) -> int:
    """The LP player p must pay to play a card from the hand (Normal Summon or Set it, Special
    Summon it by its own procedure, activate it or its effect there, Set a Spell/Trap): the sum
    of the continuous `hand_toll` rules (apply(duel, source, player) -> LP: Chain Energy's 500
    per copy). 0 in a duel without such a rule."""
    if "hand_toll" not in d.static_index:
        return 0
    return sum(eff.apply(d, src, p) for src, eff in d.active_statics("hand_toll"))


def pay_hand_toll(d, p: int) -> None:
    """Player p pays the hand toll (a cost: not an effect, not damage)."""
    n = hand_toll(d, p)
    if n:
        d.pay_lp(p, n)


def spell_trap_locked(d, p: int) -> bool:
    """May player p not activate or Set Spell/Trap Cards now (the player flag
    `no_spell_trap`: Cold Wave)? Only duels with a card that sets it (its script marks the duel
    with a `no_spell_trap` continuous effect that never applies) look for the flag."""
    return "no_spell_trap" in d.static_index and bool(d.pflags) and \
        d.player_flag(p, "no_spell_trap")


def tributes_in(steps) -> bool:
    """Does one of these steps Tribute (marked `tributes`: actions.tribute, send_to with
    R_TRIBUTE)? Under the continuous rule `no_tribute` (Mask of Restrict) such an effect, or
    a Summon procedure with such a cost (flow.summon.special_proc_ok), cannot be used."""
    for st in steps:
        if getattr(st, "tributes", False):
            return True
    return False


def with_card_activation(d, c: int, p: int, open_state: bool) -> bool:
    """May the effect of the Set Continuous Trap c be activated together with the card, as one
    Chain Link? Rulebook v10 (today's rulings: "you can activate this card and its effect at
    the same time"): yes when the card's own activation does nothing and may be made now.
    Goat (`d.rules.continuous_trap_separate`): never; the card is activated first and its effect
    used in a later Chain (EDOPro DUEL_USE_TRAPS_IN_NEW_CHAIN)."""
    if d.rules.continuous_trap_separate:
        return False
    data = d.data[c]
    if not data.is_trap or data.subtype != "continuous":
        return False
    act = data.script.effects[0]
    if act.kind != ACTIVATE or act.operation or act.cost or act.target is not None or \
            act.condition is not None or act.events:
        return False
    return act.periods & period_bit(d, p) != 0 and can_activate(d, c, 0, act, p, open_state)


def has_event(d, etypes) -> bool:
    """Is there an event of one of these types in the current window?"""
    for e in d.events:
        if e[0] in etypes:
            return True
    return False


def opt_key(d, c: int, ei: int, p: int):
    """What a once-per-turn effect marks as used: the card as it is now (its identity: a card
    that moved, or was turned face-down, may use it again; what a face-down turn keeps:
    Effect.opt_ends, Duel.end_records), or with once_per_turn="name" every card of that name
    for player p ("You can only use this effect of ... once per turn" binds each player
    separately)."""
    if d.data[c].script.effects[ei].once_per_turn == "name":
        return (d.data[c].name, ei, p)
    return (c, ei, d.mid[c])


def activatable(d, p: int, open_state: bool, kind: str | None = None) -> list[Option]:
    """Every effect player p may activate now, as `activate` Options. Only the effects that
    could be legal at this kind of moment are looked at: all of them in the turn player's open
    state, Spell Speed 2+ in response windows, Damage Step ones in the Damage Step; and only
    those that work where the card is (Duel.eis_at: each table split by place) and in this
    phase. With `kind` (IGNITION), at least those of that kind: on the field and in the
    Graveyard only those; in the hand every effect of a card with one there (so copies of a
    name are skipped as without `kind`)."""
    if d.phase == BATTLE and d.attack is not None and d.step >= K.DS_START:
        mode = 2
    elif open_state:
        mode = 0
    else:
        mode = 1
    anywhere = d.eis_where[mode]
    at_hand, at_sz, at_mz, at_gy = d.eis_at[mode]
    now = 1 << (d.phase if d.tp == p else d.phase + N_PHASES)    # the bit of Effect.periods
    out = []
    # (can_activate's parts asked here one by one: a "When ..." effect (Effect.events) whose
    # event did not just happen is not looked at; every effect of these tables is fast enough
    # out of the Damage Step with no Chain (timed False: timing_ok not asked); where the card
    # is is known from the place looked at)
    timed = mode == 2 or bool(d.chain)
    if anywhere & HAND:
        seen = set()
        data_ = d.data
        other_turn = d.tp != p
        for c in d.hand[p]:
            entries = at_hand[c]
            if entries:
                data = data_[c]
                name = data.name
                if name in seen:
                    continue
                if kind is not None and not _has_kind(entries, kind):
                    continue     # (nor has any copy of it: one name, one script)
                # a Trap Card is never activated from the hand, a Quick-Play Spell only in its
                # player's turn (can_activate would refuse them: not asked)
                no_card_act = data.is_trap or (other_turn and data.subtype == "quickplay")
                for ei, eff, card_act, periods, events in entries:
                    if periods & now and not (card_act and no_card_act) and \
                            (not events or has_event(d, events)) and \
                            (not timed or timing_ok(d, eff, open_state)) and \
                            may_activate(d, c, ei, eff, p, open_state, HAND):
                        seen.add(name)
                        out.append(ACTIVATE_OPTS[c][ei])
    if d.hand_users and d.pflags:
        table = (d.eis_open, d.eis_fast, d.eis_ds)[mode]
        for q, k, until in d.pflags:        # cards of a Graveyard used as p's hand
            if q == p and type(k) is tuple and k[0] == "as_hand" and until >= d.turn:
                c = k[1]
                if d.loc[c] == GY and d.mid[c] == k[2]:
                    for ei, eff, where, card_act in table[c]:
                        if card_act and eff.periods & now and \
                                (not eff.events or has_event(d, eff.events)) and \
                                can_activate(d, c, ei, eff, p, open_state):
                            out.append(ACTIVATE_OPTS[c][ei])
    if anywhere & SZONE:
        turn = d.turn
        pos = d.pos
        for c in d.sts[p]:
            entries = at_sz[c]
            if not entries:
                continue
            facedown = pos[c] & FACEDOWN
            if facedown and d.turn_in[c] == turn:
                data = d.data[c]
                if data.is_trap or data.subtype == "quickplay":
                    continue     # Set this turn: not yet
            for ei, eff, card_act, periods, events in entries:
                if card_act and not facedown:
                    continue     # a face-up card's activation has been made already
                if kind is not None and eff.kind != kind:
                    continue
                if periods & now and (not events or has_event(d, events)) and \
                        (not timed or timing_ok(d, eff, open_state)) and \
                        may_activate(d, c, ei, eff, p, open_state, SZONE):
                    out.append(ACTIVATE_OPTS[c][ei])
        if d.both_cards:
            for c in d.both_cards:      # the opponent's face-up cards with an effect for either
                if d.loc[c] != SZONE or d.ctrl[c] == p or d.pos[c] & FACEDOWN:    # player
                    continue
                for ei, eff, card_act, periods, events in at_sz[c]:
                    if card_act or not eff.both or (kind is not None and eff.kind != kind):
                        continue
                    if periods & now and (not events or has_event(d, events)) and \
                            (not timed or timing_ok(d, eff, open_state)) and \
                            may_activate(d, c, ei, eff, p, open_state, SZONE):
                        out.append(ACTIVATE_OPTS[c][ei])
    if anywhere & MZONE:
        for c in d.mons[p]:         # (d.monsters(p), without the call)
            entries = at_mz[c]
            if entries:
                for ei, eff, _, periods, events in entries:
                    if kind is not None and eff.kind != kind:
                        continue
                    if periods & now and (not events or has_event(d, events)) and \
                            (not timed or timing_ok(d, eff, open_state)) and \
                            may_activate(d, c, ei, eff, p, open_state, MZONE):
                        out.append(ACTIVATE_OPTS[c][ei])
    gy_effects = d.gy_effects[p]
    if gy_effects:
        loc = d.loc
        for c in gy_effects:
            if loc[c] == GY:
                for ei, eff, _, periods, events in at_gy[c]:
                    if kind is not None and eff.kind != kind:
                        continue
                    if periods & now and (not events or has_event(d, events)) and \
                            (not timed or timing_ok(d, eff, open_state)) and \
                            may_activate(d, c, ei, eff, p, open_state, GY):
                        out.append(ACTIVATE_OPTS[c][ei])
    return out


def _has_kind(entries, kind: str) -> bool:
    for _, eff, _, _, _ in entries:
        if eff.kind == kind:
            return True
    return False


@proc
def window(d, f):
    """Players may activate effects (f["cur"] first); when both pass in a row the chain
    resolves. With reopen, the turn player gets priority again after each chain."""
    s = f["s"]
    if s == 0:
        live = d.live
        if not (live[0] or live[1]) and "prio" not in f:
            f["passes"] = 2       # no card is where it could respond: nobody can act
        while True:
            if f["passes"] >= 2:
                if d.chain:
                    f["s"] = 2
                    push(d, "resolve")
                    return
                pop(d)
                if f.get("acted"):
                    d.stack[-1]["acted"] = True
                return
            p = f["cur"]
            pre = f.pop("pre", None)
            if pre is not None:
                opts = list(pre)
            else:
                opts = activatable(d, p, False) if live[p] or d.both_cards else None
                if "prio" in f and p == d.tp:
                    opts = (opts or []) + ignition_options(d, p)
                elif opts and "summoning" in f and not d.chain:
                    opts = summon_answers(d, opts)
            if not opts:
                f["passes"] = f["passes"] + 1
                f["cur"] = 1 - p
                continue
            opts.append(PASS)
            f["s"] = 1
            d.ask(p, RESPONSE, opts, "respond?" if d.chain else "activate something?")
            return
    elif s == 1:
        a = d.answer
        f["s"] = 0
        p = f["cur"]
        if a.verb == "pass":
            f["passes"] = f["passes"] + 1
            f["cur"] = 1 - p
        else:
            f["passes"] = 0
            f["acted"] = True
            f["cur"] = 1 - p
            push(d, "activate", c=a.cards[0], ei=a.arg, player=p)
    elif s == 2:                       # the chain has resolved
        f["s"] = 3
        f.pop("built", None)
        if d.pflags:
            forced_battles(d)          # (after the triggers: pushed first, run last)
        if d.trig_q:
            push(d, "triggers")
    elif s == 3:
        built = f.pop("built", False)
        respond = f.pop("respond", False)      # a summon during the chain: respond to it
        if (f.get("reopen") or respond) and not built:
            f["passes"] = 0
            f["cur"] = d.tp
            f["s"] = 0
        else:
            pop(d)
            d.stack[-1]["acted"] = True


FORCED_BATTLE = "forced_battle"


def forced_battles(d) -> None:
    """Battles an effect made due once its Chain has resolved (flow.battle.force_battle: Last
    Turn): each one's procedure is pushed, and its player flag dropped."""
    due = [x for x in d.pflags if type(x[1]) is tuple and x[1][0] == FORCED_BATTLE]
    if due:
        d.pflags = [x for x in d.pflags if x not in due]
        for x in reversed(due):
            push(d, FORCED_BATTLE, fight=x[1][1:])


def summon_answers(d, opts) -> list:
    """In the window of a Summon being made (flow/summon.summoning_window), before any Chain:
    only the effects that answer it (`when=(EV_SUMMONING,)`: Solemn Judgment)."""
    return [o for o in opts
            if K.EV_SUMMONING in d.data[o.cards[0]].script.effects[o.arg].events]


def as_hand(d, c: int, p: int):
    """May player p use card c (in a Graveyard) as a card of their hand now (a player flag
    ("as_hand", card, identity, after) until the end of the turn: Graverobber)? Returns the
    `after` function (applied once its activation has resolved: after(d, link)), or None. Only
    duels with a card that grants it (`d.hand_users`) look."""
    mid = d.mid[c]
    for q, k, until in d.pflags:
        if q == p and type(k) is tuple and k[0] == "as_hand" and k[1] == c and k[2] == mid \
                and until >= d.turn:
            return k[3]
    return None


def new_link(d, c: int, ei: int, p: int, event=None) -> int:
    lid = d.next_lid
    d.next_lid += 1
    eff = d.data[c].script.effects[ei]
    d.links[lid] = {"card": c, "ei": ei, "player": p, "targets": (), "vars": {},
                    "negated": False, "speed": eff.speed, "event": event,
                    "events": tuple(d.events), "card_act": eff.kind == ACTIVATE,
                    "cmid": d.mid[c], "from": d.loc[c]}
    if eff.kind == ACTIVATE:
        key = RESOLVED_RULE.get(d.data[c].kind)
        if key in d.static_index:
            # the cards that see this Spell/Trap Card activated (face-up now: Royal Magical
            # Library, Curse of Darkness, Chain Burst)
            d.links[lid]["seen"] = tuple((x, d.mid[x]) for x, _ in d.active_statics(key))
    return lid


RESOLVED_RULE = {"spell": "spell_resolved", "trap": "trap_resolved"}


def spell_resolved(d, link) -> None:
    """A Spell (Trap) Card's activation has resolved (not negated): the `spell_resolved`
    (`trap_resolved`) rules (apply(d, source, link), no Chain) of the cards that were face-up
    when it was activated and still are apply: "each time a Spell Card is activated, put a
    Spell Counter on this card when that Spell resolves" (common.spell_counters), "each time
    a Spell (Trap) Card is activated, its player takes 1000 damage after it resolves" (Curse of
    Darkness, Chain Burst)."""
    seen = link["seen"]
    for src, eff in d.active_statics(RESOLVED_RULE[d.data[link["card"]].kind]):
        if (src, d.mid[src]) in seen:
            eff.apply(d, src, link)


@proc
def activate(d, f):
    s = f["s"]
    c, ei, p = f["c"], f["ei"], f["player"]
    eff = d.data[c].script.effects[ei]
    if s == 0:
        d.serial += 1
        lid = new_link(d, c, ei, p, f.get("event"))
        f["lid"] = lid
        link = d.links[lid]
        data = d.data[c]
        toll = "hand_toll" in d.static_index and d.loc[c] == HAND     # (Chain Energy)
        if eff.kind != ACTIVATE and d.loc[c] == SZONE and d.pos[c] & FACEDOWN:
            d.pos[c] = FACEUP       # a Continuous Trap activated with its effect (v10)
            link["card_act"] = True
            link["cmid"] = d.mid[c]
        elif eff.kind == ACTIVATE:
            after = as_hand(d, c, p) if d.loc[c] == GY and d.hand_users else None
            if after is not None:               # a card used as the player's hand: it comes
                link["vars"]["after_resolve"] = after   # from a Graveyard (Graverobber)
            if d.loc[c] == HAND or after is not None:
                if data.subtype == "field":
                    clear_field_zone(d, p)
                    d.place(c, SZONE, p, K.FIELD_ZONE, FACEUP)
                elif data.is_monster:   # a Pendulum Monster Card: to a Pendulum Zone (s1/s5)
                    d.place(c, SZONE, p, 0 if d.szone[p][0] < 0 else 4, FACEUP)
                else:
                    d.place(c, SZONE, p, pos=FACEUP)
            else:
                d.pos[c] = FACEUP
            link["cmid"] = d.mid[c]
        d.write(f"{d.names[p]} activates {d.name(c)}"    # public: activating shows the card
                + (f" ({eff.label})" if eff.label and eff.kind != ACTIVATE else ""))
        if toll:
            pay_hand_toll(d, p)
        if eff.once_per_turn:
            d.used.add(opt_key(d, c, ei, p))
        f["s"] = 1
        if eff.cost:
            push(d, "steps", lid=lid, steps=eff.cost)
    elif s == 1:
        link = d.links[f["lid"]]
        f["s"] = 2
        if eff.target is not None:
            groups = eff.target.groups_for(d, link)
            if groups:
                f["ng"] = len(groups)
                ask_targets(d, link, groups[0])
    else:
        link = d.links[f["lid"]]
        if f.get("ng"):
            chosen = tuple((x, d.mid[x]) for x in d.answer.cards)
            link["targets"] += chosen
            if chosen:
                d.write(f"  targeting {d.cards(d.answer.cards)}")
            g = f.get("g", 0) + 1
            if g < f["ng"]:                         # more targets, chosen by their player
                f["g"] = g
                ask_targets(d, link, eff.target.groups_for(d, link)[g])
                return
        d.chain.append(f["lid"])
        d.raise_event(K.EV_ACTIVATE, c, p, K.R_EFFECT, f["lid"])
        pop(d)


def ask_targets(d, link, t) -> None:
    """Ask for one group of the targets of the link's effect (Target.who chooses them)."""
    p = link["player"] if t.who == "you" else 1 - link["player"]
    c = link["card"]
    d.ask_select(p, t.options(d, link), f"{d.name(c)}: {t.prompt}", source=c)


def clear_field_zone(d, p: int) -> None:
    """A new Field Spell goes to player p's Field Zone: the card already there leaves first,
    sent to the GY (v10: "send your previous one to the Graveyard"), or destroyed where one
    Field Spell rules the whole field (goat: EDOPro's DUEL_1_FACEUP_FIELD destroys it)."""
    old = d.szone[p][K.FIELD_ZONE]
    if old >= 0:
        if d.rules.one_field_spell:
            d.destroy([old], K.R_RULE, p)
        else:
            d.send([old], GY, K.R_RULE, p)


def one_field_spell(d, c: int) -> None:
    """Goat: the activation of Field Spell c has resolved with c still face-up in its Field
    Zone: the opponent's face-up Field Spell is destroyed (goatformat.com rule #3: only one
    face-up Field Spell on the whole field; it happens on resolution, so a Field Spell removed
    before its activation resolves destroys nothing)."""
    other = d.szone[1 - d.ctrl[c]][K.FIELD_ZONE]
    if other >= 0 and not d.pos[other] & FACEDOWN:
        d.write(f"Only one Field Spell may be face-up: {d.card(other)} is destroyed")
        d.destroy([other], K.R_RULE, d.ctrl[c])


@proc
def resolve(d, f):
    """Resolve the chain, last link first."""
    s = f["s"]
    if s == 0:
        if not f.get("began"):
            f["began"] = True
            d.events.clear()
        if not d.chain:
            pop(d)
            state_check(d)
            return
        lid = d.chain[-1]
        link = d.links[lid]
        c = link["card"]
        eff = d.data[c].script.effects[link["ei"]]
        f["s"] = 1
        d.serial += 1
        if link["negated"]:
            d.write(f"{d.name(c)}: activation negated")     # public: an activated card
            return
        if not effect_applies(d, link, eff):
            return
        link["resolving"] = True     # (today's Graveyard lock: gy_lock.gy_locked)
        if link["targets"] and "gy_lock_negates" in d.static_index and gy_negated(d, link):
            link["disabled"] = True
            d.write(f"A Graveyard lock negates the effect of {d.name(c)}")   # public
        if "negate_gy_effects" in d.static_index and gy_effect_negated(d, link):
            link["disabled"] = True     # (The End of Anubis)
        if link.get("disabled"):       # its effect was negated, not its activation
            d.write(f"{d.name(c)}: its effect is negated")   # public: an activated card
            return
        if link["targets"] and ("negate_targeting" in d.static_index or
                                "disable_targeting" in d.static_index or
                                "facedown_shield" in d.static_index) and \
                targeting_negated(d, link):
            return
        if eff.target is not None and link["targets"] and \
                not any(d.still(t) for t in link["targets"]):
            d.write(f"{d.name(c)} resolves with no effect ({lost_targets(d, link)})")  # public
            return
        if eff.operation:
            if "unaffected" in d.static_index:
                d.acting = c    # its effect applies now (Duel.unaffected: the primitives spare
            push(d, "steps", lid=lid, steps=eff.operation)    # the cards it does not affect)
    else:
        d.acting = -1
        lid = d.chain.pop()
        link = d.links.pop(lid)
        c = link["card"]
        data = d.data[c]
        if link["negated"] and "oath" in link["vars"]:
            # "the turn you activate this card" rules end when the activation is negated
            oath = link["vars"]["oath"]
            d.pflags = [x for x in d.pflags if x not in oath]
        if link["targets"] and not link["negated"] and "dies_when_targeted" in d.static_index:
            targeted_die(d, link)
        if link["card_act"] and d.loc[c] == SZONE and d.mid[c] == link["cmid"]:
            sub = data.subtype
            stays = sub in ("continuous", "field") or data.is_monster \
                or ((sub == "equip" or data.script.extra.get("equip_card")) and
                    d.equip[c] is not None) \
                or data.script.extra.get("stays")
            # (a Pendulum Monster Card stays in its Pendulum Zone; a card whose script says
            # "stays" remains on the field after it resolved: Swords of Revealing Light; one
            # whose script says "equip_card" stays once it is equipped: Blast with Chain)
            if not stays or link["negated"]:
                serial = d.serial     # not a new action: "When ..." triggers keep timing
                d.send([c], GY, K.R_RULE, link["player"])
                d.serial = serial
            elif sub == "field" and d.rules.one_field_spell and not d.pos[c] & FACEDOWN:
                one_field_spell(d, c)
        if "seen" in link and not link["negated"]:
            spell_resolved(d, link)
        if "after_resolve" in link["vars"] and not link["negated"]:
            link["vars"]["after_resolve"](d, link)   # (a card used as the hand: Graverobber)
        state_check(d)
        f["s"] = 0


_LEFT = ((FIELD, "left the field"), (GY, "left the Graveyard"), (HAND, "left the hand"),
         (K.BANISHED, "is no longer banished"), (K.DECK, "left the Deck"))


def lost_targets(d, link) -> str:
    """Why none of the targets of `link` can be affected any more, in words that are true and
    name no card: turned face-down by an effect that needed it face-up (Ring of Destruction
    after Book of Moon: still on the field), or gone from where it was (Duel.moved: where it
    came from)."""
    facedown = link.get("facedown", ())
    why = []
    for c, _ in link["targets"]:
        if any(x == c and d.mid[c] == m for x, m in facedown):
            why.append("was turned face-down")
            continue
        w = next((words for where, words in _LEFT if d.moved(c, came_from=where)), None)
        why.append(w or "is no longer where it was")
    if len(why) == 1:
        return f"its target {why[0]}"
    if len(set(why)) == 1:
        return f"its targets {why[0].replace('was ', 'were ').replace('is no', 'are no')}"
    return "none of its targets is still where it was"


def gy_effect_negated(d, link) -> bool:
    """The continuous rule `negate_gy_effects` (apply(duel, source, link) -> bool, or no apply:
    every such effect): the effect of a Chain Link activated in a Graveyard (the link's `from`)
    or targeting a card that is in a Graveyard as it resolves is negated (The End of Anubis)."""
    if link.get("from") != GY and not any(d.loc[t] == GY and d.mid[t] == m
                                          for t, m in link["targets"]):
        return False
    for src, eff in d.active_statics("negate_gy_effects"):
        if eff.apply is None or eff.apply(d, src, link):
            d.write(f"{d.card(src)} negates the effect of {d.name(link['card'])}")   # public
            return True
    return False


def targeting_negated(d, link) -> bool:
    """Continuous rules of monsters that negate an effect targeting them, checked as the
    effect resolves (apply(duel, source, link) -> bool, asked only when the effect targets
    the source): `negate_targeting` also destroys its card (Fiend Skull Dragon against Traps,
    Ryu Senshi against Spells; Infernalqueen Archfiend's die roll), `disable_targeting` only
    negates the effect (Chaos Command Magician), and `facedown_shield` works while its monster
    is face-down: the monster turns to face-up Defense Position and the activation is negated
    (2005's Big Shield Gardna)."""
    for src, eff in d.static_index.get("facedown_shield", ()):
        if d.loc[src] == MZONE and d.pos[src] == FACEDOWN_DEFENSE and \
                (src, d.mid[src]) in link["targets"] and eff.apply(d, src, link):
            d.set_position(src, DEFENSE)
            d.write(f"{d.card(src)} turns face-up and negates the activation of "
                    f"{d.name(link['card'])}")     # public: an activated card
            link["negated"] = True
            return True
    for key in ("negate_targeting", "disable_targeting"):
        for src, eff in d.active_statics(key):
            if (src, d.mid[src]) in link["targets"] and eff.apply(d, src, link):
                c = link["card"]
                d.write(f"{d.card(src)} negates the effect of {d.card(c)}")
                if key == "negate_targeting" and d.loc[c] & FIELD and d.mid[c] == link["cmid"]:
                    d.destroy([c], K.R_EFFECT, d.ctrl[src])
                return True
    return False


def targeted_die(d, link) -> None:
    """After an effect that targeted them has resolved (its activation not negated; its
    effect may have been), face-up monsters with a `dies_when_targeted` rule (apply(d, source,
    monster, link)) that are still on the field are destroyed (Spirit Reaper; no Chain). Targeted in the Damage Step before
    damage calculation: destroyed after it (`dies_after_calc` card rule, applied by the
    battle)."""
    doomed = []
    for t, tmid in link["targets"]:
        if d.mid[t] == tmid and d.loc[t] == MZONE and d.faceup(t) and \
                d.has_static("dies_when_targeted", t, link):
            doomed.append(t)
    if not doomed:
        return
    if d.attack is not None and d.phase == BATTLE and \
            d.step in (K.DS_START, K.DS_BEFORE_CALC, K.DS_CALC):
        for t in doomed:
            d.flag_card(t, "dies_after_calc")
        return
    d.write(f"{d.cards(doomed)} "
            f"{'is' if len(doomed) == 1 else 'are'} destroyed for being targeted")
    d.destroy(doomed, K.R_EFFECT)


def effect_applies(d, link, eff) -> bool:
    """Is the effect of this link still applied? (Negated by a continuous rule, or a card that
    must stay on the field has left it.)"""
    c = link["card"]
    data = d.data[c]
    if d.is_negated(c):
        d.write(f"{d.name(c)}: effect negated")     # public: an activated card
        return False
    if link["card_act"] and data.subtype in ("continuous", "field", "equip") \
            and d.mid[c] != link["cmid"] and not eff.off_field:
        d.write(f"{d.name(c)} left the field: no effect")    # public: an activated card
        return False
    return True


@proc
def steps(d, f):
    """Run an effect's steps (cost or operation) in order."""
    i = f.get("i", 0)
    seq = f["steps"]
    if i >= len(seq):
        pop(d)
        return
    f["i"] = i + 1
    link = d.links.get(f["lid"])
    if link is None:
        pop(d)
        return
    seq[i](d, link)


@proc
def ask_into(d, f):
    """Ask a decision made while an effect is applied; store the answer in link vars."""
    if f["s"] == 0:
        f["s"] = 1
        dec = f["dec"]
        if dec is None:         # a selection too large to list: asked card by card
            d.ask_select(f["player"], f["sel"], f["prompt"], f["source"])
        else:
            d.pending = dec
        return
    a = d.answer
    link = d.links.get(f["lid"])
    if link is not None:
        if a.verb == "choose":
            link["vars"][f["into"]] = a.cards
        elif a.verb in ("yes", "no"):
            link["vars"][f["into"]] = a.verb == "yes"
        else:
            link["vars"][f["into"]] = a.arg
    pop(d)


def state_check(d) -> None:
    """Rules applied at once after each action (each Chain Link, Summon, attack, change of
    battle position: by hand, by an effect, by a Flip Summon): equips on a monster that left
    or turned face-down are destroyed; continuous position locks (Dragon Capture Jar); cards
    that destroy themselves in some state (Berserk Gorilla in face-up Defense Position)."""
    gone, refused = [], []
    equip = d.equip
    statics = d.static_index
    rejects = d.active_statics("rejects_equip") if "rejects_equip" in statics else ()
    for p in (0, 1) if equip.count(None) != len(equip) else ():   # (is anything equipped?)
        for c in d.sts[p]:
            if equip[c] is not None and d.data[c].subtype == "equip" and \
                    not d.pos[c] & FACEDOWN:
                t = equip[c]
                if d.loc[t[0]] != MZONE or d.pos[t[0]] & FACEDOWN or d.mid[t[0]] != t[1]:
                    gone.append(c)
                elif rejects and d.applies(rejects, t[0], c):
                    refused.append(c)    # (Gearfried the Iron Knight: by its effect)
    if gone:
        d.destroy(gone, K.R_RULE)
    if refused:
        d.destroy([c for c in refused if d.loc[c] == SZONE], K.R_EFFECT)
    for src, eff in d.active_statics("force_defense") if "force_defense" in statics else ():
        for c in d.all_monsters():                        # (Dragon Capture Jar)
            if d.pos[c] == ATTACK and eff.apply(d, src, c) and not d.unaffected(c, src):
                d.set_position(c, DEFENSE)
                d.write(f"{d.card(c)} is changed to Defense Position")
    for src, eff in d.active_statics("force_attack") if "force_attack" in statics else ():
        for c in d.all_monsters():                        # (Final Attack Orders)
            if d.pos[c] == DEFENSE and eff.apply(d, src, c) and not d.unaffected(c, src):
                d.set_position(c, ATTACK)
                d.write(f"{d.card(c)} is changed to Attack Position")
    if "destroy_self" in statics:       # "destroy this card while ..." (Berserk Gorilla: also
        doomed = [src for src, eff in d.active_statics("destroy_self")     # in the position
                  if eff.apply is None or eff.apply(d, src)]               # just forced on it)
        if doomed:
            d.destroy(doomed, K.R_EFFECT)
    hook = d.options.get("state_hooks")
    if hook:
        for h in hook:
            h(d)
