"""Extra Deck summons and the Master Rule 4 field: Synchro, Xyz, Pendulum and Link.

`install(duel)` puts this module's hooks into `duel.options`:

- "extra_summons": the Synchro/Xyz/Link/Pendulum Summons (and nothing else) a player may
  perform now, as idle Options (`synchro NAME using A, B`, `xyz ...`, `link ...`,
  `pendulum A, B`); the `main` procedure pushes the "extra_summon" procedure below for them;
- "linked_zones": the Main Monster Zones of a player that Link Arrows point to;
- "summon_zones": where a card may be Special Summoned (Extra Monster Zones, linked zones,
  the 2020 rule for Fusion/Synchro/Xyz, Extra Link to the second Extra Monster Zone).

The field, as A sees it, is a grid: row 0 is B's Main Monster Zones (B's m1 at column 4), row 1
the Extra Monster Zones (columns 1 and 3), row 2 A's Main Monster Zones (A's m1 at column 0).
A Link Arrow is read from its controller's side: B's "top" points down the grid.

Summoning recipes are stated by the card scripts (CardScript.extra): "synchro" (a
SynchroRecipe), "xyz" (XyzRecipe), "link" (LinkRecipe); see ygosim.cards.scripts.extra_deck.
Xyz Materials are kept in Duel.overlay (a tuple of card ids per Xyz Monster; the materials are
in location OVERLAY with seq = the Xyz Monster's id).
"""
from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import Callable

from . import const as K
from .const import HAND, MZONE, GY, EXTRA, OVERLAY, ATTACK, DEFENSE, FACEDOWN, FACEUP
from .decision import Option, Picks, POSITION
from .decision import ZONE as K_ZONE
from .effects import activation
from .flow import proc, pop, after_action, zone_options
from .flow.summon import summon_negated, summoning_window

# ============================================================================ recipes


@dataclass(frozen=True)
class SynchroRecipe:
    """1 Tuner + min..max non-Tuner monsters (optionally filtered), Levels summing to the
    Synchro Monster's Level."""
    min_non_tuners: int = 1
    max_non_tuners: int = 99
    tuner: Callable | None = None        # filter(duel, card) on the Tuner
    non_tuner: Callable | None = None    # filter(duel, card) on each non-Tuner


@dataclass(frozen=True)
class XyzRecipe:
    """`count` (up to `max_count`) face-up Level `level` monsters."""
    level: int
    count: int
    max_count: int = 0                   # 0: exactly `count`
    filter: Callable | None = None


@dataclass(frozen=True)
class LinkRecipe:
    """min..max face-up monsters (optionally filtered); a Link Monster material counts as 1 or
    as its Link Rating, and the materials must add up to the Link Rating."""
    min: int
    max: int = 0                         # 0: the Link Rating
    filter: Callable | None = None


def recipe(d, c, kind):
    s = d.data[c].script
    return s.extra.get(kind) if s is not None else None


# ============================================================================ geometry
ARROWS = {"top-left": (-1, -1), "top": (-1, 0), "top-right": (-1, 1), "left": (0, -1),
          "right": (0, 1), "bottom-left": (1, -1), "bottom": (1, 0), "bottom-right": (1, 1)}
EMZ_COL = (1, 3)           # grid column of Extra Monster Zone 0 (seq 5) and 1 (seq 6)


def zone_key(p: int, seq: int) -> int:
    """A zone as one int: p*5+seq for Main Monster Zones (0-9), 10/11 for the Extra Monster
    Zones (seq 5/6)."""
    return 5 + seq if seq >= K.EMZ_BASE else p * 5 + seq


def cell_of(p: int, seq: int) -> tuple:
    if seq >= K.EMZ_BASE:
        return (1, EMZ_COL[seq - K.EMZ_BASE])
    return (2, seq) if p == 0 else (0, 4 - seq)


def _key_of_cell(r: int, col: int):
    if not 0 <= col <= 4:
        return None
    if r == 2:
        return col
    if r == 0:
        return 5 + (4 - col)
    if r == 1:
        if col == 1:
            return 10
        if col == 3:
            return 11
    return None


