"""The Graveyard lock (the continuous rules `gy_lock`, `gy_lock_negates` and `gy_lock_self`:
Necrovalley): which effects may touch cards in the Graveyards. The selectors and moves of
actions and the resolution of a Chain link (flow.chain) both ask it.
"""
from __future__ import annotations

from .const import GY


def gy_locked(d, link) -> bool:
    """Graveyard lock (the continuous rule `gy_lock`: Necrovalley): may the effect of `link`
    not touch cards in the Graveyards (choose, target, move or banish them)? Its own card is
    never locked (checked by the callers), nor a card whose script says
    extra={"ignores_gy_lock": True} (Rite of Spirit). `pile(GY)` finds nothing else while
    locked, and `send_to` / `special_summon` leave Graveyard cards where they are (an effect
    activated before the lock began)."""
    if "gy_lock" not in d.static_index or not d.has_static("gy_lock"):
        return False
    if not link.get("resolving") and gy_lock_negates(d):
        return False
    return not _ignores_gy_lock(d, link)


def _ignores_gy_lock(d, link) -> bool:
    """Does the card of `link` say it is free of Graveyard locks (Rite of Spirit)?"""
    s = d.data[link["card"]].script
    return s is not None and bool(s.extra.get("ignores_gy_lock"))


def gy_lock_negates(d) -> bool:
    """Today's Graveyard lock (the continuous rule `gy_lock_negates`: Necrovalley under v10): an
    effect that would move a card in a Graveyard may still be activated, choosing and targeting
    it, and is negated as it resolves (flow.chain: gy_negated); only banishing from a Graveyard
    is refused beforehand (the rule `no_gy_banish`, costs included). The 2005 lock refuses the
    activation itself."""
    return "gy_lock_negates" in d.static_index and d.has_static("gy_lock_negates")


def gy_negated(d, link) -> bool:
    """Under today's Graveyard lock, is the effect of `link`, about to resolve, negated because
    it would move a card it targeted in a Graveyard?"""
    if not gy_lock_negates(d) or not d.has_static("gy_lock") or _ignores_gy_lock(d, link):
        return False
    own = link["card"] if own_gy_free(d) else -1
    return any(d.loc[c] == GY and d.mid[c] == m and c != own for c, m in link["targets"])


def own_gy_free(d) -> bool:
    """Under a Graveyard lock, may an effect still move its own card out of the Graveyard?
    Yes (2005's Necrovalley: Sinister Serpent returns itself) unless a continuous rule
    `gy_lock_self` applies (today's Necrovalley: Sacred Phoenix of Nephthys stays)."""
    return "gy_lock_self" not in d.static_index or not d.has_static("gy_lock_self")


def gy_guard(d, src, c, link) -> bool:
    """The `untargetable` rule of a Graveyard lock (apply(duel, source, card, link)): a card in
    a Graveyard cannot be targeted, except by its own effect (unless `gy_lock_self`) or a card
    that ignores the lock. Today's lock (`gy_lock_negates`) lets it be targeted and negates the
    effect as it resolves instead."""
    if d.loc[c] != GY or (c == link["card"] and own_gy_free(d)) or gy_lock_negates(d):
        return False
    return not _ignores_gy_lock(d, link)
