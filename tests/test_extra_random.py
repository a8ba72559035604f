"""Seeded random duels with the built-in Masters deck (Synchro, Xyz, Pendulum, Link) against the
starter decks, checking after every decision that the state is whole: each card in exactly one
place, zone limits, Xyz Materials attached to a face-up-or-down Xyz Monster on the field, Link
Monsters in Attack Position, and clone() independence along the way."""
import pytest

from ygosim.agents.random_agent import RandomAgent
from ygosim.engine import const as K
from ygosim.engine.api import new_duel
from ygosim.engine.extra import pendulum_scales
from ygosim.formats.deck import load_deck

PILE_NAMES = {K.DECK: "deck", K.HAND: "hand", K.GY: "gy", K.BANISHED: "banished",
              K.EXTRA: "extra"}


def check_invariants(d):
    n = len(d.data)
    where = [[] for _ in range(n)]
    for p in (0, 1):
        for loc, name in PILE_NAMES.items():
            for c in getattr(d, name)[p]:
                where[c].append((name, p))
                assert d.loc[c] == loc, (d.name(c), name, d.loc[c])
                assert d.owner[c] == p
        assert len(d.mzone[p]) == 5 and len(d.szone[p]) == 6
        for i, c in enumerate(d.mzone[p]):
            if c >= 0:
                where[c].append(("m", p, i))
                assert d.loc[c] == K.MZONE and d.ctrl[c] == p and d.seq[c] == i
        for i, c in enumerate(d.szone[p]):
            if c >= 0:
                where[c].append(("s", p, i))
                assert d.loc[c] == K.SZONE and d.ctrl[c] == p and d.seq[c] == i
                if d.data[c].is_monster:          # a Pendulum Monster Card: a Pendulum Zone
                    assert i in (0, 4) and "pendulum" in d.data[c].frames and d.faceup(c)
    for i, c in enumerate(d.emz):
        if c >= 0:
            where[c].append(("emz", i))
            assert d.loc[c] == K.MZONE and d.seq[c] == K.EMZ_BASE + i
    for p in (0, 1):
        mine = [c for c in d.emz if c >= 0 and d.ctrl[c] == p]
        if len(mine) == 2:       # only through an Extra Link: both must be Link Monsters
            assert all(d.data[c].link_arrows for c in mine)
        assert d.count_monsters(p) <= 7
    for c in range(n):
        for m in d.overlay[c]:
            where[m].append(("overlay", c))
            assert d.loc[m] == K.OVERLAY and d.seq[m] == c
        if d.overlay[c]:
            assert d.loc[c] == K.MZONE and "xyz" in d.data[c].frames
    for c in range(n):
        loc = d.loc[c]
        if loc == 0:
            assert "token" in d.data[c].frames and not where[c]
            continue
        assert len(where[c]) == 1, (d.name(c), where[c])
        if loc == K.MZONE and d.data[c].link_arrows:
            assert d.pos[c] == K.ATTACK, d.name(c)
        if loc == K.EXTRA and not d.pos[c] & K.FACEDOWN:
            assert "pendulum" in d.data[c].frames
        if loc == K.MZONE and d.data[c].is_extra_deck and d.summon[c] in (
                K.SUM_SYNCHRO, K.SUM_XYZ, K.SUM_LINK):
            assert d.proper(c)


SEEDS = range(36)
OPPONENTS = ("yugi", "kaiba")


@pytest.fixture(scope="module")
def decks():
    return {n: load_deck(n) for n in ("masters",) + OPPONENTS}


@pytest.mark.parametrize("seed", SEEDS)
def test_random_masters_duel(decks, seed):
    opp = OPPONENTS[seed % 2]
    a, b = (decks["masters"], decks[opp]) if seed % 4 < 2 else (decks[opp], decks["masters"])
    rules = "2020" if seed % 3 == 2 else "v10"
    d = new_duel(a, b, seed=seed, options={"rules": rules, "turn_cap": 60})
    agents = (RandomAgent(seed), RandomAgent(seed + 1000))
    steps = 0
    while d.winner is None:
        check_invariants(d)
        if steps % 97 == 0:
            e = d.clone()
            e.apply(agents[e.pending.player].choose(e))
            check_invariants(d)
        d.apply(agents[d.pending.player].choose(d))
        steps += 1
    check_invariants(d)


def test_random_masters_duels_use_every_mechanic(decks):
    """Over the seeded duels every kind of Extra Deck summon happens at least once."""
    seen = set()
    for seed in range(40):
        d = new_duel(decks["masters"], decks["yugi"], seed=seed, options={"turn_cap": 40})
        agents = (RandomAgent(seed), RandomAgent(seed + 1))
        while d.winner is None:
            for o in d.pending.options:
                if o.verb in ("synchro", "xyz", "link", "pendulum"):
                    seen.add(("offered", o.verb))
            d.apply(agents[d.pending.player].choose(d))
        for line in d.log:
            for kind in ("Synchro", "Xyz", "Link", "Pendulum"):
                if f" {kind} Summons" in line:
                    seen.add(kind)
        if {"Synchro", "Xyz", "Link", "Pendulum"} <= seen:
            break
    assert {"Synchro", "Xyz", "Link", "Pendulum"} <= seen, seen
