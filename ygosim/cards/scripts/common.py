"""Shapes many cards share: Equip Spells and Field Spells that change ATK/DEF."""
from __future__ import annotations

from ...engine import actions as A
from ...engine.const import MZONE
from ...engine.effects import Target, continuous, spell


def equip_to_target(d, link):
    """Operation of an Equip Spell: attach it to its target (if both are still there)."""
    c = link["card"]
    ts = A.targets(d, link)
    if ts and d.loc[c] and d.faceup(ts[0]) and d.mid[c] == link["cmid"]:
        t = ts[0]
        d.equip[c] = (t, d.mid[t])
        d.write(f"{d.name(c)} is equipped to {d.name(t)}")


def equip_spell(filter=None, atk=0, def_=0, who=A.ANY):
    """An Equip Spell for a face-up monster (matching filter) giving it +atk/+def."""
    def bonus(d, src, c):
        e = d.equip[src]
        if e is not None and e[0] == c and (filter is None or filter(d, c)):
            return (atk, def_)
        return None
    return (spell(target=Target(A.monsters(who, faceup=True, filter=filter),
                                prompt="choose a monster to equip"),
                  operation=equip_to_target),
            continuous("stat", bonus))


def field_spell(*boosts):
    """A Field Spell: boosts are (filter, atk, def_) applied to every face-up monster."""
    def bonus(d, src, c):
        da = dd = 0
        hit = False
        for f, a, df in boosts:
            if f(d, c):
                da += a
                dd += df
                hit = True
        return (da, dd) if hit else None
    return (spell(), continuous("stat", bonus, range=MZONE | 8))
