"""Fusion and Ritual Monsters from their facts (issue 23): a Fusion Monster's materials and a
Ritual Spell's Ritual Monster and Levels are card facts read by one generic procedure each
(cards/scripts/summoning.py), so effect-less Fusion and Ritual Monsters and Ritual Spells need no
script; a Fusion Substitute stands in for one material; a contact fusion (its own procedure)
is not summoned by Polymerization."""
from __future__ import annotations

import pytest

from engine_util import card_named, scenario_duel
from ygosim.cards.db import card_db
from ygosim.cards.model import CardData, RitualRecipe, card_from_dict
from ygosim.cards.scripts.summoning import RITUAL_SPELL, fits, fusion_summonable
from ygosim.engine.effects import CardScript

GOAT = {"name": "test", "turn": 3, "turn_player": "A", "rules": "goat"}


def fusion_facts(**kw) -> dict:
    return {"name": "Test Fusion", "passcode": 1, "kind": "monster", "frames": ["fusion"],
            "attribute": "DARK", "type": "Dragon", "atk": 1000, "def": 1000, "level": 5,
            "materials": ["A", "B"], **kw}


def test_which_fusion_and_ritual_monsters_play_from_their_facts():
    assert card_from_dict(fusion_facts()).playable                    # no effect, materials known
    assert not card_from_dict(fusion_facts(materials=[])).playable    # materials unknown
    assert not card_from_dict(fusion_facts(frames=["effect", "fusion"])).playable
    ritual = {**fusion_facts(), "frames": ["ritual"], "materials": []}
    assert card_from_dict(ritual).playable
    assert not card_from_dict({**ritual, "frames": ["effect", "ritual"]}).playable
    dragoness = card_db()["Dragoness the Wicked Knight"]
    assert dragoness.script is None and dragoness.playable_in("goat")
    assert dragoness.materials == ("Armaill", "One-Eyed Shield Dragon")
    assert fusion_summonable(dragoness)


def test_ritual_facts_are_checked_and_name_what_they_summon():
    assert RitualRecipe.from_dict({"monster": "X", "level": 8}) == RitualRecipe("X", "", 8)
    for bad in ({"level": 8}, {"monster": "X", "levle": 8}):
        with pytest.raises(ValueError, match="ritual"):
            RitualRecipe.from_dict(bad)
    db = card_db()
    spells = [c for c in db if c.ritual is not None]
    assert len(spells) >= 16
    for spell in spells:
        assert spell.kind == "spell" and spell.subtype == "ritual", spell.name
        assert spell.playable_in("goat") and spell.script is not None, spell.name
        if spell.ritual.monster:
            monster = db[spell.ritual.monster]
            assert spell.ritual.summons(monster) and spell.ritual.level == monster.level
    abyss = db["Contract with the Abyss"].ritual
    assert abyss.exact and abyss.summons(db["The Masked Beast"])
    assert not abyss.summons(db["Black Luster Soldier"])              # EARTH
    assert not abyss.summons(db["Dark Magician"])                     # no Ritual Monster
    assert db["Black Luster Ritual"].script is RITUAL_SPELL


@pytest.fixture
def substitute(monkeypatch):
    """Mystical Elf made a Fusion Substitute for the test (no card of the pool is scripted as
    one yet: King of the Swamp and Goddess with the Third Eye are theirs to use)."""
    elf = card_db()["Mystical Elf"]
    monkeypatch.setattr(elf, "script", CardScript(extra={"fusion_substitute": True}))
    elf._variants.clear()
    yield elf
    elf._variants.clear()


def test_a_fusion_substitute_stands_in_for_one_material_only(substitute):
    d = scenario_duel(GOAT, A={"hand": ["Armaill", "Mystical Elf", "Mystical Elf", "Feral Imp"],
                               "monsters": ["One-Eyed Shield Dragon"],
                               "extra": ["Dragoness the Wicked Knight"]})
    dragoness = card_named(d, "Dragoness the Wicked Knight")
    armaill, shield = card_named(d, "Armaill"), card_named(d, "One-Eyed Shield Dragon")
    elves = [c for c in d.hand[0] if d.data[c].name == "Mystical Elf"]
    imp = card_named(d, "Feral Imp")
    assert fits(d, dragoness, (armaill, shield)) and fits(d, dragoness, (shield, armaill))
    assert fits(d, dragoness, (armaill, elves[0])) and fits(d, dragoness, (elves[0], shield))
    assert not fits(d, dragoness, tuple(elves))                       # two substitutes
    assert not fits(d, dragoness, (armaill, imp))                     # a wrong monster
    assert not fits(d, dragoness, (armaill, shield, elves[0]))        # one too many
    assert not fits(d, dragoness, (armaill, elves[0]), substitute=False)   # (contact fusions)


def test_no_fusion_substitute_in_a_contact_fusion(substitute):
    d = scenario_duel(GOAT, A={"monsters": ["X-Head Cannon", "Mystical Elf"],
                               "extra": ["XY-Dragon Cannon"]})
    assert "special XY-Dragon Cannon" not in d.texts()
    d = scenario_duel(GOAT, A={"monsters": ["X-Head Cannon", "Y-Dragon Head"],
                               "extra": ["XY-Dragon Cannon"]})
    assert "special XY-Dragon Cannon" in d.texts()


def test_twin_materials_need_two_copies():
    d = scenario_duel(GOAT, A={"hand": ["Thunder Dragon", "Thunder Dragon", "Feral Imp"],
                               "extra": ["Twin-Headed Thunder Dragon"]})
    twin = card_named(d, "Twin-Headed Thunder Dragon")
    dragons = [c for c in d.hand[0] if d.data[c].name == "Thunder Dragon"]
    assert fits(d, twin, tuple(dragons))
    assert not fits(d, twin, (dragons[0], card_named(d, "Feral Imp")))


def test_a_fusion_monster_imported_without_materials_is_not_fusion_summoned():
    card = CardData(name="Imported Fusion", passcode=2, kind="monster", frames=("fusion",),
                    level=5)
    assert not card.playable and not fusion_summonable(card)
