"""Monsters: S."""
from __future__ import annotations

from ....engine import actions as A
from ....engine import const as K
from ....engine.actions import ANY, OPP, YOU
from ....engine.const import DECK, FIELD, GY, HAND, MZONE
from ....engine.effects import Target, continuous, ignition, script, trigger
from ..common import (battle_recruiter, deck_by_name, on_flip_summon, spell_counters,
                      turns_facedown)
from ..extra_deck import synchro_monster


def _no_activate_chosen(d, link):
    """For the rest of the turn, the player cannot activate cards or effects with the name of
    the card just added to the hand."""
    for c in link["vars"].get("chosen", ()):
        if d.loc[c] == HAND:
            d.pflags.append((link["player"], ("no_activate", d.name(c)), d.turn))


script("Sangan", trigger(
    K.EV_TO_GY,
    (A.choose(A.pile(DECK, YOU, A.atk_at_most(1500)), prompt="choose a monster to add"),
     A.to_hand(A.chosen()), A.shuffle_deck(), _no_activate_chosen),
    optional=False, condition=A.from_field, range=K.GY, once_per_turn="name",
    label="add a monster with 1500 or less ATK"))



# 2005: the search may find nothing; the Deck is then shown to the opponent to confirm (in name
# order: its order stays hidden).
_show_deck_if_none = A.when(lambda d, link: not link["vars"].get("found"),
                            A.reveal(deck_by_name, to=A.OPP))


# 2005 text: no once-per-turn limit, no lock on the card found; it activates even with no
# monster of 1500 or less ATK in the Deck (then nothing is found).
script("Sangan", trigger(
    K.EV_TO_GY,
    A.search(A.atk_at_most(1500), prompt="choose a monster with 1500 or less ATK to add")
    + (_show_deck_if_none,),
    optional=False, condition=A.from_field, range=K.GY,
    label="add a monster with 1500 or less ATK"), era="goat")

synchro_monster("Scrap Archfiend")   # 1 Tuner + 1 or more non-Tuner monsters


# ------------------------------------------------------------------ the Goat decks' S monsters
def _right(d, link):
    return bool(link["vars"].get("right"))


# When it battles a monster (attacking or attacked), before damage calculation: its controller
# calls a coin toss; called right, the opponent's monster is destroyed (so no damage
# calculation). Mandatory; not on a direct attack.
script("Sasuke Samurai #4", trigger(
    K.EV_BATTLE_CONFIRM, (A.call_coin(), A.when(_right, A.destroy(A.battled))), optional=False,
    condition=A.battles_opponent, label="call a coin toss: destroy the monster it battles"))


def _own_standby_in_gy(d, link):
    c = link["card"]
    return d.loc[c] == GY and d.tp == d.owner[c]


def _banish_a_serpent(d, p, _):
    """The opponent's next End Phase: one Sinister Serpent in player p's Graveyard is banished
    (if there is one; no Chain)."""
    for c in d.gy[p]:
        if d.data[c].name == "Sinister Serpent":
            d.send([c], K.BANISHED, K.R_EFFECT, p)
            return


# Today: in its owner's Standby Phase, while in the Graveyard, it may return to the hand (only
# one Sinister Serpent effect a turn, by name), and in the opponent's next End Phase a Sinister
# Serpent in that player's Graveyard is banished, whether or not this one came back (a delayed
# effect: no Chain).
script("Sinister Serpent", trigger(
    K.EV_STANDBY, (A.to_hand(A.this_card_still), A.delay(_banish_a_serpent, turns=1)),
    range=GY, condition=_own_standby_in_gy, once_per_turn="name", label="return to the hand"))

# 2005: the same, without the limit and without the banishing: each copy returns separately,
# any number of times.
script("Sinister Serpent", trigger(
    K.EV_STANDBY, A.to_hand(A.this_card_still), range=GY, condition=_own_standby_in_gy,
    label="return to the hand"), era="goat")


# Sacred Phoenix of Nephthys: destroyed by a card effect and sent to the GY, it comes back in
# its owner's next Standby Phase (mandatory; the Summon fails without a free zone), and every
# Spell and Trap Card on the field is destroyed.
def _phoenix_due(came_from):
    def cond(d, link):
        c = link["card"]
        return d.tp == d.owner[c] and d.turn_in[c] < d.turn <= d.turn_in[c] + 2 and \
            d.moved(c, K.R_DESTROY | K.R_EFFECT, came_from=came_from)
    return cond


def _phoenix_in_gy(d, link):
    c = link["card"]
    return [c] if d.loc[c] == GY and d.mid[c] == link["cmid"] else []


def _phoenix_back(d, link):
    c = link["card"]
    return d.loc[c] == MZONE and d.mid[c] == link["cmid"] + 1


script("Sacred Phoenix of Nephthys", trigger(
    K.EV_STANDBY,
    (A.special_summon(_phoenix_in_gy),
     A.when(_phoenix_back, A.destroy(A.spells_traps(ANY)))),
    optional=False, range=GY, condition=_phoenix_due(0), once_per_turn=True,
    label="Special Summon it, then destroy every Spell and Trap"))

