"""Spell Cards."""
from __future__ import annotations

from ...engine import actions as A
from ...engine.actions import ANY, OPP, YOU
from ...engine.const import GY, DECK
from ...engine.effects import Target, script, spell
from .common import equip_spell, field_spell


def can_special_summon_from(d, c, p):
    """May card c be Special Summoned by an effect (for player p)? Not if it says so, nor a
    Fusion/Ritual/Extra Deck monster that was never properly summoned."""
    data = d.data[c]
    if not data.is_monster:
        return False
    if data.script is not None and data.script.cannot_special_summon:
        return False
    if (data.is_extra_deck or "ritual" in data.frames) and not d.proper(c):
        return False
    return True


def _free_zone(d, link):
    return bool(d.free_mzones(link["player"]))


script("Dark Hole", spell(operation=A.destroy(A.monsters(ANY))))
script("Raigeki", spell(condition=A.exists(A.monsters(OPP)),
                        operation=A.destroy(A.monsters(OPP))))
script("Dian Keto the Cure Master", spell(operation=A.gain_lp(1000)))
script("Ookazi", spell(operation=A.damage(800, OPP)))
script("Pot of Greed", spell(condition=lambda d, link: len(d.deck[link["player"]]) >= 2,
                             operation=A.draw(2)))
script("Monster Reborn", spell(
    condition=_free_zone,
    target=Target(lambda d, link: [c for p in (0, 1) for c in d.gy[p]
                                   if can_special_summon_from(d, c, link["player"])],
                  prompt="choose a monster in either Graveyard"),
    operation=A.special_summon(A.targets)))
script("Sword of Dark Destruction", *equip_spell(A.is_attribute("DARK"), 400, -200))
script("Book of Secret Arts", *equip_spell(A.is_type("Spellcaster"), 300, 300))
script("Dark Energy", *equip_spell(A.is_type("Fiend"), 300, 300))
script("Invigoration", *equip_spell(A.is_attribute("EARTH"), 400, -200))
script("Yami", *field_spell((A.is_type("Fiend", "Spellcaster"), 200, 200),
                            (A.is_type("Fairy"), -200, -200)))
script("Sogen", *field_spell((A.is_type("Warrior", "Beast-Warrior"), 200, 200)))
