"""Shapes of the summoning Spells (Polymerization, Ritual Spells) and of contact fusions.

Both read card facts, not scripts: a Fusion Monster's materials (`materials`: card names), a
Ritual Spell's Ritual Monster and Level total (`ritual`: a RitualRecipe). So an effect-less
Fusion Monster needs no script at all, and a Ritual Spell none either (RITUAL_SPELL is attached
to it at load time). Both ask for the monster first, then for the materials, as the scenario
format says.
"""
from __future__ import annotations

from itertools import combinations

from ...engine import actions as A
from ...engine import const as K
from ...engine.const import EXTRA, GY, HAND, MZONE
from ...engine.effects import CardScript, special_procedure, spell
from ...engine.flow.chain import hand_toll
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
def is_fusion_substitute(d, c) -> bool:
    """Can monster c stand in for one Fusion Material (script extra `fusion_substitute`:
    King of the Swamp, Goddess with the Third Eye)?"""
    s = d.data[c].script
    return s is not None and bool(s.extra.get("fusion_substitute"))


def fits(d, fusion, combo, substitute=True) -> bool:
    """Are the monsters of `combo` the Fusion Materials of `fusion` (its facts: card names, a
    name twice for two copies)? One Fusion Substitute may stand in for one named material; the
    others must be the right ones (2005 and today). Not for a contact fusion (`substitute`
    False: the named cards themselves)."""
    need = list(d.data[fusion].materials)
    if len(combo) != len(need):
        return False
    subs = 0
    for c in combo:
        name = d.data[c].name
        if name in need:
            need.remove(name)
        elif substitute and is_fusion_substitute(d, c):
            subs += 1
        else:
            return False
    return subs <= 1


def material_pool(d, fusion, cards, substitute=True):
    """The cards of `cards` that may be one of `fusion`'s materials (a named one or, with
    `substitute`, a Fusion Substitute)."""
    names = set(d.data[fusion].materials)
    return [c for c in cards if d.data[c].name in names
            or (substitute and is_fusion_substitute(d, c))]


def _material_combos(d, p, fusion):
    """Every legal set of materials (from p's hand and field) for Fusion Monster `fusion`."""
    pool = material_pool(d, fusion, _own_monsters(d, p))
    for combo in combinations(pool, len(d.data[fusion].materials)):
        if fits(d, fusion, combo) and room_after(d, p, fusion, combo):
            yield combo


def fusion_summonable(data) -> bool:
    """May Polymerization Fusion Summon this card? A Fusion Monster whose materials are known,
    unless it is summoned only by its own procedure (contact_fusion: "you do not use
    Polymerization")."""
    if not data.materials or not data.has_frame("fusion"):
        return False
    return data.script is None or not data.script.extra.get("no_fusion_summon")


def _fusions(d, link):
    p = link["player"]
    if summons_locked(d, p):
        return []
    return [c for c in d.extra[p] if fusion_summonable(d.data[c])
            and next(_material_combos(d, p, c), None) is not None]


def _choose_materials(d, link):
    chosen = A.chosen("fusion")(d, link)
    if not chosen:
        link["vars"]["materials"] = ()
        return
    f, p = chosen[0], link["player"]
    pool = material_pool(d, f, _own_monsters(d, p))
    n = len(d.data[f].materials)
    opts = d.select_options(pool, n, n,
                            lambda d, combo: fits(d, f, combo) and room_after(d, p, f, combo),
                            player=p)
    _ask_cards(d, link, opts, f"choose Fusion Materials for {d.name(f)}", "materials")


def fusion_spell(**kw):
    """Polymerization's shape: Fusion Summon 1 Fusion Monster from the Extra Deck using its
    materials (card facts) from the hand or field, which are sent to the GY."""
    return spell(condition=lambda d, link: bool(_fusions(d, link)),
                 operation=(A.choose(_fusions, prompt="choose a Fusion Monster to Fusion Summon",
                                     into="fusion"),
                            _choose_materials,
                            A.send_to(A.chosen("materials"), GY, K.R_MATERIAL | K.R_EFFECT),
                            A.when(lambda d, link: bool(link["vars"].get("materials")),
                                   A.special_summon(A.chosen("fusion"), how=K.SUM_FUSION),
                                   _mark_proper("fusion"))),
                 **kw)


# -- contact fusion: a Fusion Monster's own procedure --------------------------------------
def _field_materials(d, link):
    c, p = link["card"], link["player"]
    return material_pool(d, c, d.monsters(p), substitute=False)


