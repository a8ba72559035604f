"""The flow of a duel: turns, phases, summons, battle, chains and windows.

Each procedure is a function `proc(duel, frame)` over a small dict frame on `duel.stack`,
re-entered step by step (`frame["s"]`). A procedure that needs a decision sets
`duel.pending` and returns; the answer is in `duel.answer` when it is re-entered. Procedures
push child frames for sub-procedures and pop themselves when done. Nothing else holds state,
so a duel can be cloned at any decision.
"""
from __future__ import annotations

from itertools import permutations

from . import const as K
from .const import (HAND, MZONE, SZONE, GY, FIELD, ATTACK, FACEDOWN, DEFENSE,
                    FACEDOWN_DEFENSE, FACEUP, MAIN1, MAIN2, BATTLE, END)
from .decision import (Option, ACTION, RESPONSE, SELECT, ORDER, CALL, FIRST, POSITION,
                       SUMMON_OPTS, SET_OPTS, FLIP_OPTS, CHANGE_OPTS, ACTIVATE_OPTS,
                       attack_option)
from .decision import ZONE as K_ZONE
from .effects import ACTIVATE, FLIP, IGNITION, N_PHASES

PROCS = {}


def proc(fn):
    PROCS[fn.__name__] = fn
    return fn


def push(d, name: str, **kw) -> dict:
    f = {"p": name, "s": 0}
    f.update(kw)
    d.stack.append(f)
    return f


def run(d) -> None:
    """Run the duel until it waits for a decision or ends."""
    stack = d.stack
    procs = PROCS
    while d.pending is None and d.winner is None and stack:
        f = stack[-1]
        procs[f["p"]](d, f)
        if d.lp_out:          # LP reached 0 during this step: both at once is a draw
            d.check_state()


def pop(d) -> None:
    d.stack.pop()


# ===================================================================== setup and turns
@proc
def start(d, f):
    s = f["s"]
    if s == 0:
        chooser = d.options.get("chooser")
        if chooser is not None:     # a later Duel of a Match: the loser of the last one chooses
            f["s"] = 2
            f["winner"] = chooser
            d.write(f"No coin toss: {d.names[chooser]} chooses who goes first")
            d.ask(chooser, FIRST, [Option("go", (), "first"), Option("go", (), "second")],
                  "go first or second?")
            return
        f["s"] = 1
        d.ask(0, CALL, [Option("call", (), "heads"), Option("call", (), "tails")],
              "call the coin toss")
    elif s == 1:
        called = d.answer.arg
        result = "heads" if d.rng.coin() == 0 else "tails"
        winner = 0 if called == result else 1
        d.write(f"Coin toss: {result}; {d.names[winner]} wins the toss")
        f["s"] = 2
        d.ask(winner, FIRST, [Option("go", (), "first"), Option("go", (), "second")],
              "go first or second?")
        f["winner"] = winner
    else:
        first = f["winner"] if d.answer.arg == "first" else 1 - f["winner"]
        d.write(f"{d.names[first]} goes first")
        for p in (first, 1 - first):
            d.draw(p, 5)
        d.tp = 1 - first   # begin_turn switches
        pop(d)
        push(d, "turn", s=0)


@proc
def turn(d, f):
    s = f["s"]
    if s == 0:                                   # a new turn
        if d.turn >= d.options.get("turn_cap", 500):
            d.winner = "draw"
            d.win_reason = K.WIN_TURN_CAP
            d.write(f"Turn limit ({d.turn}) reached: the duel is a draw")
            return
        d.turn += 1
        d.tp = 1 - d.tp
        d.ns_used = [0, 0]
        d.ns_extra = [0, 0]
        d.used.clear()
        d.phase = K.DRAW
        d.write(f"--- Turn {d.turn}: {d.names[d.tp]} ---")
        f["s"] = 1
    elif s == 1:                                 # Draw Phase
        d.phase = K.DRAW
        d.events.clear()
        if d.turn > 1 or d.options.get("first_turn_draw"):
            d.draw(d.tp, 1)         # (drawing the last Exodia piece wins: see Duel.place)
        f["s"] = 2
        phase_window(d)
    elif s == 2:                                 # Standby Phase
        d.phase = K.STANDBY
        d.events.clear()
        for src, eff in d.active_statics("maintenance"):   # costs to keep a card: no chain
            eff.apply(d, src)
        d.raise_event(K.EV_STANDBY, -1, d.tp, K.R_RULE)
        f["s"] = 3
        phase_window(d)
    elif s == 3:                                 # Main Phase 1
        d.phase = MAIN1
        f["s"] = 4
        push(d, "main")
    elif s == 4:
        if f.pop("next", "end") == "battle":
            d.phase = BATTLE
            f["s"] = 5
            push(d, "battle")
        else:
            f["s"] = 7
    elif s == 5:
        if f.pop("next", "end") == "main2":
            d.phase = MAIN2
            f["s"] = 7
            push(d, "main")
        else:
            f["s"] = 7
    elif s == 7:                                 # End Phase
        d.phase = END
        d.step = 0
        d.events.clear()
        return_control(d)
        d.raise_event(K.EV_END_PHASE, -1, d.tp, K.R_RULE)
        f["s"] = 8
        phase_window(d)
    elif s == 8:                                 # hand size limit
        extra = len(d.hand[d.tp]) - d.options.get("hand_limit", 6)
        if extra > 0:
            f["s"] = 9
            d.ask(d.tp, SELECT, d.select_options(d.hand[d.tp], extra),
                  f"discard {extra} card{'s' if extra > 1 else ''} (hand size limit)")
        else:
            f["s"] = 10
    elif s == 9:
        d.send(d.answer.cards, GY, K.R_DISCARD | K.R_RULE, d.tp)
        f["s"] = 10
        push(d, "triggers")
    elif s == 10:                                # the turn ends
        t = d.turn
        if d.mods:
            d.mods = [m for m in d.mods if m[4] > t]
        if d.pflags:
            d.pflags = [x for x in d.pflags if x[2] > t]
        f["s"] = 0


