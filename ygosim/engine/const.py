"""Codes shared by the engine: locations, positions, phases, events, reasons."""
from enum import Enum

# Locations (bit flags so that a range can name several).
DECK, HAND, MZONE, SZONE, GY, BANISHED, EXTRA, OVERLAY = 1, 2, 4, 8, 16, 32, 64, 128
FIELD = MZONE | SZONE
LOC_NAMES = {DECK: "deck", HAND: "hand", MZONE: "monster zone", SZONE: "spell & trap zone",
             GY: "graveyard", BANISHED: "banished", EXTRA: "extra", OVERLAY: "xyz material"}
FIELD_ZONE = 5          # szone index of the Field Zone
LOCKED = -2             # a Main Monster Zone that cannot be used (Duel.lock_zones: Ojama King);
                        # an empty zone is -1
EMZ_BASE = 5            # seq 5 and 6 of a monster are the Extra Monster Zones (left, right for A)

# Positions: bit 1 = face-down, bit 2 = defense. Spells/Traps use FACEUP or FACEDOWN.
ATTACK, FACEDOWN, DEFENSE, FACEDOWN_DEFENSE = 0, 1, 2, 3
FACEUP = ATTACK

BY_PROCEDURE = -2   # EV_SPECIAL_SUMMONED's info: Summoned by its own procedure (Gilasaurus)

# Attributes (Duel.attribute: an Attribute changed by an effect is kept as 1 + its index here)
ATTRIBUTES = ("LIGHT", "DARK", "EARTH", "WATER", "FIRE", "WIND", "DIVINE")
ATTRIBUTES_2005 = ATTRIBUTES[:6]

# Phases
DRAW, STANDBY, MAIN1, BATTLE, MAIN2, END = range(6)
PHASE_NAMES = ("draw", "standby", "main1", "battle", "main2", "end")
PHASE_BY_NAME = {n: i for i, n in enumerate(PHASE_NAMES)}

# Battle Phase steps
START_STEP, BATTLE_STEP, DAMAGE_STEP, END_STEP = range(4)
# Damage Step timings (values apart from the steps above: `DS_START <= d.step` means "in the
# Damage Step", never the Battle Step after an attack declaration)
DS_START, DS_BEFORE_CALC, DS_CALC, DS_AFTER_CALC, DS_END = range(11, 16)

# How a monster arrived on the field
SUM_NONE, SUM_NORMAL, SUM_TRIBUTE, SUM_FLIP, SUM_SPECIAL, SUM_FUSION, SUM_RITUAL, \
    SUM_SYNCHRO, SUM_XYZ, SUM_PENDULUM, SUM_LINK, SUM_SET = range(12)
NORMAL_SUMMONS = (SUM_NORMAL, SUM_TRIBUTE)

# How long a stat change lasts (Duel.add_mod's `until`, besides a turn number)
DURING_CALC = -1            # only during the damage calculation under way (Injection Fairy Lily)
FOREVER = 1 << 30           # as long as the monster stays face-up on the field (Twin-Headed
                            # Behemoth's 1000 ATK/DEF, Zombyra the Dark's losses)


class End(Enum):
    """An event that ends what an effect left on a card (a lingering effect: an ATK/DEF change,
    a rule on one card, control "until the End Phase") or what a card remembers (its once-per-
    turn use). Every such record carries a frozenset of these, `ends`, read where the event
    happens (docs/engine.md, "What ends what"): LEAVE in `Duel.place` (the card moves: a new
    card, its identity `mid` changes, so every record ends then), FACEDOWN in
    `Duel.set_position`, CONTROL in `Duel.set_control` / `swap_control`, END_PHASE when the
    turn whose number the record keeps (`until`) ends."""
    LEAVE = "it leaves the field"
    FACEDOWN = "it is turned face-down"
    CONTROL = "its control changes"
    END_PHASE = "the End Phase"


WHILE_FACEUP = frozenset({End.LEAVE, End.FACEDOWN})   # as long as it stays face-up on the field
THIS_TURN = WHILE_FACEUP | {End.END_PHASE}            # ... and only this turn (the default)
ON_FIELD_THIS_TURN = frozenset({End.LEAVE, End.END_PHASE})   # kept when turned face-down:
                            # control "until the End Phase" (Change of Heart, Brain Control)

