"""Composable pieces for card scripts: selectors (which cards) and steps (what happens).

A selector is `sel(duel, link) -> list[card id]`; a step is `step(duel, link)`. Both are plain
functions, built by the small factories below, so a card reads as a sentence:

    script("Dark Hole", spell(operation=destroy(monsters())))
"""
from __future__ import annotations

from types import MappingProxyType

from . import const as K
from .const import DECK, HAND, MZONE, GY, FIELD, FACEDOWN
from .decision import Option, Picks, SELECT, YESNO, Decision
from .decision import CALL as K_CALL, ZONE as K_ZONE
from .decision import DECLARE as K_DECLARE
from .effects import ACTIVATE, each_step
from .flow import push
from .gy_lock import gy_locked, own_gy_free

YOU, OPP, ANY = "you", "opp", "any"


def _players(link, who):
    p = link["player"]
    if who == YOU:
        return (p,)
    if who == OPP:
        return (1 - p,)
    return (p, 1 - p)


# ------------------------------------------------------------------------------ selectors
def monsters(who=ANY, faceup=None, where=None, filter=None):
    """Monsters on the field (`who` controls them), optionally face-up only / filtered."""
    if faceup is None and filter is None:
        def every(d, link):
            p = link["player"]
            if who == YOU:
                return d.mons[p]        # (d.monsters(p), without the call)
            if who == OPP:
                return d.mons[1 - p]
            return d.mons[p] + d.mons[1 - p]
        return every

    def sel(d, link, stop=None):
        out = []
        for p in _players(link, who):
            _keep(d, d.mons[p], faceup, filter, out, stop)
            if stop is not None and len(out) >= stop:
                break
        return out
    sel.stops = True
    return sel


def _keep(d, cards, faceup, filter, out, stop=None) -> list:
    """Append to `out` the cards (ids, -1 = empty zone) that are face-up/face-down as asked and
    pass `filter`; with `stop`, only until `out` holds that many (a selector's `stop`:
    `exists` asks whether there are n, not for the list)."""
    for c in cards:
        if c < 0:
            continue
        if faceup is not None and (not d.pos[c] & FACEDOWN) != faceup:    # (d.faceup(c))
            continue
        if filter is not None and not filter(d, c):
            continue
        out.append(c)
        if stop is not None and len(out) >= stop:
            break
    return out


def spells_traps(who=ANY, faceup=None, filter=None, field_zone=True):
    """Cards in the Spell & Trap Zones (and Field Zones)."""
    def sel(d, link, stop=None):
        out = []
        for p in _players(link, who):
            zones = d.szone[p] if field_zone else d.szone[p][:K.FIELD_ZONE]
            _keep(d, zones, faceup, filter, out, stop)
            if stop is not None and len(out) >= stop:
                break
        return out
    sel.stops = True
    return sel


def pile(where, who=YOU, filter=None):
    """Cards in a Deck, hand, Graveyard, banishment or Extra Deck. Of the banished cards only
    the face-up ones: a card banished face-down (Different Dimension Capsule) is no card an
    effect may pick among "banished cards" (Return from the Different Dimension)."""
    name = {DECK: "deck", HAND: "hand", GY: "gy", K.BANISHED: "banished", K.EXTRA: "extra"}[where]

    gy = where == GY
    if where == K.BANISHED:
        return _face_up_banished(who, filter)

    def sel(d, link, stop=None):
        out = []
        if stop is not None and gy and "gy_lock" in d.static_index:
            stop = None             # (what a Graveyard lock leaves is known from the whole list)
        for p in _players(link, who):
            if filter is None:
                out.extend(getattr(d, name)[p])
            else:
                _keep(d, getattr(d, name)[p], None, filter, out, stop)
            if stop is not None and len(out) >= stop:
                break
        if gy and out and "gy_lock" in d.static_index and gy_locked(d, link):
            own = link["card"] if own_gy_free(d) else -1
            return [c for c in out if c == own]     # (a Graveyard lock: Necrovalley)
        return out
    sel.stops = True
    return sel


def _face_up_banished(who, filter):
    def sel(d, link):
        return [c for p in _players(link, who) for c in d.banished[p]
                if not d.pos[c] & FACEDOWN and (filter is None or filter(d, c))]
    return sel


def _out_of_gy_ok(d, link, cards) -> list:
    """The cards of an effect's move that it may take (Graveyard lock: gy_locked; callers look
    for the rule first)."""
    if any(d.loc[c] == GY for c in cards) and gy_locked(d, link):
        own = link["card"] if own_gy_free(d) else -1
        return [c for c in cards if d.loc[c] != GY or c == own]
    return cards


def extreme(sel, stat, highest=False):
    """The cards of sel with the lowest (or highest) value of stat(d, c) (all of them when
    several tie)."""
    def s(d, link):
        cards = sel(d, link)
        if not cards:
            return []
        values = [stat(d, c) for c in cards]
        best = max(values) if highest else min(values)
        return [c for c, v in zip(cards, values) if v == best]
    return s


def lowest_atk(sel):
    """The cards of sel with the lowest ATK (Fissure)."""
    return extreme(sel, lambda d, c: d.atk(c))


def highest_def(sel):
    """The cards of sel with the highest DEF (Smashing Ground)."""
    return extreme(sel, lambda d, c: d.def_(c), highest=True)


def union(*sels):
    def sel(d, link):
        out = []
        for s in sels:
            out.extend(s(d, link))
        return out
    return sel


def targets(d, link):
    """The link's targets that are still where they were when targeted."""
    return [c for c, mid in link["targets"] if d.mid[c] == mid]


def chosen(key="chosen"):
    def sel(d, link):
        return [c for c in link["vars"].get(key, ()) if d.loc[c]]
    sel.key = key           # (destroyed_by: the cards a `choose` into key may pick)
    return sel


def this_card(d, link):
    return [link["card"]]


def summoned(into="summoned"):
    """The monsters a `special_summon(..., into=...)` step Summoned, still on the field as
    they were Summoned."""
    def sel(d, link):
        return [c for c, mid in link["vars"].get(into, ()) if d.mid[c] == mid and d.loc[c] == MZONE]
    return sel


def event_cards(d, link):
    """The cards of the events the link responds to."""
    ev = link.get("event")
    if ev is not None:
        return [ev[1]] if ev[1] >= 0 and d.mid[ev[1]] == ev[2] else []
    return [e[1] for e in link.get("events", ()) if e[1] >= 0 and d.mid[e[1]] == e[2]]


# ---------------------------------------------------------------------------- filters
def is_type(*types):
    return lambda d, c: d.data[c].type in types


def is_attribute(*attrs):
    """A filter: the card's Attributes now (attributes(d, c): changed by an effect, or more than
    one) include one of attrs. (Its printed Attribute, read at once, unless a counter may have
    changed it or its script adds some: Chaos monsters' Graveyard costs ask it often.)"""
    def test(d, c):
        data = d.data[c]
        if d.counters or (data.script is not None and "attributes" in data.script.extra):
            return any(a in attrs for a in attributes(d, c))
        return data.attribute in attrs
    return test


def attributes(d, c) -> tuple:
    """Card c's Attributes: its own, and those its script adds where it is (`extra`
    "attributes", in the places "attributes_in", default face-up on the field: Elemental
    Mistress Doriado). Read Attributes through this (or is_attribute), not data.attribute."""
    data = d.data[c]
    own = d.attribute(c) if d.counters else data.attribute  # (Duel.attribute: changed by an effect)
    s = data.script
    if s is None or "attributes" not in s.extra:
        return (own,)
    loc = d.loc[c]
    if not loc & s.extra.get("attributes_in", MZONE) or (loc == MZONE and not d.faceup(c)):
        return (own,)
    return (own, *s.extra["attributes"])


def is_monster_card(d, c):
    return d.data[c].is_monster


def is_spell(d, c):
    return d.data[c].is_spell


def is_trap(d, c):
    return d.data[c].is_trap


def atk_at_most(n):
    return lambda d, c: d.data[c].is_monster and d.data[c].atk <= n


# ------------------------------------------------------------------------------- steps
def destroy(sel):
    def step(d, link):
        cards = sel(d, link)
        if cards and link["vars"].get("spared"):
            cards = not_spared(d, link, cards)
        if cards and "effect_indestructible" in d.static_index:
            cards = [c for c in cards if not d.has_static("effect_indestructible", c, link)]
        if cards:
            d.destroy(cards, K.R_EFFECT, link["player"])
    step.destroys = sel
    return step


def not_spared(d, link, cards) -> list:
    """The cards this link may destroy: without those another card destroyed instead
    (`spare`: Fake Trap)."""
    spared = link["vars"].get("spared") if link["vars"] else None
    if not spared:
        return cards
    return [c for c in cards if (c, d.mid[c]) not in spared]


def link_below(d, link):
    """The Chain Link just below this one (the activation it answers), or None."""
    lid = _lid(d, link)
    i = d.chain.index(lid) if lid in d.chain else 0
    return d.links[d.chain[i - 1]] if i > 0 else None


def spare(sel):
    """A step: the Chain Link just below this one will not destroy the selected cards (as they
    are now): this card is destroyed instead (Fake Trap). Read by `destroy` steps (and a
    card's own destroying step through `not_spared`)."""
    def step(d, link):
        lk = link_below(d, link)
        if lk is None:
            return
        cards = sel(d, link)
        lk["vars"]["spared"] = lk["vars"].get("spared", ()) + tuple((c, d.mid[c]) for c in cards)
    return step


