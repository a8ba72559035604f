"""Summons: Normal Summons and Sets (Tributes), Flip Summons, Special Summons (zones and
positions)."""
from __future__ import annotations

from .. import const as K
from ..const import HAND, MZONE, GY, ATTACK, DEFENSE, FACEDOWN, FACEDOWN_DEFENSE
from ..decision import Option, POSITION, SPECIAL_OPTS, YESNO
from ..decision import ZONE as K_ZONE
from .core import proc, pop, push
from .chain import after_action, hand_toll, pay_hand_toll, prohibited, tributes_in


def tributes_needed(d, c) -> int:
    return tributes_for_level(d.data[c].level)


def tributes_for_level(lv: int) -> int:
    """Tributes for a Normal Summon: Level 5-6 one, 7 or more two."""
    return 0 if lv <= 4 else (1 if lv <= 6 else 2)


def tribute_candidates(d, p) -> list[int]:
    """The monsters player p may Tribute for a Tribute Summon or Set."""
    if "no_tribute" in d.static_index and d.has_static("no_tribute"):
        return []           # (Mask of Restrict: nothing can be Tributed)
    out = list(d.monsters(p))
    if d.cflags:                # "it cannot be Tributed" this turn (Mind Control)
        out = [c for c in out if not d.card_flag(c, "no_tribute")]
    if d.untributable:          # (Sheep Tokens: never Tributed for a Tribute Summon)
        out = [c for c in out if c not in d.untributable]
    forced = forced_tributes(d, p)
    for c in d.monsters(1 - p):
        if c in forced or ("tributable_by" in d.static_index and
                           d.has_static("tributable_by", c, p)):
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
        forced = tuple(forced)
        test = lambda d, combo: sum(1 for x in combo if x in forced) >= k   # noqa: E731
    if not d.free_mzones(p):       # the Tributes must free a Main Monster Zone
        def room(d, combo, t=test):
            return any(d.ctrl[x] == p and d.seq[x] < K.EMZ_BASE for x in combo) and \
                (t is None or t(d, combo))
        test = room
    return d.select_options(tribute_candidates(d, p), n, None, test, player=p)


def can_normal_summon(d, c, p) -> bool:
    n = d.ns_tributes[c]
    return n >= 0 and (summon_room(d, p, n) or
                       (n > 0 and (tribute_optional(d.data[c]) or
                                   summon_without_tributes(d, c, p)) and summon_room(d, p, 0)))


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
            if ok or (n and (tribute_optional(d.data[c]) or summon_without_tributes(d, c, p))
                      and summon_room(d, p, 0)):
                return True
    return False


def normal_summon_allowed(data) -> bool:
    """What the card itself allows: may it be Normal Summoned or Set at all?"""
    if data.is_extra_deck or "ritual" in data.frames or "token" in data.frames:
        return False
    return data.script is None or not data.script.extra.get("no_normal_summon")


def set_only(data) -> bool:
    """May this card be Normal Set but never Normal Summoned face-up (script extra `set_only`:
    Mystic Swordsman LV6)?"""
    return data.script is not None and bool(data.script.extra) and \
        bool(data.script.extra.get("set_only"))


def tribute_optional(data) -> bool:
    """May this card be Normal Summoned or Set without its Tributes (its original ATK and DEF
    then halved: Fusilier Dragon, the Dual-Mode Beast; script extra `tribute_optional`)?"""
    return data.script is not None and bool(data.script.extra.get("tribute_optional"))


def summon_without_tributes(d, c, p) -> bool:
    """May player p Normal Summon card c without its Tributes now, by its own text (not Set;
    its ATK/DEF stay: script `extra={"no_tribute_if": test(duel, card, player)}`, with the
    marker `continuous("no_tribute_if", range=0)`: Swift Gaia the Fierce Knight, the only card
    in its owner's hand)?"""
    if "no_tribute_if" not in d.static_index:
        return False            # (no such card in the duel)
    s = d.data[c].script
    test = s.extra.get("no_tribute_if") if s is not None else None
    return test is not None and test(d, c, p)


def revive_tribute(data):
    """The monsters a Special Summon of this card from the Graveyard must Tribute one of
    (script `extra={"revive_tribute": filter(duel, card)}`: Tyrant Dragon, a Dragon), or None.
    The summoning player Tributes it as the Summon is made (flow.summon.special_summon); an
    effect that would revive it needs one (scripts/common.can_special_summon_from)."""
    s = data.script
    return s.extra.get("revive_tribute") if s is not None else None