def phase_window(d) -> None:
    """At a point of a phase: pending triggers, then both players may respond (the turn
    player first)."""
    open_window(d, d.tp, True)


def open_window(d, first: int, reopen: bool) -> None:
    """Pending triggers, then a response window (`first` has priority). With no trigger
    pending and no chain, a window in which neither player can activate anything would only
    pass twice: it is not opened at all."""
    if not d.trig_q and not d.chain:
        push_window(d, first, reopen)
        return
    push(d, "window", cur=first, reopen=reopen, passes=0)
    push(d, "triggers")


def push_window(d, first: int, reopen: bool = False) -> bool:
    """With no chain: open a response window where `first` has priority, unless both players
    would only pass. The first responder's options, found while deciding, are handed to the
    window (not worked out twice). Returns whether a window was opened."""
    live = d.live           # (a player with no card where it could respond cannot act)
    for p in (first, 1 - first):
        if live[p]:
            opts = activatable(d, p, False)
            if opts:
                push(d, "window", cur=p, reopen=reopen, passes=0 if p == first else 1,
                     pre=tuple(opts))
                return True
    return False


def return_control(d) -> None:
    """Control changes "until the End Phase" end now."""
    keep = []
    for c, mid, p, t in d.returns:
        if d.mid[c] != mid:
            continue
        if t <= d.turn:
            if d.ctrl[c] != p and d.loc[c] == MZONE:
                if not d.free_mzones(p):      # (never to an Extra Monster Zone)
                    d.send([c], GY, K.R_RULE, p)    # no zone to return to
                    continue
                d.set_control(c, p)
                d.write(f"{d.name(c)} returns to {d.names[p]}'s control")
        else:
            keep.append((c, mid, p, t))
    d.returns = keep


# ===================================================================== Main Phase
@proc
def main(d, f):
    s = f["s"]
    if s == 0:
        d.events.clear()
        if d.pending is None:
            d.ask(d.tp, ACTION, idle_options(d), "your move")
        f["s"] = 1
    elif s == 1:
        a = d.answer
        v = a.verb
        f["s"] = 0
        if v == "summon" or (v == "set" and d.data[a.cards[0]].is_monster):
            push(d, "normal_summon", c=a.cards[0], set=(v == "set"))
        elif v == "set":
            set_spell_trap(d, a.cards[0], d.tp)
        elif v == "flip":
            push(d, "flip_summon", c=a.cards[0])
        elif v == "change":
            c = a.cards[0]
            new = ATTACK if d.pos[c] & DEFENSE else DEFENSE
            d.set_position(c, new)
            d.write(f"{d.names[d.tp]} changes {d.name(c)} to "
                    f"{'Attack' if new == ATTACK else 'Defense'} Position")
        elif v == "activate":
            start_activation(d, a.cards[0], a.arg, d.tp)
        elif v == "phase":
            f.pop("acted", None)
            f["next"] = a.arg
            f["s"] = 2
            if not push_window(d, 1 - d.tp):     # no one can respond: the phase ends
                d.stack[-2]["next"] = a.arg
                pop(d)
                return
        elif v == "synchro" or v == "xyz" or v == "link" or v == "pendulum":
            push(d, "extra_summon", kind=v, cards=a.cards)
    elif s == 2:
        if f.pop("acted", False):
            f["s"] = 0          # the opponent responded: the turn player acts again
        else:
            d.stack[-2]["next"] = f["next"]
            pop(d)


PHASE_BATTLE = Option("phase", (), "battle")
PHASE_MAIN2 = Option("phase", (), "main2")
PHASE_END = Option("phase", (), "end")
PASS = Option("pass")