def destroyed_by(d, lk) -> list:
    """The cards on the field the effect of Chain Link `lk` would destroy if it resolved now:
    its steps that carry `destroys` (a selector: `destroy`, `negate_activation`, or a card's own
    step marked so, Ring of Destruction), evaluated for lk; a destroy of cards chosen while
    resolving (`chosen(key)`) counts every card its `choose` could pick; `when` branches are
    looked into. What "an effect that would destroy ..." answers (My Body as a Shield, Curse
    of Royal)."""
    eff = d.data[lk["card"]].script.effects[lk["ei"]]
    picks, out = {}, []
    for st in each_step(eff.operation):
        pk = getattr(st, "picks", None)
        if pk is not None:
            picks[pk[0]] = pk[1]
        sel = getattr(st, "destroys", None)
        if sel is not None:
            key = getattr(sel, "key", None)
            if key is not None and key in picks:
                sel = picks[key]
            for c in sel(d, lk):
                if d.loc[c] & FIELD and c not in out:
                    out.append(c)
    return out


def makes_discard(d, lk, who=ANY) -> bool:
    """Would the effect of Chain Link `lk` make a player discard as it resolves? Its steps say
    whom they make discard (`discards`: YOU, its player; OPP; ANY, both or either: `discard`
    not as a cost, `discard_random`, `discard_hand`, a `send_to` with R_DISCARD); `who` asks
    about its player (YOU) or the opponent (OPP). A discard paid as a cost does not count
    (Gravekeeper's Watcher: an effect that makes its activator discard)."""
    eff = d.data[lk["card"]].script.effects[lk["ei"]]
    for st in each_step(eff.operation):
        whom = getattr(st, "discards", None)
        if whom and (who == ANY or whom in (who, ANY)):
            return True
    return False


def send_to(sel, where, reason=K.R_EFFECT):
    def step(d, link):
        cards = sel(d, link)
        if cards and "gy_lock" in d.static_index:
            cards = _out_of_gy_ok(d, link, cards)
        if cards:
            d.send(cards, where, reason, link["player"])
    if reason & K.R_DISCARD and not reason & K.R_COST:
        step.discards = ANY         # (makes_discard: Drop Off)
    if reason & K.R_TRIBUTE:
        step.tributes = True    # (flow.chain.tributes_in: Mask of Restrict)
    return step


def to_hand(sel, who=None):
    """Add the selected cards to their owners' hands, or with `who` (YOU / OPP) to that
    player's hand whoever owns them (Exchange: a card held by another player than its owner is
    still that owner's card, and goes to the owner's Graveyard or Deck when it leaves)."""
    if who is None:
        return send_to(sel, HAND)

    def step(d, link):
        cards = sel(d, link)
        if cards:
            d.send(cards, HAND, K.R_EFFECT, link["player"],
                   hand_of=link["player"] if who == YOU else 1 - link["player"])
    return step


def draw(n, who=YOU):
    """The player(s) draw n cards (`n` may be a function (duel, link) -> int). When both must
    draw more than their Decks hold, both lose at once: the duel is a draw."""
    def step(d, link):
        k = n(d, link) if callable(n) else n
        ps = _players(link, who)
        if len(ps) == 2 and all(len(d.deck[p]) < k for p in ps) and d.winner is None:
            for p in ps:
                d.draw(p, len(d.deck[p]))
            d.winner, d.win_reason = "draw", K.WIN_DECKOUT
            d.write("Both players must draw from an empty Deck: the duel is a draw")
            return
        for p in ps:
            d.draw(p, k)
            d.check_exodia(p)
    step.draws = who        # (draw_blocked)
    return step


def damage(n, who=OPP):
    def step(d, link):
        for p in _players(link, who):
            d.damage(p, n(d, link) if callable(n) else n, by=link["player"])
    step.damages = who      # (damaged_by: whom this effect would damage)
    return step


def damaged_by(d, lk) -> tuple:
    """The players the effect of Chain Link `lk` would inflict damage to: its steps that carry
    `damages` (YOU / OPP / ANY, from lk's player: `damage`, or a card's own step marked so:
    Ring of Destruction, Magic Cylinder), `when` branches looked into. What "when an effect
    that would inflict damage to you is activated" answers (Barrel Behind the Door, Trap of
    Board Eraser)."""
    eff = d.data[lk["card"]].script.effects[lk["ei"]]
    out = set()
    for st in each_step(eff.operation):
        who = getattr(st, "damages", None)
        if who is not None:
            out.update(_players(lk, who))
    return tuple(sorted(out))


def turn_damage_below(mode):
    """A step: the damage the effect of the Chain Link just below this one would inflict to
    this card's player is "reflect"ed (the opponent takes it instead: Barrel Behind the Door)
    or "nullify"ed (it becomes 0: Trap of Board Eraser), while that link resolves (a player
    flag named by its link id, read by Duel.damage)."""
    def step(d, link):
        lk = link_below(d, link)
        if lk is None:
            return
        lid = next(k for k, v in d.links.items() if v is lk)
        d.pflags.append((link["player"], ("damage_of", lid, mode), d.turn))
    return step


def gain_lp(n, who=YOU):
    def step(d, link):
        for p in _players(link, who):
            d.gain_lp(p, n(d, link) if callable(n) else n)
    return step


def lp_cost_waived(d, link) -> bool:
    """Is the LP cost of this activation not paid? A Spell Card's activation while its player
    has a `free_spell_lp` rule (apply(duel, source, player): Spell Economics)."""
    if "free_spell_lp" not in d.static_index:
        return False
    data = d.data[link["card"]]
    ei = link.get("ei")
    return data.is_spell and ei is not None and ei >= 0 and \
        data.script.effects[ei].kind == ACTIVATE and \
        d.has_static("free_spell_lp", link["player"])


def pay_lp(n):
    """A cost: pay n LP (check with can_pay=lp_at_least(n))."""
    def step(d, link):
        if lp_cost_waived(d, link):
            d.write(f"{d.names[link['player']]} pays no LP for it")
            return
        d.pay_lp(link["player"], n)
    return step


