"""Card facts: what a card *is* (name, passcode, kind, Level, Attribute, Type, ATK/DEF).

What a card *does* lives in ygosim.cards.scripts; a card with no script is pure data.
A CardData is shared by every copy of the card in every duel and is never mutated after load.

Card eras: a card may also have a version of an older era (its 2005 text and script for the
Goat format: `script(NAME, ..., era="goat")`, facts `era_text: {goat: ...}`). The card in the
store is the current version; `card.for_era("goat")` is the version a duel whose rules have
`card_era == "goat"` plays (a cached copy with that era's script and description, or the card
itself when nothing differs). The engine maps a duel's cards through it once, at set-up.
"""
from __future__ import annotations

from dataclasses import dataclass, field

CURRENT = "current"            # the era of today's texts

EXTRA_DECK_FRAMES = frozenset({"fusion", "synchro", "xyz", "link"})


@dataclass(frozen=True)
class RitualRecipe:
    """What a Ritual Spell Card summons (its facts, key `ritual`): the Ritual Monster named
    `monster`, or any Ritual Monster of `attribute`; the Tributes' Levels must total `level` or
    more (0: the Ritual Monster's own Level), or with `exact` exactly the monster's Level."""
    monster: str = ""
    attribute: str = ""
    level: int = 0
    exact: bool = False

    @classmethod
    def from_dict(cls, d: dict) -> "RitualRecipe":
        unknown = set(d) - {"monster", "attribute", "level", "exact"}
        if unknown or not (d.get("monster") or d.get("attribute")):
            raise ValueError(f"ritual: needs `monster` or `attribute` (and `level`, `exact`), "
                             f"not {sorted(unknown) or d}")
        return cls(str(d.get("monster", "")), str(d.get("attribute", "")),
                   int(d.get("level", 0) or 0), bool(d.get("exact", False)))

    def summons(self, card: "CardData") -> bool:
        """Can this Ritual Spell Ritual Summon `card`?"""
        if not card.is_monster or "ritual" not in card.frames:
            return False
        return card.name == self.monster if self.monster else card.attribute == self.attribute


