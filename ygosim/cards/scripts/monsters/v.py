"""Monsters: V."""
from __future__ import annotations

from ....engine import actions as A
from ....engine import const as K
from ....engine.const import FIELD, GY, MZONE
from ....engine.effects import script, trigger

# -- Vampire Lord -------------------------------------------------------------------------
# Each time it inflicts battle damage to the opponent, its controller declares a card type as
# the effect is activated (mandatory); on resolution the opponent picks a card of that type
# from their own Deck and sends it to the Graveyard (none there: nothing), then shuffles.
# If it is destroyed by an opponent's card effect while its owner controlled it and goes to
# the Graveyard, it is Special Summoned in its owner's next Standby Phase (a mandatory trigger
# from the Graveyard; destroyed during that player's own Standby Phase: the one after). 2005
# (EDOPro's Goat version): only when it was destroyed as a monster, not as an equipped card.
_KINDS = {"Monster": A.is_monster_card, "Spell": A.is_spell, "Trap": A.is_trap}


def _of_declared_kind(d, link):
    """The cards of the declared type in the opponent's Deck, in name order (the list does not
    give the Deck's order away)."""
    test = _KINDS.get(link["vars"].get("declared"))
    if test is None:
        return []
    return sorted((c for c in d.deck[1 - link["player"]] if test(d, c)),
                  key=lambda c: d.data[c].name)


_MILL = trigger(
    K.EV_DAMAGE,
    (A.choose(_of_declared_kind, who=A.OPP, into="milled",
              prompt="choose a card of the declared type to send from your Deck to the Graveyard"),
     A.send_to(A.chosen("milled"), GY), A.shuffle_deck(A.OPP)),
    optional=False, condition=A.inflicts_battle_damage(),
    cost=A.declare(tuple(_KINDS), prompt="declare a card type"),
    label="the opponent sends a card of the declared type from the Deck to the Graveyard")


def _revival_due(came_from):
    """Its owner's first Standby Phase after it was destroyed (on the field: `came_from`) by an
    opponent's card effect while its owner controlled it."""
    def cond(d, link):
        c = link["card"]
        p = d.owner[c]
        return d.tp == p and d.turn_in[c] < d.turn <= d.turn_in[c] + 2 and \
            d.moved(c, K.R_DESTROY | K.R_EFFECT, came_from=came_from, by=1 - p, ctrl=p)
    return cond


def _revival(came_from):
    return trigger(K.EV_STANDBY, A.special_summon(A.this_card_still),
                   optional=False, range=GY, condition=_revival_due(came_from),
                   label="Special Summon it from the Graveyard")


script("Vampire Lord", _MILL, _revival(FIELD))
script("Vampire Lord", _MILL, _revival(MZONE), era="goat")