def arrow_keys(d, c, p: int | None = None, seq: int | None = None) -> tuple:
    """The zones (zone_key ints) card c's Link Arrows point to; p/seq place it hypothetically."""
    data = d.data[c]
    if not data.link_arrows:
        return ()
    if p is None:
        p, seq = d.ctrl[c], d.seq[c]
    r, col = cell_of(p, seq)
    sign = 1 if p == 0 else -1
    out = []
    for a in data.link_arrows:
        dr, dc = ARROWS[a]
        k = _key_of_cell(r + sign * dr, col + sign * dc)
        if k is not None:
            out.append(k)
    return tuple(out)


def _is_link_on_field(d, c) -> bool:
    return d.loc[c] == MZONE and bool(d.data[c].link_arrows) and not d.pos[c] & FACEDOWN


def points_to(d, c) -> set:
    """Zone keys the Link Monster c (on the field) points to."""
    return set(arrow_keys(d, c)) if _is_link_on_field(d, c) else set()


def _field_links(d, gone=()):
    return [c for c in d.all_monsters() if c not in gone and d.data[c].link_arrows
            and not d.pos[c] & FACEDOWN]


def linked_zones(d, p: int, gone=()) -> set:
    """Player p's Main Monster Zones (seq 0-4) that a Link Arrow of a Link Monster on the field
    (either player's; those in `gone` left out) points to."""
    out = set()
    base = p * 5
    for c in _field_links(d, gone):
        for k in arrow_keys(d, c):
            if base <= k < base + 5:
                out.add(k - base)
    return out


