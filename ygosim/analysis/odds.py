"""Opening-hand odds of a deck (`ygosim deck odds`).

The player going first sees `opening_hand` cards by their first Main Phase (plus one under rules
with `first_turn_draw`, goat); the player going second sees `opening_hand + 1` (their first
draw). For a card, a group ("at least one of these") and a combo ("at least one of each part")
the chance is exact: hypergeometric, by inclusion-exclusion for combos (`ygosim.analysis.stats`). Combos
are also dealt at random (`trials` shuffled hands, seeded) as a check a reader can see.
"""
from __future__ import annotations

import random

from ..cards.db import normalize
from ..cards.errors import YgosimError
from ..cards.safetext import excerpt
from .stats import p_all_parts, rate


def hand_sizes(rules) -> dict:
    return {"first": rules.opening_hand + (1 if rules.first_turn_draw else 0),
            "second": rules.opening_hand + 1}


def deck_odds(deck, cards=(), groups=(), combos=(), rules=None, trials=100_000,
              seed=0) -> dict:
    """The odds table as a dict: rules, hand sizes, deck size, and one row per card, group or
    combo asked (every distinct card when nothing is asked)."""
    from ..engine.rules import get_rules
    rules = get_rules(rules)
    main = list(deck.main)
    n = len(main)
    sizes = hand_sizes(rules)
    if n < max(sizes.values()):
        raise YgosimError(f"deck {deck.name}: {n} cards in the Main Deck, fewer than a hand")
    where: dict[str, set] = {}
    names: dict[str, str] = {}
    for i, c in enumerate(main):
        where.setdefault(normalize(c.name), set()).add(i)
        names.setdefault(normalize(c.name), c.name)

    def card_positions(name: str, what: str) -> set:
        key = normalize(name)
        if key not in where:
            raise YgosimError(f"{what}: no card named {excerpt(name)!r} in the Main Deck of "
                              f"{deck.name}")
        return where[key]

    group_sets: dict[str, set] = {}
    group_names: dict[str, list] = {}
    for g in groups:
        label, eq, members = g.partition("=")
        label = label.strip()
        parts = [m.strip() for m in members.split(",") if m.strip()]
        if not eq or not label or not parts:
            raise YgosimError(f"--group {excerpt(g)!r}: write LABEL=NAME,NAME")
        group_sets[normalize(label)] = set().union(
            *(card_positions(m, f"--group {label}") for m in parts))
        group_names[label] = [names[normalize(m)] for m in parts]

    def part_positions(text: str, what: str) -> set:
        key = normalize(text)
        if key in group_sets:
            return group_sets[key]
        return card_positions(text, what)

    rows = []

    def add(label: str, parts: list[set], kind: str, simulate: bool, **extra):
        row = {"label": label, "kind": kind, **extra}
        for side, h in sizes.items():
            row[side] = float(p_all_parts(n, parts, h))
        if simulate:
            row["simulated"] = simulate_hands(n, parts, sizes, trials, seed)
        rows.append(row)

    asked = bool(cards or groups or combos)
    if not asked:
        for key, pos in sorted(where.items(), key=lambda kv: (-len(kv[1]), kv[0])):
            add(names[key], [pos], "card", False, copies=len(pos))
    for c in cards:
        pos = card_positions(c, "--card")
        add(names[normalize(c)], [pos], "card", False, copies=len(pos))
    for label, members in group_names.items():
        pos = group_sets[normalize(label)]
        add(f"{label} ({', '.join(members)})", [pos], "group", False, copies=len(pos))
    for combo in combos:
        parts_text = [p.strip() for p in combo.split("+") if p.strip()]
        if len(parts_text) < 1:
            raise YgosimError(f"--combo {excerpt(combo)!r}: write 'A + B'")
        parts = [part_positions(p, f"--combo {combo}") for p in parts_text]
        label = " + ".join(names.get(normalize(t), t) for t in parts_text)
        add(label, parts, "combo", True)
    return {"deck_size": n, "rules": rules.name, "first_turn_draw": rules.first_turn_draw,
            "hand_sizes": sizes, "trials": trials, "seed": seed, "rows": rows}


def simulate_hands(n: int, parts: list[set], sizes: dict, trials: int, seed: int) -> dict:
    """Deal `trials` random hands per hand size: how often every part is hit (with a 95%
    Wilson interval)."""
    out = {}
    rng = random.Random(seed)
    deck = range(n)
    for side, h in sizes.items():
        hits = 0
        for _ in range(trials):
            hand = set(rng.sample(deck, h))
            if all(hand & p for p in parts):
                hits += 1
        out[side] = {"hits": hits, "trials": trials, **rate(hits, trials)}
    return out
