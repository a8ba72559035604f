"""Traps: R."""
from __future__ import annotations

from ....engine import actions as A
from ....engine import const as K
from ....engine.actions import ANY, OPP, YOU
from ....engine.const import BANISHED, GY, MZONE
from ....engine.decision import DECLARE, Decision, Option
from ....engine.effects import (Target, continuous, during, quick, rule, script, trap,
                                trigger)
from ..common import all_of, can_discard, discard, free_zone, not_this, summonable

# Discard one card (cost), then target a card on the field: destroy it.
script("Raigeki Break", trap(
    cost=discard(1, cost=True), can_pay=can_discard(1),
    target=Target(not_this(A.union(A.monsters(ANY), A.spells_traps(ANY))),
                  prompt="choose a card on the field"),
    operation=A.destroy(A.targets)))

# ATK/DEF changers may be activated in the Damage Step (until damage calculation).
script("Reinforcements", trap(
    target=Target(A.monsters(ANY, faceup=True), prompt="choose a face-up monster"),
    damage_step=True, operation=A.modify(A.targets, atk=500)))

_banished_monsters = A.pile(BANISHED, YOU, summonable())


def _banish_again(d, p, summoned):
    """The End Phase of that turn: the monsters it Special Summoned (still those cards, on the
    field) are banished."""
    back = [c for c, mid in summoned if d.mid[c] == mid and d.loc[c] == MZONE]
    if back:
        d.send(back, BANISHED, K.R_EFFECT, p)


# Pay half your LP (cost): Special Summon as many of your banished monsters as possible (you
# choose which, and positions); in the End Phase they are banished again (a delayed effect: no
# Chain, whatever happened to this card).
script("Return from the Different Dimension",
       trap(condition=all_of(free_zone, A.exists(_banished_monsters)),
            cost=A.pay_half_lp,
            operation=(A.choose(_banished_monsters, into="back",
                                count=lambda d, link: len(d.free_mzones(link["player"])),
                                prompt="choose banished monsters to Special Summon"),
                       A.special_summon(A.chosen("back")),
                       A.delay(_banish_again, payload=lambda d, link: tuple(
                           (c, d.mid[c]) for c in link["vars"].get("back", ())
                           if d.loc[c] == MZONE)))))

# Every ATK/DEF increase or decrease applies reversed this turn (a second one changes nothing).
script("Reverse Trap", trap(operation=A.player_flag("reverse_stats", who=ANY)))


def _ring_today(d, link):
    """Destroy the target; if it was destroyed, you take damage equal to its original ATK,
    then the opponent takes the damage you took."""
    p = link["player"]
    for c in A.targets(d, link):
        if not d.faceup(c):
            continue
        atk = d.data[c].atk
        if d.destroy([c], by=p):
            d.damage(p, atk, by=p)
            d.damage(1 - p, atk, by=p)      # (no effect reduces the damage you take)


_ring_today.destroys = A.targets       # (actions.destroyed_by)
_ring_today.damages = ANY              # (actions.damaged_by)


# Today: only in the opponent's turn, one Ring of Destruction per turn; a face-up monster the
# opponent controls whose ATK is not more than the opponent's LP.
script("Ring of Destruction", trap(
    periods=during((OPP, ())), once_per_turn="name",
    target=Target(A.monsters(OPP, faceup=True, filter=lambda d, c: d.atk(c) <= d.lp[d.ctrl[c]]),
                  prompt="choose a face-up monster your opponent controls"),
    operation=_ring_today))


def _ring_2005(d, link):
    """Destroy the target; if it was destroyed, both players take damage equal to its ATK as
    it was on the field (modified), at the same time: both at 0 is a draw."""
    p = link["player"]
    for c in A.targets(d, link):
        if not d.faceup(c):
            continue
        atk = d.atk(c)
        if d.destroy([c], by=p):
            d.damage(p, atk, by=p)
            d.damage(1 - p, atk, by=p)


_ring_2005.destroys = A.targets
_ring_2005.damages = ANY


# 2005: in either player's turn (Draw and Standby Phases too; not in the Damage Step), any
# face-up monster (either side, any ATK), no limit per turn.
script("Ring of Destruction", trap(
    target=Target(A.monsters(ANY, faceup=True), prompt="choose a face-up monster"),
    operation=_ring_2005), era="goat")