def idle_options(d) -> list[Option]:
    """The turn player's free choices in a Main Phase."""
    p = d.tp
    opts: list[Option] = []
    seen = set()
    can_ns = d.ns_used[p] < 1 + d.ns_extra[p]
    room = {0: -1 in d.mzone[p]}            # tributes needed -> room to summon?
    free_s = -1 in d.szone[p][:5]
    ns_tributes = d.ns_tributes
    for c in d.hand[p]:
        data = d.data[c]
        key = data.name
        if key in seen:
            continue
        seen.add(key)
        if data.is_monster:
            n = ns_tributes[c]
            if can_ns and n >= 0:
                ok = room.get(n)
                if ok is None:
                    ok = room[n] = summon_room(d, p, n)
                if ok:
                    opts.append(SUMMON_OPTS[c])
                    opts.append(SET_OPTS[c])
        elif data.subtype == "field":
            opts.append(SET_OPTS[c])
        elif free_s:
            opts.append(SET_OPTS[c])
    opts.extend(activatable(d, p, True))
    t = d.turn
    locks = None            # continuous effects that forbid position changes (looked up once)
    turn_in, pos_turn = d.turn_in, d.pos_turn
    for c in d.monsters(p):
        if turn_in[c] == t or pos_turn[c] == t:
            continue
        if d.pos[c] == FACEDOWN_DEFENSE:
            opts.append(FLIP_OPTS[c])
        elif d.attacked[c] != t and not d.data[c].link_arrows:   # a Link Monster stays in ATK
            if locks is None:
                locks = d.active_statics("no_position_change")
            if not (locks and d.applies(locks, c)):
                opts.append(CHANGE_OPTS[c])
    hook = d.options.get("extra_summons")
    if hook:
        opts.extend(hook(d, p))
    if d.phase == MAIN1 and d.turn > 1 and not (d.pflags and d.player_flag(p, "no_battle_phase")):
        opts.append(PHASE_BATTLE)
    opts.append(PHASE_END)
    return opts


def tributes_needed(d, c) -> int:
    return tributes_for_level(d.data[c].level)


def tributes_for_level(lv: int) -> int:
    """Tributes for a Normal Summon: Level 5-6 one, 7 or more two."""
    return 0 if lv <= 4 else (1 if lv <= 6 else 2)


def tribute_candidates(d, p) -> list[int]:
    out = list(d.monsters(p))
    forced = forced_tributes(d, p)
    for c in d.monsters(1 - p):
        if c in forced or d.has_static("tributable_by", c, p):
            out.append(c)
    return out


def forced_tributes(d, p) -> list[int]:
    """Opponent's monsters that p must Tribute this turn if p Tributes, as if p controlled
    them (Soul Exchange): player flags ("must_tribute", card, identity)."""
    if not d.pflags:
        return []
    out = []
    for q, k, until in d.pflags:
        if q == p and until >= d.turn and type(k) is tuple and k[0] == "must_tribute":
            c = k[1]
            if d.mid[c] == k[2] and d.loc[c] == MZONE and d.ctrl[c] != p and c not in out:
                out.append(c)
    return out


def tribute_options(d, p, n) -> list[Option]:
    """The legal choices of n Tributes for player p."""
    forced = forced_tributes(d, p)
    test = None
    if forced:
        k = min(len(forced), n)
        test = lambda combo: sum(1 for x in combo if x in forced) >= k
    if not d.free_mzones(p):       # the Tributes must free a Main Monster Zone
        def room(combo, t=test):
            return any(d.ctrl[x] == p and d.seq[x] < K.EMZ_BASE for x in combo) and \
                (t is None or t(combo))
        test = room
    return d.select_options(tribute_candidates(d, p), n, None, test)


def can_normal_summon(d, c, p) -> bool:
    n = d.ns_tributes[c]
    return n >= 0 and summon_room(d, p, n)


def can_normal_summon_any(d, p) -> bool:
    """Could player p Normal Summon or Set some monster in their hand?"""
    room = {}                               # tributes needed -> room to summon?
    ns_tributes = d.ns_tributes
    for c in d.hand[p]:
        n = ns_tributes[c]
        if n >= 0:
            ok = room.get(n)
            if ok is None:
                ok = room[n] = summon_room(d, p, n)
            if ok:
                return True
    return False


def normal_summon_allowed(data) -> bool:
    """What the card itself allows: may it be Normal Summoned or Set at all?"""
    if data.is_extra_deck or "ritual" in data.frames or "token" in data.frames:
        return False
    return data.script is None or not data.script.extra.get("no_normal_summon")


def normal_summon_tributes(data) -> int:
    """The Tributes a Normal Summon or Set of this card needs, or -1 if it never may be."""
    if not data.is_monster or not normal_summon_allowed(data):
        return -1
    return tributes_for_level(data.level)


def summon_room(d, p, n) -> bool:
    """Can player p make a Normal Summon that needs n Tributes (a free Main Monster Zone, or
    one the Tributes free; enough Tributes, the forced ones counted)?"""
    if n == 0:
        return -1 in d.mzone[p]
    cands = tribute_candidates(d, p)
    if len(cands) < n:
        return False
    own = sum(1 for x in cands if d.ctrl[x] == p and d.seq[x] < K.EMZ_BASE)
    n -= min(len(forced_tributes(d, p)), n)
    return len(d.free_mzones(p)) + min(own, n) >= 1


def set_spell_trap(d, c, p) -> None:
    if d.data[c].subtype == "field":
        old = d.szone[p][K.FIELD_ZONE]
        if old >= 0:                 # a new Field Spell sends the old one to the GY
            d.send([old], GY, K.R_RULE, p)
        d.place(c, SZONE, p, K.FIELD_ZONE, FACEDOWN)
    else:
        d.place(c, SZONE, p, pos=FACEDOWN)
    d.write(f"{d.names[p]} sets a Spell/Trap card")