def pay_half_lp(d, link):
    """A cost: pay half your LP (rounded down: Solemn Judgment, Return from the Different
    Dimension)."""
    if not lp_cost_waived(d, link):
        d.pay_lp(link["player"], d.lp[link["player"]] // 2)


def negate_summon(d, link):
    """Negate the Summon this link answers (the EV_SUMMONING event of the window it was
    activated in: flow/summon.summoning_window) and destroy the monster, if it is still where
    it was (the Summon then does not happen: the monster never reached the field)."""
    for e in link["events"]:
        if e[0] == K.EV_SUMMONING and d.mid[e[1]] == e[2] and d.loc[e[1]]:
            c = e[1]
            d.write(f"The Summon of {d.name(c)} is negated")   # public: a Summon shows the monster
            d.destroy([c], K.R_EFFECT, link["player"])


def summon_being_made(d, link) -> bool:
    """A condition: a Summon is being made now (the summoning window's EV_SUMMONING)."""
    return any(e[0] == K.EV_SUMMONING for e in d.events)


def lp_at_least(n):
    """can_pay for an LP cost of n (always, where that cost is waived: Spell Economics)."""
    return lambda d, link: d.lp[link["player"]] >= n or lp_cost_waived(d, link)


def detach(n=1):
    """A cost: detach n Xyz Materials from this card, to the GY (the player picks which; check
    with can_pay=has_materials(n))."""
    def step(d, link):
        c = link["card"]
        push(d, "steps", lid=_lid(d, link), steps=(
            choose(lambda d, l: list(d.overlay[c]), n, into="detached",
                   prompt=f"detach {n} Xyz Material{'s' if n > 1 else ''}"),
            send_to(chosen("detached"), GY, K.R_COST)))
    return step


def has_materials(n=1):
    return lambda d, link: len(d.overlay[link["card"]]) >= n


def modify(sel, atk=0, def_=0, until=None, turns=0, ends=None):
    """Until the end of this turn (+turns: 1 for "until the end of the opponent's turn"), the
    selected face-up monsters gain/lose ATK/DEF (`until`: as Duel.add_mod, e.g.
    K.DURING_CALC, K.FOREVER; `atk` may be a function (d, link) -> int; `ends`: the events
    that end it, const.End, by default K.THIS_TURN: docs/engine.md, "What ends what")."""
    def step(d, link):
        n = atk(d, link) if callable(atk) else atk
        end = until if until is not None or not turns else d.turn + turns
        for c in sel(d, link):
            if d.loc[c] == MZONE and d.faceup(c):
                d.add_mod(c, n, def_, end, ends)
                d.write(f"{d.card(c)} is now {d.atk(c)}/{d.def_(c)}")
    step.stat_boost = True      # only changes ATK/DEF for the turn (bots: a battle trick)
    return step


def special_summon(sel, pos=None, who=YOU, how=K.SUM_SPECIAL, positions=None,
                   chooser=None, proper=False, exempt=False, into=None, by=YOU):
    """Special Summon the selected cards onto the field of `who` (YOU: the effect's player;
    OPP: the opponent's field, the effect's player Summoning them: Lava Golem). The position is
    `pos`, or else asked (of `chooser`, default the player whose field it is) among `positions`
    (default face-up Attack or Defense; (ATTACK, FACEDOWN_DEFENSE) for "face-up Attack or
    face-down Defense"). `proper`: it counts as properly Summoned (it may be revived later);
    `exempt`: the card's own Summon despite the `no_summon` flag it set (Scapegoat); `into`:
    the monsters Summoned are kept in vars[into] (read them with `summoned(into)`); `by`: who
    Summons them (OPP: "your opponent can Special Summon 1 monster from their Graveyard":
    Gilasaurus). The EV_SPECIAL_SUMMONED events name this effect's card (their info: "Summoned
    by the effect of ...", `summoned_by_effect_of`)."""
    def step(d, link):
        cards = sel(d, link)
        if "gy_lock" in d.static_index:
            cards = _out_of_gy_ok(d, link, cards)
        cards = tuple(c for c in cards if d.loc[c] != MZONE)
        if not cards:
            return
        p = link["player"]
        extra = {}
        if into is not None:
            extra["into"] = into
            extra["lid"] = _lid(d, link)
        if positions is not None:
            extra["positions"] = tuple(positions)
        if chooser is not None:
            extra["chooser"] = p if chooser == YOU else 1 - p
        if proper:
            extra["proper"] = True
        if exempt:
            extra["exempt"] = True
        push(d, "special_summon", cards=cards, player=p if who == YOU else 1 - p, pos=pos,
             how=how, by=p if by == YOU else 1 - p, src=link["card"], **extra)
    step.summons = True         # (special_summons_in: "an effect that Special Summons")
    return step


def special_summons_in(d, lk) -> bool:
    """Would the effect of Chain Link `lk` Special Summon a monster? (Its steps marked
    `summons`: `special_summon`, `tokens`, and a card's own steps marked so; `when` branches
    looked into: what Royal Oppression answers.)"""
    eff = d.data[lk["card"]].script.effects[lk["ei"]]
    return any(getattr(st, "summons", False) for st in each_step(eff.operation))


def choose(sel, count=1, least=None, into="chosen", who=YOU, prompt="choose a card",
           reveal=False, constraint=None):
    """While resolving: the player picks `least`..`count` cards from sel into vars[into].
    Nothing is asked when there is nothing to pick. `constraint(d, link, cards) -> bool`
    limits the combinations (one LIGHT and one DARK monster...)."""
    def step(d, link):
        cands = sel(d, link)
        if not cands:
            link["vars"][into] = ()
            return
        p = link["player"] if who == YOU else 1 - link["player"]
        n = min(count(d, link) if callable(count) else count, len(cands))
        if n <= 0:
            link["vars"][into] = ()
            return
        lo = n if least is None else min(least, n)
        test = None
        if constraint is not None:      # (a frozen copy of the link: the test may be kept in
            probe = MappingProxyType(dict(link))    # the flow, for a selection card by card)
            test = lambda d, combo: constraint(d, probe, combo)   # noqa: E731
        opts = d.select_options(cands, n, lo, test, player=p)
        if not opts:
            link["vars"][into] = ()
            return
        ask_select(d, link, p, opts, f"{d.name(link['card'])}: {prompt}", into)
    step.picks = (into, sel)
    return step


def ask(d, link, decision, into) -> None:
    """While resolving: ask `decision`; the answer goes into link["vars"][into]."""
    lid = _lid(d, link)
    push(d, "ask_into", lid=lid, into=into, dec=decision)


def ask_select(d, link, player, options, prompt, into) -> None:
    """While resolving: ask a selection made by Duel.select_options (a list of options, or a
    Picks asked one card at a time); the chosen cards go into link["vars"][into]."""
    if type(options) is Picks:
        push(d, "ask_into", lid=_lid(d, link), into=into, dec=None, sel=options,
             player=player, prompt=prompt, source=link["card"])
    else:
        ask(d, link, Decision(player, SELECT, options, prompt, link["card"]), into)


def ask_yesno(prompt, into="yes", who=YOU):
    def step(d, link):
        p = link["player"] if who == YOU else 1 - link["player"]
        ask(d, link, Decision(p, YESNO, [Option("yes"), Option("no")], prompt, link["card"]),
            into)
    return step


def _lid(d, link) -> int:
    for k, v in d.links.items():
        if v is link:
            return k
    raise RuntimeError("link not found")


def control_changeable(d, c):
    """A filter: control of monster c may change (not a face-up Mataza the Zapper or Horus:
    the `no_control_change` rule, Duel.control_locked)."""
    return not d.control_locked(c)


def takeable_monsters(who=OPP, faceup=None):
    """Monsters on the field whose control may change (`monsters` without the ones under a
    `no_control_change` rule; as fast as `monsters` in a duel with no such card)."""
    every = monsters(who, faceup)
    some = monsters(who, faceup, filter=control_changeable)
    return lambda d, link: some(d, link) if "no_control_change" in d.static_index \
        else every(d, link)


def take_control(sel, until_end_phase=True):
    """The player takes control of the selected monsters (until this turn's End Phase)."""
    def step(d, link):
        p = link["player"]
        for c in sel(d, link):
            if d.loc[c] != MZONE or d.ctrl[c] == p:
                continue
            if not d.free_mzones(p):    # (a monster in an Extra Monster Zone moves too)
                continue
            before = d.ctrl[c]
            d.set_control(c, p)
            if d.ctrl[c] != p:
                continue
            d.write(f"{d.names[p]} takes control of {d.card(c)}")
            if until_end_phase:     # (kept when it is turned face-down: Book of Moon)
                d.returns.append((c, d.mid[c], before, d.turn, K.ON_FIELD_THIS_TURN))
    return step


def negate_activation(destroy_it=True):
    """Negate the activation this link answers (the Chain Link just below it) and, if that
    works, destroy the card (Counter Traps)."""
    def step(d, link):
        lid = _lid(d, link)
        i = d.chain.index(lid) if lid in d.chain else 0
        if i == 0:
            return
        lk = d.links[d.chain[i - 1]]
        if lk["negated"]:
            return
        lk["negated"] = True
        c = lk["card"]
        d.write(f"The activation of {d.name(c)} is negated")     # public: an activated card
        if destroy_it and d.loc[c] & FIELD and d.mid[c] == lk["cmid"]:
            d.destroy([c], K.R_EFFECT, link["player"])
    if destroy_it:
        step.destroys = _negated_card
    return step


def _negated_card(d, link) -> list:
    """The card of the Chain Link just below this one (what a Counter Trap destroys)."""
    lid = _lid(d, link)
    i = d.chain.index(lid) if lid in d.chain else 0
    return [d.links[d.chain[i - 1]]["card"]] if i > 0 else []


def normal_summon_now(into="summon"):
    """While resolving: the player may at once Normal Summon or Set 1 monster from the hand
    (not counted against the once-per-turn Normal Summon). Asked as `summon NAME` / `set NAME`;
    Tributes are asked after."""
    def ask_step(d, link):
        from .flow import can_normal_summon, summon_barred, summon_locked
        from .flow.summon import set_only
        p = link["player"]
        opts, seen = [], set()
        locked = summon_locked(d, p)
        for c in d.hand[p]:
            name = d.data[c].name
            if d.data[c].is_monster and name not in seen and can_normal_summon(d, c, p):
                seen.add(name)
                if not locked and not set_only(d.data[c]) and not summon_barred(d, c, p):
                    opts.append(Option("summon", (c,), (c, False)))
                opts.append(Option("set", (c,), (c, True)))
        link["vars"][into] = None
        if opts:
            ask(d, link, Decision(p, SELECT, opts, f"{d.name(link['card'])}: Normal Summon "
                                                   "or Set a monster", link["card"]), into)

    def summon_step(d, link):
        v = link["vars"].get(into)
        if v and d.loc[v[0]] == HAND:
            push(d, "normal_summon", c=v[0], set=v[1], extra=True, player=link["player"])
    return (ask_step, summon_step)


def steps_of(fn):
    """A step that runs the steps fn(duel, link) gives, chosen while resolving (Serial Spell
    runs the operation of the Spell it copies)."""
    def step(d, link):
        seq = tuple(fn(d, link) or ())
        if seq:
            push(d, "steps", lid=_lid(d, link), steps=seq)
    return step


def when(cond, *then):
    """Run `then` steps only if cond(duel, link) holds (checked on resolution). A part of
    `then` may itself be a sequence of steps (`declare`, `call_coin`...)."""
    from .effects import _steps
    then = _steps(then)

    def step(d, link):
        if cond(d, link):
            push(d, "steps", lid=_lid(d, link), steps=tuple(then))
    step.then = tuple(then)
    return step


def shuffle_deck(who=YOU):
    def step(d, link):
        for p in _players(link, who):
            d.shuffle_deck(p)
    return step


def skip_draw_phases(n=1, who=YOU):
    """The player(s) skip their next n Draw Phases (Reckless Greed: 2, Time Seal): the player
    flag `flow.turn.SKIP_DRAW` for the next one, `(SKIP_DRAW, k)` for the k-th next
    (`flow.turn.next_draw_skipped`: no draw, no window, on to the Standby Phase)."""
    from .flow.turn import SKIP_DRAW

    def step(d, link):
        for p in _players(link, who):
            d.pflags.append((p, SKIP_DRAW, K.FOREVER))
            for k in range(2, n + 1):
                d.pflags.append((p, (SKIP_DRAW, k), K.FOREVER))
            d.write(f"{d.names[p]} will skip their next "
                    f"{'Draw Phase' if n == 1 else f'{n} Draw Phases'}")
    return step


def on_draws(apply, who=OPP, payload=None, until=None):
    """A lingering rule on the cards a player draws: apply(d, player, drawn cards, payload) is
    done at once each time player(s) `who` draw (Duel.draw), until the end of turn
    `until(d, link)` (default: this turn); kept as a player flag `("on_draw", apply, payload)`
    (Deck Devastation Virus: the opponent's draws for three of their turns)."""
    def step(d, link):
        end = until(d, link) if until is not None else d.turn
        data = payload(d, link) if callable(payload) else payload
        for p in _players(link, who):
            d.pflags.append((p, ("on_draw", apply, data), end))
    return step


def player_flag(key, who=OPP, turns=0):
    """A rule on a player until the end of this turn (+turns): no_attack, no_battle_phase..."""
    def step(d, link):
        for p in _players(link, who):
            d.pflags.append((p, key, d.turn + turns))
    return step


def reveal(sel, to=YOU):
    """Show the selected cards (a Set card, a card in the hand or Deck) to a player."""
    def step(d, link):
        cards = sel(d, link)
        if cards:
            d.reveal(cards, None if to == ANY else
                     link["player"] if to == YOU else 1 - link["player"])
    return step


def log(text):
    def step(d, link):
        d.write(text)
    return step


# ------------------------------------------------------------------------ conditions
def exists(sel, n=1):
    """A condition: sel finds at least n cards. A selector of monsters(), spells_traps() or
    pile() (`stops`) looks only until it has n, without building the whole list."""
    if getattr(sel, "stops", False):
        return lambda d, link: len(sel(d, link, n)) >= n
    return lambda d, link: len(sel(d, link)) >= n


def own_main_phase(d, link):
    return d.tp == link["player"] and d.phase in (K.MAIN1, K.MAIN2)


def event_is(*etypes, own=True, filter=None):
    """A trigger condition: the event is one of etypes (and about this card, with own)."""
    def cond(d, link):
        ev = link.get("event")
        if ev is None or ev[0] not in etypes:
            return False
        if own and ev[1] != link["card"]:
            return False
        return filter is None or filter(d, link, ev)
    return cond


def from_field(d, link):
    """A trigger condition: the event that moved this card took it from the field (sent from
    the field to the Graveyard: Sangan, Black Pendant, Axe of Despair)."""
    ev = link.get("event")
    return ev is not None and ev[1] == link["card"] and bool(ev[6][0] & FIELD)


def recent(d, etypes, filter=None):
    """Events of these types in the current window (what a "When ..." activation sees)."""
    out = []
    for e in d.events:
        if e[0] in etypes and (filter is None or filter(d, e)):
            out.append(e)
    return out


def answered(link, etypes):
    """The events of these types in the window the link was activated in (what a "When ..."
    card answers), read while it resolves too (the window's events are gone by then)."""
    return [e for e in link.get("events", ()) if e[0] in etypes]


def summoned_now(filter=None, by_opponent=False):
    """Selector: the monsters whose Summon (Normal, Flip or Special) the card answers (every
    Summon of the window it was activated in), still those cards, face-up on the field and
    matching filter(d, c); with `by_opponent`, only those the opponent controls (Chain
    Destruction, Chain Disappearance, Bottomless Trap Hole)."""
    def sel(d, link):
        out = []
        for e in answered(link, K.EV_SUMMON_ANY):
            c = e[1]
            if d.mid[c] == e[2] and d.loc[c] == MZONE and d.faceup(c) and c not in out and \
                    not (by_opponent and d.ctrl[c] == link["player"]) and \
                    (filter is None or filter(d, c)):
                out.append(c)
        return out
    return sel


# ===================================================================== Spell & Trap parts
# Attacks, flipping face-up, Setting from the hand, shuffling into the Deck (the Spells and
# Traps of the Goat decks: Mirror Force, Magic Cylinder, Swords of Revealing Light...).

# ------------------------------------------------------------------ attacks
def attacker(d, link):
    """The monster whose attack is under way (declared, not yet over), if it is still that
    card on the field."""
    a = d.attack
    if a is None:
        return []
    c = a[0]
    return [c] if d.mid[c] == a[3] and d.loc[c] == MZONE else []


def opponent_attacks(d, link):
    """A condition: a monster the opponent controls is attacking (with `when=(EV_ATTACK,)`: it
    has just declared its attack)."""
    a = d.attack
    return a is not None and d.ctrl[a[0]] != link["player"] and d.mid[a[0]] == a[3]


def negate_attack(d, link):
    """A step: negate the attack under way (it still counts as the monster's attack)."""
    d.negate_attack()


def end_battle_phase(d, link):
    """A step: the Battle Phase ends (Negate Attack): the turn player declares no more attacks
    and goes on to its End Step once the Chain has resolved (flow.battle)."""
    if d.phase == K.BATTLE:
        d.pflags.append((d.tp, "battle_ended", d.turn))
        d.write("The Battle Phase ends")


def end_turn(d, link):
    """A step: the turn goes on to its End Phase once the Chain has resolved; what is left of
    the phase under way and the phases before the End Phase are skipped (Neko Mane King). The
    Main or Battle Phase procedure under way is told (`end_turn` in its frame: flow.main,
    flow.battle); in the Draw or Standby Phase the turn procedure goes on to its End Phase."""
    if d.phase == K.END:
        return
    for f in reversed(d.stack):
        if f["p"] in ("main", "battle"):
            f["end_turn"] = True
            break
        if f["p"] == "turn":
            f["s"] = 7              # (flow.turn: the End Phase)
            break
    d.write(f"{d.names[d.tp]}'s turn goes on to the End Phase")


# ------------------------------------------------------------------ positions
def flip_faceup(sel, pos=K.ATTACK, flip_effects=True):
    """Turn the selected face-down monsters face-up in `pos` (not a Flip Summon). Their FLIP
    effects activate, unless `flip_effects` is False (Ceasefire)."""
    def step(d, link):
        for c in sel(d, link):
            if d.loc[c] == MZONE and d.pos[c] & K.FACEDOWN:
                d.set_position(c, pos, flip_effects)
                d.write(f"{d.card(c)} is turned face-up in "
                        f"{'Defense' if pos & K.DEFENSE else 'Attack'} Position")
    return step


def change_to(sel, pos=K.DEFENSE):
    """Change the selected monsters to face-up `pos` (ATTACK or DEFENSE): a face-down one is
    turned face-up (its FLIP effects activate), a face-up one in the other position changes
    (Desert Sunlight: every monster you control to face-up Defense Position)."""
    def step(d, link):
        for c in sel(d, link):
            if d.loc[c] == MZONE and d.pos[c] != pos:
                d.set_position(c, pos)
                if d.pos[c] == pos:     # (not a monster unaffected by the effect)
                    d.write(f"{d.card(c)} is changed to face-up "
                            f"{'Defense' if pos & K.DEFENSE else 'Attack'} Position")
    return step


# ------------------------------------------------------------------ the hand
def set_from_hand(filter=None, into="set"):
    """While resolving: the player may Set a Spell/Trap Card (matching filter) from their hand
    to a free zone (Dust Tornado). Asked as yes/no, then which card."""
    def settable(d, c):
        data = d.data[c]
        return (data.is_spell or data.is_trap) and (filter is None or filter(d, c))
    cards = pile(HAND, YOU, settable)

    def room(d, link):
        p = link["player"]
        return any(d.data[c].subtype == "field" or -1 in d.szone[p][:5]
                   for c in cards(d, link))

    def fits(d, link):
        p = link["player"]
        free = -1 in d.szone[p][:5]
        return [c for c in cards(d, link) if free or d.data[c].subtype == "field"]

    def set_it(d, link):
        from .flow import set_spell_trap
        for c in link["vars"].get(into, ()):
            if d.loc[c] == HAND:
                set_spell_trap(d, c, link["player"])
    return when(room, ask_yesno("Set a Spell/Trap Card from your hand?", into + "?"),
                when(lambda d, link: link["vars"].get(into + "?"),
                     choose(fits, into=into, prompt="choose a Spell/Trap Card to Set"),
                     set_it))


# ------------------------------------------------------------------ counting turns
def start_turn_count(d, link):
    """A step: this card's turns are counted from now (`d.turn_in[card]`; scenarios set it with
    `since_turn`): Swords of Revealing Light, Wave-Motion Cannon."""
    c = link["card"]
    if d.mid[c] == link["cmid"]:
        d.turn_in[c] = d.turn


def delay(apply, payload=None, turns=0, standby=False):
    """A step: in the End Phase of this turn (+turns), `apply(duel, player, payload)` is done
    once, with no Chain, whatever happened to the card meanwhile (the effect's own function,
    so that a copied effect works too: Serial Spell). `payload(duel, link)` gives what it
    needs to know, as an immutable value (the monsters the effect Summoned, with their
    identities...). With `standby`, at the start of that turn's Standby Phase instead, and
    `turns` may be a function (duel, link) -> int (Lightforce Sword: the opponent's 4th
    Standby Phase)."""
    key = "delayed_standby" if standby else "delayed"

    def step(d, link):
        data = None if payload is None else payload(d, link)
        n = turns(d, link) if callable(turns) else turns
        d.pflags.append((link["player"], (key, apply, data), d.turn + n))
    return step


def summoned_refs(into="summoned"):
    """A `delay` payload: the monsters a `special_summon(..., into=...)` step Summoned, with
    their identities."""
    return lambda d, link: tuple((c, d.mid[c]) for c in summoned(into)(d, link))


def destroy_delayed(d, player, payload):
    """A delayed effect (`delay`): destroy the monsters of payload ((card, identity) pairs)
    still on the field as they were (Summoner of Illusions' Fusion Monster)."""
    cards = [c for c, mid in payload or () if d.mid[c] == mid and d.loc[c] == MZONE]
    if cards:
        d.destroy(cards, K.R_EFFECT, player)


def banish_until_end_phase(sel):
    """Banish the selected monsters until the End Phase of this turn: then each returns to the
    field of the player who controlled it, in the position it had (not a Summon, no Chain
    Link); with no free Main Monster Zone it goes to the Graveyard (Strike Ninja)."""
    def step(d, link):
        was = [(c, d.ctrl[c], d.pos[c]) for c in sel(d, link) if d.loc[c] == MZONE]
        if not was:
            return
        d.send([c for c, _, _ in was], K.BANISHED, K.R_EFFECT, link["player"])
        back = tuple((c, d.mid[c], p, pos) for c, p, pos in was if d.loc[c] == K.BANISHED)
        if back:
            d.pflags.append((link["player"], ("delayed", return_to_field, back), d.turn))
    return step


def return_to_field(d, player, payload):
    """A delayed effect: each banished card of payload ((card, identity, controller, position))
    still banished as it was comes back to that player's field (banish_until_end_phase)."""
    for c, mid, p, pos in payload:
        if d.mid[c] != mid or d.loc[c] != K.BANISHED:
            continue
        if d.free_mzones(p):
            d.serial += 1
            d.place(c, MZONE, p, seq=d.free_mzones(p)[0], pos=pos)
            d.write(f"{d.card(c)} returns to {d.names[p]}'s field")
        else:
            d.send([c], GY, K.R_RULE, p)


# =========================================================================== Goat parts
# Reusable parts for the mechanics of the 2005 cards (tokens, banishing, counters, card-links,
# attack rules, ...). Each is a selector, a filter, a condition or a step like the ones above.

TYPES = ("Aqua", "Beast", "Beast-Warrior", "Dinosaur", "Dragon", "Fairy", "Fiend", "Fish",
         "Insect", "Machine", "Plant", "Psychic", "Pyro", "Reptile", "Rock", "Sea Serpent",
         "Spellcaster", "Thunder", "Warrior", "Winged Beast", "Wyrm", "Zombie", "Cyberse",
         "Divine-Beast")
TYPES_2005 = tuple(t for t in TYPES if t not in ("Psychic", "Wyrm", "Cyberse"))


# ------------------------------------------------------------------ selectors and filters
def this_card_here(d, link):
    """This card, if it is still the face-up monster it was when the effect was activated."""
    c = link["card"]
    return [c] if d.mid[c] == link["cmid"] and d.loc[c] == MZONE and d.faceup(c) else []


def can_turn_facedown(d, c):
    """A face-up monster on the field that may be turned face-down (not a Token, not a Link
    Monster, not a Trap Card Summoned as a monster: Embodiment of Apophis)."""
    data = d.data[c]
    return d.loc[c] == MZONE and not d.pos[c] & FACEDOWN and "token" not in data.frames and \
        not data.link_arrows and data.is_monster and \
        not ("no_monster_set" in d.static_index and d.has_static("no_monster_set"))


def excluding_this(sel):
    """sel without the effect's own card."""
    return lambda d, link: [c for c in sel(d, link) if c != link["card"]]


# ------------------------------------------------------------------ conditions
def not_summoned_this_turn(d, link):
    return d.summoned[link["player"]] != d.turn


def free_zones(n=1, who=YOU):
    """A condition: the player has at least n free Main Monster Zones."""
    return lambda d, link: all(len(d.free_mzones(p)) >= n for p in _players(link, who))


def free_spell_zone(d, link):
    """A condition: the player has a free Spell & Trap Zone (an equipped monster goes there)."""
    return -1 in d.szone[link["player"]][:5]


# ------------------------------------------------------------------ banishing
def banish(sel, reason=K.R_EFFECT):
    """Banish the selected cards (face-up: the banished pile is public)."""
    return send_to(sel, K.BANISHED, reason)


def banish_cost(sel):
    """A cost: banish the selected cards."""
    return send_to(sel, K.BANISHED, K.R_COST)


# ------------------------------------------------------------------ the hand
def _discard_step(into, reason, who=YOU):
    def step(d, link):
        cards = [c for c in link["vars"].get(into, ()) if d.loc[c] == HAND]
        if cards:
            d.send(cards, GY, reason | K.R_DISCARD, link["player"])
    step.discards = None if reason & K.R_COST else who      # (makes_discard)
    return step


def discard(n=1, who=YOU, filter=None, into="discarded", cost=False, prompt=None):
    """The player `who` discards n cards of their choice (matching filter); as a cost with
    `cost=True` (check with can_pay=can_discard(n))."""
    sel = pile(HAND, who, filter)
    if cost:
        sel = excluding_this(sel)
    return (choose(sel, n, into=into, who=who,
                   prompt=prompt or f"discard {n} card{'s' if n > 1 else ''}"),
            _discard_step(into, K.R_COST if cost else K.R_EFFECT, who))


def can_discard(n=1, filter=None):
    """can_pay: the player holds n cards (matching filter) besides the card being used."""
    def ok(d, link):
        k = 0
        for c in d.hand[link["player"]]:
            if c != link["card"] and (filter is None or filter(d, c)):
                k += 1
                if k >= n:
                    return True
        return False
    return ok


def discard_random(n=1, who=OPP, into="discarded", cost=False):
    """The player `who` discards n cards picked at random (the duel's seeded generator) from
    their hand, unseen by anyone (as a cost with `cost=True`: Jowgen the Spiritualist)."""
    def step(d, link):
        out = []
        for p in _players(link, who):
            for _ in range(n):
                hand = [c for c in d.hand[p] if c not in out]
                if not hand:
                    break
                out.append(hand[d.rng.below(len(hand))])
        link["vars"][into] = tuple(out)
        if out:
            d.write(f"Discarded at random: {d.cards(out)}")     # (hidden until they move)
            d.send(out, GY, (K.R_COST if cost else K.R_EFFECT) | K.R_DISCARD, link["player"])
    step.discards = who
    return step


# ------------------------------------------------------------------ Tributes as a cost
def tribute(sel, n=1, into="tributed", prompt=None, with_this=False):
    """A cost: Tribute n of the selected monsters (sent to the GY; a Token ceases to exist).
    The chosen cards stay in vars[into] (their facts, e.g. the Level, may be read later), and
    their ATK/DEF as they were on the field just before in vars[into + "_stats"] ((atk, def)
    pairs: Mystik Wok). `with_this`: this card is Tributed with them ("Tribute this card and 1
    other monster": Hand of Nephthys). A monster that "cannot be Tributed" (the card rule
    `no_tribute`: Mind Control) is never offered."""
    def send(d, link):
        cards = [c for c in link["vars"].get(into, ()) if d.loc[c] == MZONE]
        if with_this and d.loc[link["card"]] == MZONE:
            cards.append(link["card"])
        if cards:
            link["vars"][into + "_stats"] = tuple((d.atk(c), d.def_(c)) for c in cards)
            d.send(cards, GY, K.R_TRIBUTE | K.R_COST, link["player"])
    send.tributes = True
    return (choose(_tribute_ok(sel), n, into=into,
                   prompt=prompt or f"Tribute {n} monster{'s' if n > 1 else ''}"), send)


def tributable(who=YOU, filter=None):
    """Selector: the monsters the player controls that may be Tributed for a cost now (not one
    that "cannot be Tributed" this turn: Mind Control's card rule `no_tribute`)."""
    sel = monsters(who, filter=filter)

    def s(d, link):
        cards = sel(d, link)
        if d.cflags:
            cards = [c for c in cards if not d.card_flag(c, "no_tribute")]
        return cards
    return s


def _tribute_ok(sel):
    """sel without the monsters that cannot be Tributed (the card rule `no_tribute`: Mind
    Control)."""
    def s(d, link):
        cards = sel(d, link)
        if not d.cflags:
            return cards
        return [c for c in cards if not d.card_flag(c, "no_tribute")]
    return s


def can_tribute(n=1, sel=None):
    """can_pay for a Tribute cost: the player controls n monsters that may be Tributed (of sel;
    default: every monster they control, this card too)."""
    pick = _tribute_ok(sel if sel is not None else monsters(YOU))
    return lambda d, link: len(pick(d, link)) >= n


# ------------------------------------------------------------------ positions
def set_facedown(sel):
    """Change the selected face-up monsters to face-down Defense Position (Tokens and Link
    Monsters cannot be: they stay as they are)."""
    def step(d, link):
        for c in sel(d, link):
            if can_turn_facedown(d, c):
                name = d.card(c)        # (named as it was: everyone saw it face-up)
                d.set_position(c, K.FACEDOWN_DEFENSE)
                if d.pos[c] & K.FACEDOWN:      # (not a monster unaffected by the effect)
                    d.write(f"{name} is changed to face-down Defense Position")
    return step


# ------------------------------------------------------------------ counters
def add_counter(sel, kind="spell", n=1, limit=None):
    """Put n counters of `kind` on each selected face-up card (at most `limit` in all; by
    default the most its script says it holds)."""
    def step(d, link):
        for c in sel(d, link):
            d.add_counter(c, kind, n, limit if limit is not None else counter_most(d, c, kind))
    return step


def counter_most(d, c, kind):
    """The most counters of `kind` card c may hold (its script's `extra={"counters": {kind:
    most}}`), None for no maximum."""
    s = d.data[c].script
    kinds = s.extra.get("counters") if s is not None else None
    return kinds.get(kind) if isinstance(kinds, dict) else None


def can_hold_counter(kind="spell"):
    """A filter: a face-up card that can hold counters of `kind` (its script's
    `extra={"counters": {kind: most}}`; most None: no maximum) and has room for one more
    (Apprentice Magician)."""
    def ok(d, c):
        s = d.data[c].script
        kinds = s.extra.get("counters") if s is not None else None
        if not kinds or kind not in kinds or not d.faceup(c):
            return False
        most = counter_most(d, c, kind)
        return most is None or d.counter(c, kind) < most
    return ok


def remove_counter(kind="spell", n=1, sel=None):
    """A cost: remove n counters of `kind` from this card (or from each selected card)."""
    def step(d, link):
        for c in (sel(d, link) if sel is not None else (link["card"],)):
            d.remove_counter(c, kind, n)
    return step


def remember(key, value):
    """Keep a number on this card while it stays face-up on the field (`value(duel, link)`:
    the LP paid for Wall of Revealing Light). It is kept with the counters (public; dropped
    when the card leaves the field or turns face-down); read it with `Duel.counter(c, key)`."""
    def step(d, link):
        c = link["card"]
        if d.loc[c] & FIELD and d.faceup(c) and d.mid[c] == link["cmid"]:
            d.counters[(c, key)] = value(d, link)
    return step


def change_attribute(sel, key="declared"):
    """A step: the selected face-up monsters' Attribute becomes the one in vars[key] (a
    `declare` step's answer) while they stay face-up on the field (kept with the counters,
    public: Duel.attribute reads it): Homunculus the Alchemic Being."""
    def step(d, link):
        att = link["vars"].get(key)
        if att not in K.ATTRIBUTES:
            return
        for c in sel(d, link):
            if d.loc[c] == MZONE and d.faceup(c):
                d.counters[(c, "attribute")] = K.ATTRIBUTES.index(att) + 1   # (never 0)
                d.write(f"{d.card(c)} becomes {att}")
    return step


def has_counter(kind="spell", n=1):
    """can_pay / condition: this card holds at least n counters of `kind`."""
    return lambda d, link: d.counter(link["card"], kind) >= n


# ------------------------------------------------------------------ declarations
def declare(choices, into="declared", who=YOU, prompt="declare"):
    """The player declares one of `choices` (strings, or a function (duel, link) -> strings):
    a Type, an Attribute, a number, a card name. Asked as `declare TEXT`; stored in
    vars[into] and written to the log (a declaration is public)."""
    def ask_step(d, link):
        opts = choices(d, link) if callable(choices) else choices
        p = link["player"] if who == YOU else 1 - link["player"]
        ask(d, link, Decision(p, K_DECLARE, [Option("declare", (), x) for x in opts],
                              f"{d.name(link['card'])}: {prompt}", link["card"]), into)

    def log_step(d, link):
        v = link["vars"].get(into)
        if v is not None:
            who_p = link["player"] if who == YOU else 1 - link["player"]
            d.write(f"{d.names[who_p]} declares {v}")
    return (ask_step, log_step)


def card_names(d, link) -> list:
    """The card names a player may declare ("declare a card name": Archfiend's Oath,
    Prohibition): those of the cards in this duel (the deck lists count as known), Tokens
    aside, in name order. Declaring a name no card of the duel has would change nothing."""
    return sorted({data.name for data in d.data if not data.has_frame("token")})


def declared_type(key="declared"):
    """Filter factory reading a declared Type from vars at resolution: use in a selector."""
    def sel_filter(d, link):
        t = link["vars"].get(key)
        return lambda d2, c: d2.data[c].type == t
    return sel_filter


# ------------------------------------------------------------------ negation
def negate_effects(sel, turns=0):
    """Negate the effects of the selected face-up monsters until the end of this turn (+turns)
    (Duel.is_negated reads it; a monster that moves or turns face-down is a new card)."""
    def step(d, link):
        for c in sel(d, link):
            if d.loc[c] == MZONE and d.faceup(c):
                d.flag_card(c, "negated", d.turn + turns)
                d.write(f"The effects of {d.card(c)} are negated")
    return step


# ------------------------------------------------------------------ Tokens
def free_tokens(d, p, name, n):
    """Up to n Token cards named `name` that player p owns and that are not on the field
    (made ready at set-up: api.add_tokens, from the script's extra["tokens"])."""
    out = []
    for c in range(len(d.data)):
        if not d.loc[c] and d.owner[c] == p and d.data[c].name == name:
            out.append(c)
            if len(out) == n:
                break
    return out


def tokens(name, count, pos=K.DEFENSE, who=YOU, exempt=False):
    """Special Summon `count` Tokens named `name` (in position `pos`; None: asked) onto the
    field of `who` (OPP: the opponent's field, the effect's player Summoning them: Ojama Trio).
    The card's script must list the Token in `extra={"tokens": (name,)}`."""
    def step(d, link):
        p = link["player"] if who == YOU else 1 - link["player"]
        n = min(count, len(d.free_mzones(p)))
        cards = tuple(free_tokens(d, p, name, n))
        if cards:
            push(d, "special_summon", cards=cards, player=p, pos=pos, how=K.SUM_SPECIAL,
                 by=link["player"], src=link["card"], **({"exempt": True} if exempt else {}))
    step.summons = True
    return step


# ------------------------------------------------------------------ equipping a monster
def equip_monster(sel, to=None, keep_face_down=False):
    """Equip the selected monster (one) to this card (or to `to(d, link)`'s first card) as
    an Equip Card: it moves to its new controller's Spell & Trap Zone, face-up (Thousand-Eyes
    Restrict today); with `keep_face_down` a face-down monster stays face-down there (2005's
    Thousand-Eyes Restrict: its ATK/DEF then become 0). Nothing happens without a free Spell &
    Trap Zone or if either left."""
    def step(d, link):
        holders = to(d, link) if to is not None else this_card_here(d, link)
        cards = [c for c in sel(d, link) if d.loc[c] == MZONE]
        if not holders or not cards:
            return
        h = holders[0]
        p = d.ctrl[h]
        c = cards[0]
        if -1 not in d.szone[p][:5]:
            return
        d.serial += 1
        down = keep_face_down and d.pos[c] & FACEDOWN
        d.place(c, K.SZONE, p, pos=K.FACEDOWN if down else K.FACEUP)
        d.attach_equip(c, h, " face-down as an Equip Card" if down else " as an Equip Card")
        d.drop_equips()
    return step


def equipped_to(d, c) -> list:
    """The cards equipped to monster c (Equip Cards and monsters equipped as cards)."""
    mid = d.mid[c]
    return [e for p in (0, 1) for e in d.sts[p] if d.equip[e] is not None and
            d.equip[e][0] == c and d.equip[e][1] == mid]


# ------------------------------------------------------------------ card-links
def bind(sel, mode):
    """Bind this card to the (first) selected monster: "that monster" (Call of the Haunted,
    Premature Burial, Snatch Steal); `mode` is const BIND_* flags (what ends with what).
    With BIND_CONTROL the monster's controller before the effect gets it back when this card
    leaves the field."""
    def step(d, link):
        b = link["card"]
        if not d.loc[b] & K.FIELD or d.mid[b] != link["cmid"]:
            return
        for c in sel(d, link):
            if d.loc[c] == MZONE:
                prev = link["vars"].get("control_from", d.owner[c])
                d.bind(b, c, mode, prev)
                return
    return step


def bound_monster(d, link):
    """The monster this card is bound to (as a selector)."""
    t = d.bound_to(link["card"])
    return [t] if t >= 0 else []


def hold(sel, ends=K.WHILE_FACEUP):
    """This card keeps the selected cards as "the selected cards" of its continuous effect
    (persistent targets, any number: Xing Zhen Hu's two Set cards, the attackers Mirror Wall
    halves), as long as this card stays where it is (a rule on each held card, named by this
    card's identity: it lapses when this card moves or is turned face-down) and each held card
    does: `ends`, the events that end it on the held card (const.End; by default it leaving
    the field or being turned face-down). Read with `holds` / `held`."""
    def step(d, link):
        src = link["card"]
        if not d.loc[src] & FIELD or d.mid[src] != link["cmid"]:
            return
        for c in sel(d, link):
            d.flag_card(c, ("held_by", src, d.mid[src]), K.FOREVER, ends)
    return step


def holds(d, src, c) -> bool:
    """Does card src (as it is now) hold card c (as it is now)? (`hold`; a continuous rule's
    apply: `lambda d, src, c: holds(d, src, c)`)"""
    return bool(d.cflags) and d.card_flag(c, ("held_by", src, d.mid[src]))


def held(d, link) -> list:
    """Selector: the cards this card holds now (`hold`)."""
    src = link["card"]
    key = ("held_by", src, d.mid[src])
    return [x[0] for x in d.cflags if x[2] == key and d.mid[x[0]] == x[1]]


# ------------------------------------------------------------------ attack rules
def card_rule(sel, name, turns=0, ends=None):
    """A rule on each selected card until the end of this turn (+turns): "no_attack" (it
    cannot attack), "attack_again" (it may attack once more, in a row), "negated". `ends`:
    the events that end it (const.End; by default K.THIS_TURN: it ends when the card leaves
    the field or is turned face-down)."""
    def step(d, link):
        for c in sel(d, link):
            if d.loc[c] & K.FIELD:
                d.flag_card(c, name, d.turn + turns, ends)
    return step


def has_not_attacked(d, link):
    """A condition: this card did not declare an attack this turn."""
    return d.attacked[link["card"]] != d.turn


# ------------------------------------------------------------------ "the turn you activate"
def oath(key, who=YOU):
    """A cost: a rule on the player for the rest of the turn (a player flag: "no_summon",
    "no_battle_phase"...) that applies even if the effect is negated, but not if the
    activation is (flow.resolve lifts it then)."""
    def step(d, link):
        for p in _players(link, who):
            x = (p, key, d.turn)
            d.pflags.append(x)
            link["vars"]["oath"] = link["vars"].get("oath", ()) + (x,)
    return step


# ------------------------------------------------------------------ the Deck
def shuffle_into_deck(sel):
    """Shuffle the selected cards into their owners' Decks."""
    def step(d, link):
        cards = sel(d, link)
        if cards:
            d.send(cards, DECK, K.R_EFFECT, link["player"])
            for p in sorted({d.owner[c] for c in cards}):
                d.shuffle_deck(p)
    return step


def to_deck(sel, bottom=False):
    """Put the selected cards on top (or at the bottom) of their owners' Decks, unshuffled
    (an Extra Deck monster goes back to the Extra Deck, a Token ceases to exist): Phoenix
    Wing Wind Blast, Good Goblin Housekeeping."""
    def step(d, link):
        cards = sel(d, link)
        if cards:
            d.send(cards, DECK, K.R_EFFECT, link["player"], top=not bottom)
    return step


def hand_into_deck(who=OPP, then_draw=None):
    """The player(s) shuffle their whole hand into the Deck, then draw `then_draw` cards (None:
    as many as they shuffled in): Heavy Slump (2), Disturbance Strategy."""
    def step(d, link):
        for p in _players(link, who):
            hand = list(d.hand[p])
            if hand:
                d.send(hand, DECK, K.R_EFFECT, link["player"])
            d.shuffle_deck(p)
            n = len(hand) if then_draw is None else then_draw
            if n:
                d.draw(p, n)
    return step


# ======================================================================= Goat monster parts
# Battles (the monster this card battles, battle damage it inflicts), coin tosses, recruiting
# from the Deck with 2005's "may be activated with nothing to find" (R1 in docs/goat-cards.md),
# whole-hand discards (the Effect Monsters of the Goat decks).

# ------------------------------------------------------------------ battles
def _battle_sides(d, c):
    """(this card's identity in the attack under way, the other monster, its identity), or
    None when card c is not in it (a direct attack has no other monster: -1)."""
    a = d.attack
    if a is None:
        return None
    atk, tgt, _, amid, tmid = a
    if c == atk and d.mid[c] == amid:
        return amid, tgt, tmid
    if c == tgt and d.mid[c] == tmid:
        return tmid, atk, amid
    return None


def battle_partner(d, c) -> int:
    """The monster card c is battling in the attack under way (-1: none, or a direct attack);
    for continuous rules, which have no link (Cipher Soldier)."""
    s = _battle_sides(d, c)
    return -1 if s is None or s[1] < 0 or d.mid[s[1]] != s[2] else s[1]


def battled(d, link):
    """The monster this card is battling (the other side of the attack under way), if it is
    still that card on the field."""
    s = _battle_sides(d, link["card"])
    if s is None or s[1] < 0:
        return []
    o = s[1]
    return [o] if d.mid[o] == s[2] and d.loc[o] == MZONE else []


def other_battler(d, link):
    """The monster this card battled in the battle under way, wherever this card is now (in the
    Graveyard after that battle destroyed it: "the monster that destroyed this card"), if it
    is still that monster on the field (Yomi Ship)."""
    a = d.attack
    c = link["card"]
    if a is None or a[1] < 0 or c not in (a[0], a[1]):
        return []
    o, omid = (a[1], a[4]) if c == a[0] else (a[0], a[3])
    return [o] if d.mid[o] == omid and d.loc[o] == MZONE else []


def battles_opponent(d, link):
    """A condition: this card is battling a monster its opponent controls."""
    o = battled(d, link)
    return bool(o) and d.ctrl[o[0]] != d.ctrl[link["card"]]


def inflicts_battle_damage(direct=False):
    """A trigger condition on EV_DAMAGE: this card inflicted battle damage to its opponent
    (`direct`: by a direct attack)."""
    def cond(d, link):
        ev = link.get("event")
        c = link["card"]
        if ev is None or ev[0] != K.EV_DAMAGE or not ev[4] & K.R_BATTLE or \
                ev[3] == d.ctrl[c] or d.loc[c] != MZONE:
            return False
        s = _battle_sides(d, c)
        if s is None:
            return False
        return s[1] < 0 if direct else True
    return cond


def destroys_by_battle(d, link):
    """A trigger condition: the monster this card is battling has been destroyed by that
    battle; on EV_AFTER_CALC (at the end of the damage calculation, the monster still on the
    field: 2005's Zombyra) or on EV_BATTLE_DESTROYED (sent to the Graveyard: "when this card
    destroys a monster by battle"). This card is still on the field, face-up."""
    ev = link.get("event")
    c = link["card"]
    if ev is None or d.loc[c] != MZONE or not d.faceup(c):
        return False
    s = _battle_sides(d, c)
    if s is None or s[1] < 0:
        return False
    if ev[0] == K.EV_BATTLE_DESTROYED:
        return ev[1] == s[1]
    return (s[1], s[2]) in d.battle_destroyed


def tribute_summoned(d, link):
    """A trigger condition on EV_NORMAL_SUMMONED: this card was Tribute Summoned (face-up;
    a Set with Tributes is not: the Monarchs). The Summon is this card's own (another
    monster's Normal Summon later does not trigger it again)."""
    c = link["card"]
    ev = link.get("event")
    return d.summon[c] == K.SUM_TRIBUTE and (ev is None or ev[1] == c)


def won_battle_this_turn(d, link):
    """A condition: this card (as it is now, face-up on the field) destroyed a monster by
    battle this turn, attacking or attacked: a monster it battled this turn was destroyed by
    battle in its last battle (the End Phase level-ups of Mystic Swordsman LV2 and Horus)."""
    c = link["card"]
    if d.loc[c] != MZONE or not d.faceup(c):
        return False
    mid = d.mid[c]
    log = [e for e in d.attack_log if e[0] == d.turn]
    for i, e in enumerate(log):
        if e[3] < 0:
            continue
        if e[1] == c and e[2] == mid:
            o = e[3]
        elif e[3] == c and e[4] == mid:
            o = e[1]
        else:
            continue
        if d.loc[o] & MZONE or not d.moved(o, K.R_BATTLE | K.R_DESTROY, d.turn):
            continue
        if not any(o in (x[1], x[3]) for x in log[i + 1:]):     # its last battle
            return True
    return False


def destroyed_by_battle(d, link):
    """A condition: this card has been destroyed by the battle under way (after damage
    calculation, before it is sent to the Graveyard)."""
    c = link["card"]
    return (c, d.mid[c]) in d.battle_destroyed


def while_face_up(*steps):
    """Run `steps` only if this card is still the face-up card on the field that activated the
    effect: "as long as this card remains face-up on the field, ..." (Ryu Senshi's negation).
    The general rule (docs/engine.md, "What ends what"): an activated effect resolves even if
    its card has left the field or been turned face-down meanwhile (Dark Balter the
    Terrible's negation, a FLIP effect after Book of Moon), unless its text ties it to the card
    staying face-up on the field, which is what this step says."""
    def step(d, link):
        if this_card_here(d, link):
            push(d, "steps", lid=_lid(d, link), steps=tuple(steps))
        else:
            name = d.name(link["card"])     # public: the card was activated face-up
            d.write(f"{name} is no longer face-up on the field: its effect does nothing")
    step.then = tuple(steps)
    return step


def this_card_still(d, link):
    """This card, if it has not moved since the effect was activated (wherever it is)."""
    c = link["card"]
    return [c] if d.mid[c] == link["cmid"] and d.loc[c] else []


# ------------------------------------------------------------------ coins
def call_coin(into="right", who=YOU):
    """The player calls a coin toss (`call heads` / `call tails`), then the coin is tossed
    (the duel's seeded generator); vars[into] = whether the call was right."""
    def ask_step(d, link):
        p = link["player"] if who == YOU else 1 - link["player"]
        ask(d, link, Decision(p, K_CALL, [Option("call", (), "heads"), Option("call", (), "tails")],
                              f"{d.name(link['card'])}: call the coin toss", link["card"]),
            into + "_called")

    def toss_step(d, link):
        called = link["vars"].get(into + "_called")
        result = "heads" if d.rng.coin() == 0 else "tails"
        link["vars"][into] = called == result
        d.write(f"Coin toss: {result} ({'right' if called == result else 'wrong'} call)")
    return (ask_step, toss_step)


def roll_dice(n=1, into="dice"):
    """Roll n six-sided dice (the duel's seeded generator); vars[into] = the results, in the
    order rolled."""
    def step(d, link):
        results = tuple(d.rng.die() for _ in range(n))
        link["vars"][into] = results
        d.write(f"{d.card(link['card'])}: die roll{'s' if n > 1 else ''} "
                f"{', '.join(map(str, results))}")
    return step


def halve_lp(who=YOU):
    """The player(s) lose half their LP (rounded down: 4050 LP become 2025, 2025 become
    1013). Not damage, not a payment."""
    def step(d, link):
        for p in _players(link, who):
            lost = d.lp[p] // 2
            if lost:
                d.lp[p] -= lost
                d.serial += 1
                d.write(f"{d.names[p]} loses {lost} LP, half their LP (LP {d.lp[p]})")
    return step


def toss_coins(n, into="heads"):
    """Toss n coins (the duel's seeded generator); vars[into] = how many came up heads."""
    def step(d, link):
        results = ["heads" if d.rng.coin() == 0 else "tails" for _ in range(n)]
        link["vars"][into] = results.count("heads")
        d.write(f"Coin toss{'es' if n > 1 else ''}: {', '.join(results)}")
    return step


# ------------------------------------------------------------------ the Deck and the hand
def confirm_deck(who=YOU, hand=False):
    """The player shows their Deck (and hand) to confirm that nothing in it could be found
    (2005's R1: a search or recruit that finds nothing), then shuffles the Deck."""
    def step(d, link):
        for p in _players(link, who):
            d.write(f"{d.names[p]} shows their {'hand and ' if hand else ''}Deck: "
                    "nothing to find")
            d.shuffle_deck(p)
    return step


def recruit(filter, where=DECK, pos=None, into="recruited", prompt=None,
            confirm=False, how=K.SUM_SPECIAL, n=1, proper=False):
    """Special Summon 1 monster matching filter from the player's Deck (or hand and Deck:
    where=DECK | HAND) to their field (position `pos`, or asked), then shuffle the Deck. With
    nothing to Summon, `confirm` shows the Deck (2005's R1) before shuffling it. Nothing is
    Summoned without a free Main Monster Zone. `n`: 1 to n monsters (n=None: as many as there
    are free zones; never more than that: Nimble Momonga). where may include GY (Skilled Dark
    Magician). `proper`: the monsters count as properly Summoned (a LV monster's level-up)."""
    def cands(d, link):
        p = link["player"]
        if not d.free_mzones(p):
            return []
        out = []
        for loc, pile_ in ((HAND, d.hand[p]), (DECK, d.deck[p]), (GY, d.gy[p])):
            if where & loc:
                out.extend(c for c in pile_ if d.data[c].is_monster and filter(d, c))
        return out

    def after(d, link):
        p = link["player"]
        if not link["vars"].get(into) and confirm:
            confirm_deck(YOU, bool(where & HAND))(d, link)
        elif where & DECK:
            d.shuffle_deck(p)
    def count(d, link):
        room = len(d.free_mzones(link["player"]))
        return room if n is None else min(n, room)
    summon = special_summon(chosen(into), pos=pos, how=how, proper=proper)
    return (choose(cands, count if n != 1 else 1, least=1, into=into,
                   prompt=prompt or "choose a monster to Special Summon"),
            summon, after)


def discard_hand(who=ANY):
    """Each selected player discards their whole hand (at the same time)."""
    def step(d, link):
        cards = [c for p in _players(link, who) for c in d.hand[p]]
        if cards:
            d.send(cards, GY, K.R_EFFECT | K.R_DISCARD, link["player"])
    step.discards = who
    return step


# ===================================================================== Goat Effect Monsters
# Parts for the Effect Monsters of the Goat pool beyond the six decks: how a card came where
# it is, effects usable once per Duel, lasting ATK/DEF changes, who Summoned a monster.

# ------------------------------------------------------------------ how a card came here
def sent_this_turn(reason=0, came_from=0):
    """A condition: this card came where it is this turn by a move with all the `reason` bits
    (K.R_DESTROY, K.R_EFFECT, K.R_BATTLE...) from a place in `came_from` (e.g. K.MZONE, FIELD;
    0: anywhere) (Duel.moved): "if it was destroyed on the field and sent to the GY this
    turn" (Twin-Headed Behemoth)."""
    return lambda d, link: d.moved(link["card"], reason, d.turn, came_from)


def sent_by_opponent(reason=K.R_EFFECT, came_from=0):
    """A trigger condition on an event that moved this card (EV_TO_GY...): it was moved by a
    card of its owner's opponent (the event's player), for a reason with all the `reason` bits
    (R_EFFECT: "by an opponent's card effect"; R_EFFECT | R_DISCARD: discarded by one), from a
    place in `came_from` (HAND, HAND | DECK; 0: anywhere): Neko Mane King, Electric Snake,
    Regenerating Mummy, Fear from the Dark."""
    def cond(d, link):
        ev = link.get("event")
        c = link["card"]
        return ev is not None and ev[1] == c and ev[3] == 1 - d.owner[c] and \
            ev[4] & reason == reason and (not came_from or bool(ev[6][0] & came_from))
    return cond


def summoned_by_effect_of(filter=None):
    """A trigger condition on EV_SPECIAL_SUMMONED: this card was Special Summoned by the effect
    of a card (this card itself when `filter` is None; else a card matching filter(d, c))."""
    def cond(d, link):
        ev = link.get("event")
        if ev is None or ev[0] != K.EV_SPECIAL_SUMMONED or ev[1] != link["card"]:
            return False
        by = ev[6]
        if by is None or by < 0:
            return False
        return by == link["card"] if filter is None else filter(d, by)
    return cond


def first_of_batch(test):
    """A trigger condition for "each time one or more cards ...": the event passes
    test(duel, event), and no event of the same action (the same serial) has queued this
    card's trigger already (two Beasts destroyed together: Maji-Gire Panda gains 500 once)."""
    def cond(d, link):
        ev = link.get("event")
        if ev is None or not test(d, ev):
            return False
        c = link["card"]
        return not any(t[0] == c and t[2][0] == ev[0] and t[2][5] == ev[5] for t in d.trig_q)
    return cond


# ------------------------------------------------------------------ once per Duel
def _duel_key(d, link, by_name):
    c = link["card"]
    return (link["player"], ("once_per_duel", d.data[c].name if by_name else c))


def unused_in_duel(by_name=False):
    """A condition: this effect was not used yet in this Duel (by this copy of the card, or
    with `by_name` by any card of its name of this player). Mark it with `use_in_duel` as a
    cost."""
    def cond(d, link):
        p, key = _duel_key(d, link, by_name)
        for q, k, _ in d.pflags:
            if k == key and q == p:
                return False
        return True
    return cond


def use_in_duel(by_name=False):
    """A cost step: this effect is used for the rest of the Duel (see unused_in_duel)."""
    def step(d, link):
        p, key = _duel_key(d, link, by_name)
        d.pflags.append((p, key, K.FOREVER))
    return step


# ------------------------------------------------------------------ lasting ATK/DEF
def set_base_stats(sel, atk=None, def_=None):
    """The selected face-up monsters' ATK and/or DEF become `atk`/`def_` (in place of the
    printed values; other changes still apply on top) for as long as they stay face-up on the
    field (Twin-Headed Behemoth)."""
    def step(d, link):
        for c in sel(d, link):
            if d.loc[c] == MZONE and d.faceup(c):
                data = d.data[c]
                d.add_mod(c, 0 if atk is None else atk - data.atk,
                          0 if def_ is None else def_ - data.def_, K.FOREVER)
                d.write(f"{d.card(c)} is now {d.atk(c)}/{d.def_(c)}")
    return step


def search(filter, n=1, who=YOU, into="found", prompt=None, shuffle=True, confirm=False):
    """Add n cards (matching filter) from the player's Deck to their hand (shown to both
    players), then shuffle the Deck. Nothing is found if nothing fits; with `confirm` (2005's
    R1) the Deck is then shown to confirm it (Iron Blacksmith Kotetsu)."""
    sel = pile(DECK, who, filter)
    steps = (choose(sel, n, into=into, who=who, prompt=prompt or "choose a card to add"),
             to_hand(chosen(into)))
    if confirm:
        return steps + (when(lambda d, link: not link["vars"].get(into), confirm_deck(who)),
                        when(lambda d, link: bool(link["vars"].get(into)), shuffle_deck(who)))
    return steps + ((shuffle_deck(who),) if shuffle else ())


def excavate_until(filter, into="excavated", found="found"):
    """Turn over cards from the top of the player's Deck until one matching filter appears
    (both players see them); vars[found] = that card (or nothing), vars[into] = the others."""
    def step(d, link):
        p = link["player"]
        seen, hit = [], ()
        for c in d.top_cards(p):
            if filter(d, c):
                hit = (c,)
                break
            seen.append(c)
        shown = seen + list(hit)
        if shown:                   # turned over: both players see them
            d.reveal(shown, head=f"{d.names[p]} excavates")
        else:
            d.write(f"{d.names[p]} excavates nothing (the Deck is empty)")
        link["vars"][into] = tuple(seen)
        link["vars"][found] = hit
    return step


# ------------------------------------------------------------------ zones
def lock_zones(count, who=OPP, into="zones"):
    """While resolving: the player picks up to `count` empty Main Monster Zones of `who`'s
    field, one at a time (`zone m3`, named as that field's owner sees them; `pass` stops after
    the first), and those zones cannot be used while this card stays face-up on the field
    (Duel.lock_zones: Ojama King)."""
    from .flow import zone_options

    def field(link):
        return link["player"] if who == YOU else 1 - link["player"]

    def ask_step(i):
        def step(d, link):
            if link["vars"].get(into + "_done"):
                return
            q = field(link)
            taken = link["vars"].get(into, ())
            free = [z for z in d.free_mzones(q) if z not in taken]
            if not free:
                link["vars"][into + "_done"] = True
                return
            opts = zone_options(free) + ([Option("pass")] if i else [])
            ask(d, link, Decision(link["player"], K_ZONE, opts,
                                  f"{d.name(link['card'])}: choose a zone of "
                                  f"{d.names[q]}'s that cannot be used", link["card"]),
                into + "_pick")
        return step

    def take_step(d, link):
        v = link["vars"]
        if v.get(into + "_done"):
            return
        pick = v.pop(into + "_pick", None)
        if pick is None:        # `pass`: no more zones
            v[into + "_done"] = True
            return
        v[into] = v.get(into, ()) + (int(pick[1]) - 1,)

    def lock(d, link):
        c = link["card"]
        zones = link["vars"].get(into, ())
        if zones and d.loc[c] == MZONE and d.faceup(c) and d.mid[c] == link["cmid"]:
            q = field(link)
            d.lock_zones(c, q, zones)
            d.write(f"{d.names[q]}'s zones {', '.join(f'm{z + 1}' for z in sorted(zones))} "
                    f"cannot be used while {d.card(c)} is face-up")
    steps = []
    for i in range(count):
        steps += [ask_step(i), take_step]
    return tuple(steps) + (lock,)


# ------------------------------------------------------------------ negating an effect
def negate_effect_below(d, link):
    """A step: negate the effect (not the activation) of the Chain Link just below this one:
    it resolves doing nothing, and its card goes where it would have gone (Dark Balter the
    Terrible, Ryu Senshi)."""
    lid = _lid(d, link)
    i = d.chain.index(lid) if lid in d.chain else 0
    if i == 0:
        return
    lk = d.links[d.chain[i - 1]]
    if not lk["negated"] and not lk.get("disabled"):
        lk["disabled"] = True
        d.write(f"The effect of {d.card(lk['card'])} will be negated")


# ------------------------------------------------------------------ the Graveyard
def banishable_from_gy(who=OPP, filter=None):
    """Selector: the cards (matching filter) in `who`'s Graveyard that the effect's player may
    banish: none while a rule stops them (Duel.may_banish_from_gy: Kycoo the Ghost Destroyer)."""
    sel = pile(GY, who, filter)

    def s(d, link):
        if not d.may_banish_from_gy(link["player"]):
            return []
        return sel(d, link)
    return s


def negate_into_gy(sel):
    """A step: the effects of the selected monsters, destroyed by the battle under way, are
    negated, on the field and in the Graveyard they are about to be sent to, as long as they
    stay there (so a Graveyard trigger such as Sangan's or Mystic Tomato's is not activated,
    nor Sinister Serpent's in a later Standby Phase: Dark Balter the Terrible, Blade Knight)."""
    def step(d, link):
        for c in sel(d, link):
            if d.loc[c] == MZONE:
                d.flag_card(c, "negated")
                d.flag_card(c, "negated_into_gy")
                d.write(f"The effects of {d.card(c)} are negated")
    return step


def destroyed_in_this_battle(d, link):
    """Selector: the monster this card battled, if that battle destroyed it (after damage
    calculation, before it is sent to the Graveyard)."""
    return [c for c in battled(d, link) if (c, d.mid[c]) in d.battle_destroyed]
