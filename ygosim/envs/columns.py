"""The words and columns of the environments' observations (docs/envs.md describes every
column and its scale): the tables of columns with their scales and bounds, the word lists that
categorical columns index, and the arithmetic of pages of answers. ygosim.envs.encoding (the
Encoder, from observe()) and ygosim.envs.incremental (the environments' path) both read them;
`encoding` gives every name here too."""
from __future__ import annotations

import numpy as np

from ..engine.decision import KINDS
from ..engine.observe import STEP_TITLES

# (name, scale, low, high) of each column: the value is the raw number / scale; bounds after
# scaling. Categorical columns (indexes into the word lists below, card ids) have scale 1.
ID_HIGH = float(2 ** 24)            # card ids (float32 holds whole numbers exactly up to 2**24)
CARD_COLUMNS = (
    ("card", 1, 0, ID_HIGH), ("mine", 1, 0, 2), ("owner", 1, 0, 2), ("location", 1, 0, 9),
    ("slot", 1, 0, 200), ("faceup", 1, 0, 2), ("known", 1, 0, 1), ("position", 1, 0, 3),
    ("kind", 1, 0, 5), ("subtype", 1, 0, 7), ("frames", 1, 0, 2 ** 15), ("level", 1, 0, 13),
    ("attribute", 1, 0, 7), ("type", 1, 0, 25), ("atk", 1000, 0, 100), ("def", 1000, 0, 100),
    ("atk_change", 1000, -100, 100), ("def_change", 1000, -100, 100),
    ("equipped_to", 1, 0, 1000), ("counters", 1, 0, 1000), ("negated", 1, 0, 1),
    ("cannot_attack", 1, 0, 1), ("this_turn", 1, 0, 1), ("attacked", 1, 0, 1))
GLOBAL_COLUMNS = (
    ("my_lp", 8000, 0, 1000), ("opp_lp", 8000, 0, 1000), ("turn", 10, 0, 1000),
    ("my_turn", 1, 0, 1), ("phase", 1, 0, 6), ("step", 1, 0, 8), ("my_hand", 1, 0, 200),
    ("opp_hand", 1, 0, 200), ("my_deck", 40, 0, 10), ("opp_deck", 40, 0, 10),
    ("my_gy", 1, 0, 200), ("opp_gy", 1, 0, 200), ("my_banished", 1, 0, 200),
    ("opp_banished", 1, 0, 200), ("my_extra", 1, 0, 200), ("opp_extra", 1, 0, 200),
    ("my_monsters", 1, 0, 7), ("opp_monsters", 1, 0, 7), ("my_spells", 1, 0, 6),
    ("opp_spells", 1, 0, 6), ("chain", 1, 0, 200), ("decision", 1, 0, len(KINDS)),
    ("n_actions", 1, 0, 1e6), ("page", 1, 0, 1e6), ("pages", 1, 0, 1e6), ("seat", 1, 0, 1),
    ("attack", 1, 0, 1), ("attacker_row", 1, 0, 1000), ("attack_target_row", 1, 0, 1000))
CHAIN_COLUMNS = (
    ("card", 1, 0, ID_HIGH), ("mine", 1, 0, 2), ("row", 1, 0, 1000), ("targets", 1, 0, 100))
HISTORY_COLUMNS = (
    ("turn", 10, 0, 1000), ("phase", 1, 0, 6), ("who", 1, 0, 2), ("what", 1, 0, 32),
    ("card", 1, 0, ID_HIGH), ("n_cards", 1, 0, 100), ("age", 1, 0, 1e6))
ACTION_COLUMNS = (
    ("kind", 1, 0, len(KINDS)), ("verb", 1, 0, 32), ("card", 1, 0, ID_HIGH),
    ("row", 1, 0, 1000), ("mine", 1, 0, 2), ("location", 1, 0, 9), ("effect", 1, 0, 100),
    ("atk", 1000, 0, 100), ("def", 1000, 0, 100), ("target_card", 1, 0, ID_HIGH),
    ("target_row", 1, 0, 1000), ("target_mine", 1, 0, 2), ("target_atk", 1000, 0, 100),
    ("target_def", 1000, 0, 100), ("target_faceup", 1, 0, 2), ("direct", 1, 0, 1),
    ("arg", 1, 0, 10000), ("n_cards", 1, 0, 100), ("option", 1, 0, 1e6))
FEATURES = {"cards": CARD_COLUMNS, "global": GLOBAL_COLUMNS, "chain": CHAIN_COLUMNS,
            "history": HISTORY_COLUMNS, "actions": ACTION_COLUMNS}

CARD_FEATURES = tuple(c[0] for c in CARD_COLUMNS)
GLOBAL_FEATURES = tuple(c[0] for c in GLOBAL_COLUMNS)
CHAIN_FEATURES = tuple(c[0] for c in CHAIN_COLUMNS)
HISTORY_FEATURES = tuple(c[0] for c in HISTORY_COLUMNS)
ACTION_FEATURES = tuple(c[0] for c in ACTION_COLUMNS)

