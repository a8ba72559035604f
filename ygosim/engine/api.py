"""Making duels: from two decks (a full duel from the coin toss) or from a position."""
from __future__ import annotations

from . import const as K
from .const import DECK, EXTRA
from .decision import card_options
from .duel import Duel
from .effects import ACTIVATE, CONTINUOUS, TRIGGER, FLIP, RULE, indexed_static
from .flow import push, run, normal_summon_tributes
from .flow.chain import ACTIVATION_RULES
from .rng import DuelRng
from .rules import get_rules

# Settings that are not rules (the rule set is `d.rules`, from options["rules"]: a name such
# as "goat" or a Rules value)
DEFAULT_OPTIONS = {"turn_cap": 500}


def add_card(d: Duel, data, owner: int, loc: int = 0) -> int:
    """A new card instance; placed in `loc` if given."""
    if loc == DECK or loc == EXTRA:
        return add_cards(d, (data,), owner, loc)[0]
    c = add_cards(d, (data,), owner, 0)[0]
    if loc:
        d.place(c, loc, owner, top=False)
    return c


def add_cards(d: Duel, datas, owner: int, loc: int = 0) -> range:
    """New card instances, face-down in a pile (`loc`: DECK or EXTRA, in this order) or
    nowhere yet (loc 0). Returns their card ids. Each card is the version of the duel's card
    era (`d.rules.card_era`: a goat duel plays a card's 2005 version where it has one)."""
    era = d.rules.card_era
    datas = [x.for_era(era) for x in datas]
    n = len(datas)
    first = len(d.data)
    d.data.extend(datas)
    for per_card, value in ((d.owner, owner), (d.loc, loc), (d.ctrl, owner), (d.seq, 0),
                            (d.pos, K.FACEDOWN), (d.mid, 1 if loc else 0),
                            (d.turn_in, d.turn if loc else 0), (d.summon, K.SUM_NONE),
                            (d.attacked, -1), (d.pos_turn, -1), (d.flip_turn, -1),
                            (d.equip, None), (d.overlay, ()), (d.why, 0)):
        per_card.extend([value] * n)
    ids = range(first, first + n)
    if loc:
        (d.deck if loc == DECK else d.extra)[owner].extend(ids)
    return ids


TOKENS_PER_PLAYER = 10     # Token cards made ready per player and Token name (10 zones)


def add_tokens(d: Duel) -> None:
    """Tokens exist only on the field, but a duel's cards are fixed at set-up (clones share
    the card facts): for every Token a card of the duel can make (`extra["tokens"]` of its
    script), each player gets TOKENS_PER_PLAYER cards of it, nowhere (loc 0) until Summoned
    (actions.tokens)."""
    from ..cards.db import card_db
    want = set()
    for c, data in enumerate(d.data):
        s = data.script
        if s is not None and s.extra.get("tokens"):
            for name in s.extra["tokens"]:
                want.add(name)
    if not want:
        return
    tokens = []
    for name in sorted(want):
        token = card_db().get(name)
        if token is None:
            raise RuntimeError(f"unknown Token {name!r}")
        tokens.append(token)
    names = {token.name for token in tokens}
    have: dict = {}         # (Token name, owner) -> cards of it the duel has
    owner = d.owner
    for c, x in enumerate(d.data):
        if x.name in names:
            k = (x.name, owner[c])
            have[k] = have.get(k, 0) + 1
    for token in tokens:
        for p in (0, 1):
            n = have.get((token.name, p), 0)
            if n < TOKENS_PER_PLAYER:
                add_cards(d, [token] * (TOKENS_PER_PLAYER - n), p, 0)
                have[(token.name, p)] = TOKENS_PER_PLAYER


_INDEXES: dict = {}     # the cards and their owners -> their indexes (see index_scripts)
_INDEXES_MAX = 64


def index_scripts(d: Duel) -> None:
    """Per-duel indexes of which cards have which kinds of effects (facts, never mutated).
    They depend only on the cards (CardData and script objects) and their owners, so duels
    with the same cards (every duel of a series, the same decks in a benchmark) share them:
    they are kept for the last few such sets (each key's entry holds those objects, so their
    ids stay theirs)."""
    add_tokens(d)
    data = d.data
    key = (tuple(map(id, data)), tuple([id(x.script) for x in data]), tuple(d.owner))
    hit = _INDEXES.get(key)
    if hit is None:
        hit = _build_indexes(d)
        if len(_INDEXES) >= _INDEXES_MAX:
            _INDEXES.clear()
        _INDEXES[key] = hit
    for name, value in hit[0].items():
        setattr(d, name, value)
    card_options(len(data), hit[1])
    live = [0, 0]
    for c, fw in enumerate(d.fast_where):
        if fw & d.loc[c]:
            live[d.ctrl[c]] += 1
    d.live = live


