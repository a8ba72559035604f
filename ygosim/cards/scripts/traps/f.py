"""Traps: F."""
from __future__ import annotations

from ....engine import actions as A
from ....engine.const import SZONE
from ....engine.effects import continuous, script, trap


def _faceup(d, src, c):
    return d.faceup(c)


# A Continuous Trap: while it is face-up, every face-up monster is changed to Attack Position
# and cannot change its battle position.
script("Final Attack Orders", trap(),
       continuous("force_attack", _faceup),
       continuous("no_position_change", _faceup))


def _own_traps_hit(d, lk, p):
    """The Trap Cards player p controls that the effect of Chain Link lk would destroy."""
    return [c for c in A.destroyed_by(d, lk)
            if d.loc[c] == SZONE and d.ctrl[c] == p and d.data[c].is_trap]


def _traps_threatened(d, link):
    """The Chain Link just below is the opponent's, and its effect would destroy a Trap Card
    this card's player controls (this card included: Heavy Storm)."""
    if not d.chain:
        return False
    lk = d.links[d.chain[-1]]
    return lk["player"] != link["player"] and bool(_own_traps_hit(d, lk, link["player"]))


def _others_hit(d, link):
    """The other Trap Cards of this card's player the link below would destroy."""
    lk = A.link_below(d, link)
    return [c for c in _own_traps_hit(d, lk, link["player"]) if c != link["card"]] if lk else []


# Fake Trap (Normal Trap): when the opponent activates a card or effect that would destroy
# Trap Cards you control, this card is destroyed instead: those Traps are not destroyed by
# that effect (actions.spare), other cards it destroys are. Our reading: activated in answer
# to that activation (a Chain Link), like EDOPro's Goat-era scripts' response window.
script("Fake Trap", trap(condition=_traps_threatened,
                         operation=(A.spare(_others_hit), A.destroy(A.this_card))))
