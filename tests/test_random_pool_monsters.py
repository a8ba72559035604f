"""Seeded random duels with decks full of the Goat pool's Effect Monsters beyond the six decks
(issue 13: burn and reflect, revivals in the End and Standby Phases, auras, locks, damage
calculation tricks), in goat and v10 rules: after every decision the same invariants and rule
checks as tests/test_random_play.py hold (each card in one place, zone limits, LP changes
explained, every legal answer obeys the rules)."""
import pytest

from test_random_play import each_seed, play_to_end

from ygosim.cards.db import card_db
from ygosim.engine.api import new_duel

MONSTERS = [
    "Freed the Matchless General", "Horus the Black Flame Dragon LV4",
    "Horus the Black Flame Dragon LV6", "Horus the Black Flame Dragon LV8",
    "Zombyra the Dark", "Twin-Headed Behemoth", "The Wicked Worm Beast", "Stealth Bird",
    "Sacred Phoenix of Nephthys", "Reflect Bounder", "Pitch-Black Warwolf", "Milus Radiant",
    "Mask of Darkness", "Injection Fairy Lily", "Shining Angel", "Giant Rat", "Rescue Cat",
    "Marauding Captain", "Command Knight", "Maji-Gire Panda", "Manticore of Darkness",
    "Goblin Attack Force", "Gearfried the Iron Knight", "Berserk Gorilla",
    "Dark Scorpion - Chick the Yellow", "Dark Scorpion - Cliff the Trap Remover",
    "Dark Scorpion - Meanae the Thorn", "Dark Scorpion Burglars", "Blade Rabbit", "Dream Clown",
    "Abyss Soldier", "Emissary of the Afterlife", "Gravekeeper's Assailant",
    "Royal Magical Library", "Mataza the Zapper", "Gyaku-Gire Panda",
    "Gravekeeper's Spear Soldier", "Enraged Battle Ox", "Mystic Swordsman LV2",
    "Hand of Nephthys", "Zaborg the Thunder Monarch", "Mobius the Frost Monarch",
    "Thestalos the Firestorm Monarch", "Sacred Crane", "Swarm of Scarabs", "Swarm of Locusts",
    "Medusa Worm", "Golem Sentry", "Des Lacooda", "Des Koala", "Old Vindictive Magician",
    "Magical Marionette", "Skilled Dark Magician", "Skilled White Magician", "Blowback Dragon",
    "Bazoo the Soul-Eater", "Apprentice Magician", "Dark Magician of Chaos", "Lava Golem",
    "Fusilier Dragon, the Dual-Mode Beast", "King Tiger Wanghu",
    "Gearfried the Swordmaster",
]
SUPPORT = ["Pot of Greed", "Fissure", "Dark Hole", "Monster Reborn", "Mirror Force", "Waboku",
           "Book of Taiyou", "Swords of Revealing Light", "Invigoration", "Nimble Momonga",
           "Change of Heart", "Snatch Steal"]


def _deck(shift: int, rules: str) -> list:
    """14 of the monsters (two copies each; which ones turns with the seed) and the support."""
    db = card_db()
    era = "goat" if rules == "goat" else "current"
    names = [n for n in MONSTERS if n in db and db[n].playable_in(era)]
    names = names[shift % len(names):] + names[:shift % len(names)]
    main = [db[n] for n in names[:14]] * 2 + [db[n] for n in SUPPORT]
    return main[:40]


def play(seed: int, rules: str, eager: bool):
    d = new_duel(_deck(seed, rules), _deck(seed + 5, rules), seed=seed,
                 options={"rules": rules, "turn_cap": 60})
    return play_to_end(d, seed, eager)


@pytest.mark.parametrize("rules", ["goat", "v10"])
@pytest.mark.parametrize("eager", [False, True], ids=["uniform", "eager"])
def test_random_duels_with_pool_monsters(rules, eager):
    each_seed(range(15), play, rules, eager)
