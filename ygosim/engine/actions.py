"""Composable pieces for card scripts: selectors (which cards) and steps (what happens).

A selector is `sel(duel, link) -> list[card id]`; a step is `step(duel, link)`. Both are plain
functions, built by the small factories below, so a card reads as a sentence:

    script("Dark Hole", spell(operation=destroy(monsters())))
"""
from __future__ import annotations

from . import const as K
from .const import DECK, HAND, MZONE, SZONE, GY, FIELD, FACEDOWN, ATTACK
from .decision import Option, SELECT, YESNO, Decision
from .flow import push

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
    def sel(d, link):
        out = []
        for p in _players(link, who):
            for c in d.monsters(p):
                if faceup is not None and d.faceup(c) != faceup:
                    continue
                if filter is not None and not filter(d, c):
                    continue
                out.append(c)
        return out
    return sel


def spells_traps(who=ANY, faceup=None, filter=None, field_zone=True):
    """Cards in the Spell & Trap Zones (and Field Zones)."""
    def sel(d, link):
        out = []
        for p in _players(link, who):
            for i, c in enumerate(d.szone[p]):
                if c < 0 or (i == K.FIELD_ZONE and not field_zone):
                    continue
                if faceup is not None and d.faceup(c) != faceup:
                    continue
                if filter is not None and not filter(d, c):
                    continue
                out.append(c)
        return out
    return sel


def pile(where, who=YOU, filter=None):
    """Cards in a Deck, hand, Graveyard, banishment or Extra Deck."""
    name = {DECK: "deck", HAND: "hand", GY: "gy", K.BANISHED: "banished", K.EXTRA: "extra"}[where]

    def sel(d, link):
        out = []
        for p in _players(link, who):
            for c in getattr(d, name)[p]:
                if filter is None or filter(d, c):
                    out.append(c)
        return out
    return sel


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
    return sel


def this_card(d, link):
    return [link["card"]]


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
    return lambda d, c: d.data[c].attribute in attrs


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
        if cards:
            d.destroy(cards, K.R_EFFECT, link["player"])
    return step


def send_to(sel, where, reason=K.R_EFFECT):
    def step(d, link):
        cards = sel(d, link)
        if cards:
            d.send(cards, where, reason, link["player"])
    return step


def to_hand(sel):
    return send_to(sel, HAND)


def draw(n, who=YOU):
    def step(d, link):
        for p in _players(link, who):
            d.draw(p, n)
            d.check_exodia(p)
    return step


def damage(n, who=OPP):
    def step(d, link):
        for p in _players(link, who):
            d.damage(p, n(d, link) if callable(n) else n, by=link["player"])
    return step


def gain_lp(n, who=YOU):
    def step(d, link):
        for p in _players(link, who):
            d.gain_lp(p, n(d, link) if callable(n) else n)
    return step


def pay_lp(n):
    """A cost: pay n LP (check with can_pay=lp_at_least(n))."""
    def step(d, link):
        d.pay_lp(link["player"], n)
    return step


def lp_at_least(n):
    return lambda d, link: d.lp[link["player"]] >= n


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


def modify(sel, atk=0, def_=0):
    """Until the end of this turn, the selected face-up monsters gain/lose ATK/DEF."""
    def step(d, link):
        for c in sel(d, link):
            if d.loc[c] == MZONE and d.faceup(c):
                d.add_mod(c, atk, def_)
                d.write(f"{d.name(c)} is now {d.atk(c)}/{d.def_(c)}")
    return step


def special_summon(sel, pos=None, who=YOU, how=K.SUM_SPECIAL):
    """Special Summon the selected cards; the player picks each position unless `pos`."""
    def step(d, link):
        cards = tuple(c for c in sel(d, link) if d.loc[c] != MZONE)
        if cards:
            player = link["player"] if who == YOU else 1 - link["player"]
            push(d, "special_summon", cards=cards, player=player, pos=pos, how=how)
    return step


def choose(sel, count=1, least=None, into="chosen", who=YOU, prompt="choose a card",
           reveal=False):
    """While resolving: the player picks `least`..`count` cards from sel into vars[into].
    Nothing is asked when there is nothing to pick."""
    def step(d, link):
        cands = sel(d, link)
        if not cands:
            link["vars"][into] = ()
            return
        p = link["player"] if who == YOU else 1 - link["player"]
        n = min(count, len(cands))
        lo = n if least is None else min(least, n)
        opts = d.select_options(cands, n, lo)
        ask(d, link, Decision(p, SELECT, opts, f"{d.name(link['card'])}: {prompt}",
                              link["card"]), into)
    return step


def ask(d, link, decision, into) -> None:
    lid = _lid(d, link)
    push(d, "ask_into", lid=lid, into=into, dec=decision)


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


def when(cond, *then):
    """Run `then` steps only if cond(duel, link) holds (checked on resolution)."""
    def step(d, link):
        if cond(d, link):
            push(d, "steps", lid=_lid(d, link), steps=tuple(then))
    return step


def shuffle_deck(who=YOU):
    def step(d, link):
        for p in _players(link, who):
            d.shuffle_deck(p)
    return step


def player_flag(key, who=OPP, turns=0):
    """A rule on a player until the end of this turn (+turns): no_attack, no_battle_phase..."""
    def step(d, link):
        for p in _players(link, who):
            d.pflags.append((p, key, d.turn + turns))
    return step


def log(text):
    def step(d, link):
        d.write(text)
    return step


# ------------------------------------------------------------------------ conditions
def exists(sel, n=1):
    """A condition: sel finds at least n cards."""
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


def recent(d, etypes, filter=None):
    """Events of these types in the current window (what a "When ..." activation sees)."""
    out = []
    for e in d.events:
        if e[0] in etypes and (filter is None or filter(d, e)):
            out.append(e)
    return out
