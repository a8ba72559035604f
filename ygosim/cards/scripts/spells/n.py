"""Spells: N."""
from __future__ import annotations

from ....engine import actions as A
from ....engine import const as K
from ....engine.actions import ANY, monsters, spells_traps, targets
from ....engine.const import BANISHED, MZONE, SZONE
from ....engine.effects import Target, continuous, script, spell
from ....engine.gy_lock import gy_guard
from ..common import field_spell, not_this


def _nobleman(where, copies):
    """Destroy the face-down target (still face-down in `where`) and banish it; if
    copies(data) holds for it, each player banishes every card of that name from their Deck
    and shuffles it."""
    def step(d, link):
        p = link["player"]
        for c in A.not_spared(d, link, targets(d, link)):
            if d.loc[c] != where or d.faceup(c):
                continue                # turned face-up in the meantime: nothing happens
            name, more = d.data[c].name, copies(d.data[c])
            if d.send([c], BANISHED, K.R_EFFECT | K.R_DESTROY, p, destroy=True) and more:
                for q in (p, 1 - p):
                    same = [x for x in d.deck[q] if d.data[x].name == name]
                    if same:
                        d.send(same, BANISHED, K.R_EFFECT, p)
                    d.shuffle_deck(q)
    step.destroys = targets     # (actions.destroyed_by)
    return step


# Target a face-down monster: destroy it and banish it (it never reaches the Graveyard, and it
# is not flipped: no FLIP effect).
script("Nobleman of Crossout", spell(
    target=Target(monsters(ANY, faceup=False), prompt="choose a face-down monster"),
    operation=_nobleman(MZONE, lambda data: "flip" in data.frames)))

# Target a face-down Spell/Trap Card: destroy it and banish it; if it was a Trap, its copies
# are banished from both Decks.
script("Nobleman of Extermination", spell(
    target=Target(not_this(spells_traps(ANY, faceup=False)),
                  prompt="choose a face-down Spell/Trap Card"),
    operation=_nobleman(SZONE, lambda data: data.is_trap)))


def _gravekeepers(d, c):
    return d.data[c].name.startswith("Gravekeeper's")


# 2005 Necrovalley (Field Spell): "Gravekeeper's" monsters gain 500 ATK and DEF; while it is
# face-up, no effect may choose, target, move or banish a card in either Graveyard except its
# own card (Sinister Serpent still returns itself) and Rite of Spirit (which says so):
# gy_lock.gy_locked. Effects with nothing else to work on cannot be activated (Monster Reborn,
# Call of the Haunted, Black Luster Soldier's banishing cost); one activated before the lock
# leaves the Graveyard cards where they are.
# Today's Necrovalley (v10): cards in the Graveyards cannot be banished, so nothing that would
# banish one can be activated (costs, Summons and effects: `no_gy_banish`); an effect that would
# move a card in a Graveyard, its own card included (`gy_lock_self`: Sacred Phoenix of Nephthys
# stays), may be activated and is negated as it resolves (`gy_lock_negates`: Monster Reborn goes
# to the Graveyard, its target stays; Call of the Haunted stays face-up with nothing). Its
# clause on Type/Attribute changes in the Graveyard has nothing to act on in our card pool.
_NECROVALLEY = (*field_spell((_gravekeepers, 500, 500)), continuous("gy_lock"),
                continuous("untargetable", gy_guard),
                continuous("no_gy_banish", lambda d, src, p: True))
script("Necrovalley", *_NECROVALLEY, continuous("gy_lock_self"), continuous("gy_lock_negates"))
script("Necrovalley", *_NECROVALLEY, era="goat")
