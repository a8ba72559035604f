"""Monsters: M."""
from __future__ import annotations

from ....engine import actions as A
from ....engine import const as K
from ....engine.actions import ANY, YOU
from ....engine.const import ATTACK, GY
from ....engine.effects import Target, flip, script, trigger
from ..common import all_of, can_special_summon_from, free_zone, stat_aura
from ..extra_deck import pendulum_monster

script("Man-Eater Bug", flip(A.destroy(A.targets),
                             target=Target(A.monsters(ANY), prompt="choose a monster to destroy"),
                             label="destroy a monster"))

pendulum_monster("Mandragon")       # a Pendulum Normal Monster (scales in the card facts)

script("Mysterious Puppeteer", trigger(
    (K.EV_NORMAL_SUMMONED, K.EV_FLIP_SUMMONED), A.gain_lp(500), optional=False,
    condition=A.event_is(K.EV_NORMAL_SUMMONED, K.EV_FLIP_SUMMONED, own=False),
    label="gain 500 LP"))


script("Magician of Faith", flip(
    A.to_hand(A.targets),
    target=Target(A.pile(K.GY, YOU, A.is_spell), prompt="choose a Spell Card in your Graveyard"),
    label="add a Spell Card from the Graveyard to the hand"))

script("Morphing Jar", flip((A.discard_hand(ANY), A.draw(5, ANY)),
                            label="both players discard their hands and draw five cards"))


def _dark_1500(d, c):
    data = d.data[c]
    return data.attribute == "DARK" and data.atk <= 1500 and \
        can_special_summon_from(d, c, d.owner[c])


def _battle_destroyed_in_gy(d, link):
    ev = link.get("event")
    return ev is not None and ev[0] == K.EV_BATTLE_DESTROYED and ev[1] == link["card"] and \
        d.loc[link["card"]] == K.GY


# Destroyed by battle and sent to the Graveyard: a DARK monster with 1500 or less ATK from the
# Deck, in Attack Position. Its owner uses it (the Graveyard it lands in). Today it needs such a
# monster in the Deck and a free zone to be activated.
script("Mystic Tomato", trigger(
    K.EV_BATTLE_DESTROYED,
    A.recruit(_dark_1500, pos=ATTACK, prompt="choose a DARK monster to Special Summon"),
    when=True, range=K.GY,
    condition=all_of(_battle_destroyed_in_gy, free_zone,
                     A.exists(A.pile(K.DECK, YOU, _dark_1500))),
    label="Special Summon a DARK monster from the Deck"))

# 2005 (R1): it may be activated with no such monster in the Deck (the Deck is shown and
# shuffled); it still needs a free Main Monster Zone (EDOPro's Goat script checks the zone).
script("Mystic Tomato", trigger(
    K.EV_BATTLE_DESTROYED,
    A.recruit(_dark_1500, pos=ATTACK, prompt="choose a DARK monster to Special Summon",
              confirm=True),
    when=True, range=K.GY, condition=all_of(_battle_destroyed_in_gy, free_zone),
    label="Special Summon a DARK monster from the Deck"), era="goat")

# Mask of Darkness: FLIP: target a Trap in its controller's Graveyard and add it to the hand
# (no Trap there: the FLIP effect does not activate).
script("Mask of Darkness", flip(A.to_hand(A.targets),
                                target=Target(A.pile(GY, YOU, A.is_trap),
                                              prompt="choose a Trap Card to add to your hand"),
                                label="add a Trap from the Graveyard to the hand"))

# Milus Radiant: while face-up, EARTH monsters on the field gain 500 ATK, WIND ones lose 400
# (itself included: it is EARTH).
script("Milus Radiant", stat_aura((A.is_attribute("EARTH"), 500, 0),
                                  (A.is_attribute("WIND"), -400, 0)))
