"""Traps: B."""
from __future__ import annotations

from ....engine import actions as A
from ....engine import const as K
from ....engine.actions import ANY, YOU
from ....engine.const import BANISHED, GY, SZONE
from ....engine.effects import Target, continuous, counter_trap, script, trap, trigger
from ..common import equip_boost, equip_to_target


def _destroy_and_banish(sel):
    def step(d, link):
        cards = sel(d, link)
        if cards:
            d.send(cards, BANISHED, K.R_EFFECT | K.R_DESTROY, link["player"], destroy=True)
    step.destroys = sel     # (actions.destroyed_by)
    return step


_big_summoned = A.summoned_now(lambda d, c: d.atk(c) >= 1500, by_opponent=True)

# When the opponent Summons (Normal, Flip or Special) monsters with 1500 or more ATK: destroy
# and banish them (no target). The 2005 ruling (every such monster Summoned in the Chain that
# just resolved) is what the window's events give under any rules, so one script serves both.
script("Bottomless Trap Hole", trap(
    when=K.EV_SUMMON_ANY, condition=A.exists(_big_summoned),
    operation=_destroy_and_banish(_big_summoned)))


def _damages_you(d, link):
    lk = d.links[d.chain[-1]] if d.chain else None
    return lk is not None and link["player"] in A.damaged_by(d, lk)


# Barrel Behind the Door (Counter Trap): when an effect that would inflict damage to you is
# activated (a Chain Link: a card's or a monster's effect), the opponent takes that damage
# instead (the damage that effect inflicts to you as it resolves; actions.turn_damage_below).
# Usable in the Damage Step as Counter Traps are.
script("Barrel Behind the Door", counter_trap(condition=_damages_you,
                                              operation=A.turn_damage_below("reflect")))


def _destroyed_while_equipped(d, link):
    """This card was just destroyed by a card effect while it was an Equip Card: face-up in a
    Spell & Trap Zone with its own activation resolved (not destroyed in answer to it, nor by
    the rule that destroys an Equip Card whose monster left)."""
    ev = link.get("event")
    c = link["card"]
    if ev is None or ev[1] != c or not ev[4] & K.R_EFFECT:
        return False
    was, _, faceup = ev[6]
    if was != SZONE or not faceup:
        return False
    return not any(lk["card"] == c and lk["card_act"] and lk["cmid"] == ev[2] - 1
                   for lk in d.links.values())


# Blast with Chain: target a face-up monster you control; this card becomes an Equip Card
# equipped to it (it stays on the field: extra "equip_card"), and it gains 500 ATK. Usable in
# the Damage Step until damage calculation ends (an ATK change). If it is destroyed by a card
# effect while equipped, target a card on the field and destroy it (a mandatory trigger; not
# when it goes because its monster left the field, nor when destroyed before it was equipped).
script("Blast with Chain",
       trap(target=Target(A.monsters(YOU, faceup=True), prompt="choose a monster to equip"),
            operation=equip_to_target, damage_step=True, damage_calc=True),
       equip_boost(500),
       trigger(K.EV_DESTROYED, A.destroy(A.targets), optional=False, range=GY,
               condition=_destroyed_while_equipped,
               target=Target(A.union(A.monsters(ANY), A.spells_traps(ANY)),
                             prompt="choose a card to destroy"),
               label="destroy a card on the field"),
       extra={"equip_card": True})



def _plain_monster(d, c):
    data = d.data[c]
    return data.is_monster and "effect" not in data.frames and data.atk <= 1500


# Backup Soldier: only while there are 5 or more monsters in your Graveyard: target up to 3
# non-Effect Monsters with 1500 or less ATK there; add them to your hand.
script("Backup Soldier", trap(
    condition=lambda d, link: sum(1 for c in d.gy[link["player"]]
                                  if d.data[c].is_monster) >= 5,
    target=Target(A.pile(GY, YOU, _plain_monster), count=3, min=1,
                  prompt="choose up to 3 non-Effect Monsters with 1500 or less ATK"),
    operation=A.to_hand(A.targets)))


def _crash_cards(who):
    """Selector: the cards in that player's hand and on their field, this card aside."""
    def sel(d, link):
        q = link["player"] if who == YOU else 1 - link["player"]
        return [c for c in list(d.hand[q]) + list(d.field_cards(q)) if c != link["card"]]
    return sel


def _excess(who):
    def n(d, link):
        q = link["player"] if who == YOU else 1 - link["player"]
        return max(0, len(d.hand[q]) + len(d.field_cards(q)) - 5)
    return n


def _crash_step(who, into):
    return (A.choose(_crash_cards(who), count=_excess(who), who=who, into=into,
                     prompt="send cards to the Graveyard until you have 5"),)


def _crash(d, link):
    cards = [c for c in link["vars"].get("mine", ()) + link["vars"].get("theirs", ())
             if d.loc[c]]
    if cards:
        d.send(cards, GY, K.R_EFFECT, link["player"])


def _some_player_over_5(d, link):
    return any(len(d.hand[q]) + len(d.field_cards(q)) >= 6 for q in (0, 1))


# Bubble Crash (2005 and today): only while a player has 6 or more cards in hand and on the
# field: each such player chooses cards of their hand and field (this card aside, though it
# counts) and sends them to the Graveyard until they have 5 (both sent at once).
script("Bubble Crash", trap(
    condition=_some_player_over_5,
    operation=(_crash_step(YOU, "mine") + _crash_step(A.OPP, "theirs") + (_crash,))))


def _opponent_gains(d, src, p):
    return p != d.ctrl[src]


# Bad Reaction to Simochi (Continuous Trap): while it is face-up, an effect that would make the
# opponent gain LP inflicts that much damage to them instead (the rule `reverse_recovery`,
# Duel.gain_lp).
script("Bad Reaction to Simochi", trap(), continuous("reverse_recovery", _opponent_gains))
