"""Helpers for the engine tests: a full snapshot of a duel's state, the state invariants,
random play, replays. (Not a test module: imported by tests/test_engine_*.py and
tests/test_random_play.py.)"""
from __future__ import annotations

import dataclasses
import re

from ygosim.engine import const as K
from ygosim.engine.api import new_duel
from ygosim.engine.decision import Decision, Option
from ygosim.engine.flow import summon_barred
from ygosim.engine.flow.summon import type_barred
from ygosim.engine.rng import Rng, Stream

_DECKS = {}


def decks():
    """The two starter decks (yugi, kaiba), loaded once per process."""
    if "yugi" not in _DECKS:
        from ygosim.formats.deck import load_deck
        _DECKS["yugi"] = load_deck("yugi")
        _DECKS["kaiba"] = load_deck("kaiba")
    return _DECKS["yugi"], _DECKS["kaiba"]


def _norm(x):
    """A comparable, alias-free copy of a state value."""
    if isinstance(x, Option):
        return ("Option", x.verb, _norm(x.cards), _norm(x.arg))
    if isinstance(x, Decision):
        return ("Decision", x.player, x.kind, _norm(x.options), x.prompt, x.source)
    if isinstance(x, (Rng, Stream)):
        return ("Rng", x.state)
    if isinstance(x, dict):
        return ("dict", tuple(sorted(((repr(k), _norm(v)) for k, v in x.items()),
                                     key=lambda kv: kv[0])))
    if isinstance(x, list):
        return ("list", tuple(_norm(v) for v in x))
    if isinstance(x, tuple):
        return ("tuple", tuple(_norm(v) for v in x))
    if isinstance(x, (set, frozenset)):
        return ("set", tuple(sorted(repr(_norm(v)) for v in x)))
    if isinstance(x, (int, str, float, bool)) or x is None:
        return x
    if dataclasses.is_dataclass(x) and not isinstance(x, type):   # (an Effect: its sets
        return ("dc", type(x).__name__,                          # normalized, not by repr)
                tuple(_norm(getattr(x, f.name)) for f in dataclasses.fields(x)))
    if callable(x):
        return ("fn", id(x))
    return ("obj", type(x).__name__, repr(x))


def snapshot(d) -> dict:
    """Every attribute of the duel (card facts included by identity), normalized."""
    out = {}
    for k in type(d).__slots__:
        v = getattr(d, k)
        if k == "data":
            out[k] = tuple(id(x) for x in v)
        else:
            out[k] = _norm(v)
    return out


def diff_snapshots(a: dict, b: dict) -> list:
    return [k for k in sorted(set(a) | set(b)) if a.get(k) != b.get(k)]


# --------------------------------------------------------------------------- invariants
_PILES = {K.DECK: "deck", K.HAND: "hand", K.GY: "gy", K.BANISHED: "banished", K.EXTRA: "extra"}
_LP_LINE = re.compile(r"^T\d+ (?P<who>\S+) (?:takes (?P<dmg>\d+) (?:battle|effect) damage"
                      r"|gains (?P<gain>\d+) LP|pays (?P<pay>\d+) LP|loses (?P<lose>\d+) LP)")


