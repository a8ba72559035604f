"""YGOPro/EDOPro numeric codes for card facts (type bits, attributes, races, Link Arrows).

Used by the cards.cdb importer and the fact generator. These are facts about a file format,
not card texts.
"""

TYPE_BITS = {
    "monster": 0x1, "spell": 0x2, "trap": 0x4, "normal": 0x10, "effect": 0x20,
    "fusion": 0x40, "ritual": 0x80, "trap_monster": 0x100, "spirit": 0x200, "union": 0x400,
    "gemini": 0x800, "tuner": 0x1000, "synchro": 0x2000, "token": 0x4000,
    "quickplay": 0x10000, "continuous": 0x20000, "equip": 0x40000, "field": 0x80000,
    "counter": 0x100000, "flip": 0x200000, "toon": 0x400000, "xyz": 0x800000,
    "pendulum": 0x1000000, "special_summon": 0x2000000, "link": 0x4000000,
    "skill": 0x8000000, "action": 0x10000000,      # EDOPro: Speed Duel Skills, Action Cards
}

# Rows with these bits are not cards a Deck can hold; importers skip them.
NOT_DECK_CARD_BITS = {"token": TYPE_BITS["token"], "skill": TYPE_BITS["skill"],
                      "action": TYPE_BITS["action"]}

ATTRIBUTES = {0x1: "EARTH", 0x2: "WATER", 0x4: "FIRE", 0x8: "WIND", 0x10: "LIGHT",
              0x20: "DARK", 0x40: "DIVINE"}

RACES = {
    0x1: "Warrior", 0x2: "Spellcaster", 0x4: "Fairy", 0x8: "Fiend", 0x10: "Zombie",
    0x20: "Machine", 0x40: "Aqua", 0x80: "Pyro", 0x100: "Rock", 0x200: "Winged Beast",
    0x400: "Plant", 0x800: "Insect", 0x1000: "Thunder", 0x2000: "Dragon", 0x4000: "Beast",
    0x8000: "Beast-Warrior", 0x10000: "Dinosaur", 0x20000: "Fish", 0x40000: "Sea Serpent",
    0x80000: "Reptile", 0x100000: "Psychic", 0x200000: "Divine-Beast", 0x400000: "Creator God",
    0x800000: "Wyrm", 0x1000000: "Cyberse", 0x2000000: "Illusion",
    # EDOPro, Rush Duel Types
    0x4000000: "Cyborg", 0x8000000: "Magical Knight", 0x10000000: "High Dragon",
    0x20000000: "Omega Psychic", 0x40000000: "Celestial Warrior", 0x80000000: "Galaxy",
}

# Link Arrow bits, as stored in the DEF column of a Link Monster.
LINK_ARROWS = {0x1: "bottom-left", 0x2: "bottom", 0x4: "bottom-right", 0x8: "left",
               0x20: "right", 0x40: "top-left", 0x80: "top", 0x100: "top-right"}

MONSTER_FRAMES = ("normal", "effect", "fusion", "ritual", "synchro", "xyz", "link", "pendulum",
                  "tuner", "flip", "toon", "spirit", "union", "gemini", "token", "special_summon")


def facts_from_row(code, alias, type_, atk, def_, level, race, attribute):
    """Decode one `datas` row into the project's fact dict (see ygosim.cards.model)."""
    d = {"passcode": code}
    if alias:
        d["alias"] = alias
    if type_ & TYPE_BITS["monster"]:
        d["kind"] = "monster"
        d["frames"] = [f for f in MONSTER_FRAMES if type_ & TYPE_BITS[f]]
        d["attribute"] = ATTRIBUTES.get(attribute, "?")
        d["type"] = RACES.get(race, "?")
        d["atk"] = atk
        lv = level & 0xFF
        if type_ & TYPE_BITS["link"]:
            d["link_rating"] = lv
            d["link_arrows"] = [n for b, n in LINK_ARROWS.items() if def_ & b]
        else:
            d["def"] = def_
            if type_ & TYPE_BITS["xyz"]:
                d["rank"] = lv
            else:
                d["level"] = lv
        if type_ & TYPE_BITS["pendulum"]:
            d["scale"] = (level >> 24) & 0xFF
    elif type_ & TYPE_BITS["spell"]:
        d["kind"] = "spell"
        for sub in ("quickplay", "continuous", "equip", "field", "ritual"):
            if type_ & TYPE_BITS[sub]:
                d["subtype"] = sub
                break
        else:
            d["subtype"] = "normal"
    else:
        d["kind"] = "trap"
        for sub in ("continuous", "counter"):
            if type_ & TYPE_BITS[sub]:
                d["subtype"] = sub
                break
        else:
            d["subtype"] = "normal"
        if level & 0xFF and race in RACES:
            # a Trap Card that Special Summons itself as a monster (a Trap Monster: Embodiment
            # of Apophis) has the facts of that monster too
            d.update({"attribute": ATTRIBUTES.get(attribute, "?"), "type": RACES[race],
                      "atk": atk, "def": def_, "level": level & 0xFF})
    return d


def fusion_materials_from_desc(desc: str | None) -> tuple[str, ...] | None:
    """The Fusion Materials a Fusion Monster names, read from its database description's first
    line when that line is only quoted card names joined by '+' ('"A" + "B"': a list of facts,
    the names, is all that is kept); None when the line is anything else (generic materials,
    no materials line)."""
    if not desc:
        return None
    first = desc.strip().splitlines()[0].strip()
    parts = [p.strip() for p in first.split("+")]
    if len(parts) < 2 or not all(len(p) > 2 and p[0] == p[-1] == '"' and '"' not in p[1:-1]
                                 for p in parts):
        return None
    return tuple(p[1:-1] for p in parts)


def ritual_from_desc(desc: str | None) -> dict | None:
    """A Ritual Spell's `ritual` facts read from its database description: the Ritual Monster
    it names ('Ritual Summon "X"') and the Level total its Tributes need ('N or more'), or
    the Attribute of the Ritual Monsters it may summon ('any DARK Ritual Monster') with Levels
    exactly that monster's; None when the description says neither."""
    import re
    if not desc:
        return None
    m = re.search(r'Ritual Summon "([^"]+)"', desc)
    level = re.search(r"equal (\d+) or more", desc) or re.search(r"is (\d+) or more", desc)
    if m and level:
        return {"monster": m[1], "level": int(level[1])}
    m = re.search(r"any (EARTH|WATER|FIRE|WIND|LIGHT|DARK) Ritual Monster", desc)
    if m and "exactly equal" in desc:
        return {"attribute": m[1], "exact": True}
    return None
