"""Traps: I."""
from __future__ import annotations

from ....engine import actions as A
from ....engine import const as K
from ....engine.actions import YOU
from ....engine.const import BANISHED, GY, MZONE
from ....engine.effects import Target, continuous, script, trap


def _pay_or_destroy(d, src):
    """Imperial Order's maintenance: in each Standby Phase its controller must pay 700 LP if
    able; otherwise it is destroyed. Not a chain link."""
    p = d.ctrl[src]
    if d.lp[p] >= 700:
        d.pay_lp(p, 700)
    else:
        d.write(f"{d.names[p]} cannot pay for {d.card(src)}")
        d.destroy([src], K.R_RULE, p)


script("Imperial Order", trap(),
       continuous("negate_spells"),
       continuous("maintenance", _pay_or_destroy))


def _transport(d, link):
    """Banish the target (a face-up monster its player still controls) until the End Phase;
    its position is remembered for its return."""
    p = link["player"]
    for c in A.targets(d, link):
        if d.loc[c] != MZONE or not d.faceup(c) or d.ctrl[c] != p:
            continue
        pos = d.pos[c]
        if d.send([c], BANISHED, K.R_EFFECT, p) and d.loc[c] == BANISHED:
            link["vars"]["away"] = (c, d.mid[c], pos)


def _come_back(d, p, payload):
    """In the End Phase the monster returns to its player's field in the position it had (not
    a Summon); with no free zone it goes to the Graveyard."""
    if payload is None:
        return
    c, mid, pos = payload
    if d.loc[c] != BANISHED or d.mid[c] != mid:
        return
    free = d.free_mzones(p)
    if not free:
        d.send([c], GY, K.R_RULE, p)
        return
    d.serial += 1
    d.place(c, MZONE, p, free[0], pos)
    d.write(f"{d.card(c)} returns to the field")


# Interdimensional Matter Transporter: target a face-up monster you control: it is banished until
# the End Phase of this turn, then returns to your field (a delayed effect, not a Summon).
script("Interdimensional Matter Transporter", trap(
    target=Target(A.monsters(YOU, faceup=True), prompt="choose a face-up monster you control"),
    operation=(_transport, A.delay(_come_back, payload=lambda d, link: link["vars"].get("away")))))