def _build_indexes(d: Duel) -> tuple:
    """index_scripts's indexes ({Duel attribute: value}), the most effects of one card, and
    the cards and scripts they were made from (kept alive with them). Built from each card's
    own part (_card_part: kept per CardData), in card id order."""
    trig: dict = {}
    procs, untributable, negaters, both, hand_users = [], [], [], [], []
    statics, act = [], []
    static_index: dict = {}
    n = len(d.data)
    eis_open, eis_fast, eis_ds = [()] * n, [()] * n, [()] * n
    eis_at = tuple(tuple([()] * n for _ in _PLACES) for _ in range(3))
    gy_effects = ([], [])
    fast_where = [0] * n
    ns_tributes = [0] * n
    most = w_open = w_fast = w_ds = 0
    parts = _CARD_PARTS
    for c, data in enumerate(d.data):
        part = parts.get(id(data))
        if part is None or part[0] is not data or part[1] is not data.script:
            part = parts[id(data)] = (data, data.script, _card_part(data))
        (ns, triggers, conts, eis, fast, ds, fw, negater, for_both, gy, proc, untrib,
         as_hand, wheres, n_effects, at) = part[2]
        ns_tributes[c] = ns
        if data.script is None:
            continue
        if n_effects > most:
            most = n_effects
        w_open |= wheres[0]
        w_fast |= wheres[1]
        w_ds |= wheres[2]
        for ei, eff in triggers:
            for ev in eff.events:
                trig.setdefault(ev, []).append((c, ei, eff))
        if conts:
            statics.append(c)
            for eff in conts:
                static_index.setdefault(eff.static, []).append((c, eff))
        if negater:
            negaters.append(c)
        if for_both:
            both.append(c)
        if gy:
            gy_effects[d.owner[c]].append(c)
        fast_where[c] = fw
        if proc:
            procs.append(c)
        if untrib:
            untributable.append(c)
        if as_hand:
            hand_users.append(c)
        if eis or ds:
            act.append(c)
        eis_open[c], eis_fast[c], eis_ds[c] = eis, fast, ds
        for table, places in zip(eis_at, at):
            for column, entries in zip(table, places):
                column[c] = entries
    # Per card: (effect index, where it works) for the effects a player may activate in their
    # open state (eis_open); the Spell Speed 2+ ones (eis_fast: response windows); those usable
    # in the Damage Step (eis_ds). Facts, shared by clones. eis_where: where any card's effects
    # of each table work (a place no effect of the duel can be used from is not looked at).
    # eis_at: the same three tables split by where the card is (_PLACES: hand, Spell & Trap
    # Zone, Monster Zone, GY), each entry as activatable reads it (_at_entry).
    # gy_effects: per owner, cards with GY effects; fast_where: per card, where its Spell
    # Speed 2+ effects work.
    indexes = {
        "trig_index": {k: tuple(v) for k, v in trig.items()},
        "static_cards": tuple(statics),
        "static_index": {k: tuple(v) for k, v in static_index.items()},
        "act_cards": tuple(act),
        "proc_cards": tuple(procs),
        "untributable": frozenset(untributable),
        "negaters": tuple(negaters),
        "both_cards": tuple(both),
        "hand_users": tuple(hand_users),
        "eis_open": tuple(eis_open), "eis_fast": tuple(eis_fast), "eis_ds": tuple(eis_ds),
        "eis_where": (w_open, w_fast, w_ds),
        "eis_at": tuple(tuple(tuple(column) for column in table) for table in eis_at),
        "gy_effects": tuple(tuple(x) for x in gy_effects),
        "fast_where": tuple(fast_where),
        "ns_tributes": tuple(ns_tributes),
        "act_rules": not ACTIVATION_RULES.isdisjoint(static_index),
    }
    return indexes, most, tuple(d.data), tuple(data.script for data in d.data)


_CARD_PARTS: dict = {}      # id(CardData) -> (the CardData, its script, its part)