def check_invariants(d) -> None:
    """Each card in exactly one place, agreeing with loc/seq/ctrl; zone limits; the pending
    decision has options. Raises AssertionError with what is wrong."""
    n = len(d.data)
    seen = [0] * n
    for p in (0, 1):
        for loc, name in _PILES.items():
            for c in getattr(d, name)[p]:
                assert 0 <= c < n, f"{name}[{p}] holds {c}"
                seen[c] += 1
                assert d.loc[c] == loc, f"{d.name(c)} in {name}[{p}] but loc={d.loc[c]}"
                assert d.ctrl[c] == p, f"{d.name(c)} in {name}[{p}] but ctrl={d.ctrl[c]}"
                assert d.owner[c] == p or loc == K.HAND, \
                    f"{d.name(c)} in {name}[{p}] but owner={d.owner[c]}"   # (a hand: its holder's)
        mz, sz = d.mzone[p], d.szone[p]
        for name, zones, loc, size in (("mzone", mz, K.MZONE, 5), ("szone", sz, K.SZONE, 6)):
            assert len(zones) == size, f"{name}[{p}] has {len(zones)} slots"
            for i, c in enumerate(zones):
                if c >= 0:
                    seen[c] += 1
                    assert d.loc[c] == loc and d.seq[c] == i and d.ctrl[c] == p, \
                        f"{d.name(c)} in {name}[{p}][{i}] but loc/seq/ctrl=" \
                        f"{d.loc[c]}/{d.seq[c]}/{d.ctrl[c]}"
        mons = tuple([c for c in mz if c >= 0] + [c for c in d.emz if c >= 0 and d.ctrl[c] == p])
        assert d.monsters(p) == mons, f"monsters({p}) is {d.monsters(p)}, the zones hold {mons}"
        sts = tuple(c for c in sz if c >= 0)
        assert d.spells(p) == sts, f"spells({p}) is {d.spells(p)}, the zones hold {sts}"
        emz_used = sum(1 for c in d.emz if c >= 0 and d.ctrl[c] == p)
        links = any(c >= 0 and "link" in d.data[c].frames for c in d.monsters(p))
        assert emz_used <= 1 or links, f"player {p} uses {emz_used} Extra Monster Zones"
    assert len(d.emz) == 2
    for i, c in enumerate(d.emz):
        if c >= 0:
            seen[c] += 1
            assert d.loc[c] == K.MZONE and d.seq[c] == K.EMZ_BASE + i, \
                f"{d.name(c)} in emz[{i}] but loc/seq={d.loc[c]}/{d.seq[c]}"
    overlay = getattr(d, "overlay", None)
    if overlay:
        for h, mats in enumerate(overlay):
            for c in mats or ():
                seen[c] += 1
                assert d.loc[c] == K.OVERLAY, f"{d.name(c)} is a material of {h} but loc={d.loc[c]}"
    for c in range(n):
        if d.loc[c] == 0:          # a Token that left the field: nowhere
            assert seen[c] == 0, f"{d.name(c)} has no location but is listed {seen[c]} times"
        else:
            assert seen[c] == 1, f"{d.name(c)} (loc {d.loc[c]}) is listed {seen[c]} times"
    if d.fast_where:              # the per-player counts of cards that could respond
        live = [0, 0]
        for c, fw in enumerate(d.fast_where):
            if fw & d.loc[c]:
                live[d.ctrl[c]] += 1
        assert list(d.live) == live, f"live counts {d.live}, should be {live}"
    check_goat_invariants(d)
    if d.winner is None:
        assert d.pending is not None, "the duel goes on but no decision is pending"
        assert len(d.pending.options) >= 1, f"a decision with no options: {d.pending.prompt}"
        assert d.pending.player in (0, 1)


def check_goat_invariants(d) -> None:
    """Tokens, counters, equips and card-links: a Token is only ever on the field (face-up;
    in a Spell & Trap Zone only equipped as a card) or nowhere; counters sit on face-up cards on the field; an Equip Card (or a monster equipped
    as one) is in a Spell & Trap Zone, face-up (a monster taken face-down by 2005's Thousand-
    Eyes Restrict stays face-down), equipped to a face-up monster; a card-link's card is on
    the field."""
    for c in range(len(d.data)):
        data = d.data[c]
        if "token" in data.frames:
            assert d.loc[c] in (0, K.MZONE, K.SZONE), f"{data.name} (a Token) in loc {d.loc[c]}"
            if d.loc[c] & K.FIELD:          # (a Token equipped to Thousand-Eyes Restrict)
                assert not d.pos[c] & K.FACEDOWN, f"{data.name} (a Token) is face-down"
        if d.loc[c] == K.SZONE and data.is_monster and "pendulum" not in data.frames:
            assert d.equip[c] is not None, \
                f"{data.name}: a monster card in a Spell & Trap Zone that is not equipped"
            assert not d.pos[c] & K.FACEDOWN or d.rules.card_era == "goat", \
                f"{data.name}: equipped face-down (only 2005's Thousand-Eyes Restrict does)"
    for (c, kind), n in d.counters.items():
        assert n > 0, f"{d.name(c)} holds {n} {kind} counters"
        assert d.loc[c] & K.FIELD and not d.pos[c] & K.FACEDOWN, \
            f"{d.name(c)} holds {kind} counters but is not face-up on the field"
    if d.pending is not None and not d.chain:
        for p in (0, 1):
            for e in d.spells(p):
                eq = d.equip[e]
                if eq is not None and (not d.pos[e] & K.FACEDOWN or d.data[e].is_monster):
                    t = eq[0]
                    assert d.loc[t] == K.MZONE and d.mid[t] == eq[1] and d.faceup(t), \
                        f"{d.name(e)} is equipped to {d.name(t)}, which is gone or face-down"
    for b, (bmid, t, tmid, mode, prev) in d.binds.items():
        if d.mid[b] == bmid:
            assert d.loc[b] & K.FIELD, f"{d.name(b)} is bound to {d.name(t)} off the field"


