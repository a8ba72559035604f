"""Seeded random duels with decks full of the Goat format's Effect Monsters (flips, recruiters,
battle triggers, coin tosses, hand and Deck effects) and its Fusion Monsters, in goat and v10
rules: after every decision the same invariants and rule checks as tests/test_random_play.py
hold (each card in one place, zone limits, LP changes explained, every legal answer obeys the
rules)."""
import pytest

from test_random_play import each_seed, play_to_end

from ygosim.cards.db import card_db
from ygosim.engine.api import new_duel

MONSTERS = [
    "Magician of Faith", "Morphing Jar", "Mystic Tomato", "Pyramid Turtle", "D.D. Warrior Lady",
    "D.D. Assailant", "Dekoichi the Battlechanted Locomotive", "Dark Mimic LV1",
    "Gravekeeper's Guard", "Gravekeeper's Spy", "Exiled Force", "Night Assailant",
    "Sasuke Samurai #4", "Thunder Dragon", "Ryu Kokki", "Sinister Serpent",
    "Kycoo the Ghost Destroyer", "Guardian Sphinx",
]
SUPPORT = ["Polymerization", "Ojama Green", "Ojama Yellow", "Ojama Black", "Dark Hole",
           "Monster Reborn", "Mirror Force", "Sakuretsu Armor", "Brain Control", "Book of Life",
           "Luster Dragon", "Koumori Dragon", "Metamorphosis", "Dark Magician"]
FUSIONS = ["Gatling Dragon", "King Dragun", "Ojama King", "Dark Flare Knight",
           "Dark Blade the Dragon Knight", "Ryu Senshi", "Dark Balter the Terrible",
           "Fiend Skull Dragon", "Reaper on the Nightmare", "The Last Warrior from Another Planet"]


class _Deck:
    def __init__(self, main, extra):
        self.main, self.extra = main, extra


def _deck(shift: int, rules: str) -> _Deck:
    db = card_db()
    names = MONSTERS[shift:] + MONSTERS[:shift]
    main = [db[n] for n in SUPPORT] + [db[n] for n in names] * 2
    main = [c for c in main if c.playable_in("goat" if rules == "goat" else "current")]
    return _Deck(main[:40], [db[n] for n in FUSIONS])


def play(seed: int, rules: str, eager: bool):
    d = new_duel(_deck(0, rules), _deck(7, rules), seed=seed,
                 options={"rules": rules, "turn_cap": 60})
    return play_to_end(d, seed, eager)


@pytest.mark.parametrize("rules", ["goat", "v10"])
@pytest.mark.parametrize("eager", [False, True], ids=["uniform", "eager"])
def test_random_duels_with_goat_monsters(rules, eager):
    each_seed(range(15), play, rules, eager)


def test_the_monsters_are_played():
    """The duels above do use these cards: their effects show up in the log."""
    seen = set()
    for seed in range(15):
        for rules in ("goat",):
            d = play(seed, rules, True)
            for line in d.log:
                for n in MONSTERS + FUSIONS:
                    if f"activates {n}" in line:
                        seen.add(n)
    assert len(seen) >= len(MONSTERS) // 2, sorted(seen)