# Card-links (Duel.bind): what ends with what between a card and the monster it is bound to
BIND_KILL_ON_LEAVE = 1      # the card leaves the field: the monster is destroyed (Call of the
                            # Haunted)
BIND_KILL_ON_DESTROY = 2    # the card is destroyed: the monster is destroyed (Premature Burial)
BIND_DIE_WITH = 4           # the monster is destroyed: the card is destroyed (Call of the Haunted)
BIND_DIE_LEAVE = 8          # the monster leaves the field: the card is destroyed
BIND_CONTROL = 16           # the card leaves the field: control of the monster goes back
                            # (Snatch Steal)
BIND_BANISH_ON_LEAVE = 32   # the card leaves the field: the monster is banished (Big Bang
                            # Shot)

# Reasons a card moves
R_RULE, R_EFFECT, R_BATTLE, R_COST, R_TRIBUTE, R_DESTROY, R_DISCARD, R_MATERIAL, R_DRAW, \
    R_SUMMON = (1 << i for i in range(10))

# Events (what trigger effects and "When ..." activations listen for)
EV_NORMAL_SUMMONED = "normal_summoned"      # Normal (incl. Tribute) Summon succeeded
EV_FLIP_SUMMONED = "flip_summoned"
EV_SPECIAL_SUMMONED = "special_summoned"    # info: the card whose effect Summoned it, or -1
                                            # (BY_PROCEDURE: its own Summon procedure)
EV_FLIPPED = "flipped"                      # turned face-up from face-down (FLIP effects)
EV_POSITION_CHANGED = "position_changed"    # a face-up monster changed to the other face-up
                                            # position (info: the position it was in)
EV_DESTROYED = "destroyed"
EV_TO_GY = "to_gy"
EV_LEFT_FIELD = "left_field"
EV_BATTLE_DESTROYED = "battle_destroyed"    # destroyed by battle and sent to the GY
EV_ATTACK = "attack_declared"
EV_DS_START = "damage_step_start"           # the start of the Damage Step: card = the
                                            # attacker, info = the attack target
EV_BATTLE_CONFIRM = "battle_confirm"        # start of "before damage calculation"
EV_AFTER_CALC = "after_damage_calc"
EV_DS_END = "damage_step_end"               # the end of the Damage Step of a battle (after
                                            # damage calculation): card = the attacker,
                                            # info = the attack target
EV_DAMAGE = "damage"
EV_GAIN_LP = "gain_lp"                      # a player gained LP: player = who, info = how
                                            # many (only raised if a card listens: Fire
                                            # Princess)
EV_DRAW = "draw"
EV_PREDRAW = "before_draw"                  # the turn player's Draw Phase, before the normal
                                            # draw (only raised if a card listens: a draw
                                            # replacement, flow/turn.py: Freed)
EV_ACTIVATE = "chain_activated"
EV_STANDBY = "standby_phase"
EV_END_PHASE = "end_phase"
EV_SENT_TO_HAND = "to_hand"
EV_EQUIPPED = "equipped"                    # an Equip Card was equipped: card = the monster,
                                            # info = the Equip Card
EV_SUMMONING = "summoning"                  # a monster is about to be Normal/Flip Summoned or
                                            # Special Summoned by its own procedure (info: the
                                            # SUM_* kind); only effects answering it may be
                                            # activated then (Solemn Judgment: flow/summon.py)
EV_SUMMON_ANY = (EV_NORMAL_SUMMONED, EV_FLIP_SUMMONED, EV_SPECIAL_SUMMONED)

WIN_LP, WIN_DECKOUT, WIN_EXODIA, WIN_TURN_CAP, WIN_SURRENDER = (
    "LP reduced to 0", "could not draw", "Exodia", "turn limit reached", "surrender")
WIN_DESTINY_BOARD = "Destiny Board"      # Destiny Board and the four Spirit Messages

EXODIA_PIECES = frozenset({
    "Exodia the Forbidden One", "Right Leg of the Forbidden One", "Left Leg of the Forbidden One",
    "Right Arm of the Forbidden One", "Left Arm of the Forbidden One"})
