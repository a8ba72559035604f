"""Monsters: C."""
from __future__ import annotations

from ....engine import actions as A
from ....engine import const as K
from ....engine.actions import ANY
from ....engine.const import ATTACK, FACEDOWN_DEFENSE, GY, HAND
from ....engine.effects import continuous, flip, script
from ....engine.flow import push, summon_locked
from ..common import can_special_summon_from, stat_aura
from .b import banish_and_stay, light_dark_procedure


# Command Knight: its controller's Warriors gain 400 ATK (itself too); while its controller
# controls another monster, the opponent cannot choose it as an attack target.
script("Command Knight",
       stat_aura((A.is_type("Warrior"), 400, 0), who=A.YOU),
       continuous("no_attack_target",
                  lambda d, src, t: t == src and len(d.monsters(d.ctrl[src])) > 1))


# Special Summoned by banishing 1 LIGHT and 1 DARK from the GY; once per turn, if it did not
# attack: target a face-up monster and banish it (it cannot attack this turn).
script("Chaos Sorcerer", banish_and_stay(target_filter_faceup=True),
       extra=light_dark_procedure())


# -- Cyber Jar ---------------------------------------------------------------------------
def _jar_pick_up(d, link):
    """Both players pick up (to the hand) the top five cards of their Deck and show them; both
    reveal before either Summons (the 2005 ruling)."""
    picked = []
    for p in (d.tp, 1 - d.tp):
        cards = d.deck[p][:5]
        if cards:
            d.reveal(cards, head=f"{d.names[p]} picks up and shows")    # to both players
            d.send(cards, HAND, K.R_EFFECT, link["player"])
        picked.append((p, tuple(cards)))
    link["vars"]["jar"] = tuple(picked)


def _jar_fit(d, c, p):
    data = d.data[c]
    return d.loc[c] == HAND and data.is_monster and 0 < data.level <= 4 and \
        can_special_summon_from(d, c, p)


def _jar_choose(d, link):
    """A player with more such monsters than free zones picks those to Summon (asked of each
    player in turn: the turn player first)."""
    k = link["vars"].get("jar_k", 0)
    jar = link["vars"]["jar"]
    if k >= len(jar):
        return
    link["vars"]["jar_k"] = k + 1
    p, cards = jar[k]
    fit = [c for c in cards if _jar_fit(d, c, p)]
    room = len(d.free_mzones(p))
    if summon_locked(d, p):
        room = 0                    # under Scapegoat's rule: they go to the Graveyard
    key = f"jar_sum{p}"
    push(d, "steps", lid=A._lid(d, link), steps=(_jar_choose,))    # then the next player
    if len(fit) <= room:
        link["vars"][key] = tuple(fit)
    elif room == 0:
        link["vars"][key] = ()
    else:
        A.ask_select(d, link, p, d.select_options(fit, room, player=p),
                     f"{d.name(link['card'])}: choose the monsters to Special Summon", key)


def _jar_summon(d, link):
    """Each player Special Summons their own chosen monsters (face-up Attack or face-down
    Defense, their choice); the other picked-up monsters that could not be Summoned go to the
    Graveyard; the other cards stay in the hand."""
    lid = A._lid(d, link)
    jar = link["vars"]["jar"]
    gone = []
    for p, cards in jar:
        chosen = set(link["vars"].get(f"jar_sum{p}", ()))
        gone += [c for c in cards if _jar_fit(d, c, p) and c not in chosen]
    if gone:
        d.send(gone, GY, K.R_EFFECT, link["player"])
    for p, cards in reversed(jar):          # pushed last runs first: the turn player first
        chosen = tuple(c for c in link["vars"].get(f"jar_sum{p}", ()) if d.loc[c] == HAND)
        if chosen:
            push(d, "special_summon", cards=chosen, player=p, pos=None,
                 positions=(ATTACK, FACEDOWN_DEFENSE), how=K.SUM_SPECIAL, lid=lid)


script("Cyber Jar", flip((A.destroy(A.monsters(ANY)), _jar_pick_up, _jar_choose, _jar_summon),
                         label="destroy all monsters; both players pick up five cards"))
