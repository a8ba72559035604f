"""Monsters: S."""
from __future__ import annotations

from ....engine import actions as A
from ....engine import const as K
from ....engine.actions import ANY, OPP, YOU
from ....engine.const import DECK, FIELD, GY, HAND, MZONE
from ....engine.effects import Target, continuous, flip, ignition, quick, rule, script, trigger
from ..common import (battle_recruiter, change_position, deck_by_name, free_zone, itself, not_this,
                      on_flip_summon, search_on_summon, spell_counters, spirit_return,
                      summon_condition_ok, summons_locked, turns_facedown)
from ..summoning import room_after
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


# Spell Canceller: while it is face-up, no player can activate Spell Cards, and the effects of
# face-up Spell Cards on the field are negated.
script("Spell Canceller", continuous("no_spell_activation"), continuous("negate_spells"))


# Susa Soldier: a Spirit (it cannot be Special Summoned; back to the hand in the End Phase of a
# turn it was Normal Summoned or flipped face-up); battle damage the opponent takes from a battle
# involving it is halved.
script("Susa Soldier", spirit_return(), continuous("halve_battle_damage"),
       cannot_special_summon=True)


# Spear Dragon: piercing battle damage; after a battle in which it attacked, it changes to
# Defense Position at the end of the Damage Step (no Chain Link).
def _attacked_this_battle(d, link):
    c, a = link["card"], d.attack
    return a is not None and a[0] == c and a[3] == d.mid[c] and d.pos[c] == K.ATTACK


script("Spear Dragon", continuous("piercing", itself),
       rule(K.EV_DS_END, change_position(A.this_card), condition=_attacked_this_battle,
            label="change to Defense Position"))


# Solar Flare Dragon: while its controller controls another face-up Pyro monster, it cannot be
# chosen as an attack target; in each of its controller's End Phases the opponent takes 500
# damage (mandatory).
def _other_pyro(d, src, t):
    return t == src and any(c != src and d.faceup(c) and d.data[c].type == "Pyro"
                            for c in d.monsters(d.ctrl[src]))


script("Solar Flare Dragon", continuous("no_attack_target", _other_pyro),
       trigger(K.EV_END_PHASE, A.damage(500), optional=False,
               condition=lambda d, link: d.tp == link["player"],
               label="500 damage to the opponent"))


# Strike Ninja: a Quick Effect: banish two DARK monsters from its controller's Graveyard (a cost)
# to banish this face-up card; it returns to its controller's field in the End Phase of that
# turn (no Chain Link; with no free zone it goes to the Graveyard). Today once per turn by name;
# 2005: no limit.
def _dark(d, c):
    return d.data[c].is_monster and d.data[c].attribute == "DARK"


_DARK_IN_GY = A.banishable_from_gy(YOU, _dark)


def _strike_ninja(once):
    return quick(A.banish_until_end_phase(A.this_card_here), once_per_turn=once,
                 condition=lambda d, link: d.faceup(link["card"]),
                 cost=(A.choose(_DARK_IN_GY, 2, into="banished",
                                prompt="banish 2 DARK monsters from your Graveyard"),
                       A.banish_cost(A.chosen("banished"))),
                 can_pay=A.exists(_DARK_IN_GY, 2),
                 label="banish 2 DARK monsters: banish it until the End Phase")


script("Strike Ninja", _strike_ninja("name"))
script("Strike Ninja", _strike_ninja(False), era="goat")


# Summoner of Illusions: FLIP: Tribute another monster its controller controls and Special Summon
# a Fusion Monster from the Extra Deck; that monster is destroyed in this turn's End Phase (no
# Chain Link). 2005 (EDOPro's Goat script): the Tribute is the cost, so with no other monster (or
# no Fusion Monster that could come out) the effect does not activate; today the Tribute is made
# as it resolves ("and if you do").
def _fusions_for(d, p):
    if summons_locked(d, p):
        return []
    return [c for c in d.extra[p] if d.data[c].has_frame("fusion")]


def _summoner_fusions(d, link):
    return _fusions_for(d, link["player"]) if d.free_mzones(link["player"]) else []


_OTHERS = not_this(A.monsters(YOU))


def _summoner_can(d, link):
    return bool(_fusions_for(d, link["player"])) and A.can_tribute(1, _OTHERS)(d, link)


def _tributed(d, link):
    return any(d.loc[c] == GY or not d.loc[c] for c in link["vars"].get("tributed", ()))


_SUMMON_FUSION = (A.choose(_summoner_fusions, into="fusion",
                           prompt="choose a Fusion Monster to Special Summon"),
                  A.special_summon(A.chosen("fusion"), into="illusion"),
                  A.delay(A.destroy_delayed, payload=A.summoned_refs("illusion")))

script("Summoner of Illusions", flip(
    (A.tribute(_OTHERS, 1), A.when(_tributed, *_SUMMON_FUSION)),
    label="Tribute a monster: Special Summon a Fusion Monster until the End Phase"))
script("Summoner of Illusions", flip(
    _SUMMON_FUSION, cost=A.tribute(_OTHERS, 1), condition=_summoner_can,
    label="Tribute a monster: Special Summon a Fusion Monster until the End Phase"),
    era="goat")