def _contact_combo_ok(d, link, combo):
    return fits(d, link["card"], combo, substitute=False) \
        and room_after(d, link["player"], link["card"], combo)


def _can_contact(d, link):
    c, p = link["card"], link["player"]
    pool = _field_materials(d, link)
    n = len(d.data[c].materials)
    return any(_contact_combo_ok(d, link, combo) for combo in combinations(pool, n))


def contact_fusion(to=K.BANISHED, faceup_only=False, gy_summon=True):
    """The `extra` of a Fusion Monster Special Summoned from the Extra Deck by its own
    procedure: send its Fusion Materials (its facts; the named cards, no Fusion Substitute) that
    you control on the field `to` a place (banished: XYZ-Dragon Cannon and its combinations)
    as a cost, not by Polymerization; it must
    first be Summoned this way (then it counts as properly Summoned). The Summon does not use
    the Chain. Without `gy_summon` it can never be Special Summoned from the Graveyard (today's
    "cannot be Special Summoned from the GY"). Use as `script(NAME, effects...,
    extra=contact_fusion())`."""
    def pool(d, link):
        cards = _field_materials(d, link)
        return [c for c in cards if d.faceup(c)] if faceup_only else cards

    def count(d, link):
        return len(d.data[link["card"]].materials)

    return {**special_procedure(
        cost=(A.choose(pool, count, into="materials", constraint=_contact_combo_ok,
                       prompt="choose the Fusion Materials you control"),
              A.send_to(A.chosen("materials"), to, K.R_COST | K.R_MATERIAL)),
        can_pay=_can_contact, where=EXTRA, cost_frees_zone=True, label="contact fusion"),
        "no_fusion_summon": True, **({} if gy_summon else {"no_gy_summon": True})}


# ------------------------------------------------------------------------------ Ritual
def _ritual_pool(d, p, monster):
    return _own_monsters(d, p, lambda d, c: c != monster and d.level(c) > 0)


def _ritual_need(d, spell, monster) -> tuple[int, bool]:
    """The Level total Ritual Spell `spell` needs to summon `monster`, and whether exactly."""
    r = d.data[spell].ritual
    if r.exact:
        return d.level(monster), True
    return r.level or d.level(monster), False


def _tributes_ok(d, p, monster, need, combo, exact=False) -> bool:
    """Levels total `need` or more, no monster more than needed (or, `exact`, exactly
    `need`), and a zone for the monster."""
    total = sum(d.level(c) for c in combo)
    if exact:
        if total != need:
            return False
    elif total < need or any(total - d.level(c) >= need for c in combo):
        return False
    return room_after(d, p, monster, combo)


def _tribute_combos(d, p, monster, need, exact=False):
    pool = _ritual_pool(d, p, monster)
    if sum(d.level(c) for c in pool) < need:
        return
    for n in range(1, min(len(pool), need) + 1):
        for combo in combinations(pool, n):
            if _tributes_ok(d, p, monster, need, combo, exact):
                yield combo


def _ritual_monsters(d, link):
    spell_card = link["card"]
    r = d.data[spell_card].ritual
    p = link["player"]
    if r is None or summons_locked(d, p) or (
            "hand_toll" in d.static_index and d.lp[p] < hand_toll(d, p)):
        return []           # (Chain Energy: the LP to Summon it from the hand)
    return [c for c in d.hand[p] if r.summons(d.data[c])
            and next(_tribute_combos(d, p, c, *_ritual_need(d, spell_card, c)), None)
            is not None]


def _choose_tributes(d, link):
    chosen = A.chosen("ritual")(d, link)
    if not chosen:
        link["vars"]["tributes"] = ()
        return
    m, p = chosen[0], link["player"]
    need, exact = _ritual_need(d, link["card"], m)
    pool = _ritual_pool(d, p, m)
    opts = d.select_options(pool, min(len(pool), need), 1,
                            lambda d, combo: _tributes_ok(d, p, m, need, combo, exact),
                            player=p)
    _ask_cards(d, link, opts, f"choose monsters to Tribute (Levels {need}"
               f"{'' if exact else ' or more'})", "tributes")


def ritual_spell(**kw):
    """A Ritual Spell's shape: Tribute monsters from the hand or field whose Levels total what
    the card's `ritual` facts ask, then Ritual Summon the Ritual Monster they name (or one of
    their Attribute) from the hand. A Ritual Spell with those facts and no script of its own
    gets this one (attach_scripts: RITUAL_SPELL)."""
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


RITUAL_SPELL = CardScript(effects=(ritual_spell(),))
