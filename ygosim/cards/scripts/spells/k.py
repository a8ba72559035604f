"""Spells: K."""
from __future__ import annotations

from ....engine.effects import continuous, script, spell


def _colosseum_cap(d, src, p):
    """While its controller controls a monster, the opponent may control no more monsters than
    they do (None: no limit)."""
    mine = len(d.mons[d.ctrl[src]])
    return mine if p != d.ctrl[src] and mine else None


# Kaiser Colosseum (Continuous Spell): while you control a monster, your opponent cannot place a
# monster on their field (Summon, Set, or take control) beyond the number you control (the rule
# `max_monsters`, read by Duel.free_mzones and Duel.summon_zones; a Tribute Summon that keeps
# the number is allowed).
script("Kaiser Colosseum", spell(), continuous("max_monsters", _colosseum_cap))