def summon_barred(d, c, p) -> bool:
    """Does card c's own text forbid player p to Normal or Flip Summon it now (a Set stays
    allowed; script `extra={"summon_if": test(duel, card, player)}`, with the marker
    `continuous("summon_if", range=0)`: Terrorking Archfiend without an Archfiend monster,
    Guardian Kay'est without its Rod)?"""
    if "summon_if" not in d.static_index:
        return False            # (no such card in the duel)
    s = d.data[c].script
    test = s.extra.get("summon_if") if s is not None else None
    return test is not None and not test(d, c, p)


def normal_summon_tributes(data) -> int:
    """The Tributes a Normal Summon or Set of this card needs, or -1 if it never may be."""
    if not data.is_monster or not normal_summon_allowed(data):
        return -1
    return tributes_for_level(data.level)


def summon_locked(d, p) -> bool:
    """Is player p forbidden to Summon (Normal, Flip or Special)? (a `no_summon` player flag
    for the turn: Scapegoat's restriction; or a continuous rule `summon_lock`, apply(duel,
    source, player): The Last Warrior from Another Planet. Setting a monster is allowed.)"""
    return (bool(d.pflags) and d.player_flag(p, "no_summon")) or \
        ("summon_lock" in d.static_index and d.has_static("summon_lock", p))


def summon_rule_locked(d, p) -> bool:
    """Does a continuous `summon_lock` rule (apply(duel, source, player)) forbid player p to
    Summon? (The Last Warrior from Another Planet; unlike Scapegoat's flag, it binds Scapegoat
    itself.)"""
    return "summon_lock" in d.static_index and d.has_static("summon_lock", p)


def special_rule_locked(d, p) -> bool:
    """Does a continuous `special_lock` rule (apply(duel, source, player)) forbid player p to
    Special Summon (Normal Summons and Sets stay allowed)? (Jowgen the Spiritualist: neither
    player.) Read wherever a Special Summon is made or offered: the `special_summon` and
    `special_proc` procedures, `scripts/common.summons_locked`."""
    return "special_lock" in d.static_index and d.has_static("special_lock", p)


def summon_room(d, p, n) -> bool:
    """Can player p make a Normal Summon that needs n Tributes (a free Main Monster Zone, or
    one the Tributes free; enough Tributes, the forced ones counted)?"""
    if n == 0:
        if "max_monsters" in d.static_index:
            return bool(d.free_mzones(p))       # (Kaiser Colosseum)
        return -1 in d.mzone[p]
    cands = tribute_candidates(d, p)
    if len(cands) < n:
        return False
    own = sum(1 for x in cands if d.ctrl[x] == p and d.seq[x] < K.EMZ_BASE)
    n -= min(len(forced_tributes(d, p)), n)
    return len(d.free_mzones(p)) + min(own, n) >= 1


