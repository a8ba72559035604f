"""Random play with Fusion and Ritual Monsters (issue 23): two decks full of Fusion Materials,
Polymerization, Metamorphosis, Ritual Spells and their monsters and the Dragon Cannons' parts,
with Fusion Decks of the Fusion Monsters of /work/helpers/cards-fusion-ritual.tsv,
in goat rules; every check of tests/test_random_play.py after every decision, both kinds of
random players. The Fusion and Ritual Summons and the contact fusions must happen."""
from __future__ import annotations

from types import SimpleNamespace

import pytest

from test_random_play import play_checked

from ygosim.cards.db import card_db
from ygosim.engine.observe import log_view

FUSIONS = ["Dragoness the Wicked Knight", "Master of Oz", "Flame Ghost",
           "Twin-Headed Thunder Dragon",
           "Giltia the D. Knight", "B. Skull Dragon", "Karbonala Warrior", "Thousand Dragon",
           "Sanwitch", "Musician King", "Flame Swordsman", "Gaia the Dragon Champion",
           "XY-Dragon Cannon", "XYZ-Dragon Cannon", "XZ-Tank Cannon", "YZ-Tank Dragon",
           "Thousand-Eyes Restrict", "Dark Flare Knight"]
MAIN = (["Polymerization"] * 3 + ["Metamorphosis", "Scapegoat", "Monster Reborn"]
        + ["Armaill", "One-Eyed Shield Dragon", "Skull Servant", "Dissolverock",
           "Thunder Dragon", "Thunder Dragon", "Guardian of the Labyrinth",
           "Protector of the Throne", "M-Warrior #1", "M-Warrior #2", "Time Wizard",
           "Baby Dragon", "Witch of the Black Forest", "Lady of Faith", "Sangan",
           "Flame Manipulator", "Masaki the Legendary Swordsman", "Gaia The Fierce Knight",
           "Curse of Dragon", "X-Head Cannon", "Y-Dragon Head", "Z-Metal Tank",
           "X-Head Cannon", "Y-Dragon Head", "Z-Metal Tank", "Black Luster Ritual",
           "Black Luster Soldier", "Earth Chant", "Contract with the Abyss", "The Masked Beast",
           "Curse of the Masked Beast", "Mystical Elf", "Feral Imp", "Dark Magician"])
FUSIONS_B = ["Dark Paladin", "Elemental HERO Flame Wingman", "Elemental HERO Thunder Giant",
             "Mokey Mokey King", "Super Roboyarou", "Super Robolady", "Flame Ghost",
             "Master of Oz"]
MAIN_B = (["Polymerization"] * 3 + ["Metamorphosis", "Monster Reborn", "Dark Hole"]
          + ["Dark Magician", "Buster Blader", "Elemental HERO Avian",
             "Elemental HERO Burstinatrix", "Elemental HERO Sparkman", "Elemental HERO Clayman",
             "Mokey Mokey", "Mokey Mokey", "Mokey Mokey", "Roboyarou", "Robolady", "Robolady",
             "Black Illusion Ritual", "Relinquished", "Relinquished",
             "Contract with the Dark Master", "Dark Master - Zorc", "Doriado's Blessing",
             "Elemental Mistress Doriado", "Abyss Soldier", "Luster Dragon", "Luster Dragon",
             "Skull Servant", "Dissolverock", "Big Koala", "Des Kangaroo", "Mystical Elf",
             "Feral Imp", "Celtic Guardian", "Silver Fang", "Blue-Eyes White Dragon",
             "Summoned Skull", "Feral Imp", "Mystical Elf"])
SEEDS = 8


def deck(main=MAIN, fusions=FUSIONS):
    db = card_db()
    cards = [db[n] for n in main]
    extra = [db[n] for n in fusions]
    assert len(cards) == 40 and all(c.playable_in("goat") for c in extra), \
        [c.name for c in extra if not c.playable_in("goat")]     # (a material may be unscripted:
    return SimpleNamespace(main=cards, extra=extra)              # it plays without its effect)


@pytest.mark.parametrize("eager", [False, True], ids=["uniform", "eager"])
def test_random_duels_with_fusion_and_ritual_monsters(eager):
    summoned = set()
    decks = (deck(), deck(MAIN_B, FUSIONS_B))
    for seed in range(SEEDS):
        try:
            d = play_checked(70_000 + seed, {"rules": "goat", "turn_cap": 60}, eager=eager,
                             pair=decks if seed % 2 else decks[::-1])
        except AssertionError as e:
            raise AssertionError(f"seed {70_000 + seed} ({'eager' if eager else 'uniform'}): "
                                 f"{e}") from None
        summoned |= {c for line in log_view(d, None) for c in FUSIONS + MAIN + FUSIONS_B + MAIN_B
                     if f"Special Summons {c} " in line}
        summoned |= {"(contact)" for line in log_view(d, None) if "Summon procedure of" in line}
    if eager:       # an eager player uses what it can: Fusion, Ritual and contact Summons
        assert summoned & set(FUSIONS) and "(contact)" in summoned, sorted(summoned)