LOCATIONS = ("hand", "monster", "spell", "field", "emz", "gy", "banished", "extra", "deck")
VERBS = ("summon", "set", "flip", "change", "activate", "attack", "phase", "pass", "yes", "no",
         "position", "zone", "call", "go", "declare", "order", "choose", "synchro", "xyz",
         "link", "pendulum", "special", "page")
KIND_NAMES = ("monster", "spell", "trap", "spell/trap", "field spell")
SUBTYPES = ("normal", "quickplay", "continuous", "equip", "field", "ritual", "counter")
FRAMES = ("normal", "effect", "fusion", "ritual", "synchro", "xyz", "link", "pendulum", "tuner",
          "flip", "spirit", "union", "gemini", "toon", "token")
ATTRIBUTES = ("DARK", "EARTH", "FIRE", "LIGHT", "WATER", "WIND", "DIVINE")
TYPES = ("Aqua", "Beast", "Beast-Warrior", "Creator God", "Cyberse", "Dinosaur", "Divine-Beast",
         "Dragon", "Fairy", "Fiend", "Fish", "Insect", "Machine", "Plant", "Psychic", "Pyro",
         "Reptile", "Rock", "Sea Serpent", "Spellcaster", "Thunder", "Warrior", "Winged Beast",
         "Wyrm", "Zombie")
PHASES = ("draw", "standby", "main1", "battle", "main2", "end")
STEPS = tuple(STEP_TITLES.values())    # start step, battle step, the damage step's five, end
ARG_WORDS = {"battle": 1, "main2": 2, "end": 3, "attack": 1, "defense": 2, "heads": 1,
             "tails": 2, "first": 1, "second": 2}
POSITIONS = {"attack": 1, "defense": 2, "set": 3}
# what a line of the log tells (the first that fits, in this order); index + 1 in "what"
HISTORY_WORDS = (
    ("turn", ("--- Turn",)), ("draw", (" draws ",)), ("normal summon", ("Normal Summons",)),
    ("special summon", ("Special Summons", "Summon procedure")),
    ("flip summon", ("Flip Summons",)), ("set", (" sets ",)), ("activate", (" activates ",)),
    ("target", ("targeting",)), ("attack", (" attacks",)), ("to hand", ("sent to the hand",)),
    ("destroy", (" destroyed",)), ("to graveyard", ("sent to the Graveyard",)),
    ("banish", ("banished",)), ("damage", (" damage",)), ("pay", (" pays ",)),
    ("position", ("Position",)), ("discard", ("iscard",)), ("reveal", (" shows ", "reveals")),
    ("coin", ("oin",)), ("dice", ("die", "dice")), ("lp", ("LP",)), ("negate", ("negate",)),
    ("chain", ("Chain",)), ("win", (" wins", " loses")))
HISTORY_WHAT = tuple(w for w, _ in HISTORY_WORDS) + ("other",)

NONE, HIDDEN, UNKNOWN = 0, 1, 2

_C = {n: i for i, n in enumerate(CARD_FEATURES)}
_A = {n: i for i, n in enumerate(ACTION_FEATURES)}
_G = {n: i for i, n in enumerate(GLOBAL_FEATURES)}
_K = {n: i for i, n in enumerate(CHAIN_FEATURES)}
_PAGE_VERB = VERBS.index("page") + 1
_L = {name: i + 1 for i, name in enumerate(LOCATIONS)}


def _index(seq, value) -> int:
    """1-based index of value in seq, 0 if absent."""
    try:
        return seq.index(value) + 1
    except ValueError:
        return 0


def _scales(columns) -> np.ndarray:
    return np.array([1.0 / c[1] for c in columns], np.float32)


def card_vocabulary() -> list[str]:
    """The names of the card store's cards in passcode order (vocabulary index = 3 + position)."""
    from ..cards.db import card_db
    cards = sorted(card_db(), key=lambda c: (c.passcode, c.name))
    return [c.name for c in cards]


def pages(n_options: int, max_actions: int) -> int:
    """How many pages a decision with n_options answers takes."""
    if n_options <= max_actions:
        return 1
    return -(-n_options // (max_actions - 1))


def answer_mask(n_shown: int, n_pages: int, max_actions: int) -> np.ndarray:
    """The action mask of a page showing n_shown answers (and, when the decision takes
    several pages, the next-page action: always the last action)."""
    mask = np.zeros(max_actions, np.int8)
    mask[:n_shown] = 1
    if n_pages > 1:
        mask[max_actions - 1] = 1
    return mask


def option_index(n_options: int, max_actions: int, page: int, action: int):
    """The answer (option number) action `action` of page `page` stands for; "page" for the
    next-page action; None if it stands for nothing."""
    if n_options <= max_actions:
        return action if 0 <= action < n_options else None
    per = max_actions - 1
    if action == per:
        return "page"
    i = page * per + action
    return i if 0 <= action < per and i < n_options else None


def _location_of(view) -> int:
    zone = view.get("zone", "")
    if zone.startswith("m"):
        return _index(LOCATIONS, "monster")
    if zone == "emz":
        return _index(LOCATIONS, "emz")
    if zone == "fz":
        return _index(LOCATIONS, "field")
    if zone.startswith("s"):
        return _index(LOCATIONS, "spell")
    return _index(LOCATIONS, zone)