# ===================================================================== summons
@proc
def normal_summon(d, f):
    s = f["s"]
    c = f["c"]
    p = d.tp if "player" not in f else f["player"]
    if s == 0:
        n = tributes_needed(d, c)
        f["s"] = 2
        if n:
            f["s"] = 1
            d.ask(p, SELECT, tribute_options(d, p, n),
                  f"choose {n} monster{'s' if n > 1 else ''} to Tribute for {d.name(c)}",
                  source=c)
    elif s == 1:
        d.serial += 1
        d.send(d.answer.cards, GY, K.R_TRIBUTE | K.R_SUMMON, p)
        f["s"] = 2
        f["tributed"] = True
    elif s == 2:
        if not f.get("extra"):
            d.ns_used[p] += 1
        is_set = f["set"]
        pos = FACEDOWN_DEFENSE if is_set else ATTACK
        if not d.chain:
            d.events.clear()
        d.serial += 1
        d.place(c, MZONE, p, pos=pos)
        d.summon[c] = K.SUM_SET if is_set else (K.SUM_TRIBUTE if f.get("tributed") else K.SUM_NORMAL)
        if is_set:
            d.write(f"{d.names[p]} sets a monster")
        else:
            d.write(f"{d.names[p]} {'Tribute' if f.get('tributed') else 'Normal'} Summons "
                    f"{d.name(c)} ({d.atk(c)} ATK)")
            d.raise_event(K.EV_NORMAL_SUMMONED, c, p, K.R_SUMMON)
        pop(d)
        if not d.chain:        # a summon while a chain resolves waits for the chain's end
            after_action(d, first=d.tp)
        else:                  # ... then both players may respond to it
            for w in reversed(d.stack):
                if w["p"] == "window":
                    w["respond"] = True
                    break


@proc
def flip_summon(d, f):
    c = f["c"]
    d.events.clear()
    d.set_position(c, ATTACK)
    d.write(f"{d.names[d.ctrl[c]]} Flip Summons {d.name(c)}")
    d.raise_event(K.EV_FLIP_SUMMONED, c, d.ctrl[c], K.R_SUMMON)
    pop(d)
    after_action(d, first=d.tp)


def after_action(d, first: int) -> None:
    """After a summon or attack: triggers, then a response window (`first` has priority)."""
    state_check(d)
    open_window(d, first, False)


@proc
def special_summon(d, f):
    """Special Summon f["cards"] (a tuple) for f["player"]; each asks a position unless
    f["pos"] fixes it. Events are raised together at the end (a simultaneous summon)."""
    cards = f["cards"]
    i = f.get("i", 0)
    p = f["player"]
    if f["s"] == 1:
        place_special(d, cards[i], p, ATTACK if d.answer.arg == "attack" else DEFENSE, f)
        i += 1
        f["i"] = i
        f["s"] = 0
    if f["s"] == 2:
        f["zone"] = zone_seq(d.answer.arg, p)
        f["s"] = 0
    while i < len(cards):
        c = cards[i]
        zones = d.summon_zones(p, c)
        if not zones or d.loc[c] == MZONE:
            i += 1
            f["i"] = i
            continue
        if f.get("zone") is None and len(zones) > 1 and (d.loc[c] == K.EXTRA or d.linked_zones(p)
                                                          or d.linked_zones(1 - p)):
            f["s"] = 2
            d.ask(p, K_ZONE, zone_options(zones), f"choose a zone for {d.name(c)}", source=c)
            return
        if f.get("zone") is None:
            f["zone"] = zones[0]
        pos = f.get("pos")
        if d.data[c].link_arrows:
            pos = ATTACK        # a Link Monster is always summoned in Attack Position
        if pos is None:
            f["s"] = 1
            d.ask(p, POSITION, [Option("position", (), "attack"), Option("position", (), "defense")],
                  f"choose a position for {d.name(c)}", source=c)
            return
        place_special(d, c, p, pos, f)
        i += 1
        f["i"] = i
    for c in f.get("done", ()):
        d.raise_event(K.EV_SPECIAL_SUMMONED, c, p, K.R_SUMMON)
    pop(d)


def zone_options(zones) -> list[Option]:
    seen, out = set(), []
    for z in zones:
        name = "emz" if z >= K.EMZ_BASE else f"m{z + 1}"
        if name not in seen:
            seen.add(name)
            out.append(Option("zone", (), name))
    return out


def zone_seq(name: str, p: int) -> int:
    if name == "emz":
        return K.EMZ_BASE + (0 if p == 0 else 1)   # the left one as p sees it
    return int(name[1]) - 1


def place_special(d, c, p, pos, f) -> None:
    d.serial += 1
    zone = f.pop("zone", None)
    if zone is not None and zone >= K.EMZ_BASE and d.emz[zone - K.EMZ_BASE] >= 0:
        zone = next((z for z in d.summon_zones(p, c) if z >= K.EMZ_BASE), None)   # the other one
    if zone is None or (zone < K.EMZ_BASE and d.mzone[p][zone] >= 0):
        zs = d.summon_zones(p, c)
        zone = zs[0] if zs else None
    if zone is None:
        return
    d.place(c, MZONE, p, zone, pos=pos)
    d.summon[c] = f.get("how", K.SUM_SPECIAL)
    d.write(f"{d.names[p]} Special Summons {d.name(c)} in "
            f"{'Attack' if pos == ATTACK else 'Defense'} Position")
    f["done"] = f.get("done", ()) + (c,)