@dataclass(eq=False)
class CardData:
    name: str
    passcode: int
    kind: str                      # monster | spell | trap
    frames: tuple = ()             # monster frames: normal, effect, fusion, ritual, tuner, flip...
    subtype: str = ""              # spells: normal quickplay continuous equip field ritual;
                                   # traps: normal continuous counter
    attribute: str = ""
    type: str = ""
    atk: int = 0
    def_: int = 0
    level: int = 0
    rank: int = 0
    link_rating: int = 0
    link_arrows: tuple = ()
    scale: int = 0
    alias: int = 0
    materials: tuple = ()          # Fusion Materials, by card name (a name twice: two copies)
    ritual: RitualRecipe | None = None  # a Ritual Spell: what it summons, with what Tributes
    text: str = ""
    pendulum_effect: bool = False  # a Normal Pendulum Monster with a Pendulum Effect
    atk_q: bool = False            # ATK printed as '?' (set by the card's effect; 0 here)
    def_q: bool = False            # DEF printed as '?'
    script: object = field(default=None, repr=False)   # a CardScript, attached at load time
    era_text: dict = field(default_factory=dict, repr=False)     # era -> its description
    era_scripts: dict = field(default_factory=dict, repr=False)  # era -> its CardScript
    era: str = CURRENT             # which era's version this is (see for_era)

    # -- derived facts (computed once: the engine reads them in its hot loops) ----------
    is_monster: bool = field(init=False, default=False)
    is_spell: bool = field(init=False, default=False)
    is_trap: bool = field(init=False, default=False)
    is_extra_deck: bool = field(init=False, default=False)
    is_normal_monster: bool = field(init=False, default=False)

    def __post_init__(self):
        self.frames = tuple(self.frames)
        self.is_monster = self.kind == "monster"
        self.is_spell = self.kind == "spell"
        self.is_trap = self.kind == "trap"
        self.is_extra_deck = self.is_monster and not EXTRA_DECK_FRAMES.isdisjoint(self.frames)
        self.is_normal_monster = self.is_monster and "normal" in self.frames
        self._base = self          # the current version (variants point to it)
        self._variants = {}        # era -> the cached variant

    def for_era(self, era: str) -> "CardData":
        """This card as it is played under rules whose card_era is `era`: its version of that
        era where it has a script or a description of its own for it, else the current card.
        Variants are made once and cached (the same object for every duel of that era)."""
        base = self._base
        if era == CURRENT or (era not in base.era_scripts and era not in base.era_text):
            return base
        v = base._variants.get(era)
        if v is None:
            v = object.__new__(CardData)      # (copy.copy would look the card up: cards.db)
            v.__dict__.update(base.__dict__)
            v.era = era
            v.script = base.era_scripts.get(era, base.script)
            v.text = base.era_text.get(era, base.text)
            v._variants = {}
            base._variants[era] = v
        return v

    def set_era_script(self, era: str, script) -> None:
        """Attach the script of an older era (card loading; tests). Forgets cached variants."""
        base = self._base
        if era == CURRENT:
            base.script = script
        else:
            base.era_scripts[era] = script
        base._variants.clear()

    def playable_in(self, era: str) -> bool:
        """Does the engine know everything this card does in `era`? (`playable` of that era's
        version: a card scripted only for goat is playable in goat rules, not in v10.)"""
        return self.for_era(era).playable

    def has_frame(self, frame: str) -> bool:
        return frame in self.frames

    @property
    def playable(self) -> bool:
        """True when the engine knows everything this card does: a Normal Monster from the Main
        Deck (Pendulum Normal Monsters too, unless they have a Pendulum Effect), a Fusion
        Monster with no effect whose materials are known, a Ritual Monster with no effect, or
        any card with a script (a Ritual Spell with `ritual` facts gets the generic one)."""
        if self.script is not None:
            return True
        if self.kind != "monster" or "effect" in self.frames or self.pendulum_effect:
            return False
        if "fusion" in self.frames:         # an effect-less Fusion Monster: its materials
            return bool(self.materials)
        return "ritual" in self.frames or ("normal" in self.frames and not self.is_extra_deck)

    def kind_line(self) -> str:
        """A short human description of the card's kind: 'Level 7 DARK Spellcaster 2500/2100'."""
        if self.kind == "monster":
            atk = "?" if self.atk_q else self.atk
            def_ = "?" if self.def_q else self.def_
            if self.link_rating:
                head = f"Link-{self.link_rating} {self.attribute} {self.type} {atk}/-"
            elif self.rank:
                head = f"Rank {self.rank} {self.attribute} {self.type} {atk}/{def_}"
            else:
                head = f"Level {self.level} {self.attribute} {self.type} {atk}/{def_}"
            frames = "/".join(f.replace("_", " ").title() for f in self.frames)
            return f"{head} [{frames}]"
        sub = {"quickplay": "Quick-Play"}.get(self.subtype, self.subtype.capitalize())
        return f"{sub} {self.kind.capitalize()}"


def card_from_dict(d: dict) -> CardData:
    """Build a CardData from the project's fact format (keys as in cards.yaml)."""
    return CardData(
        name=d["name"], passcode=int(d["passcode"]), kind=d["kind"],
        frames=tuple(d.get("frames", ())), subtype=d.get("subtype", ""),
        attribute=d.get("attribute", ""), type=d.get("type", ""),
        atk=_stat(d.get("atk")), def_=_stat(d.get("def")),
        atk_q=d.get("atk") == "?", def_q=d.get("def") == "?",
        pendulum_effect=bool(d.get("pendulum_effect", False)),
        level=int(d.get("level", 0) or 0), rank=int(d.get("rank", 0) or 0),
        link_rating=int(d.get("link_rating", 0) or 0),
        link_arrows=tuple(d.get("link_arrows", ())), scale=int(d.get("scale", 0) or 0),
        alias=int(d.get("alias", 0) or 0), materials=tuple(d.get("materials", ())),
        ritual=RitualRecipe.from_dict(d["ritual"]) if d.get("ritual") else None,
        text=d.get("text", "") or "",
        era_text={str(k): str(v) for k, v in (d.get("era_text") or {}).items()},
    )


def _stat(value) -> int:
    """ATK or DEF as the engine counts it: '?' (given by the card's effect) is 0."""
    return 0 if value in (None, "?") else int(value)
