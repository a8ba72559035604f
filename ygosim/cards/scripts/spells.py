"""Spell Cards."""
from __future__ import annotations

from ...engine import actions as A
from ...engine import const as K
from ...engine.actions import ANY, OPP, YOU
from ...engine.const import GY, DECK, HAND, MAIN1
from ...engine.effects import Target, during, quick, quickplay, script, spell
from .common import equip_spell, field_spell


def can_special_summon_from(d, c, p):
    """May card c be Special Summoned by an effect (for player p)? Not if it says so, nor a
    Fusion/Ritual/Extra Deck monster that was never properly summoned."""
    data = d.data[c]
    if not data.is_monster:
        return False
    if data.script is not None and data.script.cannot_special_summon:
        return False
    if (data.is_extra_deck or "ritual" in data.frames) and not d.proper(c):
        return False
    return True


def _free_zone(d, link):
    return bool(d.free_mzones(link["player"]))


def _not_this(sel):
    """sel without the activated card itself (a card does not target or count itself)."""
    return lambda d, link: [c for c in sel(d, link) if c != link["card"]]


def _summonable(filter=None):
    """Filter: a monster the player may Special Summon by an effect (and matching filter)."""
    return lambda d, c: can_special_summon_from(d, c, d.owner[c]) and \
        (filter is None or filter(d, c))


def _all(*conds):
    def cond(d, link):
        for c in conds:
            if not c(d, link):
                return False
        return True
    return cond


_opp_faceup = A.monsters(OPP, faceup=True)
_other_spells_traps = _not_this(A.spells_traps(ANY))

# -- Normal Spells -----------------------------------------------------------------------
script("Dark Hole", spell(condition=A.exists(A.monsters(ANY)),
                          operation=A.destroy(A.monsters(ANY))))
script("Raigeki", spell(condition=A.exists(A.monsters(OPP)),
                        operation=A.destroy(A.monsters(OPP))))
script("Dian Keto the Cure Master", spell(operation=A.gain_lp(1000)))
script("Ookazi", spell(operation=A.damage(800, OPP)))
script("Pot of Greed", spell(condition=lambda d, link: len(d.deck[link["player"]]) >= 2,
                             operation=A.draw(2)))
script("Monster Reborn", spell(
    condition=_free_zone,
    target=Target(lambda d, link: (c for p in (0, 1) for c in d.gy[p]
                                   if can_special_summon_from(d, c, link["player"])),
                  prompt="choose a monster in either Graveyard"),
    operation=A.special_summon(A.targets)))

# The face-up monster the opponent controls with the lowest ATK (you pick among ties).
script("Fissure", spell(
    condition=A.exists(_opp_faceup),
    operation=(A.choose(A.lowest_atk(_opp_faceup), prompt="choose the monster with the "
                                                          "lowest ATK to destroy"),
               A.destroy(A.chosen()))))

# A face-up Spell or a Set card; a Set target is revealed and destroyed only if a Spell.
def _spell_card(d, c):
    """A Spell Card, or a Pendulum Monster in a Pendulum Zone (treated as a Spell Card)."""
    return d.data[c].is_spell or "pendulum" in d.data[c].frames


script("De-Spell", spell(
    target=Target(_not_this(A.spells_traps(ANY, filter=lambda d, c: _spell_card(d, c)
                                           or not d.faceup(c))),
                  prompt="choose a face-up Spell or a Set card"),
    operation=(A.reveal(lambda d, link: [c for c in A.targets(d, link) if not d.faceup(c)],
                        to=ANY),
               A.destroy(lambda d, link: [c for c in A.targets(d, link)
                                          if _spell_card(d, c)]))))

script("Change of Heart", spell(
    condition=_free_zone,
    target=Target(A.monsters(OPP), prompt="choose a monster your opponent controls"),
    operation=A.take_control(A.targets)))

def _must_tribute(sel):
    """This turn, if the player Tributes, the selected opponent's monsters must be among the
    Tributes, as if the player controlled them (see flow.forced_tributes)."""
    def step(d, link):
        for c in sel(d, link):
            d.pflags.append((link["player"], ("must_tribute", c, d.mid[c]), d.turn))
    return step


# You cannot conduct your Battle Phase the turn you activate it (not an effect: it holds even
# if the card is negated), so it cannot be activated once the Battle Phase was conducted.
script("Soul Exchange", spell(
    condition=lambda d, link: d.phase == MAIN1,
    cost=A.player_flag("no_battle_phase", who=YOU),
    target=Target(A.monsters(OPP), prompt="choose a monster your opponent controls"),
    operation=_must_tribute(A.targets)))