# ===================================================================== activation & chains
def start_activation(d, c: int, ei: int, p: int) -> None:
    """The turn player's free activation: the opponent may respond first."""
    push(d, "window", cur=1 - p, reopen=False, passes=0)
    push(d, "activate", c=c, ei=ei, player=p)




def can_activate(d, c: int, ei: int, eff, p: int, open_state: bool) -> bool:
    """May player p activate effect ei (`eff`) of card c now? The caller (activatable) has
    checked already that the effect works where the card is (its range) and in this phase
    (its periods)."""
    data = d.data[c]
    kind = eff.kind
    loc = d.loc[c]
    if eff.events and not has_event(d, eff.events):
        return False        # "When ...": the event did not just happen
    chain = d.chain
    speed = eff.speed
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
        elif not eff.damage_step:
            return False
        elif d.step > K.DS_CALC and speed < 3 and kind == ACTIVATE:
            return False    # ATK/DEF changers: only until damage calculation
    if kind == ACTIVATE:
        pos = d.pos[c]
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
        if data.is_trap and d.has_static("no_trap_activation", p):
            return False
    else:
        if loc & FIELD and d.pos[c] & FACEDOWN:
            return False
        if d.is_negated(c):
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
    probe = {"card": c, "player": p, "ei": ei, "vars": {}, "events": d.events, "event": None}
    if eff.condition is not None and not eff.condition(d, probe):
        return False
    if eff.can_pay is not None and not eff.can_pay(d, probe):
        return False
    if eff.target is not None and not eff.target.possible(d, probe):
        return False
    return True


def has_event(d, etypes) -> bool:
    """Is there an event of one of these types in the current window?"""
    for e in d.events:
        if e[0] in etypes:
            return True
    return False


def opt_key(d, c: int, ei: int, p: int):
    """What a once-per-turn effect marks as used: the card itself, or with
    once_per_turn="name" every card of that name for player p ("You can only use this effect
    of ... once per turn" binds each player separately)."""
    if d.data[c].script.effects[ei].once_per_turn == "name":
        return (d.data[c].name, ei, p)
    return (c, ei)


def activatable(d, p: int, open_state: bool) -> list[Option]:
    """Every effect player p may activate now, as `activate` Options. Only the effects that
    could be legal at this kind of moment are looked at: all of them in the turn player's open
    state, Spell Speed 2+ in response windows, Damage Step ones in the Damage Step; and only
    those that work where the card is and in this phase."""
    if d.phase == BATTLE and d.attack is not None and d.step >= K.DS_START:
        table = d.eis_ds
        anywhere = d.eis_where[2]
    elif open_state:
        table = d.eis_open
        anywhere = d.eis_where[0]
    else:
        table = d.eis_fast
        anywhere = d.eis_where[1]
    now = 1 << (d.phase if d.tp == p else d.phase + N_PHASES)    # the bit of Effect.periods
    out = []
    if anywhere & HAND:
        seen = set()
        for c in d.hand[p]:
            entries = table[c]
            if entries:
                name = d.data[c].name
                if name in seen:
                    continue
                for ei, eff, where, _ in entries:
                    if where & HAND and eff.periods & now and \
                            can_activate(d, c, ei, eff, p, open_state):
                        seen.add(name)
                        out.append(ACTIVATE_OPTS[c][ei])
    if anywhere & SZONE:
        turn = d.turn
        pos = d.pos
        for c in d.sts[p]:
            entries = table[c]
            if not entries:
                continue
            facedown = pos[c] & FACEDOWN
            if facedown and d.turn_in[c] == turn:
                data = d.data[c]
                if data.is_trap or data.subtype == "quickplay":
                    continue     # Set this turn: not yet
            for ei, eff, where, card_act in entries:
                if card_act and not facedown:
                    continue     # a face-up card's activation has been made already
                if where & SZONE and eff.periods & now and \
                        can_activate(d, c, ei, eff, p, open_state):
                    out.append(ACTIVATE_OPTS[c][ei])
    if anywhere & MZONE:
        for c in d.monsters(p):
            for ei, eff, where, _ in table[c]:
                if where & MZONE and eff.periods & now and \
                        can_activate(d, c, ei, eff, p, open_state):
                    out.append(ACTIVATE_OPTS[c][ei])
    for c in d.gy_effects[p]:
        if d.loc[c] == GY:
            for ei, eff, where, _ in table[c]:
                if where & GY and eff.periods & now and \
                        can_activate(d, c, ei, eff, p, open_state):
                    out.append(ACTIVATE_OPTS[c][ei])
    return out


@proc
def window(d, f):
    """Players may activate effects (f["cur"] first); when both pass in a row the chain
    resolves. With reopen, the turn player gets priority again after each chain."""
    s = f["s"]
    if s == 0:
        live = d.live
        if not (live[0] or live[1]):
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
                opts = activatable(d, p, False) if live[p] else None
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


