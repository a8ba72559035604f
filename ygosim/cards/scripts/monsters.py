"""Effect Monsters."""
from __future__ import annotations

from ...engine import actions as A
from ...engine import const as K
from ...engine.actions import ANY, OPP, YOU
from ...engine.const import BATTLE, DECK, GY, HAND, MZONE, FIELD, DEFENSE, ATTACK
from ...engine.effects import Target, continuous, during, flip, quick, script, trigger
from .spells import can_special_summon_from


# ------------------------------------------------------------------------------ helpers
def _faceup_dragon(d, c):
    return d.loc[c] == MZONE and d.faceup(c) and d.data[c].type == "Dragon"


def _maybe_trap(d, c):
    """A card a "Trap on the field" effect may choose: a face-up Trap, or any Set card
    (it could be one)."""
    return not d.faceup(c) or d.data[c].is_trap


def _attack_target(d, link):
    """The monster this card's attack is aimed at, if it is still in that battle."""
    atk = d.attack
    if atk is None or atk[0] != link["card"] or atk[1] < 0:
        return []
    t = atk[1]
    return [t] if d.mid[t] == atk[4] and d.loc[t] == MZONE else []


def _not_battle_destroyed(sel):
    def pick(d, link):
        return [c for c in sel(d, link) if (c, d.mid[c]) not in d.battle_destroyed]
    return pick


def _self_here(d, link):
    """This card, if it has not moved since its effect was activated."""
    c = link["card"]
    return [c] if d.mid[c] == link["cmid"] and d.loc[c] == MZONE and d.faceup(c) else []


def _reveal(d, link):
    downs = [c for p in (0, 1) for c in d.field_cards(p) if not d.faceup(c)]
    d.write("Revealed: " + (", ".join(d.name(c) for c in downs) if downs else "nothing")
            + " (returned face-down)")


def _no_activate_chosen(d, link):
    """For the rest of the turn, the player cannot activate cards or effects with the name of
    the card just added to the hand."""
    for c in link["vars"].get("chosen", ()):
        if d.loc[c] == HAND:
            d.pflags.append((link["player"], ("no_activate", d.name(c)), d.turn))


def _opponent_attacks(d, link):
    return d.attack is not None and d.tp != link["player"]


def _no_battle_damage(d, link):
    d.no_battle_damage[link["player"]] = True
    d.write(f"{d.names[link['player']]} takes no battle damage from this battle")


def _own_end_phase(d, link):
    c = link["card"]
    return d.tp == d.ctrl[c] and d.loc[c] == MZONE and d.faceup(c)


def _rat_fit(d, c):
    data = d.data[c]
    return data.is_monster and data.attribute == "EARTH" and data.atk <= 1500 and \
        can_special_summon_from(d, c, d.owner[c])


def _from_field_to_gy(d, link):
    ev = link.get("event")
    return ev is not None and ev[1] == link["card"] and bool(ev[6][0] & FIELD)


def _attacked_this(d, link):
    ev = link.get("event")
    return ev is not None and ev[6] == link["card"]


def _attacks_defense(d, link):
    ev = link.get("event")
    if ev is None or ev[1] != link["card"]:
        return False
    t = ev[6]
    return t is not None and t >= 0 and d.loc[t] == MZONE and bool(d.pos[t] & DEFENSE)


def _room(d, link):
    return bool(d.free_mzones(link["player"]))


# ------------------------------------------------------------------------------ FLIP
script("The Stern Mystic", flip(_reveal, label="reveal all face-down cards"))
script("Trap Master", flip(
    A.destroy(lambda d, link: [c for c in A.targets(d, link) if d.data[c].is_trap]),
    target=Target(A.spells_traps(ANY, filter=_maybe_trap, field_zone=False),
                  prompt="choose a Trap on the field"),
    label="destroy a Trap"))
script("Man-Eater Bug", flip(A.destroy(A.targets),
                             target=Target(A.monsters(ANY), prompt="choose a monster to destroy"),
                             label="destroy a monster"))
script("Hane-Hane", flip(A.to_hand(A.targets),
                         target=Target(A.monsters(ANY),
                                       prompt="choose a monster to return to the hand"),
                         label="return a monster to the hand"))

# ------------------------------------------------------------------------------ others
script("Wall of Illusion", trigger(
    K.EV_AFTER_CALC, A.to_hand(_not_battle_destroyed(A.event_cards)), optional=False,
    condition=_attacked_this, label="return the attacker to the hand"))
script("The Wicked Worm Beast", trigger(
    K.EV_END_PHASE, A.to_hand(_self_here), optional=False, condition=_own_end_phase,
    label="return to the hand"), cannot_special_summon=True)
script("Lord of D.", continuous("untargetable",
                                lambda d, src, c, link: _faceup_dragon(d, c)))
script("Mysterious Puppeteer", trigger(
    (K.EV_NORMAL_SUMMONED, K.EV_FLIP_SUMMONED), A.gain_lp(500), optional=False,
    condition=A.event_is(K.EV_NORMAL_SUMMONED, K.EV_FLIP_SUMMONED, own=False),
    label="gain 500 LP"))
script("Kuriboh", quick(_no_battle_damage, condition=_opponent_attacks, range=HAND,
                        periods=during((OPP, (BATTLE,))),
                        cost=A.send_to(A.this_card, GY, K.R_COST | K.R_DISCARD),
                        damage_calc=True, label="take no battle damage"))
script("Sangan", trigger(
    K.EV_TO_GY,
    (A.choose(A.pile(DECK, YOU, A.atk_at_most(1500)), prompt="choose a monster to add"),
     A.to_hand(A.chosen()), A.shuffle_deck(), _no_activate_chosen),
    optional=False, condition=_from_field_to_gy, range=GY, once_per_turn="name",
    label="add a monster with 1500 or less ATK"))
script("Giant Rat", trigger(
    K.EV_BATTLE_DESTROYED,
    (A.choose(A.pile(DECK, YOU, _rat_fit), prompt="choose an EARTH monster to Special Summon"),
     A.special_summon(A.chosen(), pos=ATTACK), A.shuffle_deck()),
    when=True, range=GY,
    condition=lambda d, link: A.event_is(K.EV_BATTLE_DESTROYED)(d, link) and _room(d, link)
    and bool(A.pile(DECK, YOU, _rat_fit)(d, link)),
    label="Special Summon an EARTH monster"))
script("Jinzo", continuous("no_trap_activation"), continuous("negate_traps"))
script("Drillroid", trigger(
    K.EV_BATTLE_CONFIRM, A.destroy(lambda d, link: [c for c in _attack_target(d, link)
                                                     if d.pos[c] & DEFENSE]),
    optional=False, condition=_attacks_defense, label="destroy the Defense Position monster"))
script("Exodia the Forbidden One")   # the win is a rule of the duel (Duel.check_exodia)