# Target a "Gravekeeper's" monster in your Graveyard: Special Summon it.
script("Rite of Spirit", trap(
    condition=free_zone,
    target=Target(A.pile(GY, YOU, summonable(lambda d, c: d.data[c].name.startswith(
        "Gravekeeper's"))), prompt="choose a Gravekeeper's monster in your Graveyard"),
    operation=A.special_summon(A.targets)), extra={"ignores_gy_lock": True})

_NOT_SPECIAL = (K.SUM_NORMAL, K.SUM_TRIBUTE, K.SUM_FLIP)


def _special_summon_being_made(d, link):
    """A monster is being Special Summoned by its own procedure (not with a Chain: Black Luster
    Soldier - Envoy of the Beginning, Chaos Sorcerer), in the window of that Summon."""
    return any(e[0] == K.EV_SUMMONING and e[6] not in _NOT_SPECIAL for e in d.events)


def _summoning_effect_below(d, link):
    """The Chain Link just below is an effect that would Special Summon (Monster Reborn, Call
    of the Haunted, Scapegoat, Cyber Jar's FLIP effect...)."""
    return bool(d.chain) and A.special_summons_in(d, d.links[d.chain[-1]])


def _oppress(d, link):
    """Negate the effect of the Chain Link below and destroy its card (if still there)."""
    lk = A.link_below(d, link)
    if lk is None:
        return
    A.negate_effect_below(d, link)
    c = lk["card"]
    if d.loc[c] & K.FIELD and d.mid[c] == lk["cmid"]:
        d.destroy([c], K.R_EFFECT, link["player"])


_oppress.destroys = lambda d, link: [lk["card"] for lk in (A.link_below(d, link),) if lk]
_PAY_800 = dict(cost=A.pay_lp(800), can_pay=A.lp_at_least(800), range=K.SZONE, both=True)

# Royal Oppression (Continuous Trap; the 2005 text, Pojo 2005-09-12): either player (its
# controller or the opponent: `both`) may pay 800 LP (cost) to negate the Special Summon of a
# monster and destroy it (a Summon made by its own procedure, answered as it is being made:
# flow.summon.summoning_window), or to negate an effect that would Special Summon a monster and
# destroy its card. Not in the Damage Step.
script("Royal Oppression", trap(),
       quick(A.negate_summon, when=(K.EV_SUMMONING,), condition=_special_summon_being_made,
             label="negate a Special Summon", **_PAY_800),
       quick(_oppress, condition=_summoning_effect_below,
             label="negate an effect that Special Summons", **_PAY_800))


def _types(d, p) -> list:
    """The Types of the face-up monsters player p controls (a face-down monster has none)."""
    return sorted({d.data[c].type for c in d.monsters(p) if d.faceup(c)})


def _remembered(d, src, p):
    """The Type this Rivalry of Warlords holds player p to, as chosen last (a rule on the card,
    `("warlord", player, Type)`: it ends when the card leaves the field), or None."""
    mid = d.mid[src]
    for x in d.cflags:
        k = x[2]
        if x[0] == src and x[1] == mid and type(k) is tuple and k[0] == "warlord" and k[1] == p:
            return k[2]
    return None


def _held_type(d, src, p):
    """The `one_type` rule: the Type player p may have face-up (their monsters' one Type, or
    the one they chose to keep), or None while they control no face-up monster."""
    types = _types(d, p)
    if not types:
        return None
    kept = _remembered(d, src, p)
    if kept in types:
        return kept
    return types[0] if len(types) == 1 else None


def _nth_player(d, i):
    return d.tp if i == 0 else 1 - d.tp


def _ask_type(i):
    """The turn player (i = 0), then the other (i = 1): holding face-up monsters of several
    Types and no kept Type among them, they declare the Type they keep."""
    def step(d, link):
        p = _nth_player(d, i)
        types = _types(d, p)
        link["vars"][f"keep{i}"] = None
        if len(types) > 1 and _remembered(d, link["card"], p) not in types:
            A.ask(d, link, Decision(p, DECLARE, [Option("declare", (), t) for t in types],
                                    "Rivalry of Warlords: declare the Type you keep",
                                    link["card"]), f"keep{i}")
    return step