def _card_part(data) -> tuple:
    """What one card (CardData) brings to the indexes, whatever its id and owner: its Normal
    Summon Tributes; its trigger effects ((ei, effect)) and continuous ones (as they work on
    this card); its entries of eis_open, eis_fast, eis_ds; where its Spell Speed 2+ effects
    work; whether it answers a Summon (negaters), has an effect for either player (both),
    works in the GY, has a Summon procedure of its own, may not be Tributed for a Tribute
    Summon, lets a GY card be used as the hand; where its effects of each table work; how many
    effects it has. A determinized duel (the bots' worlds: the hidden cards dealt again) has
    the same cards under other ids: only this is shared."""
    ns = normal_summon_tributes(data)
    s = data.script
    if s is None:
        return (ns, (), (), (), (), (), 0, False, False, False, False, False, False, (0, 0, 0),
                0, _NOWHERE)
    triggers, conts, eis, fast, ds = [], [], [], [], []
    fw = 0
    negater = for_both = gy = False
    for ei, eff in enumerate(s.effects):
        if eff.kind in (TRIGGER, FLIP, RULE):
            triggers.append((ei, eff))
        elif eff.kind == CONTINUOUS:
            eff = indexed_static(data, eff)
            conts.append(eff)
        else:
            # (effect index, effect, where it works, is it a card activation?): a
            # card activation is never legal from a face-up card in a Spell & Trap Zone.
            # A "damage calculation only" effect is in the Damage Step's table alone.
            entry = (ei, eff, eff.range, eff.kind == ACTIVATE)
            if K.EV_SUMMONING in eff.events:
                negater = True
            if eff.both:
                for_both = True
            if not eff.damage_calc_only:
                eis.append(entry)
            if eff.range & K.GY:
                gy = True
            if eff.speed >= 2:
                fw |= eff.range
                if not eff.damage_calc_only:
                    fast.append(entry)
                if eff.damage_step or eff.damage_calc or eff.speed >= 3:
                    ds.append(entry)
    x = s.extra
    return (ns, tuple(triggers), tuple(conts), tuple(eis), tuple(fast), tuple(ds), fw,
            negater, for_both, gy, bool(x) and "special" in x,
            bool(x) and bool(x.get("no_tribute_summon")), bool(x) and bool(x.get("as_hand")),
            (_where(eis), _where(fast), _where(ds)), len(s.effects),
            (_at(eis), _at(fast), _at(ds)))


def _where(entries) -> int:
    w = 0
    for _, _, rng, _ in entries:
        w |= rng
    return w


_PLACES = (K.HAND, K.SZONE, K.MZONE, K.GY)     # the columns of Duel.eis_at
_NOWHERE = (((),) * len(_PLACES),) * 3


def _at(entries) -> tuple:
    """One table's entries split by place (_PLACES): those that work there, as activatable
    reads them: (effect index, effect, is it a card activation?, Effect.periods,
    Effect.events)."""
    return tuple(tuple((ei, eff, card_act, eff.periods, eff.events)
                       for ei, eff, rng, card_act in entries if rng & place)
                 for place in _PLACES)


def blank_duel(seed: int = 0, options: dict | None = None) -> Duel:
    """An empty duel: no cards yet; its random numbers come from `seed` (a whole number of any
    size: rng.DuelRng, one stream for the duel and one per player's Deck).
    `options["rules"]` (a name in rules.NAMES, a Rules value or a `Rules.ref()` mapping; v10 by
    default) becomes `d.rules`; the other options (turn_cap, chooser...) stay in
    `d.options`."""
    d = Duel()
    d.rng = DuelRng(seed)
    d.options = dict(DEFAULT_OPTIONS)
    if options:
        d.options.update(options)
    d.rules = get_rules(d.options.pop("rules", None))
    d.lp = [d.rules.start_lp, d.rules.start_lp]
    return d


def new_duel(deck_a, deck_b, seed: int = 0, options: dict | None = None,
             names=("A", "B")) -> Duel:
    """A duel from the start: shuffled decks, coin toss, opening hands.

    A deck is a sequence of CardData (Main Deck) or an object with `main` and `extra`."""
    d = blank_duel(seed, options)
    d.names = tuple(names)
    for p, deck in enumerate((deck_a, deck_b)):
        main = getattr(deck, "main", deck)
        extra = getattr(deck, "extra", ())
        add_cards(d, list(main), p, DECK)
        add_cards(d, list(extra), p, EXTRA)
    index_scripts(d)
    apply_rule_options(d)
    for p in (0, 1):
        d.shuffle_deck(p)
    push(d, "start")
    run(d)
    return d


def apply_rule_options(d: Duel) -> None:
    """Hooks that optional rule modules (Extra Deck summons) install."""
    try:
        from . import extra
    except ImportError:
        return
    extra.install(d)
