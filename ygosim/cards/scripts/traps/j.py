"""Traps: J."""
from __future__ import annotations

from ....engine import actions as A
from ....engine import const as K
from ....engine.actions import OPP
from ....engine.const import SZONE
from ....engine.effects import counter_trap, script, trap
from ..common import can_discard, discard, spell_card_activated

script("Jar of Greed", trap(condition=lambda d, link: len(d.deck[link["player"]]) >= 1,
                            operation=A.draw(1)))

script("Just Desserts", trap(
    condition=A.exists(A.monsters(OPP)),
    operation=A.damage(lambda d, link: 500 * d.count_monsters(1 - link["player"]), OPP)))


def _spell_destroying_spell_traps(d, link):
    """The Chain Link just below is the opponent's Spell Card activation that would destroy a
    Spell/Trap Card on the field."""
    if not d.chain:
        return False
    lk = d.links[d.chain[-1]]
    return lk["player"] != link["player"] and spell_card_activated(d, lk) and \
        any(d.loc[c] == SZONE for c in A.destroyed_by(d, lk))


def _anubis_burn(d, link):
    """Then the player may destroy a face-up monster the opponent controls; if it was destroyed
    the opponent takes damage equal to its ATK (as it was on the field)."""
    for c in A.chosen("anubis")(d, link):
        atk = d.atk(c)
        if d.destroy([c], K.R_EFFECT, link["player"]):
            d.damage(1 - link["player"], atk, by=link["player"])


_anubis_burn.damages = OPP        # (actions.damaged_by)
_anubis_burn.destroys = A.chosen("anubis")

# Judgment of Anubis (Counter Trap): when the opponent activates a Spell Card that would destroy
# a Spell/Trap Card on the field (Heavy Storm, Mystical Space Typhoon...): discard a card
# (cost); negate the activation and destroy it; then you may destroy a face-up monster the
# opponent controls (no target) and inflict damage to them equal to its ATK.
script("Judgment of Anubis", counter_trap(
    condition=_spell_destroying_spell_traps, cost=discard(1, cost=True), can_pay=can_discard(1),
    operation=(A.negate_activation(),
               A.choose(A.monsters(OPP, faceup=True), least=0, into="anubis",
                        prompt="you may destroy a face-up monster your opponent controls"),
               _anubis_burn)))
