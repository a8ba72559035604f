"""Spells: L."""
from __future__ import annotations

from ....engine import actions as A
from ....engine.actions import OPP, YOU
from ....engine.const import DECK, GY
from ....engine.effects import continuous, during, quick, quickplay, script, spell
from ..common import can_discard, destroy_if_still, discard, free_zone, summonable


# Last Will may be activated before or after the monster goes to the GY: it grants, for the rest
# of the turn, one Special Summon its player may make during their turn (not in the Damage Step)
# once a monster of theirs went from their field to their GY. The grant is used as the second
# effect, from the Graveyard.
def _last_will_key(link):
    return ("last_will", link["card"])


def _grant_last_will(d, link):
    d.pflags.append((link["player"], _last_will_key(link), d.turn))


def _use_last_will(d, link):
    key = _last_will_key(link)
    for x in d.pflags:
        if x[0] == link["player"] and x[1] == key:
            d.pflags.remove(x)
            return


_last_will_fit = summonable(lambda d, c: d.data[c].atk <= 1500)
_last_will_monsters = A.pile(DECK, YOU, _last_will_fit)


def _last_will_ready(d, link):
    """Once granted and once a monster of yours went from your field to your GY, with a free
    zone and a monster to summon (during your turn: the effect's `periods`)."""
    p = link["player"]
    return d.lost_monster[p] == d.turn and d.player_flag(p, _last_will_key(link)) and \
        free_zone(d, link) and any(_last_will_fit(d, c) for c in d.deck[p])


script("Last Will",
       spell(operation=_grant_last_will),
       quick((A.choose(_last_will_monsters, prompt="choose a monster with 1500 or less ATK to "
                                                   "Special Summon"),
              A.special_summon(A.chosen()),
              A.shuffle_deck(YOU)),
             condition=_last_will_ready, periods=during((YOU, ())),
             cost=_use_last_will, range=GY, label="Special Summon from the Deck"))


def _level_4_or_more_faceup(d, src, c):
    return d.level(c) >= 4 and d.faceup(c)


# A Continuous Spell: while it is face-up, every face-up Level 4 or higher monster is changed
# to Defense Position at once and stays there.
script("Level Limit - Area B", spell(),
       continuous("force_defense", _level_4_or_more_faceup),
       continuous("no_position_change", _level_4_or_more_faceup))


# Discard one card (cost): destroy every face-up monster the opponent controls.
script("Lightning Vortex", spell(
    condition=A.exists(A.monsters(OPP, faceup=True)), cost=discard(1, cost=True),
    can_pay=can_discard(1), operation=A.destroy(A.monsters(OPP, faceup=True))))

def _machines(d, link):
    return [c for c in d.monsters(link["player"]) if d.faceup(c) and d.data[c].type == "Machine"]


def _limiter(d, link):
    """Double the ATK of every face-up Machine the player controls (until the end of the
    turn); those monsters are destroyed in the End Phase."""
    hit = []
    for c in _machines(d, link):
        before = d.atk(c)
        d.add_mod(c, before, 0, d.turn)
        if d.atk(c) != before or before == 0:
            hit.append((c, d.mid[c]))
            d.write(f"{d.card(c)} is now {d.atk(c)}/{d.def_(c)}")
    if hit:
        A.delay(destroy_if_still, payload=lambda d2, l2: tuple(hit))(d, link)


# Limiter Removal (Quick-Play): every face-up Machine you control doubles its ATK until the end
# of the turn; in the End Phase they are destroyed (no Chain). Usable in the Damage Step until
# damage calculation (EDOPro's Goat version).
script("Limiter Removal", quickplay(condition=A.exists(_machines), operation=_limiter,
                                    damage_step=True))
