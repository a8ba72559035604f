"""Monsters: R."""
from __future__ import annotations

from ....engine import actions as A
from ....engine import const as K
from ....engine.const import ATTACK, MZONE
from ....engine.effects import script, trigger


def _battled_warrior_or_spellcaster(d, link):
    return [c for c in A.battled(d, link) if d.data[c].type in ("Warrior", "Spellcaster")]


# At the end of the Damage Step, a Warrior or Spellcaster monster that battled it and is still on
# the field (not destroyed by that battle: Spirit Reaper...) is destroyed. Mandatory, no target;
# as attacker or attacked.
script("Ryu Kokki", trigger(
    K.EV_DS_END, A.destroy(_battled_warrior_or_spellcaster), optional=False,
    condition=lambda d, link: bool(_battled_warrior_or_spellcaster(d, link)),
    label="destroy the Warrior or Spellcaster it battled"))


# Reflect Bounder: attacked while in face-up Attack Position (at the start of the Damage Step:
# not a face-down one flipped by the attack), before damage calculation the attacker's
# controller takes damage equal to the attacker's ATK; if they did, after damage calculation
# Reflect Bounder destroys itself (a second mandatory trigger).
def _bounder_attacked(d, link):
    ev = link.get("event")
    c = link["card"]
    return ev is not None and ev[6] == c and d.pos[c] == ATTACK and d.ctrl[ev[1]] != d.ctrl[c]


def _reflect(d, link):
    atk = A.attacker(d, link)
    if not atk:
        return
    p = 1 - link["player"]
    before = d.lp[p]
    d.damage(p, d.atk(atk[0]), by=link["player"])
    c = link["card"]
    if d.lp[p] < before and d.loc[c] == MZONE and d.mid[c] == link["cmid"]:
        d.flag_card(c, "reflected")


def _bounder_done(d, link):
    c = link["card"]
    ev = link.get("event")
    return ev is not None and ev[6] == c and d.card_flag(c, "reflected") and \
        (c, d.mid[c]) not in d.battle_destroyed


def _self_if_reflected(d, link):
    c = link["card"]
    return [c] if d.loc[c] == MZONE and d.mid[c] == link["cmid"] else []


script("Reflect Bounder",
       trigger(K.EV_BATTLE_CONFIRM, _reflect, optional=False, condition=_bounder_attacked,
               label="inflict damage equal to the attacker's ATK"),
       trigger(K.EV_AFTER_CALC, A.destroy(_self_if_reflected), optional=False,
               condition=_bounder_done, label="destroy itself"))