def new_link(d, c: int, ei: int, p: int, event=None) -> int:
    lid = d.next_lid
    d.next_lid += 1
    eff = d.data[c].script.effects[ei]
    d.links[lid] = {"card": c, "ei": ei, "player": p, "targets": (), "vars": {},
                    "negated": False, "speed": eff.speed, "event": event,
                    "events": tuple(d.events), "card_act": eff.kind == ACTIVATE,
                    "cmid": d.mid[c]}
    return lid


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
        if eff.kind == ACTIVATE:
            if d.loc[c] == HAND:
                if data.subtype == "field":
                    old = d.szone[p][K.FIELD_ZONE]
                    if old >= 0:
                        d.send([old], GY, K.R_RULE, p)
                    d.place(c, SZONE, p, K.FIELD_ZONE, FACEUP)
                elif data.is_monster:   # a Pendulum Monster Card: to a Pendulum Zone (s1/s5)
                    d.place(c, SZONE, p, 0 if d.szone[p][0] < 0 else 4, FACEUP)
                else:
                    d.place(c, SZONE, p, pos=FACEUP)
            else:
                d.pos[c] = FACEUP
            link["cmid"] = d.mid[c]
        d.write(f"{d.names[p]} activates {d.name(c)}"
                + (f" ({eff.label})" if eff.label and eff.kind != ACTIVATE else ""))
        if eff.once_per_turn:
            d.used.add(opt_key(d, c, ei, p))
        f["s"] = 1
        if eff.cost:
            push(d, "steps", lid=lid, steps=eff.cost)
    elif s == 1:
        link = d.links[f["lid"]]
        f["s"] = 2
        if eff.target is not None:
            t = eff.target
            d.ask(p, SELECT, t.options(d, link), f"{d.name(c)}: {t.prompt}", source=c)
    else:
        link = d.links[f["lid"]]
        if eff.target is not None:
            link["targets"] = tuple((x, d.mid[x]) for x in d.answer.cards)
            if link["targets"]:
                d.write(f"  targeting {', '.join(d.name(x) for x in d.answer.cards)}")
        d.chain.append(f["lid"])
        d.raise_event(K.EV_ACTIVATE, c, p, K.R_EFFECT, f["lid"])
        pop(d)


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
            d.write(f"{d.name(c)}: activation negated")
            return
        if not effect_applies(d, link, eff):
            return
        if eff.target is not None and link["targets"] and \
                not any(d.still(t) for t in link["targets"]):
            d.write(f"{d.name(c)} resolves with no effect (its target is gone)")
            return
        if eff.operation:
            push(d, "steps", lid=lid, steps=eff.operation)
    else:
        lid = d.chain.pop()
        link = d.links.pop(lid)
        c = link["card"]
        data = d.data[c]
        if link["card_act"] and d.loc[c] == SZONE and d.mid[c] == link["cmid"]:
            sub = data.subtype
            stays = sub in ("continuous", "field") or (sub == "equip" and d.equip[c] is not None) \
                or data.is_monster      # a Pendulum Monster Card stays in its Pendulum Zone
            if not stays or link["negated"]:
                serial = d.serial     # not a new action: "When ..." triggers keep timing
                d.send([c], GY, K.R_RULE, link["player"])
                d.serial = serial
        state_check(d)
        f["s"] = 0


def effect_applies(d, link, eff) -> bool:
    """Is the effect of this link still applied? (Negated by a continuous rule, or a card that
    must stay on the field has left it.)"""
    c = link["card"]
    data = d.data[c]
    if d.is_negated(c) and (d.loc[c] & FIELD):
        d.write(f"{d.name(c)}: effect negated")
        return False
    if link["card_act"] and data.subtype in ("continuous", "field", "equip") \
            and d.mid[c] != link["cmid"]:
        d.write(f"{d.name(c)} left the field: no effect")
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
        d.pending = f["dec"]
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
    """Rules applied at once after each action: equips on a monster that left or turned
    face-down are destroyed; continuous position locks (Dragon Capture Jar)."""
    gone = []
    equip = d.equip
    for p in (0, 1) if equip.count(None) != len(equip) else ():   # (is anything equipped?)
        for c in d.sts[p]:
            if equip[c] is not None and d.data[c].subtype == "equip" and \
                    not d.pos[c] & FACEDOWN:
                t = equip[c]
                if d.loc[t[0]] != MZONE or d.pos[t[0]] & FACEDOWN or d.mid[t[0]] != t[1]:
                    gone.append(c)
    if gone:
        d.destroy(gone, K.R_RULE)
    for src, eff in d.active_statics("force_defense"):    # Dragon Capture Jar
        for c in d.all_monsters():
            if d.pos[c] == ATTACK and eff.apply(d, src, c):
                d.set_position(c, DEFENSE)
                d.write(f"{d.name(c)} is changed to Defense Position")
    hook = d.options.get("state_hooks")
    if hook:
        for h in hook:
            h(d)