def lp_explained(d, before_lp, new_lines) -> None:
    """LP changes only with a log line saying why (damage, gain, payment), and by that much."""
    lp = list(before_lp)
    for line in new_lines:
        m = _LP_LINE.match(line)
        if not m:
            continue
        who = m.group("who")
        if who not in d.names:
            continue
        p = d.names.index(who)
        if m.group("dmg"):
            lp[p] = max(lp[p] - int(m.group("dmg")), 0)      # LP stop at 0
        elif m.group("gain"):
            lp[p] += int(m.group("gain"))
        elif m.group("pay"):
            lp[p] -= int(m.group("pay"))
        else:
            lp[p] -= int(m.group("lose"))
    for p in (0, 1):
        assert d.lp[p] == lp[p], (
            f"LP of {d.names[p]} went {before_lp[p]} -> {d.lp[p]} but the log explains "
            f"{before_lp[p]} -> {lp[p]}: {new_lines}")


# --------------------------------------------------------------------------- play
def fresh(seed: int, options=None, pair=None):
    a, b = pair if pair is not None else decks()
    return new_duel(a, b, seed=seed, options=options)


# Decks of the Goat parts' anchor cards (every mechanic of ygosim.engine.actions' Goat parts:
# Tokens, own Summon procedures, banishing, counters, card-links, equipped monsters, Spirits,
# piercing, attack rules, random discards, declarations, excavation; Vampire Lord: a card moved
# by an opponent's effect), with Normal Monsters and
# starter cards around them.
ANCHOR_MAIN = (
    ["Scapegoat", "Black Luster Soldier - Envoy of the Beginning", "Chaos Sorcerer",
     "Metamorphosis", "Breaker the Magical Warrior", "Tribe-Infecting Virus", "Book of Moon",
     "Book of Moon", "Delinquent Duo", "Call of the Haunted", "Premature Burial", "Snatch Steal",
     "Tsukuyomi", "Asura Priest", "Airknight Parshath", "Airknight Parshath",
     "Magical Merchant", "Cyber Jar", "Sangan", "Sangan", "Thousand-Eyes Idol",
     "Thousand-Eyes Idol", "Vampire Lord", "Mystical Elf", "Celtic Guardian",
     "Celtic Guardian", "Dark Magician", "Summoned Skull", "Dark Hole", "Heavy Storm",
     "Mystical Space Typhoon", "Monster Reborn", "Pot of Greed", "Trap Hole", "Waboku",
     "Reinforcements", "Jinzo", "Feral Imp", "Man-Eater Bug", "Kuriboh"])
ANCHOR_EXTRA = ["Thousand-Eyes Restrict", "Thousand-Eyes Restrict", "Darkfire Dragon"]


def anchor_decks():
    """Two copies of the anchor deck (Main and Fusion Deck)."""
    if "anchor" not in _DECKS:
        from types import SimpleNamespace
        from ygosim.cards.db import card_db
        db = card_db()
        deck = SimpleNamespace(main=[db[n] for n in ANCHOR_MAIN],
                               extra=[db[n] for n in ANCHOR_EXTRA])
        _DECKS["anchor"] = deck
    return _DECKS["anchor"], _DECKS["anchor"]


def random_answers(seed: int):
    """A deterministic stream of choices: pick(d) -> option index."""
    rng = Rng(seed ^ 0xA5A5)

    def pick(d):
        return rng.below(len(d.pending.options))
    return pick