def _discard_hands_and_draw(d, link):
    counts = [len(d.hand[0]), len(d.hand[1])]
    if counts[0] or counts[1]:
        d.send(d.hand[0] + d.hand[1], GY, K.R_EFFECT | K.R_DISCARD, link["player"])
    for p in (d.tp, 1 - d.tp):
        if counts[p]:
            d.draw(p, counts[p])
            d.check_exodia(p)


script("Card Destruction", spell(
    condition=lambda d, link: sum(1 for p in (0, 1) for c in d.hand[p]
                                  if c != link["card"]) > 0,
    operation=_discard_hands_and_draw))

# Last Will may be activated before or after the monster goes to the GY: it grants, for the rest
# of the turn, one Special Summon its player may make during their turn (not in the Damage Step)
# once a monster of theirs went from their field to their GY. The grant is used as the second
# effect, from the Graveyard.
def _last_will_key(link):
    return ("last_will", link["card"])


def _grant_last_will(d, link):
    d.pflags.append((link["player"], _last_will_key(link), d.turn))


def _use_last_will(d, link):
    key = _last_will_key(link)
    for x in d.pflags:
        if x[0] == link["player"] and x[1] == key:
            d.pflags.remove(x)
            return


_last_will_fit = _summonable(lambda d, c: d.data[c].atk <= 1500)
_last_will_monsters = A.pile(DECK, YOU, _last_will_fit)


def _last_will_ready(d, link):
    """Once granted and once a monster of yours went from your field to your GY, with a free
    zone and a monster to summon (during your turn: the effect's `periods`)."""
    p = link["player"]
    return d.lost_monster[p] == d.turn and d.player_flag(p, _last_will_key(link)) and \
        _free_zone(d, link) and any(_last_will_fit(d, c) for c in d.deck[p])


script("Last Will",
       spell(operation=_grant_last_will),
       quick((A.choose(_last_will_monsters, prompt="choose a monster with 1500 or less ATK to "
                                                   "Special Summon"),
              A.special_summon(A.chosen()),
              A.shuffle_deck(YOU)),
             condition=_last_will_ready, periods=during((YOU, ())),
             cost=_use_last_will, range=GY, label="Special Summon from the Deck"))

script("The Inexperienced Spy", spell(
    condition=A.exists(A.pile(HAND, OPP)),
    operation=(A.choose(A.pile(HAND, OPP), prompt="choose a card in your opponent's hand"),
               A.reveal(A.chosen()))))

script("Ancient Telescope", spell(
    condition=A.exists(A.pile(DECK, OPP)),
    operation=A.reveal(lambda d, link: d.deck[1 - link["player"]][:5])))


def _lord_of_d(d, link):
    for p in (0, 1):
        for c in d.monsters(p):
            if d.data[c].name == "Lord of D." and d.faceup(c):
                return True
    return False


_dragons_in_hand = A.pile(HAND, YOU, _summonable(A.is_type("Dragon")))

script("The Flute of Summoning Dragon", spell(
    condition=_all(_lord_of_d, _free_zone, A.exists(_dragons_in_hand)),
    operation=A.when(_lord_of_d,
                     A.choose(_dragons_in_hand, least=1,
                              count=lambda d, link: min(2, len(d.free_mzones(link["player"]))),
                              prompt="choose up to 2 Dragon monsters to Special Summon"),
                     A.special_summon(A.chosen()))))

script("Heavy Storm", spell(condition=A.exists(_other_spells_traps),
                            operation=A.destroy(_other_spells_traps)))

script("Remove Trap", spell(
    target=Target(A.spells_traps(ANY, faceup=True, filter=A.is_trap),
                  prompt="choose a face-up Trap Card"),
    operation=A.destroy(A.targets)))

# -- Quick-Play Spells -------------------------------------------------------------------
script("Mystical Space Typhoon", quickplay(
    target=Target(_other_spells_traps, prompt="choose a Spell/Trap Card"),
    operation=A.destroy(A.targets)))

# -- Equip and Field Spells --------------------------------------------------------------
script("Sword of Dark Destruction", *equip_spell(A.is_attribute("DARK"), 400, -200))
script("Book of Secret Arts", *equip_spell(A.is_type("Spellcaster"), 300, 300))
script("Dark Energy", *equip_spell(A.is_type("Fiend"), 300, 300))
script("Invigoration", *equip_spell(A.is_attribute("EARTH"), 400, -200))
script("Yami", *field_spell((A.is_type("Fiend", "Spellcaster"), 200, 200),
                            (A.is_type("Fairy"), -200, -200)))
script("Sogen", *field_spell((A.is_type("Warrior", "Beast-Warrior"), 200, 200)))
