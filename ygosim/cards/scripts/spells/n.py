"""Spells: N."""
from __future__ import annotations

from ....engine import const as K
from ....engine.actions import ANY, monsters, targets
from ....engine.const import BANISHED, MZONE
from ....engine.effects import Target, script, spell


def _crossout(d, link):
    """Destroy the face-down target and banish it; if it was a Flip monster, each player
    banishes every card of that name from their Deck and shuffles it."""
    p = link["player"]
    for c in targets(d, link):
        if d.loc[c] != MZONE or d.faceup(c):
            continue                # turned face-up in the meantime: nothing happens
        name, flip = d.data[c].name, "flip" in d.data[c].frames
        if d.send([c], BANISHED, K.R_EFFECT | K.R_DESTROY, p, destroy=True) and flip:
            for q in (p, 1 - p):
                same = [x for x in d.deck[q] if d.data[x].name == name]
                if same:
                    d.send(same, BANISHED, K.R_EFFECT, p)
                d.shuffle_deck(q)


# Target a face-down monster: destroy it and banish it (it never reaches the Graveyard, and it
# is not flipped: no FLIP effect).
script("Nobleman of Crossout", spell(
    target=Target(monsters(ANY, faceup=False), prompt="choose a face-down monster"),
    operation=_crossout))