def play_out(d, pick, limit: int = 50000, each=None) -> None:
    for _ in range(limit):
        if d.winner is not None:
            return
        d.apply(pick(d))
        if each is not None:
            each(d)
    raise AssertionError("the duel did not end")


def replay(seed: int, history, options=None):
    d = fresh(seed, options)
    for i in history:
        d.apply(i)
    return d


# --------------------------------------------------------------------------- rule oracle
def _repos_ok(d, c) -> bool:
    """Goat: a monster the other player Summoned onto this field this turn may still change
    position or be Flip Summoned."""
    return d.rules.opp_summoned_position_change and d.summoned_by_other(c)


def check_option_rules(d) -> None:
    """Every legal answer of the pending decision respects the rulebook (an independent
    restatement of the rules, not the engine's own code)."""
    dec = d.pending
    if dec is None:
        return
    p = dec.player
    t = d.turn
    opp = 1 - p
    if dec.kind == "response":
        assert any(o.verb == "pass" for o in dec.options), "a response window without pass"
    for o in dec.options:
        v = o.verb
        c = o.cards[0] if o.cards else -1
        what = f"{v} {d.name(c) if c >= 0 else ''} {o.arg!r} ({dec.kind}, turn {t}, phase {d.phase})"
        if v in ("summon", "flip", "special") and dec.kind == "action":
            assert not d.player_flag(p, "no_summon"), f"a Summon under Scapegoat's rule: {what}"
            assert not d.has_static("summon_lock", p), f"a Summon under a Summon lock: {what}"
        if v == "special" and dec.kind == "action":
            assert not d.has_static("special_lock", p), f"a Special Summon under a lock: {what}"
        if v == "special":
            assert dec.kind == "action" and p == d.tp and d.phase in (K.MAIN1, K.MAIN2), what
            assert d.data[c].script.extra.get("special") is not None, what
        if v in ("summon", "set") and dec.kind == "action":
            assert p == d.tp and d.phase in (K.MAIN1, K.MAIN2), what
            assert d.loc[c] == K.HAND and d.ctrl[c] == p, what    # (held: Exchange)
            data = d.data[c]
            if data.is_monster:
                assert d.ns_used[p] < 1 + d.ns_extra[p], f"second Normal Summon: {what}"
                assert not d.player_flag(p, "no_normal_summon"), f"after Lava Golem: {what}"
                need = 0 if data.level <= 4 else (1 if data.level <= 6 else 2)
                if data.script is not None and data.script.extra.get("tribute_optional") and \
                        -1 in d.mzone[p]:
                    need = 0        # (Fusilier Dragon: without Tributes, halved)
                free = data.script.extra.get("no_tribute_if") if data.script is not None \
                    else None
                if v == "summon" and free is not None and free(d, c, p) and -1 in d.mzone[p]:
                    need = 0        # (Swift Gaia the Fierce Knight: by its own text)
                if need == 0:
                    assert -1 in d.mzone[p], f"no free zone: {what}"
                else:
                    extra = sum(1 for x in d.monsters(opp) if d.has_static("tributable_by", x, p)
                                or any(f[0] == p and isinstance(f[1], tuple)
                                       and f[1][:2] == ("must_tribute", x) for f in d.pflags))
                    own = sum(1 for x in d.monsters(p) if not d.card_flag(x, "no_tribute"))
                    assert own + extra >= need, f"too few Tributes: {what}"
                    assert not d.has_static("no_tribute"), f"a Tribute Summon under Mask of " \
                                                           f"Restrict: {what}"
            elif data.subtype == "field":
                pass
            else:
                assert -1 in d.szone[p][:5], f"no free Spell & Trap Zone: {what}"
        elif v == "flip":
            assert dec.kind == "action" and p == d.tp and d.phase in (K.MAIN1, K.MAIN2), what
            assert d.loc[c] == K.MZONE and d.ctrl[c] == p and d.pos[c] == K.FACEDOWN_DEFENSE, what
            assert d.turn_in[c] != t or _repos_ok(d, c), f"Flip Summon the turn it was Set: {what}"
            assert d.pos_turn[c] != t, f"Flip Summon after a position change: {what}"
            assert d.attacked[c] != t, f"Flip Summon after an attack declaration: {what}"
            assert not d.has_static("no_position_change", c), \
                f"Flip Summon of a monster whose position is locked: {what}"
        elif v == "change":
            assert dec.kind == "action" and p == d.tp and d.phase in (K.MAIN1, K.MAIN2), what
            assert d.loc[c] == K.MZONE and d.ctrl[c] == p and not d.pos[c] & K.FACEDOWN, what
            assert (d.turn_in[c] != t or _repos_ok(d, c)) and d.pos_turn[c] != t \
                and d.attacked[c] != t, what
        elif v == "attack":
            assert dec.kind == "action" and p == d.tp and d.phase == K.BATTLE and t > 1, what
            assert d.loc[c] == K.MZONE and d.ctrl[c] == p and d.pos[c] == K.ATTACK, what
            replay = any(f["p"] == "battle" and f.get("replay", (None,))[0] == c for f in d.stack)
            assert not d.card_flag(c, "no_attack") and not d.rule_on("cannot_attack", c), \
                f"attack by a monster that cannot attack: {what}"
            done = [e for e in d.attack_log if e[0] == t and e[1] == c and e[2] == d.mid[c]]
            if d.attacked[c] == t and not replay:
                # a second attack: "attack again in a row", every monster once, N attacks
                again = d.card_flag(c, "attack_again") and d.attack_log[-1][1] == c
                every = d.has_static("attack_all", c) and o.arg is not None and \
                    (o.arg, d.mid[o.arg]) not in [(e[3], e[4]) for e in done]
                more = sum(eff.apply(d, src, c) or 0 for src, eff in d.active_statics("extra_attacks"))
                assert again or every or len(done) <= more, f"second attack: {what}"
            if o.arg is None:
                assert not [x for x in d.monsters(opp) if not d.has_static("attack_ignored", x)] \
                    or d.has_static("direct_attack", c), f"direct attack past a monster: {what}"
                assert not d.has_static("no_direct_attack", c), f"direct attack: {what}"
            else:
                assert o.arg in d.monsters(opp), what
                assert not d.has_static("no_attack_target", o.arg) and \
                    not d.has_static("attack_ignored", o.arg), \
                    f"attack on a monster that cannot be attacked: {what}"
        elif v == "phase":
            assert dec.kind == "action" and p == d.tp, what
            if o.arg == "battle":
                assert d.phase == K.MAIN1 and t > 1, what
            elif o.arg == "main2":
                assert d.phase == K.BATTLE, what
        elif v == "activate" and isinstance(o.arg, int):
            data = d.data[c]
            eff = data.script.effects[o.arg]
            speed = eff.speed
            if d.chain:
                top = d.links[d.chain[-1]]["speed"]
                assert speed >= 2 and speed >= top, f"Spell Speed {speed} on {top}: {what}"
            open_state = dec.kind == "action" and d.phase in (K.MAIN1, K.MAIN2) and p == d.tp
            if speed == 1 and not open_state and eff.kind == "ignition" and \
                    d.rules.ignition_priority and p == d.tp and not d.chain and \
                    d.phase in (K.MAIN1, K.MAIN2):
                open_state = True       # goat: ignition priority after a Summon
            if speed == 1:
                assert open_state and not d.chain, f"Spell Speed 1 outside the open state: {what}"
            if eff.kind == "activate":
                robbed = d.loc[c] == K.GY and any(      # a Graveyard card used as the hand
                    q == p and isinstance(k, tuple) and k[:3] == ("as_hand", c, d.mid[c])
                    for q, k, _ in d.pflags)            # (Graverobber)
                if d.loc[c] == K.HAND or robbed:
                    assert not data.is_trap, f"Trap from the hand: {what}"
                    if data.subtype == "quickplay":
                        assert p == d.tp, f"Quick-Play from the hand in the opponent's turn: {what}"
                else:
                    assert d.loc[c] == K.SZONE and d.pos[c] & K.FACEDOWN and d.ctrl[c] == p, what
                    if data.is_trap or data.subtype == "quickplay":
                        assert d.turn_in[c] != t, f"activated the turn it was Set: {what}"
            if d.phase == K.BATTLE and d.attack is not None and d.step >= K.DS_START:
                assert eff.damage_step or eff.damage_calc or speed == 3, \
                    f"not allowed in the Damage Step: {what}"