# 2005: not if it was destroyed as an equipped card (EDOPro's Goat version); the Spells and
# Traps are destroyed by a second trigger, "when it is Special Summoned this way", a Chain of
# its own (so the opponent may answer the Summon, e.g. with Bottomless Trap Hole, before it).
script("Sacred Phoenix of Nephthys", trigger(
    K.EV_STANDBY, A.special_summon(_phoenix_in_gy), optional=False, range=GY,
    condition=_phoenix_due(MZONE | HAND | DECK), label="Special Summon it"),
    trigger(K.EV_SPECIAL_SUMMONED, A.destroy(A.spells_traps(ANY)), optional=False,
            condition=A.summoned_by_effect_of(),
            label="destroy every Spell and Trap"), era="goat")


# Stealth Bird: once per turn it may turn itself face-down (an Ignition effect); a Flip Summon
# of it (not a flip by an attack or an effect) inflicts 1000 damage to the opponent.
script("Stealth Bird", turns_facedown(), on_flip_summon(A.damage(1000), "inflict 1000 damage"))


# Shining Angel: destroyed by battle and sent to the Graveyard, it may Special Summon a LIGHT
# monster with 1500 or less ATK from the Deck in Attack Position (2005: even with none there).
def _light_1500(d, c):
    data = d.data[c]
    return data.attribute == "LIGHT" and data.atk <= 1500


script("Shining Angel", battle_recruiter(_light_1500, "choose a LIGHT monster to Special Summon",
                                         "Special Summon a LIGHT monster"))
script("Shining Angel", battle_recruiter(_light_1500, "choose a LIGHT monster to Special Summon",
                                         "Special Summon a LIGHT monster", r1=True), era="goat")


# Scapegoat's Tokens: never Tributed for a Tribute Summon or Set (Tributes for costs are fine).
script("Sheep Token", extra={"no_tribute_summon": True})


# Sacred Crane: when it is Special Summoned (by any means), its controller draws a card
# (mandatory).
script("Sacred Crane", trigger(K.EV_SPECIAL_SUMMONED, A.draw(1), optional=False,
                               label="draw a card"))


# Swarm of Scarabs / Swarm of Locusts: once per turn it may turn itself face-down; Flip Summoned,
# it targets a monster / a Spell or Trap the opponent controls and destroys it (mandatory).
script("Swarm of Scarabs", turns_facedown(), on_flip_summon(
    A.destroy(A.targets), "destroy a monster",
    target=Target(A.monsters(OPP), prompt="choose a monster to destroy")))
script("Swarm of Locusts", turns_facedown(), on_flip_summon(
    A.destroy(A.targets), "destroy a Spell or Trap",
    target=Target(A.spells_traps(OPP), prompt="choose a Spell or Trap Card to destroy")))


# Skilled Dark Magician / Skilled White Magician: a Spell Counter each time a Spell Card's
# activation resolves while it is face-up (at most three); with three, Tribute it (a cost) to
# Special Summon Dark Magician / Buster Blader from the hand, Deck or Graveyard. Today only with
# one there; 2005 (R1): with none, the hand and Deck are shown. (Buster Blader is not in the
# card pool: the White one's effect finds nothing.)
def _skilled(summons, r1):
    def is_it(d, c):
        return d.data[c].name == summons

    def there(d, link):
        p = link["player"]
        return any(is_it(d, c) for c in d.hand[p] + d.deck[p] + d.gy[p])
    return (spell_counters(3),
            ignition(A.recruit(is_it, where=DECK | HAND | GY, confirm=r1,
                               prompt=f"choose {summons}"),
                     cost=A.send_to(A.this_card, GY, K.R_COST | K.R_TRIBUTE),
                     can_pay=A.has_counter("spell", 3), condition=None if r1 else there,
                     label=f"Tribute it: Special Summon {summons}"))


for _name, _summons in (("Skilled Dark Magician", "Dark Magician"),
                        ("Skilled White Magician", "Buster Blader")):
    script(_name, *_skilled(_summons, False), extra={"counters": {"spell": 3}})
    script(_name, *_skilled(_summons, True), extra={"counters": {"spell": 3}}, era="goat")


# -- Spirit Reaper ---------------------------------------------------------------------------
# Not destroyed by battle (battle damage still happens); destroyed once a card effect that
# targeted it has resolved, if it is still a face-up monster (no Chain; its activation negated:
# it stays; targeted in the Damage Step: after damage calculation; the rule `dies_when_targeted`,
# apply(d, source, monster, link)); when it inflicts battle damage by a direct attack, the
# opponent discards one card at random (mandatory).
def _spirit_reaper(dies):
    return (continuous("battle_indestructible", lambda d, src, c: c == src),
            continuous("dies_when_targeted", dies),
            trigger(K.EV_DAMAGE, A.discard_random(1, A.OPP), optional=False,
                    condition=A.inflicts_battle_damage(direct=True),
                    label="the opponent discards a random card"))


def _equip_gone(d, link) -> bool:
    """The effect that targeted it was an Equip Spell Card's activation and that card left the
    field before it resolved."""
    c = link["card"]
    data = d.data[c]
    return link["card_act"] and data.is_spell and data.subtype == "equip" and \
        (d.mid[c] != link["cmid"] or not d.loc[c] & FIELD)


script("Spirit Reaper", *_spirit_reaper(lambda d, src, c, link: c == src))
# 2005 ruling: an Equip Spell that targeted it but left the field before resolving (destroyed
# in the Chain) does not destroy it (today it does: the Equip Spell's activation resolved).
script("Spirit Reaper", *_spirit_reaper(lambda d, src, c, link: c == src and
                                        not _equip_gone(d, link)), era="goat")