def _keep_type(i):
    """That player's face-up monsters of the other Types are sent to the Graveyard (by the
    rule); the Type kept is remembered with this card."""
    def step(d, link):
        src, p = link["card"], _nth_player(d, i)
        if not d.loc[src] & K.FIELD or d.mid[src] != link["cmid"]:
            return
        types = _types(d, p)
        if not types:
            return
        keep = link["vars"].get(f"keep{i}") or _remembered(d, src, p)
        if keep not in types:
            keep = types[0]
        if len(types) > 1:
            d.write(f"{d.names[p]} keeps their {keep} monsters")
        d.cflags = [x for x in d.cflags if not (x[0] == src and type(x[2]) is tuple
                                               and x[2][:2] == ("warlord", p))]
        d.flag_card(src, ("warlord", p, keep), K.FOREVER, K.WHILE_FACEUP)
        gone = [c for c in d.monsters(p) if d.faceup(c) and d.data[c].type != keep]
        if gone:
            d.send(gone, GY, K.R_RULE, p)
    return step


_ONE_TYPE = (_ask_type(0), _keep_type(0), _ask_type(1), _keep_type(1))


def _mixed(d, link):
    return any(len(_types(d, p)) > 1 for p in (0, 1))


# Rivalry of Warlords (Continuous Trap; EDOPro's Goat version): while it is face-up each player
# may control face-up monsters of one Type only: on its activation, and whenever a monster
# lands face-up (a Summon, a flip), a player with face-up monsters of several Types keeps one
# Type (the one kept before, else the one they declare) and sends the others to the Graveyard
# (a rule, no Chain). A monster of another Type cannot be Normal Summoned face-up nor Flip
# Summoned, and is Special Summoned face-down (the rule `one_type`,
# flow.summon.type_barred). Face-down monsters have no Type for it. A control change does not
# make it check (ours).
script("Rivalry of Warlords", trap(operation=_ONE_TYPE),
       continuous("one_type", _held_type),
       rule((K.EV_NORMAL_SUMMONED, K.EV_FLIP_SUMMONED, K.EV_SPECIAL_SUMMONED, K.EV_FLIPPED),
            _ONE_TYPE, condition=_mixed, range=K.SZONE, label="one Type of monster each"))


# Reckless Greed: draw 2 cards; its player skips their next 2 Draw Phases (the whole phase:
# flow/turn.py). Needs 2 cards in the Deck.
script("Reckless Greed", trap(condition=lambda d, link: len(d.deck[link["player"]]) >= 2,
                              operation=(A.draw(2), A.skip_draw_phases(2, who=YOU))))


def _flip_monster(d, src, c):
    return "flip" in d.data[c].frames


# Royal Command (Continuous Trap): while it is face-up, the effects of Flip Effect Monsters are
# negated (their FLIP effects are not activated at all: the rule `negate_monsters`).
script("Royal Command", trap(), continuous("negate_monsters", _flip_monster))

# A Continuous Trap: while it is face-up, every other Trap effect on the field is negated.
script("Royal Decree", trap(), continuous("negate_traps"))


def _your_monster_hits(d, link):
    """Battle damage was just inflicted to the opponent: by a monster of this card's player
    (in a battle the damage a player takes comes from the other side's monster)."""
    ev = link.get("event")
    return ev is not None and ev[3] == 1 - link["player"] and bool(ev[4] & K.R_BATTLE) and \
        d.attack is not None


# Robbin' Goblin (Continuous Trap): each time a monster you control inflicts battle damage to
# the opponent, they discard a card at random (a mandatory trigger).
script("Robbin' Goblin", trap(),
       trigger(K.EV_DAMAGE, A.discard_random(1, who=OPP), optional=False, range=K.SZONE,
               condition=_your_monster_hits, label="the opponent discards at random"))

_rocks_in_deck = A.pile(K.DECK, YOU, lambda d, c: d.data[c].is_monster and
                        d.data[c].type == "Rock")

# Rock Bombardment: send a Rock monster from your Deck to the Graveyard (cost); the opponent
# takes 500 damage.
script("Rock Bombardment", trap(
    cost=(A.choose(_rocks_in_deck, into="rock", prompt="send a Rock monster to the Graveyard"),
          A.send_to(A.chosen("rock"), GY, K.R_COST), A.shuffle_deck()),
    can_pay=A.exists(_rocks_in_deck), operation=A.damage(500, OPP)))