# Swift Gaia the Fierce Knight: while it is the only card in its owner's hand, it may be Normal
# Summoned without Tributes (not Set: a Set still needs them), its ATK/DEF as printed.
script("Swift Gaia the Fierce Knight",
       continuous("no_tribute_if", range=0),        # (a marker: flow.summon reads the extra)
       extra={"no_tribute_if": lambda d, c, p: len(d.hand[p]) == 1 and d.hand[p][0] == c})


# Senju of the Thousand Hands: when Normal or Flip Summoned, its controller may add a Ritual
# Monster from the Deck to the hand (2005, R1: with none there the Deck is shown).
def _ritual_monster(d, c):
    return d.data[c].is_monster and d.data[c].has_frame("ritual")


_SENJU = ("choose a Ritual Monster", "add a Ritual Monster from the Deck")
script("Senju of the Thousand Hands", search_on_summon(_ritual_monster, *_SENJU))
script("Senju of the Thousand Hands", search_on_summon(_ritual_monster, *_SENJU, goat=True),
       era="goat")


# Slate Warrior: FLIP: it gains 500 ATK and DEF (while it stays face-up). Destroyed by battle,
# the monster that destroyed it loses 500 ATK and DEF (for as long as that one stays face-up):
# applied at the end of that damage calculation, Slate Warrior still on the field (EDOPro's Goat
# version; today's "If destroyed by battle" does the same).
script("Slate Warrior",
       flip(A.modify(A.this_card_here, 500, 500, until=K.FOREVER), label="+500 ATK and DEF"),
       trigger(K.EV_AFTER_CALC, A.modify(A.battled, -500, -500, until=K.FOREVER),
               optional=False, condition=A.destroyed_by_battle,
               label="the monster that destroyed it loses 500 ATK and DEF"))


# Sonic Bird: when Normal or Flip Summoned, its controller may add a Ritual Spell from the
# Deck to the hand. Today only with one there; 2005 (R1): with none, the Deck is shown.
def _ritual_spell(d, c):
    return d.data[c].is_spell and d.data[c].subtype == "ritual"


_SONIC = ("choose a Ritual Spell", "add a Ritual Spell from the Deck")
script("Sonic Bird", search_on_summon(_ritual_spell, *_SONIC))
script("Sonic Bird", search_on_summon(_ritual_spell, *_SONIC, goat=True), era="goat")


# -- Super Roboyarou, Super Robolady -----------------------------------------------------
def _robo_partner(name):
    """`name` in the player's Extra Deck, if they may Special Summon it once this card has gone
    back there."""
    def sel(d, link):
        c, p = link["card"], link["player"]
        if summons_locked(d, p):
            return []
        return [f for f in d.extra[p] if d.data[f].name == name and summon_condition_ok(d, f)
                and room_after(d, p, f, (c,))]
    return sel


def _robo_can_swap(partner):
    def cond(d, link):
        c = link["card"]
        return d.turn_in[c] != d.turn and d.owner[c] == link["player"] and \
            bool(partner(d, link))
    return cond


def _robo_back(d, link):
    c = link["card"]
    return d.loc[c] == K.EXTRA and d.mid[c] == link["cmid"] + 1


def _in_damage_step(d, src):
    return d.phase == K.BATTLE and d.step >= K.DS_START and d.attack is not None \
        and src in d.attack[:2]


def _vs_monster(d, src, c):
    """+1000 ATK in the Damage Step of a battle with a monster (attacking or attacked)."""
    if c != src or not _in_damage_step(d, src):
        return None
    return (1000, 0) if d.attack[1] >= 0 else None


def _direct(d, src, c):
    """+1000 ATK in the Damage Step of its direct attack."""
    if c != src or not _in_damage_step(d, src):
        return None
    return (1000, 0) if d.attack[0] == src and d.attack[1] < 0 else None


def _robo(partner_name, stat, proper):
    """Return this card from the field to the Fusion Deck to Special Summon the other one from
    there (not the turn this card was Special Summoned; the return is part of the effect: with
    this card gone nothing is Summoned); +1000 ATK in the Damage Step as `stat` says.
    `proper`: the Summoned one counts as properly Summoned (today; not in 2005, R4)."""
    partner = _robo_partner(partner_name)
    return (ignition((A.send_to(A.this_card_here, K.EXTRA, K.R_EFFECT),
                      A.when(_robo_back, A.choose(partner, into="robo",
                                                   prompt=f"choose {partner_name}"),
                             A.special_summon(A.chosen("robo"), proper=proper))),
                     condition=_robo_can_swap(partner),
                     label=f"return it to the Fusion Deck: Special Summon {partner_name}"),
            continuous("stat", stat))


script("Super Roboyarou", *_robo("Super Robolady", _vs_monster, True))
script("Super Roboyarou", *_robo("Super Robolady", _vs_monster, False), era="goat")
script("Super Robolady", *_robo("Super Roboyarou", _direct, True))
script("Super Robolady", *_robo("Super Roboyarou", _direct, False), era="goat")
