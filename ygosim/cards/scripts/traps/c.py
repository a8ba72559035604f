"""Traps: C."""
from __future__ import annotations

from ....engine import actions as A
from ....engine import const as K
from ....engine.actions import ANY, OPP
from ....engine.const import ATTACK, DEFENSE, FACEDOWN_DEFENSE
from ....engine.const import SZONE
from ....engine.effects import Target, continuous, counter_trap, script, trap
from ..common import (can_discard, chained_to, discard, free_zone, in_graveyard,
                      spell_card_activated, still_here)

# ATK/DEF changers may be activated in the Damage Step (until damage calculation).
script("Castle Walls", trap(
    target=Target(A.monsters(ANY, faceup=True), prompt="choose a face-up monster"),
    damage_step=True, operation=A.modify(A.targets, def_=500)))


def _effect_monster(d, c):
    return "effect" in d.data[c].frames and d.faceup(c)


_set_monsters = A.monsters(ANY, filter=lambda d, c: d.pos[c] == FACEDOWN_DEFENSE)
_effect_monsters = A.monsters(ANY, filter=_effect_monster)

# Needs a face-down Defense Position monster or a face-up Effect Monster on the field. Every
# face-down Defense Position monster is turned face-up (Defense Position) without activating
# its FLIP effect; then the opponent takes 500 damage for each Effect Monster on the field.
script("Ceasefire", trap(
    condition=lambda d, link: bool(_set_monsters(d, link) or _effect_monsters(d, link)),
    operation=(A.flip_faceup(_set_monsters, DEFENSE, flip_effects=False),
               A.damage(lambda d, link: 500 * len(_effect_monsters(d, link)), OPP))))

# Target a monster on the field: it returns to the hand (an Extra Deck monster to the Extra
# Deck; a Token ceases to exist).
script("Compulsory Evacuation Device", trap(
    target=Target(A.monsters(ANY), prompt="choose a monster"),
    operation=A.to_hand(A.targets)))


_summoned_2000_or_less = A.summoned_now(lambda d, c: d.atk(c) <= 2000)
_summoned_1000_or_less = A.summoned_now(lambda d, c: d.atk(c) <= 1000)


def _banish_with_copies(d, link):
    """Banish the Summoned monsters; then every card with the name of one of them (a Token
    aside) in the opponent's hand and Deck is banished, and that Deck shuffled."""
    p = link["player"]
    gone = d.send(_summoned_1000_or_less(d, link), K.BANISHED, K.R_EFFECT, p)
    names = {d.data[c].name for c in gone if d.loc[c] == K.BANISHED}
    q = 1 - p
    copies = [c for c in d.hand[q] + d.deck[q] if d.data[c].name in names]
    if copies:
        d.send(copies, K.BANISHED, K.R_EFFECT, p)
    if names:
        d.shuffle_deck(q)


# Chain Disappearance: when a monster(s) with 1000 or less ATK is Summoned (Normal, Flip or
# Special; either player's), banish it, then every card of its name in the opponent's hand and
# Deck is banished. Our reading: it takes every such monster just Summoned, chosen by the rule
# (no target asked: EDOPro targets them all).
script("Chain Disappearance", trap(
    when=K.EV_SUMMON_ANY, condition=A.exists(_summoned_1000_or_less),
    operation=_banish_with_copies))


def _destroy_copies(d, link):
    """Every card with the target's name in its controller's hand and Deck is destroyed (the
    target itself stays)."""
    for c in A.targets(d, link):
        q, name = d.ctrl[c], d.data[c].name
        same = [x for x in d.hand[q] + d.deck[q] if d.data[x].name == name]
        if same:
            d.destroy(same, K.R_EFFECT, link["player"])
        d.shuffle_deck(q)


# When a monster with 2000 or less ATK is Summoned (either player's): target it; its copies in
# its controller's hand and Deck are destroyed.
script("Chain Destruction", trap(
    when=K.EV_SUMMON_ANY,
    target=Target(_summoned_2000_or_less, prompt="choose the Summoned monster"),
    operation=_destroy_copies))


# -- Call of the Haunted -----------------------------------------------------------------
_COTH = K.BIND_KILL_ON_LEAVE | K.BIND_DIE_WITH
_revive = A.special_summon(A.targets, pos=ATTACK, into="summoned")
_bind = A.when(still_here, A.bind(A.summoned(), _COTH))

