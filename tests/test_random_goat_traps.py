"""Seeded random duels with decks full of the Trap Cards of real Goat tournament lists (issue 23:
Phoenix Wing Wind Blast, Xing Zhen Hu, Ojama Trio, Nightmare Wheel...), in goat and v10 rules:
after every decision the invariants and rule checks of tests/test_random_play.py hold (each
card in one place, zone limits, LP changes explained, every legal answer obeys the rules, every
basic action is offered), and most of those Traps get activated."""
import pytest

from test_random_play import play_to_end

from ygosim.cards.db import card_db
from ygosim.engine.api import new_duel
from ygosim.engine.observe import log_view

TRAPS = [
    "Phoenix Wing Wind Blast", "Xing Zhen Hu", "Widespread Ruin", "Ojama Trio",
    "Nightmare Wheel", "Cursed Seal of the Forbidden Spell", "Hallowed Life Barrier",
    "Mind Crush", "Desert Sunlight", "Needle Ceiling", "Skill Drain", "Reckless Greed",
    "Barrel Behind the Door", "Time Seal", "Chain Disappearance", "Anti-Spell Fragrance",
    "Magic Drain", "Royal Command", "Deck Devastation Virus", "Blast with Chain",
    "Trap of Board Eraser", "Bad Reaction to Simochi", "Heavy Slump", "Robbin' Goblin",
    "Mask of Restrict", "Mirror Wall", "Curse of Darkness", "Spell Purification",
    "Windstorm of Etaqua", "Acid Trap Hole", "Good Goblin Housekeeping", "Backup Soldier",
    "Bubble Crash", "Chain Burst", "Disturbance Strategy", "Judgment of Anubis",
    "Lightforce Sword", "Rock Bombardment", "Interdimensional Matter Transporter",
    "Royal Oppression", "Embodiment of Apophis", "Rivalry of Warlords", "Graverobber",
    "Last Turn",
]
# the rest of each deck: monsters (FLIP effects for Desert Sunlight, Tributes for the Tokens)
# and Spells for Cursed Seal to answer and discard
OTHERS = ["Magician of Faith", "Man-Eater Bug", "Sangan", "Battle Ox", "Summoned Skull",
          "Feral Imp", "Luster Dragon", "Gemini Elf", "Pot of Greed", "Mystical Space Typhoon",
          "Dark Hole", "Heavy Storm", "Book of Moon", "Scapegoat", "Celtic Guardian",
          "Exiled Force", "Jinzo", "Ring of Destruction", "Just Desserts", "Magic Cylinder",
          "Giant Soldier of Stone", "Messenger of Peace", "Solemn Wishes", "Mystical Elf",
          "Monster Reborn", "Call of the Haunted"]


def _deck(seed: int) -> list:
    """20 Traps of the list (rotated by the seed) and 20 other cards."""
    db = card_db()
    k = len(TRAPS)
    traps = [TRAPS[(seed + i) % k] for i in range(20)]
    others = [OTHERS[(seed * 3 + i) % len(OTHERS)] for i in range(20)]
    return [db[n] for n in traps + others]


def _activated(d) -> set:
    return {x.split(" activates ", 1)[1].split(" (")[0] for x in log_view(d, None)
            if " activates " in x}


@pytest.mark.parametrize("rules", ["goat", "v10"])
@pytest.mark.parametrize("eager", [False, True], ids=["uniform", "eager"])
def test_random_duels_with_goat_traps(rules, eager):
    used = set()
    for seed in range(24):
        d = new_duel(_deck(seed), _deck(seed + 5), seed=seed,
                     options={"rules": rules, "turn_cap": 40})
        try:
            play_to_end(d, seed, eager)
        except AssertionError as e:
            raise AssertionError(f"seed {seed} ({rules}, eager={eager}): {e}") from None
        used |= _activated(d)
    unused = sorted(set(TRAPS) - used)
    assert len(unused) <= len(TRAPS) // 4, f"never activated: {unused}"
