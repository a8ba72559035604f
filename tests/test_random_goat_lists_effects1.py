"""Seeded random duels with decks full of the Effect Monsters of real Goat tournament lists that
issue 23 added (effects1's part: Cipher Soldier, Amazoness Archer, Spell Canceller...), in goat
rules and, for those with a current version, v10: after every decision the same invariants and
rule checks as tests/test_random_play.py hold."""
from types import SimpleNamespace

import pytest

from test_random_play import each_seed, play_to_end

from ygosim.cards.db import card_db
from ygosim.engine.api import new_duel

MONSTERS = [
    "Cipher Soldier", "Amazoness Archer", "Cyber-Stein", "Spell Canceller", "Big Shield Gardna",
    "Newdoria", "Legendary Jujitsu Master", "Roulette Barrel", "Cannon Soldier",
    "Possessed Dark Soul", "Granmarg the Rock Monarch", "Jirai Gumo", "Chaos Command Magician",
    "Protector of the Sanctuary", "Rare Metal Dragon", "Blindly Loyal Goblin",
    "Spear Dragon", "Needle Burrower", "Elephant Statue of Disaster", "Minar",
    "Despair from the Dark", "Different Dimension Dragon", "Fire Princess",
    "Gravekeeper's Watcher", "Dark Mimic LV3", "The Rock Spirit", "Strike Ninja",
    "Iron Blacksmith Kotetsu", "Summoner of Illusions", "Morphing Jar #2", "Susa Soldier",
    "The Creator", "Element Saurus", "Solar Flare Dragon", "Peten the Dark Clown",
    "The Fiend Megacyber", "Dark Dust Spirit", "Freed the Brave Wanderer", "Otohime",
    "Dark Ruler Ha Des", "Mystic Swordsman LV6", "Nightmare Penguin", "The Forgiving Maiden",
    "Infernalqueen Archfiend", "Giant Germ",
]
SUPPORT = ["Pot of Greed", "Delinquent Duo", "Graceful Charity", "Card Destruction",
           "Nobleman of Crossout", "Dian Keto the Cure Master", "Upstart Goblin", "Mind Control",
           "Monster Reborn", "Mirror Force", "Scapegoat", "Book of Moon"]
EXTRA = ["Thousand-Eyes Restrict", "Gatling Dragon", "Ryu Senshi"]


def _deck(shift: int, rules: str):
    """14 of the monsters (two copies each; which ones turns with `shift`: ten seeds meet them
    all), the support and a
    few Fusion Monsters (Cyber-Stein)."""
    db = card_db()
    era = "goat" if rules == "goat" else "current"
    names = [n for n in MONSTERS if n in db and db[n].playable_in(era)]
    names = names[shift % len(names):] + names[:shift % len(names)]
    main = [db[n] for n in names[:14]] * 2 + [db[n] for n in SUPPORT if n in db]
    return SimpleNamespace(main=main[:40], extra=[db[n] for n in EXTRA if n in db])


def play(seed: int, rules: str, eager: bool):
    d = new_duel(_deck(5 * seed, rules), _deck(5 * seed + 23, rules), seed=seed,
                 options={"rules": rules, "turn_cap": 60})
    return play_to_end(d, seed, eager)


@pytest.mark.parametrize("rules", ["goat", "v10"])
@pytest.mark.parametrize("eager", [False, True], ids=["uniform", "eager"])
def test_random_duels_with_goat_list_monsters(rules, eager):
    each_seed(range(10), play, rules, eager)
