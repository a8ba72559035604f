"""Shapes of the summoning Spells (Polymerization, Ritual Spells).

A Fusion Monster's script lists its materials by name (`fusion_materials`); a Ritual Spell's
script names its Ritual Monster and the Level total its Tributes need (`ritual_monster`,
`ritual_level`). The steps below read those, so a new card is one `script(...)` line.
Both ask for the monster first, then for the materials, as the scenario format says.
"""
from __future__ import annotations

from itertools import combinations

from ...engine import actions as A
from ...engine import const as K
from ...engine.const import EXTRA, GY, HAND, MZONE
from ...engine.effects import spell
from .common import summons_locked


# ------------------------------------------------------------------------------ helpers
def _own_monsters(d, p, filter=None):
    """Monsters in p's hand and on p's field (the usual material/Tribute pool)."""
    out = [c for c in d.hand[p] if d.data[c].is_monster]
    out += d.monsters(p)
    return [c for c in out if filter is None or filter(d, c)]


def room_after(d, p, c, removed) -> bool:
    """Will player p have a zone to summon card c once `removed` have left the field?"""
    if d.summon_zones(p, c):
        return True
    for m in removed:
        if d.loc[m] != MZONE or d.ctrl[m] != p:
            continue
        s = d.seq[m]
        if d.loc[c] != EXTRA or not d.rules.extra_monster_zones:
            if s < K.EMZ_BASE:
                return True
        elif s >= K.EMZ_BASE:
            return True
        elif (d.rules.extra_to_main_2020 and "link" not in d.data[c].frames) \
                or s in d.linked_zones(p):
            return True
    return False


def _mark_proper(key):
    """After the summon: the monster counts as properly summoned (Monster Reborn may revive
    it later)."""
    def step(d, link):
        for c in link["vars"].get(key, ()):
            if d.loc[c] == MZONE:
                d.proper_ok = d.proper_ok | {c}
    return step


def _ask_cards(d, link, options, prompt, into):
    if not options:
        link["vars"][into] = ()
        return
    A.ask_select(d, link, link["player"], options, f"{d.name(link['card'])}: {prompt}", into)


# ------------------------------------------------------------------------------ Fusion
def _fits(d, fusion, combo) -> bool:
    need = sorted(d.data[fusion].script.fusion_materials)
    return sorted(d.data[m].name for m in combo) == need


def _material_combos(d, p, fusion):
    """Every legal set of materials (from p's hand and field) for Fusion Monster `fusion`."""
    mats = d.data[fusion].script.fusion_materials
    names = set(mats)
    pool = _own_monsters(d, p, lambda d, c: d.data[c].name in names)
    for combo in combinations(pool, len(mats)):
        if _fits(d, fusion, combo) and room_after(d, p, fusion, combo):
            yield combo


def _fusions(d, link):
    p = link["player"]
    if summons_locked(d, p):
        return []
    return [c for c in d.extra[p] if d.data[c].has_frame("fusion") and d.data[c].script
            is not None and d.data[c].script.fusion_materials
            and next(_material_combos(d, p, c), None) is not None]


def _choose_materials(d, link):
    chosen = A.chosen("fusion")(d, link)
    if not chosen:
        link["vars"]["materials"] = ()
        return
    f, p = chosen[0], link["player"]
    mats = d.data[f].script.fusion_materials
    pool = _own_monsters(d, p, lambda d, c: d.data[c].name in set(mats))
    opts = d.select_options(pool, len(mats), len(mats),
                            lambda d, combo: _fits(d, f, combo) and room_after(d, p, f, combo),
                            player=p)
    _ask_cards(d, link, opts, f"choose Fusion Materials for {d.name(f)}", "materials")


def fusion_spell(**kw):
    """Polymerization's shape: Fusion Summon 1 Fusion Monster from the Extra Deck using
    materials from the hand or field, which are sent to the GY."""
    return spell(condition=lambda d, link: bool(_fusions(d, link)),
                 operation=(A.choose(_fusions, prompt="choose a Fusion Monster to Fusion Summon",
                                     into="fusion"),
                            _choose_materials,
                            A.send_to(A.chosen("materials"), GY, K.R_MATERIAL | K.R_EFFECT),
                            A.when(lambda d, link: bool(link["vars"].get("materials")),
                                   A.special_summon(A.chosen("fusion"), how=K.SUM_FUSION),
                                   _mark_proper("fusion"))),
                 **kw)


# ------------------------------------------------------------------------------ Ritual
def _ritual_pool(d, p, monster):
    return _own_monsters(d, p, lambda d, c: c != monster and d.level(c) > 0)


def _tributes_ok(d, p, monster, need, combo) -> bool:
    """Levels total `need` or more, no monster more than needed, and a zone for the monster."""
    total = sum(d.level(c) for c in combo)
    if total < need or any(total - d.level(c) >= need for c in combo):
        return False
    return room_after(d, p, monster, combo)


def _tribute_combos(d, p, monster, need):
    pool = _ritual_pool(d, p, monster)
    if sum(d.level(c) for c in pool) < need:
        return
    for n in range(1, min(len(pool), need) + 1):
        for combo in combinations(pool, n):
            if _tributes_ok(d, p, monster, need, combo):
                yield combo


def _ritual_monsters(d, link):
    s = d.data[link["card"]].script
    p = link["player"]
    if summons_locked(d, p):
        return []
    return [c for c in d.hand[p] if d.name(c) == s.ritual_monster
            and next(_tribute_combos(d, p, c, s.ritual_level), None) is not None]


def _choose_tributes(d, link):
    chosen = A.chosen("ritual")(d, link)
    if not chosen:
        link["vars"]["tributes"] = ()
        return
    m, p = chosen[0], link["player"]
    need = d.data[link["card"]].script.ritual_level
    pool = _ritual_pool(d, p, m)
    opts = d.select_options(pool, min(len(pool), need), 1,
                            lambda d, combo: _tributes_ok(d, p, m, need, combo), player=p)
    _ask_cards(d, link, opts, f"choose monsters to Tribute (Levels {need} or more)",
               "tributes")


def ritual_spell(**kw):
    """A Ritual Spell's shape: Tribute monsters from the hand or field whose Levels total at
    least the script's `ritual_level`, then Ritual Summon its `ritual_monster` from the hand."""
    return spell(condition=lambda d, link: bool(_ritual_monsters(d, link)),
                 operation=(A.choose(_ritual_monsters, prompt="choose a Ritual Monster to Ritual "
                                     "Summon", into="ritual"),
                            _choose_tributes,
                            A.send_to(A.chosen("tributes"), GY,
                                      K.R_TRIBUTE | K.R_MATERIAL | K.R_EFFECT),
                            A.when(lambda d, link: bool(link["vars"].get("tributes")),
                                   A.special_summon(A.chosen("ritual"), how=K.SUM_RITUAL),
                                   _mark_proper("ritual"))),
                 **kw)