# Target a monster in your Graveyard: Special Summon it in Attack Position. When this card
# leaves the field, that monster is destroyed; when that monster is destroyed, this card is
# destroyed. (If the monster leaves the field another way, this card stays, bound to nothing.)
# Today the monster is Summoned even if this card left the field in the Chain (then it is not
# bound to it) ...
script("Call of the Haunted", trap(
    condition=free_zone, target=Target(in_graveyard(), prompt="choose a monster in your "
                                                              "Graveyard"),
    operation=(_revive, _bind), off_field=True), extra={"bind": _COTH})
# ... in 2005 it was not Summoned at all (docs/goat-cards.md: the 2005-07 TCG ruling).
script("Call of the Haunted", trap(
    condition=free_zone, target=Target(in_graveyard(), prompt="choose a monster in your "
                                                              "Graveyard"),
    operation=A.when(still_here, _revive, A.bind(A.summoned(), _COTH))), extra={"bind": _COTH},
    era="goat")


def _destroys_one_targeted_spell_trap(d, lk):
    """A Spell/Trap Card activation that targets exactly one Spell/Trap Card and would destroy
    it (today's Curse of Royal)."""
    if not lk["card_act"] or d.data[lk["card"]].is_monster or len(lk["targets"]) != 1:
        return False
    t = lk["targets"][0][0]
    return d.loc[t] == SZONE and t in A.destroyed_by(d, lk)


def _destroys_spell_trap(d, lk):
    """A Spell/Trap Card activation whose effect would destroy a Spell/Trap Card, with or
    without a target (2005 Curse of Royal: Heavy Storm, Dust Tornado, and a Counter Trap that
    negates a Spell/Trap and destroys it: Solemn Judgment, Seven Tools of the Bandit)."""
    return lk["card_act"] and not d.data[lk["card"]].is_monster and \
        any(d.loc[c] == SZONE for c in A.destroyed_by(d, lk))


# Curse of Royal (Counter Trap): negate the activation of a Spell/Trap Card that would destroy
# exactly one (targeted) Spell/Trap Card, and destroy it.
script("Curse of Royal", counter_trap(condition=chained_to(_destroys_one_targeted_spell_trap),
                                      operation=A.negate_activation()))
# 2005 (EDOPro's Goat script): any Spell/Trap Card activation that would destroy a Spell/Trap.
script("Curse of Royal", counter_trap(condition=chained_to(_destroys_spell_trap),
                                      operation=A.negate_activation()), era="goat")


def _seal_the_name(d, link):
    """Once the Spell's activation is negated: the opponent cannot activate Spell Cards with
    its name for the rest of the Duel (a player flag that never ends)."""
    lk = A.link_below(d, link)
    if lk is not None and lk["negated"]:
        name = d.data[lk["card"]].name
        q = 1 - link["player"]
        d.pflags.append((q, ("no_activate", name), K.FOREVER))
        d.write(f"{d.names[q]} cannot activate {name} for the rest of the Duel")   # public


# Cursed Seal of the Forbidden Spell (Counter Trap): when a Spell Card is activated, discard a
# Spell Card (cost): negate the activation and destroy it; the opponent cannot activate Spell
# Cards of that name for the rest of the Duel.
script("Cursed Seal of the Forbidden Spell", counter_trap(
    condition=chained_to(spell_card_activated),
    cost=discard(1, cost=True, filter=A.is_spell, prompt="discard a Spell Card"),
    can_pay=can_discard(1, A.is_spell),
    operation=(A.negate_activation(), _seal_the_name)))



def _burn_activator(d, src, link):
    """Its player (who activated the card that resolved) takes 1000 damage, by this card."""
    d.damage(link["player"], 1000, by=d.ctrl[src])


# Curse of Darkness (Continuous Trap): each time a Spell Card is activated, right after it
# resolves the player who activated it takes 1000 damage (no Chain: the rule `spell_resolved`,
# for the Spells activated while it was face-up; not when the activation was negated).
script("Curse of Darkness", trap(), continuous("spell_resolved", _burn_activator))

# Chain Burst (Continuous Trap): the same for each Trap Card (`trap_resolved`).
script("Chain Burst", trap(), continuous("trap_resolved", _burn_activator))
