"""Trigger effects: the pending ones are put on a new Chain in the rulebook's order."""
from __future__ import annotations

from itertools import permutations

from .. import const as K
from ..const import FIELD, BATTLE, HAND
from ..decision import Option, RESPONSE, ORDER
from ..effects import FLIP, RULE
from .core import proc, push, pop
from .chain import opt_key, single_chain_now, state_check

FIELD_HAND = FIELD | HAND     # where a card's player is its controller (a hand: its holder)


@proc
def triggers(d, f):
    """Put pending trigger effects on a new chain. Rulebook v10 (SEGOC): turn player's
    mandatory, opponent's mandatory, turn player's optional, opponent's optional. Where the
    rules order triggers by event (`d.rules.trigger_order == "event"`, goat), the triggers of
    the event that happened first go on the chain first (Soul Exchange's tributed Sangan is
    Chain Link 1, the monster Tribute Summoned with it Chain Link 2), those of one event in the
    SEGOC order; triggers of cards in the hand or Deck join the same chain."""
    s = f["s"]
    if s == 0:
        in_calc = d.attack is not None and d.phase == BATTLE and \
            d.step in (K.DS_START, K.DS_BEFORE_CALC, K.DS_CALC)
        ready, wait = [], []
        for t in d.trig_q:
            (wait if (t[3] and in_calc) else ready).append(t)
        for i, t in enumerate(ready):        # effects applied as rules come first, one by one
            if d.data[t[0]].script.effects[t[1]].kind == RULE:
                d.trig_q = [x for x in d.trig_q if x is not t]
                where = d.loc[t[0]]
                if (d.data[t[0]].script.effects[t[1]].range & where or not where) and \
                        not (where & FIELD and d.is_negated(t[0])):
                    push(d, "rule_effect", c=t[0], ei=t[1], ev=t[2])   # (nowhere: a Token
                                                                       # that left the field)
                return
        d.trig_q = wait
        if not ready:
            pop(d)
            return
        by_event = d.rules.trigger_order == "event"
        times = sorted({t[2][5] for t in ready}) if by_event else (0,)
        groups = [[] for _ in range(4 * len(times))]
        taken = set()
        for cid, ei, ev, _ in ready:
            eff = d.data[cid].script.effects[ei]
            if eff.misses_timing and ev[5] != d.serial:
                continue
            if not eff.range & d.loc[cid] and not (eff.kind == FLIP):
                continue
            if d.is_negated(cid, (), False):
                continue        # a negated monster's effects are not activated (under Skill
                                # Drain they are, and are negated as they resolve)
            p = d.ctrl[cid] if d.loc[cid] & FIELD_HAND else d.owner[cid]
            probe = {"card": cid, "player": p, "ei": ei, "vars": {}, "event": ev,
                     "events": (ev,)}
            if eff.target is not None and not eff.target.possible(d, probe):
                continue
            if eff.once_per_turn:
                key = opt_key(d, cid, ei, p)
                if key in d.used or key in taken:
                    continue
                taken.add(key)
            if d.pflags and d.player_flag(p, ("no_activate", d.data[cid].name)):
                continue
            g = (0 if p == d.tp else 1) + (0 if not eff.optional else 2)
            if by_event:
                g += 4 * times.index(ev[5])        # (the event's serial: when it happened)
            groups[g].append((cid, ei, ev))
        f["groups"] = tuple(tuple(g) for g in groups)
        f["g"] = 0
        f["s"] = 1
        f["added"] = 0
    elif s == 1:
        g = f["g"]
        if g >= len(f["groups"]):
            pop(d)
            if f["added"]:
                d.stack[-1]["built"] = True
                last_p = d.links[d.chain[-1]]["player"]
                push(d, "window", cur=1 - last_p, reopen=not single_chain_now(d), passes=0)
            return
        group = f["groups"][g]
        p = d.tp if g % 2 == 0 else 1 - d.tp
        if not group:
            f["g"] = g + 1
            return
        if g % 4 < 2:                                # mandatory: all, in an order
            if len(group) == 1:
                f["g"] = g + 1
                add_trigger(d, f, group[0], p)
                return
            opts = [Option("order", tuple(x[0] for x in perm), tuple(perm))
                    for perm in permutations(group)][:120]
            f["s"] = 2
            d.ask(p, ORDER, opts, "order your trigger effects on the chain")
        else:                                         # optional: activate any, one by one
            opts = [Option("activate", (x[0],), x) for x in group]
            opts.append(Option("pass"))
            f["s"] = 3
            d.ask(p, RESPONSE, opts, "activate a trigger effect?")
    elif s == 2:
        order = d.answer.arg
        f["s"] = 1
        f["g"] += 1
        p = d.tp if (f["g"] - 1) % 2 == 0 else 1 - d.tp
        for item in reversed(order):       # pushed last runs first: Chain Link order kept
            f["added"] += 1
            push(d, "activate", c=item[0], ei=item[1], player=p, event=item[2])
    elif s == 3:
        a = d.answer
        g = f["g"]
        p = d.tp if g % 2 == 0 else 1 - d.tp
        f["s"] = 1
        if a.verb == "pass":
            f["g"] = g + 1
            return
        item = a.arg
        rest = tuple(x for x in f["groups"][g] if x != item)
        pick = d.data[item[0]].script.effects[item[1]].choice
        if pick:        # "activate 1 of these effects": the others are gone for this event
            effs = d.data[item[0]].script.effects
            rest = tuple(x for x in rest if not (x[0] == item[0] and x[2] == item[2]
                                                 and effs[x[1]].choice == pick))
        groups = list(f["groups"])
        groups[g] = rest
        f["groups"] = tuple(groups)
        add_trigger(d, f, item, p)


def add_trigger(d, f, item, p) -> None:
    f["added"] += 1
    push(d, "activate", c=item[0], ei=item[1], player=p, event=item[2])


@proc
def rule_effect(d, f):
    """Apply an effect that is not activated (effects.rule): its operation runs with a link of
    its own that never goes on the Chain."""
    c = f["c"]
    if f["s"] == 0:
        lid = d.next_lid
        d.next_lid += 1
        p = d.ctrl[c] if d.loc[c] & FIELD_HAND or not d.loc[c] else d.owner[c]
        d.links[lid] = {"card": c, "ei": f["ei"], "player": p, "targets": (), "vars": {},
                        "negated": False, "speed": 0, "event": f["ev"], "events": (f["ev"],),
                        "card_act": False, "cmid": d.mid[c]}
        f["lid"] = lid
        f["s"] = 1
        if "unaffected" in d.static_index:
            d.acting = c        # (Duel.unaffected)
        push(d, "steps", lid=lid, steps=d.data[c].script.effects[f["ei"]].operation)
    else:
        d.acting = -1
        d.links.pop(f["lid"], None)
        pop(d)
        state_check(d)      # (what it changed is checked at once, as after a Chain Link)
