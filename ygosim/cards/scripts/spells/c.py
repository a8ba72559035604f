"""Spells: C."""
from __future__ import annotations

from ....engine import actions as A
from ....engine import const as K
from ....engine.actions import ANY, OPP, YOU
from ....engine.const import GY, MZONE
from ....engine.effects import continuous, script, spell, Target, trigger
from ..common import free_zone
from ....engine.flow.main import main_phase_start


def _discard_hands_and_draw(d, link):
    counts = [len(d.hand[0]), len(d.hand[1])]
    if counts[0] or counts[1]:
        d.send(d.hand[0] + d.hand[1], GY, K.R_EFFECT | K.R_DISCARD, link["player"])
    for p in (d.tp, 1 - d.tp):
        if counts[p]:
            d.draw(p, counts[p])
            d.check_exodia(p)


_discard_hands_and_draw.discards = A.ANY     # (A.makes_discard: Gravekeeper's Watcher)

script("Card Destruction", spell(
    condition=lambda d, link: sum(1 for p in (0, 1) for c in d.hand[p]
                                  if c != link["card"]) > 0,
    operation=_discard_hands_and_draw))

script("Change of Heart", spell(
    condition=free_zone,
    target=Target(A.takeable_monsters(OPP),
                  prompt="choose a monster your opponent controls"),
    operation=A.take_control(A.targets)))


def _swap(d, link):
    """The two chosen monsters change control; neither may change its battle position (by its
    controller) for the rest of the turn. The change is lasting: an earlier "until the End
    Phase" control change of either ends."""
    mine, theirs = A.chosen("mine")(d, link), A.chosen("theirs")(d, link)
    if not (mine and theirs):
        return
    a, b = mine[0], theirs[0]
    if d.loc[a] == MZONE and d.loc[b] == MZONE and d.swap_control(a, b):
        d.returns = [r for r in d.returns if r[0] not in (a, b)]
        for c in (a, b):
            d.pos_turn[c] = d.turn      # as if its position had been changed this turn
        d.write(f"{d.card(a)} and {d.card(b)} change control")


# Each player chooses a monster they control (no target; face-down ones and Tokens too) and the
# two change control for good; neither can change its battle position this turn.
script("Creature Swap", spell(
    condition=lambda d, link: all(any(A.control_changeable(d, c) for c in d.monsters(p))
                                  for p in (0, 1)),
    operation=(A.choose(A.takeable_monsters(YOU), into="mine",
                        prompt="choose a monster to give"),
               A.choose(A.takeable_monsters(OPP), into="theirs", who=OPP,
                        prompt="choose a monster to give"),
               _swap)))


# Convulsion of Nature (Continuous Spell): while it is face-up both players turn their Decks
# upside down: each Deck's former bottom card is now its top card, face-up for both players,
# and is the one drawn (the continuous rule `deck_face_up`: Duel.upside_down, Duel.top_cards;
# observe: each side's "deck_top", visibility.deck_top_public); the Decks are searched and
# shuffled as usual (a shuffle shows a new top card); when it leaves the field they are turned
# back (the original top card is on top again).
script("Convulsion of Nature", spell(), continuous("deck_face_up"))

# Chain Energy (Continuous Spell): while it is face-up, each player pays 500 LP for every card
# played from their hand: Normal Summon or Set, Special Summon (by its own procedure or by an
# effect, a Ritual Summon too), activating a card or an effect there, Setting a Spell/Trap (the
# continuous rule `hand_toll`, read by flow.chain.hand_toll; two copies: 1000). Without the LP,
# nothing may be played from the hand.
script("Chain Energy", spell(), continuous("hand_toll", lambda d, src, p: 500))

# Cold Wave: only at the start of Main Phase 1 (nothing done in it yet); until the end of the
# opponent's next turn, neither player may activate Spell/Trap Cards (nor their effects:
# EDOPro) or Set them (the player flag `no_spell_trap`).
script("Cold Wave", spell(condition=lambda d, link: main_phase_start(d),
                          operation=A.player_flag("no_spell_trap", who=ANY, turns=1)),
       continuous("no_spell_trap", range=0))    # (never applies: marks duels that read the flag)


def _from_own_gy(d, link):
    """The monster of the event was just Special Summoned from this card's controller's
    Graveyard to their field."""
    p = d.ctrl[link["card"]]
    for c in A.event_cards(d, link):
        if d.loc[c] == K.MZONE and d.ctrl[c] == p and d.owner[c] == p and \
                d.moved(c, K.R_SUMMON, came_from=GY):
            return True
    return False


# Card of Safe Return (Continuous Spell): when a monster is Special Summoned from your Graveyard
# to your field, you can draw 1 card (an optional "When" trigger: it misses the timing when the
# Summon is not the last thing done, as with Premature Burial; Metagame.com, "Duelist Academy:
# Card of Safe Return", 2007).
script("Card of Safe Return", spell(),
       trigger(K.EV_SPECIAL_SUMMONED, A.draw(1), when=True, range=K.SZONE,
               condition=_from_own_gy, label="draw 1 card"))