def card_at(d, key: int) -> int:
    if key >= 10:
        return d.emz[key - 10]
    return d.mzone[key // 5][key % 5]


def linked_cards(d, c) -> list:
    """The monsters c is linked to: those its arrows point to, and the Link Monsters whose
    arrows point to it."""
    if d.loc[c] != MZONE:
        return []
    out = []
    for k in points_to(d, c):
        x = card_at(d, k)
        if x >= 0:
            out.append(x)
    me = zone_key(d.ctrl[c], d.seq[c])
    for x in _field_links(d):
        if x != c and me in arrow_keys(d, x) and x not in out:
            out.append(x)
    return out


def is_linked(d, c) -> bool:
    return bool(linked_cards(d, c))


def co_linked(d, c) -> list:
    """The Link Monsters that point to c while c points to them."""
    if not _is_link_on_field(d, c):
        return []
    me = zone_key(d.ctrl[c], d.seq[c])
    out = []
    for k in points_to(d, c):
        x = card_at(d, k)
        if x >= 0 and _is_link_on_field(d, x) and me in arrow_keys(d, x):
            out.append(x)
    return out


def _extra_link_ok(d, p, c, j, gone) -> bool:
    """Would Link Monster c, put in Extra Monster Zone j for player p, be joined to p's monster in
    the other Extra Monster Zone by a chain of co-linked monsters (an Extra Link)?"""
    other = d.emz[1 - j]
    where = {}
    for x in d.all_monsters():
        if x not in gone:
            where[x] = (d.ctrl[x], d.seq[x])
    where[c] = (p, K.EMZ_BASE + j)
    keys = {zone_key(*v): x for x, v in where.items()}
    seen = {c}
    todo = [c]
    while todo:
        x = todo.pop()
        if not d.data[x].link_arrows:
            continue
        xk = zone_key(*where[x])
        for k in arrow_keys(d, x, *where[x]):
            y = keys.get(k)
            if y is None or y in seen or not d.data[y].link_arrows:
                continue
            if xk in arrow_keys(d, y, *where[y]):
                if y == other:
                    return True
                seen.add(y)
                todo.append(y)
    return False


# ============================================================================ zones
def _emz_order(p):
    return (0, 1) if p == 0 else (1, 0)     # the left one as p sees it first


def summon_zones(d, p: int, c: int, gone=()) -> list:
    """Zones (seq) where card c may be Special Summoned for player p, once the cards in `gone`
    (materials) have left the field. From the Extra Deck: an Extra Monster Zone if p uses none
    (the second one only through an Extra Link), or a Main Monster Zone a Link Arrow points to;
    under the 2020 rules a Fusion/Synchro/Xyz Monster from the face-down Extra Deck may use any
    Main Monster Zone. From anywhere else: any free Main Monster Zone."""
    mz = d.mzone[p]
    free = [i for i in range(5) if mz[i] == -1 or mz[i] in gone]   # (LOCKED: not usable)
    if d.loc[c] != EXTRA or not d.rules.extra_monster_zones:
        return free         # (no Extra Monster Zones, goat: a Fusion Monster too)
    data = d.data[c]
    is_link = bool(data.link_arrows) or "link" in data.frames
    faceup_pend = "pendulum" in data.frames and not d.pos[c] & FACEDOWN
    if d.rules.extra_to_main_2020 and not is_link and not faceup_pend:
        zones = free
    else:
        linked = linked_zones(d, p, gone)
        zones = [i for i in free if i in linked]
    emz = d.emz
    mine = [i for i in (0, 1) if emz[i] >= 0 and emz[i] not in gone and d.ctrl[emz[i]] == p]
    if not mine:
        for i in _emz_order(p):
            if emz[i] < 0 or emz[i] in gone:
                zones.append(K.EMZ_BASE + i)
    elif is_link:
        j = 1 - mine[0]
        if (emz[j] < 0 or emz[j] in gone) and _extra_link_ok(d, p, c, j, gone):
            zones.append(K.EMZ_BASE + j)
    return zones


def _zone_from_answer(name: str, zones) -> int:
    if name == "emz":
        for z in zones:
            if z >= K.EMZ_BASE:
                return z
    return int(name[1]) - 1


# ============================================================================ options
def _faceup_monsters(d, p):
    return [c for c in d.monsters(p) if not d.pos[c] & FACEDOWN]


def _summonable_from_extra(d, c) -> bool:
    data = d.data[c]
    return not ("pendulum" in data.frames and not d.pos[c] & FACEDOWN)


def synchro_materials(d, p, c, mons=None) -> list:
    """Every legal set of Synchro Materials for c: tuples (tuner, non-tuner...)."""
    r = recipe(d, c, "synchro")
    if r is None:
        return []
    target = d.data[c].level
    mons = _faceup_monsters(d, p) if mons is None else mons
    mons = [m for m in mons if d.level(m) > 0]
    tuners = [m for m in mons if "tuner" in d.data[m].frames
              and (r.tuner is None or r.tuner(d, m))]
    others = [m for m in mons if "tuner" not in d.data[m].frames
              and (r.non_tuner is None or r.non_tuner(d, m))]
    out = []
    for t in tuners:
        need = target - d.level(t)
        if need <= 0:
            continue
        for n in range(r.min_non_tuners, min(r.max_non_tuners, len(others)) + 1):
            for combo in combinations(others, n):
                if sum(d.level(m) for m in combo) == need:
                    out.append((t,) + combo)
    return out


def xyz_materials(d, p, c, mons=None) -> list:
    r = recipe(d, c, "xyz")
    if r is None:
        return []
    mons = _faceup_monsters(d, p) if mons is None else mons
    cands = [m for m in mons if d.level(m) == r.level and "token" not in d.data[m].frames
             and (r.filter is None or r.filter(d, m))]
    out = []
    for n in range(r.count, max(r.count, r.max_count) + 1):
        out.extend(combinations(cands, n))
    return out


def link_value_ok(d, combo, rating) -> bool:
    """Can the materials count up to exactly `rating` (a Link Monster as 1 or its rating)?"""
    totals = {0}
    for m in combo:
        lr = d.data[m].link_rating
        step = {1, lr} if lr > 1 else {1}
        totals = {t + s for t in totals for s in step if t + s <= rating}
    return rating in totals


def link_materials(d, p, c, mons=None) -> list:
    r = recipe(d, c, "link")
    if r is None:
        return []
    rating = d.data[c].link_rating
    mons = _faceup_monsters(d, p) if mons is None else mons
    cands = [m for m in mons if r.filter is None or r.filter(d, m)]
    out = []
    for n in range(r.min, (r.max or rating) + 1):
        for combo in combinations(cands, n):
            if link_value_ok(d, combo, rating):
                out.append(combo)
    return out


MATERIALS = {"synchro": synchro_materials, "xyz": xyz_materials, "link": link_materials}


def extra_summon_options(d, p) -> list:
    """The Synchro, Xyz, Link and Pendulum Summons player p may perform now (idle options):
    those whose procedure the duel's rules have (`d.rules.extra_procedures`)."""
    if d.phase not in (K.MAIN1, K.MAIN2) or d.tp != p:
        return []
    procs = d.rules.extra_procedures
    opts = []
    extra = d.extra[p]
    mons = _faceup_monsters(d, p) if extra else None
    if mons:
        seen = set()
        for c in extra:
            data = d.data[c]
            s = data.script
            if s is None or not s.extra or data.name in seen:
                continue
            if not _summonable_from_extra(d, c):
                continue
            seen.add(data.name)
            for kind in ("synchro", "xyz", "link"):
                if kind in s.extra and kind in procs:
                    for mats in MATERIALS[kind](d, p, c, mons):
                        if summon_zones(d, p, c, mats):
                            opts.append(Option(kind, (c,) + tuple(mats)))
    if "pendulum" in procs:
        opts.extend(pendulum_options(d, p))
    return opts


# ============================================================================ Pendulum
def pendulum_scales(d, p):
    """(low, high) of player p's two Pendulum Zones (s1 and s5), or None."""
    a, b = d.szone[p][0], d.szone[p][4]
    if a < 0 or b < 0:
        return None
    for c in (a, b):
        if "pendulum" not in d.data[c].frames or d.pos[c] & FACEDOWN:
            return None
    x, y = d.data[a].scale, d.data[b].scale
    return (x, y) if x <= y else (y, x)


def _pendulum_key(p):
    return ("pendulum summon", p)


def _capacity(d, p, taken=-1):
    """(free Main Zones, free linked Main Zones, Extra Monster Zones usable) for a Pendulum
    Summon, with zone `taken` (seq) counted as used."""
    mz = d.mzone[p]
    free = [i for i in range(5) if mz[i] == -1 and i != taken]
    linked = linked_zones(d, p)
    lfree = [i for i in free if i in linked]
    e = 0
    if taken < K.EMZ_BASE and d.emz_of(p) < 0 and any(x < 0 for x in d.emz):
        e = 1
    return len(free), len(lfree), e


def _fits(cap, x, h) -> bool:
    f, lf, e = cap
    rest = max(0, x - e)
    return rest <= lf and h + rest <= f


def pendulum_candidates(d, p):
    sc = pendulum_scales(d, p)
    if sc is None:
        return [], []
    lo, hi = sc
    hand = []
    for c in d.hand[p]:
        data = d.data[c]
        if not data.is_monster or not lo < data.level < hi or data.is_extra_deck \
                or "ritual" in data.frames or "token" in data.frames:
            continue
        if data.script is not None and (data.script.cannot_special_summon
                                        or data.script.extra.get("no_pendulum_summon")):
            continue
        hand.append(c)
    ext = [c for c in d.extra[p] if "pendulum" in d.data[c].frames and not d.pos[c] & FACEDOWN
           and lo < d.data[c].level < hi]
    return hand, ext


def pendulum_options(d, p) -> list:
    if _pendulum_key(p) in d.used:
        return []
    hand, ext = pendulum_candidates(d, p)
    if not hand and not ext:
        return []
    cap = _capacity(d, p)
    ext_set = frozenset(ext)

    def ok(d, combo):
        x = sum(1 for c in combo if c in ext_set)
        return _fits(cap, x, len(combo) - x)
    most = min(len(hand) + len(ext), cap[0] + cap[2])
    if most < 1:
        return []
    opts = d.select_options(hand + ext, most, 1, ok, player=p)
    if type(opts) is Picks:         # too many ways to list: the cards are chosen one by one
        return [Option("pendulum", (), opts)]
    return [Option("pendulum", o.cards) for o in opts]


def pendulum_spell(**kw):
    """The activation of a Pendulum Monster Card as a Spell in a Pendulum Zone (the leftmost or
    rightmost Spell & Trap Zone); effects[0] of every Pendulum Monster's script."""
    def cond(d, link):
        p = link["player"]
        if not d.rules.pendulum_zones or d.tp != p or d.phase not in (K.MAIN1, K.MAIN2):
            return False
        return d.szone[p][0] < 0 or d.szone[p][4] < 0
    return activation(speed=1, condition=cond, range=HAND, label="Pendulum Zone", **kw)


# ============================================================================ the procedure
SUM_OF = {"synchro": K.SUM_SYNCHRO, "xyz": K.SUM_XYZ, "link": K.SUM_LINK,
          "pendulum": K.SUM_PENDULUM}
TITLE = {"synchro": "Synchro", "xyz": "Xyz", "link": "Link", "pendulum": "Pendulum"}
POS_OPTS = (Option("position", (), "attack"), Option("position", (), "defense"))


@proc
def extra_summon(d, f):
    """A Synchro, Xyz or Link Summon (f["cards"] = (monster, materials...)) or a Pendulum
    Summon (f["cards"] = the monsters), for the turn player. Zones and positions are asked
    first; then the materials leave, the monsters arrive together, and the summon's triggers
    and response window follow."""
    if f["kind"] == "pendulum":
        return _pendulum_summon(d, f)
    s = f["s"]
    p = d.tp
    kind = f["kind"]
    c, mats = f["cards"][0], f["cards"][1:]
    if s == 0:
        zones = summon_zones(d, p, c, mats)
        opts = zone_options(zones)
        if len(opts) > 1:
            f["zones"] = tuple(zones)
            f["s"] = 1
            d.ask(p, K_ZONE, opts, f"choose a zone for {d.name(c)}", source=c)
            return
        f["zone"] = zones[0]
        s = 2
    elif s == 1:
        f["zone"] = _zone_from_answer(d.answer.arg, f["zones"])
        s = 2
    elif s == 3:
        f["pos"] = ATTACK if d.answer.arg == "attack" else DEFENSE
    elif s == 4:                    # after the window of the Summon being made
        if summon_negated(d, f, EXTRA):
            left = [m for m in mats if d.loc[m] == OVERLAY and d.seq[m] == c]
            if left:                # (a negated Xyz Summon: its materials go to the GY)
                d.send(left, GY, K.R_MATERIAL | K.R_SUMMON, p)
            return
        _arrive(d, f, p, kind, c)
        return
    if s == 2:
        if kind == "link":
            f["pos"] = ATTACK      # Link Monsters are never in Defense Position
        else:
            f["s"] = 3
            d.ask(p, POSITION, POS_OPTS, f"choose a position for {d.name(c)}", source=c)
            return
    d.events.clear()
    d.serial += 1
    if kind == "xyz":
        d.write(f"{d.names[p]} uses {d.cards(mats)} as Xyz Materials")
        for m in mats:
            was_ctrl = d.ctrl[m]
            d.place(m, OVERLAY, p, c, FACEUP)      # attached to c (seq = the Xyz Monster)
            d.raise_event(K.EV_LEFT_FIELD, m, p, K.R_MATERIAL | K.R_SUMMON,
                          (MZONE, was_ctrl, True))
        d.drop_equips()                            # Equip Cards on the materials
    else:
        d.send(list(mats), GY, K.R_MATERIAL | K.R_SUMMON, p)
    if summoning_window(d, c, p, SUM_OF[kind]):    # (Solemn Judgment may answer it)
        f["s"], f["mid"] = 4, d.mid[c]
        return
    _arrive(d, f, p, kind, c)


def _arrive(d, f, p, kind, c) -> None:
    """The Synchro/Xyz/Link Summon succeeds: the monster arrives in its zone."""
    d.place(c, MZONE, p, f["zone"], f["pos"])
    d.summon[c] = SUM_OF[kind]
    d.proper_ok = d.proper_ok | {c}
    d.write(f"{d.names[p]} {TITLE[kind]} Summons {d.card(c)} in "
            f"{'Attack' if f['pos'] == ATTACK else 'Defense'} Position")
    d.raise_event(K.EV_SPECIAL_SUMMONED, c, p, K.R_SUMMON)
    pop(d)
    after_action(d, first=d.tp, summon=True)


def _pendulum_summon(d, f):
    p = d.tp
    s = f["s"]
    if s == 0 and not f["cards"]:        # `pendulum`: too many ways to list, chosen one by one
        opts = pendulum_options(d, p)
        if not opts or opts[0].cards:
            pop(d)
            return
        f["s"] = 4
        d.ask_select(p, opts[0].arg, "choose the monsters to Pendulum Summon")
        return
    if s == 4:
        f["cards"] = d.answer.cards
        s = f["s"] = 0
    if s == 0:
        d.used.add(_pendulum_key(p))
        ext = tuple(c for c in f["cards"] if d.loc[c] == EXTRA)
        f["order"] = ext + tuple(c for c in f["cards"] if c not in ext)
        f["n_ext"] = len(ext)
        f["i"] = 0
        f["placed"] = ()
        f["s"] = 1
        d.events.clear()
        d.serial += 1
        d.write(f"{d.names[p]} Pendulum Summons")
    elif s == 2:                                  # a zone was chosen
        f["zone"] = _zone_from_answer(d.answer.arg, f["zones"])
        f["s"] = 1
    elif s == 3:                                  # a position was chosen
        _place_pendulum(d, f, ATTACK if d.answer.arg == "attack" else DEFENSE)
        f["s"] = 1
    order = f["order"]
    while f["i"] < len(order):
        i = f["i"]
        c = order[i]
        if "zone" not in f:
            zones = _pendulum_zones(d, p, c, f["n_ext"] - min(i + 1, f["n_ext"]),
                                    len(order) - max(i + 1, f["n_ext"]))
            if not zones:
                f["i"] = i + 1
                continue
            opts = zone_options(zones)
            if len(opts) > 1 and (d.loc[c] == EXTRA or linked_zones(d, p)
                                  or linked_zones(d, 1 - p)):
                f["zones"] = tuple(zones)
                f["s"] = 2
                d.ask(p, K_ZONE, opts, f"choose a zone for {d.name(c)}", source=c)
                return
            f["zone"] = zones[0]
        f["s"] = 3
        d.ask(p, POSITION, POS_OPTS, f"choose a position for {d.name(c)}", source=c)
        return
    for c in f["placed"]:
        d.raise_event(K.EV_SPECIAL_SUMMONED, c, p, K.R_SUMMON)
    pop(d)
    after_action(d, first=d.tp, summon=True)


def _pendulum_zones(d, p, c, ext_left, hand_left) -> list:
    """Zones for c that still leave room for the monsters summoned after it."""
    if d.loc[c] == EXTRA:
        zones = summon_zones(d, p, c)
    else:
        zones = d.free_mzones(p)
    return [z for z in zones if _fits(_capacity(d, p, z), ext_left, hand_left)]


def _place_pendulum(d, f, pos) -> None:
    p = d.tp
    c = f["order"][f["i"]]
    zone = f.pop("zone")
    f.pop("zones", None)
    d.place(c, MZONE, p, zone, pos)
    d.summon[c] = K.SUM_PENDULUM
    d.write(f"  {d.card(c)} in {'Attack' if pos == ATTACK else 'Defense'} Position")
    f["placed"] = f["placed"] + (c,)
    f["i"] += 1


# ============================================================================ install
def install(d) -> None:
    """Turn Master Rule 4 Extra Deck summons on for duel d (called by api.apply_rule_options)."""
    opts = d.options
    cards = d.data
    # Only duels that can use them pay for the checks (most random duels have no Extra Deck).
    if d.rules.extra_procedures and any(c.is_extra_deck or "pendulum" in c.frames
                                        for c in cards):
        opts["extra_summons"] = extra_summon_options
    if any("link" in c.frames for c in cards):
        opts["linked_zones"] = linked_zones
    opts["summon_zones"] = summon_zones


__all__ = ["install", "SynchroRecipe", "XyzRecipe", "LinkRecipe", "pendulum_spell",
           "summon_zones", "linked_zones", "points_to", "linked_cards", "co_linked",
           "is_linked", "pendulum_scales"]