# ===================================================================== triggers
@proc
def triggers(d, f):
    """Put pending trigger effects on a new chain in the rulebook's order: turn player's
    mandatory, opponent's mandatory, turn player's optional, opponent's optional."""
    s = f["s"]
    if s == 0:
        in_calc = d.attack is not None and d.phase == BATTLE and \
            d.step in (K.DS_START, K.DS_BEFORE_CALC, K.DS_CALC)
        ready, wait = [], []
        for t in d.trig_q:
            (wait if (t[3] and in_calc) else ready).append(t)
        d.trig_q = wait
        if not ready:
            pop(d)
            return
        groups = ([], [], [], [])
        taken = set()
        for cid, ei, ev, _ in ready:
            eff = d.data[cid].script.effects[ei]
            if eff.misses_timing and ev[5] != d.serial:
                continue
            if not eff.range & d.loc[cid] and not (eff.kind == FLIP):
                continue
            p = d.ctrl[cid] if d.loc[cid] & FIELD else d.owner[cid]
            probe = {"card": cid, "player": p, "ei": ei, "vars": {}, "event": ev,
                     "events": (ev,)}
            if eff.target is not None and not eff.target.possible(d, probe):
                continue
            if eff.once_per_turn:
                key = opt_key(d, cid, ei, p)
                if key in d.used or key in taken:
                    continue
                taken.add(key)
            if d.pflags and d.player_flag(p, ("no_activate", d.data[cid].name)):
                continue
            g = (0 if p == d.tp else 1) + (0 if not eff.optional else 2)
            groups[g].append((cid, ei, ev))
        f["groups"] = tuple(tuple(g) for g in groups)
        f["g"] = 0
        f["s"] = 1
        f["added"] = 0
    elif s == 1:
        g = f["g"]
        if g >= 4:
            pop(d)
            if f["added"]:
                d.stack[-1]["built"] = True
                last_p = d.links[d.chain[-1]]["player"]
                push(d, "window", cur=1 - last_p, reopen=True, passes=0)
            return
        group = f["groups"][g]
        p = d.tp if g % 2 == 0 else 1 - d.tp
        if not group:
            f["g"] = g + 1
            return
        if g < 2:                                    # mandatory: all, in an order
            if len(group) == 1:
                f["g"] = g + 1
                add_trigger(d, f, group[0], p)
                return
            opts = [Option("order", tuple(x[0] for x in perm), tuple(perm))
                    for perm in permutations(group)][:120]
            f["s"] = 2
            d.ask(p, ORDER, opts, "order your trigger effects on the chain")
        else:                                         # optional: activate any, one by one
            opts = [Option("activate", (x[0],), x) for x in group]
            opts.append(Option("pass"))
            f["s"] = 3
            d.ask(p, RESPONSE, opts, "activate a trigger effect?")
    elif s == 2:
        order = d.answer.arg
        f["s"] = 1
        f["g"] += 1
        p = d.tp if (f["g"] - 1) % 2 == 0 else 1 - d.tp
        for item in reversed(order):       # pushed last runs first: Chain Link order kept
            f["added"] += 1
            push(d, "activate", c=item[0], ei=item[1], player=p, event=item[2])
    elif s == 3:
        a = d.answer
        g = f["g"]
        p = d.tp if g % 2 == 0 else 1 - d.tp
        f["s"] = 1
        if a.verb == "pass":
            f["g"] = g + 1
            return
        item = a.arg
        rest = tuple(x for x in f["groups"][g] if x != item)
        groups = list(f["groups"])
        groups[g] = rest
        f["groups"] = tuple(groups)
        add_trigger(d, f, item, p)


def add_trigger(d, f, item, p) -> None:
    f["added"] += 1
    push(d, "activate", c=item[0], ei=item[1], player=p, event=item[2])


# ===================================================================== battle
@proc
def battle(d, f):
    s = f["s"]
    if s == 0:
        d.step = K.START_STEP
        d.events.clear()
        f["s"] = 1
        phase_window(d)
    elif s == 1:
        d.step = K.BATTLE_STEP
        d.attack = None
        d.events.clear()
        f["s"] = 2
        d.ask(d.tp, ACTION, battle_options(d, f.get("replay")), "attack?")
    elif s == 2:
        a = d.answer
        v = a.verb
        if v == "attack":
            atk, tgt = a.cards[0], a.arg
            f.pop("replay", None)
            d.attacked[atk] = d.turn
            d.attack = (atk, -1 if tgt is None else tgt, d.count_monsters(1 - d.tp),
                        d.mid[atk], -1 if tgt is None else d.mid[tgt])
            d.serial += 1
            d.write(f"{d.name(atk)} attacks " +
                    ("directly" if tgt is None else
                     (d.name(tgt) if d.faceup(tgt) else "a face-down monster")))
            d.raise_event(K.EV_ATTACK, atk, d.tp, K.R_RULE, tgt)
            f["s"] = 4
            after_action(d, first=d.tp)
        elif v == "activate":
            f["s"] = 1
            start_activation(d, a.cards[0], a.arg, d.tp)
        else:
            f.pop("acted", None)
            f.pop("replay", None)
            f["next"] = a.arg
            f["s"] = 3
            push_window(d, 1 - d.tp)
    elif s == 3:
        if f.pop("acted", False):
            f["s"] = 1
        else:
            d.step = K.END_STEP
            f["s"] = 9
            phase_window(d)
    elif s == 4:
        f.pop("acted", None)
        atk, tgt, count, amid, tmid = d.attack
        if d.mid[atk] != amid or d.loc[atk] != MZONE or d.ctrl[atk] != d.tp:
            d.write("The attack stops (the attacker is gone)")
            f["s"] = 1
            return
        replay = d.count_monsters(1 - d.tp) != count or \
            (tgt >= 0 and (d.mid[tgt] != tmid or d.loc[tgt] != MZONE))
        if replay:
            d.write("Replay: the number of monsters changed; the attack is chosen again")
            # the same monster may attack again; if another one attacks instead, this one
            # still counts as having declared an attack
            f["replay"] = (atk, amid)
            f["s"] = 1
            return
        f["s"] = 5
        push(d, "damage_step")
    elif s == 5:
        d.attack = None
        f["s"] = 1
    else:
        d.step = 0
        d.stack[-2]["next"] = f.get("next", "main2")
        pop(d)