@proc
def normal_summon(d, f):
    s = f["s"]
    c = f["c"]
    p = d.tp if "player" not in f else f["player"]
    if s == 0 or s == 4:
        n = tributes_needed(d, c)
        f["s"] = 2
        halves = n and tribute_optional(d.data[c])
        if n and s == 0 and -1 in d.mzone[p] and (halves or (
                not f["set"] and summon_without_tributes(d, c, p))):
            if not halves:
                f["free"] = True    # without Tributes by its text, as printed (Swift Gaia)
            if not summon_room(d, p, n):
                n = 0           # no Tributes to offer: without (Fusilier Dragon)
            else:
                f["s"] = 4
                d.ask(p, YESNO, [Option("yes"), Option("no")],
                      f"{d.name(c)}: Tribute {n} monsters for it?" +
                      (" (if not, its original ATK and DEF are halved)" if halves else ""),
                      source=c)
                return
        elif s == 4 and d.answer.verb == "no":
            n = 0
        if n:
            f["s"] = 1
            d.ask_select(p, tribute_options(d, p, n),
                  f"choose {n} monster{'s' if n > 1 else ''} to Tribute for {d.name(c)}",
                  source=c)
        elif tributes_needed(d, c) and not f.get("free"):
            f["halved"] = True
    elif s == 1:
        d.serial += 1
        d.send(d.answer.cards, GY, K.R_TRIBUTE | K.R_SUMMON, p)
        f["s"] = 2
        f["tributed"] = True
    elif s == 2:
        if not f.get("extra"):
            d.ns_used[p] += 1
        if "hand_toll" in d.static_index and d.loc[c] == HAND:
            pay_hand_toll(d, p)         # (Chain Energy)
        f["s"] = 3
        if f["set"] and "no_monster_set" in d.static_index and d.has_static("no_monster_set"):
            f["set"] = False     # Light of Intervention: Normal Summoned in Defense instead
            f["defense"] = True
        if d.negaters and not f["set"] and summoning_window(d, c, p, K.SUM_NORMAL):
            f["mid"] = d.mid[c]
            return
    if f["s"] == 3:
        if "mid" in f and summon_negated(d, f, HAND):
            return
        is_set = f["set"]
        pos = FACEDOWN_DEFENSE if is_set else (DEFENSE if f.get("defense") else ATTACK)
        if not d.chain:
            d.events.clear()
        d.serial += 1
        d.place(c, MZONE, p, pos=pos)
        d.summon[c] = K.SUM_SET if is_set else (K.SUM_TRIBUTE if f.get("tributed") else K.SUM_NORMAL)
        if f.get("halved"):     # Summoned or Set without its Tributes: original ATK/DEF halved
            data = d.data[c]
            d.add_mod(c, data.atk // 2 - data.atk, data.def_ // 2 - data.def_, K.FOREVER)
        if is_set:
            d.write(f"{d.names[p]} sets a monster")
        else:
            d.summoned[p] = d.turn
            d.write(f"{d.names[p]} {'Tribute' if f.get('tributed') else 'Normal'} Summons "
                    f"{d.card(c)} ({d.atk(c)} ATK)"
                    + (" in Defense Position: monsters cannot be Set" if f.get("defense") else ""))
            d.raise_event(K.EV_NORMAL_SUMMONED, c, p, K.R_SUMMON)
        pop(d)
        if not d.chain:        # a summon while a chain resolves waits for the chain's end
            after_action(d, first=d.tp, summon=True)
        else:                  # ... then both players may respond to it
            respond_after_chain(d)


def summoning_window(d, c, p, how) -> bool:
    """Monster c is about to be Summoned by player p (`how`: SUM_NORMAL, SUM_FLIP, or
    SUM_SPECIAL by its own procedure), not while a Chain resolves: if a card that may negate
    a Summon is on the field (`d.negaters`, indexed at set-up: duels without one pay
    nothing), the event EV_SUMMONING is raised and a window opens in which, with no Chain yet,
    only effects answering it may be activated (Solemn Judgment; then any Counter Trap may
    chain as usual). The summoning player has priority first. The monster stays where it is
    (hand, Graveyard; face-down on the field for a Flip Summon) until the Summon succeeds: it
    is not yet on the field, so its own effects do not apply. Returns whether the window was
    opened; the caller then checks `summon_negated` when it is re-entered."""
    if not d.negaters or d.chain:
        return False
    loc = d.loc
    if not any(loc[x] & K.FIELD for x in d.negaters):
        return False
    d.serial += 1
    d.raise_event(K.EV_SUMMONING, c, p, K.R_SUMMON, how)
    push(d, "window", cur=d.tp, reopen=False, passes=0, summoning=True)
    return True


def summon_negated(d, f, where) -> bool:
    """After the summoning window: the EV_SUMMONING event is gone from the window's events;
    if the monster left `where` (its Summon was negated: it was destroyed) the summoning
    procedure ends here (the Summon used is still used) and True is returned."""
    if d.events:
        d.events[:] = [e for e in d.events if e[0] != K.EV_SUMMONING]
    c = f["c"] if "c" in f else f["cards"][0]
    if d.mid[c] == f.pop("mid") and d.loc[c] == where:
        return False
    pop(d)
    return True


def respond_after_chain(d) -> None:
    """A Summon made while a Chain resolves: once the Chain has resolved, the window that
    resolved it opens once more so both players may respond to the Summon (Trap Hole,
    Torrential Tribute)."""
    for w in reversed(d.stack):
        if w["p"] == "window":
            w["respond"] = True
            break


@proc
def flip_summon(d, f):
    c = f["c"]
    if f["s"] == 0:
        d.events.clear()
        f["s"] = 1
        if d.negaters and summoning_window(d, c, d.ctrl[c], K.SUM_FLIP):
            f["mid"] = d.mid[c]
            return
    if "mid" in f and summon_negated(d, f, MZONE):
        return
    d.summoned[d.ctrl[c]] = d.turn
    d.set_position(c, ATTACK)
    d.pos_turn[c] = d.turn       # a Flip Summon is a manual change of position too
    d.write(f"{d.names[d.ctrl[c]]} Flip Summons {d.card(c)}")
    d.raise_event(K.EV_FLIP_SUMMONED, c, d.ctrl[c], K.R_SUMMON)
    pop(d)
    after_action(d, first=d.tp, summon=True)


POSITION_OPTS = {ATTACK: Option("position", (), "attack"),
                 DEFENSE: Option("position", (), "defense"),
                 FACEDOWN_DEFENSE: Option("position", (), "facedown")}
POSITION_BY_NAME = {"attack": ATTACK, "defense": DEFENSE, "facedown": FACEDOWN_DEFENSE}


@proc
def special_summon(d, f):
    """Special Summon f["cards"] (a tuple) onto the field of f["player"]; f["by"] (default:
    that player) is the player who Summons them (Lava Golem: the opponent). Each card asks its
    position of f["chooser"] (default: the field's player) among f["positions"] (default:
    face-up Attack or Defense) unless f["pos"] fixes it. Events are raised together at the end
    (a simultaneous summon). A summoning player under a `no_summon` flag Summons nothing
    unless f["exempt"] (the card that set the flag: Scapegoat), nor under a `summon_lock`
    rule."""
    cards = f["cards"]
    i = f.get("i", 0)
    p = f["player"]
    if f["s"] == 0 and i == 0 and ((summon_rule_locked(d, f.get("by", p)) if f.get("exempt")
                                    else summon_locked(d, f.get("by", p)))
                                   or ("special_lock" in d.static_index and
                                       special_rule_locked(d, f.get("by", p)))):
        d.write(f"{d.names[f.get('by', p)]} cannot Special Summon this turn")
        pop(d)
        return
    if f["s"] == 1:
        place_special(d, cards[i], p, POSITION_BY_NAME[d.answer.arg], f)
        i += 1
        f["i"] = i
        f["s"] = 0
    if f["s"] == 2:
        f["zone"] = zone_seq(d.answer.arg, p)
        f["s"] = 0
    if f["s"] == 3:                 # the Tribute a revival costs (Tyrant Dragon)
        d.send(d.answer.cards, GY, K.R_TRIBUTE | K.R_COST, f.get("by", p))
        f["paid"] = cards[i]
        f["s"] = 0
    while i < len(cards):
        c = cards[i]
        if d.loc[c] == GY and f.get("paid") != c and revive_tribute(d.data[c]) is not None:
            fit = revive_tribute(d.data[c])
            who = f.get("by", p)
            cands = [x for x in d.monsters(who) if fit(d, x)]
            if not cands:
                i += 1          # nothing to Tribute: it cannot be Summoned
                f["i"] = i
                continue
            f["s"] = 3
            d.ask_select(who, d.select_options(cands, 1, player=who),
                         f"Tribute a monster to Special Summon {d.name(c)}", source=c)
            return
        zones = d.summon_zones(p, c)
        if not zones or d.loc[c] == MZONE or ("prohibited" in d.static_index
                                              and prohibited(d, c)):
            i += 1
            f["i"] = i
            continue
        if d.loc[c] == HAND and "hand_toll" in d.static_index and f.get("tolled") != c:
            who = f.get("by", p)        # played from the hand: its toll (Chain Energy), or
            if d.lp[who] < hand_toll(d, who):       # not Summoned
                i += 1
                f["i"] = i
                continue
            pay_hand_toll(d, who)
            f["tolled"] = c
        chooser = f.get("chooser", p)
        if f.get("zone") is None and len(zones) > 1 and (d.loc[c] == K.EXTRA or d.linked_zones(p)
                                                          or d.linked_zones(1 - p)):
            f["s"] = 2
            d.ask(chooser, K_ZONE, zone_options(zones), f"choose a zone for {d.name(c)}",
                  source=c)
            return
        if f.get("zone") is None:
            f["zone"] = zones[0]
        pos = f.get("pos")
        if d.data[c].link_arrows:
            pos = ATTACK        # a Link Monster is always summoned in Attack Position
        if pos is None:
            allowed = f.get("positions") or (ATTACK, DEFENSE)
            f["s"] = 1
            d.ask(chooser, POSITION, [POSITION_OPTS[x] for x in allowed],
                  f"choose a position for {d.name(c)}", source=c)
            return
        place_special(d, c, p, pos, f)
        i += 1
        f["i"] = i
    done = f.get("done", ())
    src = f.get("src", -1)
    if f.get("into"):               # actions.special_summon(..., into=): what was Summoned
        link = d.links.get(f["lid"])
        if link is not None:
            v = link["vars"]
            v[f["into"]] = v.get(f["into"], ()) + tuple((c, d.mid[c]) for c in done)
    for c in done:
        d.raise_event(K.EV_SPECIAL_SUMMONED, c, p, K.R_SUMMON, src)
    pop(d)
    if done and d.chain:
        respond_after_chain(d)


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


def type_barred(d, c, p) -> bool:
    """Is monster c of another Type than the one player p is held to (the continuous rule
    `one_type`, apply(d, source, player) -> that Type or None: Rivalry of Warlords)? Such a
    monster cannot be Normal Summoned face-up nor Flip Summoned, and a Special Summon puts it
    face-down (flow.main.idle_options, place_special). Free in duels without the rule."""
    for src, eff in d.active_statics("one_type"):
        t = eff.apply(d, src, p)
        if t is not None and d.data[c].type != t:
            return True
    return False


def place_special(d, c, p, pos, f) -> None:
    d.serial += 1
    if pos & FACEDOWN and "no_monster_set" in d.static_index and d.has_static("no_monster_set"):
        pos = DEFENSE           # monsters cannot be Set: face-up instead (Light of Intervention)
    elif not pos & FACEDOWN and "one_type" in d.static_index and type_barred(d, c, p):
        if d.data[c].has_frame("token"):
            return              # a Token is never face-down: not Summoned at all
        pos = FACEDOWN_DEFENSE  # another Type than the one allowed: face-down (Rivalry of
                                # Warlords)
    zone = f.pop("zone", None)
    if zone is not None and zone >= K.EMZ_BASE and d.emz[zone - K.EMZ_BASE] >= 0:
        zone = next((z for z in d.summon_zones(p, c) if z >= K.EMZ_BASE), None)   # the other one
    if zone is None or (zone < K.EMZ_BASE and d.mzone[p][zone] >= 0):
        zs = d.summon_zones(p, c)
        zone = zs[0] if zs else None
    if zone is None:
        return
    was = d.loc[c]
    by = f.get("by", p)
    d.place(c, MZONE, p, zone, pos=pos)
    d.summon[c] = f.get("how", K.SUM_SPECIAL)
    d.why[c] = d.special_why(was, by)       # where it came from (Duel.moved: Card of Safe Return)
    d.summoned[by] = d.turn
    if by != p:                  # summoned onto the other player's field (Lava Golem)
        d.summoners = d.summoners + ((c, d.mid[c], by),)
    if f.get("proper"):     # properly Summoned: it may later be revived
        d.proper_ok = d.proper_ok | {c}
    if pos & FACEDOWN:
        d.write(f"{d.names[by]} Special Summons a monster in face-down Defense Position"
                + ("" if by == p else f" on {d.names[p]}'s field"))
    else:
        d.write(f"{d.names[by]} Special Summons {d.card(c)} in "
                f"{'Attack' if pos == ATTACK else 'Defense'} Position"
                + ("" if by == p else f" on {d.names[p]}'s field"))
    f["done"] = f.get("done", ()) + (c,)


# ------------------------------------------------------------------ a monster's own procedure
def special_proc_ok(d, c, p, checked: bool = False) -> bool:
    """May player p Special Summon card c by its own procedure (`special NAME`) now?
    `checked`: the caller (special_proc_options) knows already that c has such a procedure
    that works where it is, that c is p's and that p may Summon (summon_locked)."""
    sp = d.data[c].script.extra.get("special")
    loc = d.loc[c]
    if not checked:
        if sp is None or not loc & sp.where:
            return False
        owner = d.ctrl[c] if loc & (K.FIELD | HAND) else d.owner[c]   # (a hand: its holder)
        if owner != p or summon_locked(d, p):
            return False
    if (prohibited(d, c)
            or ("special_lock" in d.static_index and special_rule_locked(d, p))
            or not (sp.onto_opponent or sp.cost_frees_zone or d.summon_zones(p, c))):
        return False
    if loc == HAND and "hand_toll" in d.static_index and d.lp[p] < hand_toll(d, p):
        return False                    # (Chain Energy)
    if sp.can_pay is not None:
        probe = {"card": c, "player": p, "ei": -1, "vars": {}, "events": (), "event": None}
        if not sp.can_pay(d, probe):
            return False
    if "no_tribute" in d.static_index and d.has_static("no_tribute") and tributes_in(sp.cost):
        return False        # (its cost Tributes: Mask of Restrict)
    return True


def special_proc_options(d, p, locked: bool | None = None) -> list[Option]:
    """`special NAME` options of player p (one per card name). The checks of special_proc_ok
    that do not depend on the card (p may Summon at all: `locked` is summon_locked(d, p) when
    the caller knows it) are made once, and the other player's cards are passed over before
    calling it."""
    out, seen = [], set()
    loc, data_ = d.loc, d.data
    for c in d.proc_cards:
        data = data_[c]
        sp = data.script.extra.get("special")
        where = loc[c]
        if sp is None or not where & sp.where:
            continue        # (most of them: in the Deck)
        if (d.ctrl[c] if where & (K.FIELD | HAND) else d.owner[c]) != p:
            continue        # (special_proc_ok would refuse it: not p's card)
        name = data.name
        if name in seen:
            continue
        if locked is None:
            locked = summon_locked(d, p)
        if locked:
            return out          # (no Summon for p: special_proc_ok refuses every card)
        if special_proc_ok(d, c, p, True):
            seen.add(name)
            out.append(SPECIAL_OPTS[c])
    return out


def proc_summon(d, c, p) -> None:
    """The Summon of a monster's own procedure, onto its player's field or (onto_opponent)
    onto the opponent's, by player p."""
    if d.data[c].script.extra["special"].onto_opponent:
        push(d, "special_summon", cards=(c,), player=1 - p, by=p, proper=True,
             src=K.BY_PROCEDURE)
    else:
        push(d, "special_summon", cards=(c,), player=p, proper=True, src=K.BY_PROCEDURE)


@proc
def special_proc(d, f):
    """A monster Special Summoned by its own procedure: the cost (`choose` prompts), then the
    Summon (a position prompt: face-up Attack or Defense), not a Chain Link; then both players
    may respond to the Summon. It counts as properly Summoned."""
    s = f["s"]
    c, p = f["c"], f["player"]
    if s == 0:
        if not d.chain:
            d.events.clear()
        d.serial += 1
        lid = d.next_lid
        d.next_lid += 1
        d.links[lid] = {"card": c, "ei": -1, "player": p, "targets": (), "vars": {},
                        "negated": False, "speed": 0, "event": None, "events": (),
                        "card_act": False, "cmid": d.mid[c]}
        f["lid"] = lid
        f["s"] = 1
        sp = d.data[c].script.extra["special"]
        d.write(f"{d.names[p]} uses the Summon procedure of {d.name(c)}")   # public: shown
        if "hand_toll" in d.static_index and d.loc[c] == HAND:
            pay_hand_toll(d, p)         # (Chain Energy)
        if sp.cost:
            push(d, "steps", lid=lid, steps=sp.cost)
    elif s == 1:
        d.links.pop(f["lid"], None)
        f["s"] = 2
        if d.loc[c] & d.data[c].script.extra["special"].where:
            if summoning_window(d, c, p, K.SUM_SPECIAL):
                f["s"], f["mid"], f["from"] = 3, d.mid[c], d.loc[c]
                return
            proc_summon(d, c, p)
    elif s == 3:
        f["s"] = 2
        if summon_negated(d, f, f["from"]):
            return
        proc_summon(d, c, p)
    else:
        pop(d)
        if not d.chain:
            after_action(d, first=d.tp)
