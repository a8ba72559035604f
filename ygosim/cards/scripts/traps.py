"""Trap Cards."""
from __future__ import annotations

from ...engine import actions as A
from ...engine import const as K
from ...engine.actions import ANY, OPP, YOU
from ...engine.const import BATTLE, MAIN1, MAIN2, SZONE
from ...engine.effects import Target, continuous, counter_trap, during, quick, script, trap
from ...engine.flow import can_normal_summon_any


def _summoned_by_opponent(min_atk):
    def cands(d, link):
        out = []
        for e in A.recent(d, (K.EV_NORMAL_SUMMONED, K.EV_FLIP_SUMMONED)):
            c = e[1]
            if d.mid[c] == e[2] and d.ctrl[c] != link["player"] and d.atk(c) >= min_atk:
                out.append(c)
        return out
    return cands


_faceup = A.monsters(ANY, faceup=True)

script("Trap Hole", trap(
    when=(K.EV_NORMAL_SUMMONED, K.EV_FLIP_SUMMONED),
    target=Target(_summoned_by_opponent(1000), prompt="choose the summoned monster"),
    operation=A.destroy(A.targets)))

# Targets 2 monsters you control and 1 your opponent controls; destroys them.
script("Two-Pronged Attack", trap(
    # (what the targets need, checked cheaply before the combinations of targets are tried)
    condition=lambda d, link: d.count_monsters(link["player"]) >= 2 and
    d.count_monsters(1 - link["player"]) >= 1,
    target=Target(A.monsters(ANY), count=3, prompt="choose 2 of your monsters and 1 of your "
                                                   "opponent's",
                  constraint=lambda d, link, cards: sum(
                      1 for c in cards if d.ctrl[c] == link["player"]) == 2),
    operation=A.destroy(A.targets)))

# ATK/DEF changers may be activated in the Damage Step (until damage calculation).
script("Reinforcements", trap(
    target=Target(_faceup, prompt="choose a face-up monster"), damage_step=True,
    operation=A.modify(A.targets, atk=500)))
script("Castle Walls", trap(
    target=Target(_faceup, prompt="choose a face-up monster"), damage_step=True,
    operation=A.modify(A.targets, def_=500)))

script("Waboku", trap(operation=(A.player_flag("no_battle_damage", who=YOU),
                                 A.player_flag("battle_indestructible", who=YOU))))

# Every ATK/DEF increase or decrease applies reversed this turn (a second one changes nothing).
script("Reverse Trap", trap(operation=A.player_flag("reverse_stats", who=ANY)))

script("Threatening Roar", trap(operation=A.player_flag("no_attack", who=OPP)))

script("Just Desserts", trap(
    condition=A.exists(A.monsters(OPP)),
    operation=A.damage(lambda d, link: 500 * d.count_monsters(1 - link["player"]), OPP)))


def _is_dragon(d, src, c):
    return d.data[c].type == "Dragon" and d.faceup(c)


script("Dragon Capture Jar", trap(),
       continuous("force_defense", _is_dragon),
       continuous("no_position_change", _is_dragon))


def _trap_card_activated(d, link):
    if not d.chain:
        return False
    top = d.links[d.chain[-1]]
    return top["card_act"] and d.data[top["card"]].is_trap


script("Seven Tools of the Bandit", counter_trap(
    condition=_trap_card_activated, cost=A.pay_lp(1000), can_pay=A.lp_at_least(1000),
    operation=A.negate_activation()))


def _pay_or_destroy(d, src):
    """Imperial Order's maintenance: in each Standby Phase its controller must pay 700 LP if
    able; otherwise it is destroyed. Not a chain link."""
    p = d.ctrl[src]
    if d.lp[p] >= 700:
        d.pay_lp(p, 700)
    else:
        d.write(f"{d.names[p]} cannot pay for {d.name(src)}")
        d.destroy([src], K.R_RULE, p)


script("Imperial Order", trap(),
       continuous("negate_spells"),
       continuous("maintenance", _pay_or_destroy))


def _can_summon(d, link):
    """With a monster to Normal Summon or Set."""
    return can_normal_summon_any(d, link["player"])


# During your Main Phase or your opponent's Battle Phase.
script("Ultimate Offering", trap(),
       quick(A.normal_summon_now(), condition=_can_summon, cost=A.pay_lp(500),
             can_pay=A.lp_at_least(500), range=SZONE, label="Normal Summon/Set",
             periods=during((YOU, (MAIN1, MAIN2)), (OPP, (BATTLE,)))))