def _hand_limit_applied(d) -> bool:
    """Has this End Phase's hand size limit been applied (the turn procedure is past it)?"""
    for f in d.stack:
        if f["p"] == "turn":
            return f["s"] >= 10
    return False


class RuleWatch:
    """Checks across decisions: the hand size limit at the end of each turn, and that after an
    activation the opponent of its player is the first to respond (when they can)."""

    def __init__(self, d):
        self.turn = d.turn
        self.tp = d.tp
        self.chain_len = len(d.chain)
        self.limit_done = False

    def after(self, d) -> None:
        if d.turn != self.turn and d.turn == self.turn + 1 and self.turn >= 1:
            prev = self.tp
            limit = d.rules.hand_limit
            # the previous turn player ended their turn with at most 6 cards (a card drawn in
            # this turn's Draw Phase belongs to the new turn player only)
            # (unless the hand size limit was applied already, at the end of the End Phase,
            # and an effect then added cards: Night Assailant discarded for it returns a card)
            assert len(d.hand[prev]) <= limit or prev == d.tp or self.limit_done, \
                f"turn {self.turn} ended with {len(d.hand[prev])} cards in hand"
        if d.turn != self.turn:
            self.limit_done = False
        elif not self.limit_done and d.phase == K.END and _hand_limit_applied(d):
            self.limit_done = True
            assert len(d.hand[d.tp]) <= d.rules.hand_limit, \
                f"turn {d.turn}: {len(d.hand[d.tp])} cards in hand after the hand size limit"
        dec = d.pending
        if dec is not None and d.chain and len(d.chain) > self.chain_len and \
                dec.kind == "response" and not any(f["p"] == "triggers" for f in d.stack):
            # (while triggers are put on a new Chain, its player is asked about their next
            # optional trigger: that is not a response)
            last = d.links[d.chain[-1]]["player"]
            from ygosim.engine.flow import activatable
            if activatable(d, 1 - last, False):
                assert dec.player == 1 - last, "the activating player responded first"
        self.turn, self.tp, self.chain_len = d.turn, d.tp, len(d.chain)