def battle_options(d, replay=None) -> list[Option]:
    """The turn player's choices in the Battle Step; `replay` = (monster, identity) that may
    attack again after a replay."""
    p = d.tp
    opts = []
    if not (d.pflags and d.player_flag(p, "no_attack")):
        targets = d.monsters(1 - p)
        for c in d.monsters(p):
            if d.pos[c] != ATTACK:
                continue
            if d.attacked[c] == d.turn and not (replay and replay[0] == c
                                                and replay[1] == d.mid[c]):
                continue
            if d.has_static("cannot_attack", c):
                continue
            if targets:
                for t in targets:
                    opts.append(attack_option(c, t))
            else:
                opts.append(attack_option(c, None))
    opts.extend(activatable(d, p, False))
    opts.append(PHASE_MAIN2)
    opts.append(PHASE_END)
    return opts


def attack_valid(d) -> bool:
    if d.attack is None:
        return False
    atk, tgt, _, amid, tmid = d.attack
    if d.mid[atk] != amid or d.loc[atk] != MZONE:
        return False
    if tgt >= 0 and (d.mid[tgt] != tmid or d.loc[tgt] != MZONE):
        return False
    return True


@proc
def damage_step(d, f):
    s = f["s"]
    if s == 0:
        d.step = K.DS_START
        d.events.clear()
        f["s"] = 1
        phase_window(d)
    elif s == 1:
        if not attack_valid(d):
            f["s"] = 5
            return
        d.step = K.DS_BEFORE_CALC
        d.events.clear()
        atk, tgt = d.attack[0], d.attack[1]
        if tgt >= 0 and d.pos[tgt] & FACEDOWN:
            d.set_position(tgt, DEFENSE)
            d.attack = d.attack[:4] + (d.mid[tgt],)
            d.write(f"The attacked monster is flipped face-up: {d.name(tgt)}")
        d.raise_event(K.EV_BATTLE_CONFIRM, atk, d.tp, K.R_RULE, tgt)
        f["s"] = 2
        phase_window(d)
    elif s == 2:
        if not attack_valid(d):
            f["s"] = 5
            return
        d.step = K.DS_CALC
        f["s"] = 3
        push_window(d, d.tp, reopen=True)
    elif s == 3:
        if not attack_valid(d):
            f["s"] = 5
            return
        damage_calculation(d)
        d.step = K.DS_AFTER_CALC
        d.raise_event(K.EV_AFTER_CALC, d.attack[0], d.tp, K.R_RULE, d.attack[1])
        f["s"] = 5
        phase_window(d)
    elif s == 5:
        d.step = K.DS_END
        d.events.clear()
        dead = [c for c, mid in d.battle_destroyed if d.mid[c] == mid and d.loc[c] == MZONE]
        d.battle_destroyed = []
        if dead:
            moved = d.send(dead, GY, K.R_BATTLE | K.R_DESTROY, d.tp, destroy=True)
            for c in moved:
                d.raise_event(K.EV_BATTLE_DESTROYED, c, d.tp, K.R_BATTLE)
        f["s"] = 6
        phase_window(d)
    else:
        d.no_battle_damage = [False, False]
        d.step = K.BATTLE_STEP
        pop(d)


def damage_calculation(d) -> None:
    """The seven cases of the rulebook's battle tables."""
    atk, tgt = d.attack[0], d.attack[1]
    tp, op = d.tp, 1 - d.tp
    a = d.atk(atk)
    d.serial += 1
    if tgt < 0:
        battle_damage(d, op, a)
        return
    if d.pos[tgt] & DEFENSE:
        v = d.def_(tgt)
        if a > v:
            mark_destroyed(d, tgt)
        elif a < v:
            battle_damage(d, tp, v - a)
        return
    v = d.atk(tgt)
    if a > v:
        mark_destroyed(d, tgt)
        battle_damage(d, op, a - v)
    elif a < v:
        mark_destroyed(d, atk)
        battle_damage(d, tp, v - a)
    elif a > 0:
        mark_destroyed(d, atk)
        mark_destroyed(d, tgt)


def mark_destroyed(d, c) -> None:
    if d.has_static("battle_indestructible", c) or \
            (d.pflags and d.player_flag(d.ctrl[c], "battle_indestructible")):
        d.write(f"{d.name(c)} is not destroyed by battle")
        return
    d.battle_destroyed.append((c, d.mid[c]))
    d.write(f"{d.name(c)} is destroyed by battle")


def battle_damage(d, p, amount) -> None:
    if d.no_battle_damage[p] or (d.pflags and d.player_flag(p, "no_battle_damage")):
        d.write(f"{d.names[p]} takes no battle damage")
        return
    d.damage(p, amount, battle=True)