def eager_answers(seed: int):
    """Random choices that mostly act (summon, activate, attack) rather than pass or move on:
    longer, busier duels than uniform choices."""
    rng = Rng(seed ^ 0x5A5A)

    def pick(d):
        opts = d.pending.options
        busy = [i for i, o in enumerate(opts) if o.verb not in ("pass", "phase", "no")]
        if busy and rng.below(10) < 8:
            return busy[rng.below(len(busy))]
        if d.pending.kind == "action" and d.phase == K.MAIN1:
            for i, o in enumerate(opts):
                if o.verb == "phase" and o.arg == "battle":
                    return i
        return rng.below(len(opts))
    return pick


def check_options_complete(d) -> None:
    """The turn player's basic actions that the rules allow are all offered (Normal Summon/Set,
    Spell/Trap Sets, Flip Summons, position changes, phases, attacks)."""
    dec = d.pending
    if dec is None or dec.kind != "action" or dec.player != d.tp:
        return
    p, t, opp = d.tp, d.turn, 1 - d.tp
    have = {(o.verb, o.cards[0] if o.cards else None, o.arg if o.verb in ("attack", "phase") else None)
            for o in dec.options}
    names = {(o.verb, d.name(o.cards[0])) for o in dec.options if o.cards}

    def need(key, why):
        assert key in have, f"missing: {why} (turn {t}, phase {d.phase})"

    if d.phase in (K.MAIN1, K.MAIN2):
        need(("phase", None, "end"), "end")
        if d.phase == K.MAIN1 and t > 1 and not d.player_flag(p, "no_battle_phase"):
            need(("phase", None, "battle"), "battle")
        ns = d.ns_used[p] < 1 + d.ns_extra[p] and not d.player_flag(p, "no_normal_summon")
        locked = d.player_flag(p, "no_summon") or d.has_static("summon_lock", p)   # Sets only
        toll = sum(eff.apply(d, src, p) for src, eff in d.active_statics("hand_toll"))
        for c in d.hand[p]:
            data = d.data[c]
            if d.has_static("prohibited", c):
                continue        # a declared name: neither Summoned nor Set (Prohibition)
            if d.lp[p] < toll:
                continue        # the LP to play a card from the hand (Chain Energy)
            if not data.is_monster and (d.player_flag(p, "no_spell_trap") or
                                        (data.script is not None and
                                         data.script.extra.get("cannot_set"))):
                continue        # no Spell/Trap Set (Cold Wave; Spirit Messages)
            if data.is_monster:
                plain = not (data.is_extra_deck or "ritual" in data.frames or
                             (data.script is not None and data.script.extra.get("no_normal_summon")))
                if ns and plain and data.level <= 4 and d.free_mzones(p):
                    assert ("set", data.name) in names, f"missing: Normal Set of {data.name}"
                    assert ("summon", data.name) in names or locked or \
                        (data.script is not None and data.script.extra.get("set_only")) or \
                        type_barred(d, c, p) or summon_barred(d, c, p), f"missing: Normal Summon of {data.name}"
                forced = any(f[0] == p and isinstance(f[1], tuple) and f[1][0] == "must_tribute"
                             for f in d.pflags)      # Soul Exchange: other rules apply
                tributes = [x for x in d.monsters(p) if not d.card_flag(x, "no_tribute")
                            and "token" not in d.data[x].frames]
                set_only = data.script is not None and data.script.extra.get("set_only")
                if ns and plain and 5 <= data.level and not forced and not locked \
                        and not set_only and not d.has_static("no_tribute") \
                        and not type_barred(d, c, p) and not summon_barred(d, c, p) \
                        and len(tributes) >= (1 if data.level <= 6 else 2):
                    assert ("summon", data.name) in names, f"missing: Tribute Summon of {data.name}"
            elif data.subtype != "field" and -1 in d.szone[p][:5]:
                assert ("set", data.name) in names, f"missing: Set {data.name}"
        for c in d.monsters(p):
            if (d.turn_in[c] == t and not _repos_ok(d, c)) or d.pos_turn[c] == t or \
                    d.attacked[c] == t:
                continue
            if d.pos[c] == K.FACEDOWN_DEFENSE:
                if not locked and not d.has_static("no_position_change", c) and \
                        not type_barred(d, c, p) and not summon_barred(d, c, p):
                    need(("flip", c, None), f"Flip Summon of {d.name(c)}")
            elif d.attacked[c] != t and not d.data[c].link_arrows \
                    and not d.has_static("no_position_change", c) \
                    and not d.card_flag(c, "no_position_change"):
                need(("change", c, None), f"position change of {d.name(c)}")
    elif d.phase == K.BATTLE:
        # a monster that must attack if able and can (Berserk Gorilla): no leaving yet
        if not any(o.verb == "attack" and d.has_static("must_attack", o.cards[0])
                   for o in dec.options):
            need(("phase", None, "main2"), "main2")
            need(("phase", None, "end"), "end")
        if d.player_flag(p, "no_attack"):
            return
        targets = [x for x in d.monsters(opp) if not d.has_static("attack_ignored", x)]
        for c in d.monsters(p):
            if d.pos[c] != K.ATTACK or d.attacked[c] == t or d.rule_on("cannot_attack", c) \
                    or d.card_flag(c, "no_attack"):
                continue
            if (not targets or d.has_static("direct_attack", c)) and \
                    not d.has_static("no_direct_attack", c):
                need(("attack", c, None), f"direct attack of {d.name(c)}")
            for x in targets:
                if not d.has_static("no_attack_target", x):
                    need(("attack", c, x), f"attack of {d.name(c)} on {d.name(x)}")


def scenario_duel(head=None, **sides):
    """A duel set up by the scenario runner from a dict (format 2): `sides` are the top keys
    (A, B, phase, seed...)."""
    from ygosim.play.scenario import build, validate
    doc = dict(head or {"name": "test", "turn": 3, "turn_player": "A"}, **sides)
    validate(doc, "<test>")
    return build(doc, "<test>")


def card_named(d, name, p=None):
    """The first card named `name` that is somewhere (controlled by p, if given)."""
    return next(c for c in range(len(d.data)) if d.data[c].name == name and d.loc[c]
                and (p is None or d.ctrl[c] == p))
