"""The environments' observations, read from the duel directly and made incrementally.

`SeatEncoder(encoder, seat)` follows one seat of one duel: `encode(duel, history, page)` gives
the arrays `Encoder.encode(observe(duel, seat, words=False), history, page)` gives (the
reference: tests/test_envs.py compares both at thousands of positions), and keeps from one
observation to the next the parts whose inputs did not change: the rows of the player's hand,
of each Graveyard, banished pile and the Extra Deck (a pile that only grew gets rows for its new
cards only), of the fields, the assembled "cards" array, the history's rows. Each kept part is
reused only when what it was made from is equal now (the card ids of a pile, the rows of the
fields as computed now...), never because nothing is supposed to have changed: a duel changed
behind the encoder's back (a position set, decisions applied elsewhere) is encoded right.

What a part is kept by is what `observe` shows the seat, or the seat's own cards: no key holds
the identity of a card hidden from the seat (the opponent's hand and face-down cards are
encoded afresh every time), so hits and misses say nothing the seat may not know.
`Encoder.encode_duel` is a SeatEncoder used once (from scratch).
"""
from __future__ import annotations

import numpy as np

from ..engine import const as K
from ..engine.decision import KINDS
from ..engine.observe import PUBLIC_ARGS as _PUBLIC_ARGS, STEP_TITLES
from ..engine.text import zone_name as _zone_label
from ..engine.visibility import hidden_from
from .columns import (ACTION_FEATURES, CARD_FEATURES, HIDDEN, HISTORY_FEATURES, PHASES, STEPS,
                       VERBS, _L, _PAGE_VERB, _index, _location_of, answer_mask, pages)

_W = len(CARD_FEATURES)
_M_LABELS = ("m1", "m2", "m3", "m4", "m5")
_S_LABELS = ("s1", "s2", "s3", "s4", "s5")
_EQUIPPED = CARD_FEATURES.index("equipped_to")
_MONSTER, _EMZ, _SPELL, _FIELD = _L["monster"], _L["emz"], _L["spell"], _L["field"]
_HAND, _GY, _BANISHED, _EXTRA = _L["hand"], _L["gy"], _L["banished"], _L["extra"]
_STEP_INDEX = {k: _index(STEPS, v) for k, v in STEP_TITLES.items()}
_N_PHASES = len(PHASES)
_ZERO8 = (0,) * 8
_ZERO13 = (0,) * 13
_ZERO18 = (0,) * 18
_ZERO19 = (0,) * 19
_VERB_INDEX = {v: i + 1 for i, v in enumerate(VERBS)}
_KIND_INDEX = {k: i + 1 for i, k in enumerate(KINDS)}
_NA = len(ACTION_FEATURES)
_AGE = HISTORY_FEATURES.index("age")
_LOCATION_OF: dict = {}     # a zone's label (m1, s3, gy...) -> its index in LOCATIONS


class SeatEncoder:
    """The observations of seat `me` of one duel, each made from the parts of the last one whose
    inputs are unchanged (see the module's docstring)."""

    def __init__(self, encoder, me: int):
        self.encoder = encoder
        self.me = me
        self.scale = encoder._scale["cards"]
        self.blocks: dict = {}           # block -> (card list, its card ids, flags, rows)
        self.field = (None, None)        # (the fields' raw rows, their scaled array)
        self.cards = (None, None)        # (the blocks and where they start, the array)
        self.history = (None, None)      # (History, its line count), the array
        self.actions = (None, None)      # (the answers' raw rows, the array)
        self.hidden: dict = {}           # n -> the rows of an opponent's hand of n cards
        self.no_chain = encoder._array("chain", (), encoder.max_chain)

    def _hidden(self, n: int) -> np.ndarray:
        got = self.hidden.get(n)
        if got is None:
            got = self.hidden[n] = self.encoder._hidden_hand[:n]
        return got

    # ------------------------------------------------------------------------ blocks
    def _rows(self, table) -> np.ndarray:
        return np.array(table, np.float32).reshape(-1, _W) * self.scale

    def _stack(self, key: str, table) -> np.ndarray:
        """The scaled rows of `table` (tuples of numbers; table `key` of FEATURES), each row
        made once and kept by its values (converting numbers one by one is what costs)."""
        cache = self.encoder.row_cache
        if len(cache) > 50000:
            cache.clear()
        out = []
        for t in table:
            r = cache.get((key, t))
            if r is None:
                r = cache[key, t] = np.array(t, np.float32) * self.encoder._scale[key]
            out.append(r)
        return np.array(out)

    def _pile(self, name, data, pile, flags, make, *args) -> np.ndarray:
        """The scaled rows of a hand or pile: kept while its card list (and `flags`, what else
        its rows read) is the same; rows for the new cards only when it only grew at its end.
        make(*args, start, cards) gives the raw rows of `cards`, the first in place `start`."""
        last = self.blocks.get(name)
        if last is not None and last[0] is data:
            old = last[1]
            if pile == old and flags == last[2]:
                return last[3]
            n = len(old)
            if n < len(pile) and pile[:n] == old and (flags is None or flags[:n] == last[2]):
                rows = np.concatenate([last[3], self._rows(make(*args, n, pile[n:]))])
                self.blocks[name] = (data, list(pile), flags, rows)
                return rows
        rows = self._rows(make(*args, 0, pile))
        self.blocks[name] = (data, list(pile), flags, rows)
        return rows

    def _hand_rows(self, data, owner, me, start, hand) -> list:
        facts = self.encoder.card_facts
        out = []
        for i, c in enumerate(hand, start + 1):
            if owner[c] != me:                  # hidden_from: another's card in the hand
                out.append((HIDDEN, 1, 1, _HAND, i) + _ZERO19)
            else:
                f = facts(data[c].name)
                out.append((f[0], 1, 1, _HAND, i, 0, 0, 0) + f[2:] + _ZERO8)
        return out

    def _pile_rows(self, data, pos, owner, place, mine_pile, me, start, pile) -> list:
        facts = self.encoder.card_facts
        mine = 1 if mine_pile else 2
        location = _L[place]
        out = []
        for i, c in enumerate(pile, start + 1):
            if place == "banished" and pos[c] & K.FACEDOWN and owner[c] != me:
                out.append((HIDDEN, mine, mine, location, i, 2) + _ZERO18)
            else:
                f = facts(data[c].name)
                out.append((f[0], mine, mine, location, i, 1, 0, 0) + f[2:] + _ZERO8)
        return out

    def _fields(self, d, me, at, limit, stats) -> tuple:
        """The raw rows of both fields (from row `at` of "cards"), the row of each field card
        (`fidx`: card -> row in the table) and of each zone; `stats` gets each face-up monster's
        (ATK, DEF) for the answers' columns."""
        data, loc, pos, ctrl, owner = d.data, d.loc, d.pos, d.ctrl, d.owner
        facts = self.encoder.card_facts
        turn = d.turn
        turn_in, attacked = d.turn_in, d.attacked
        counters = d.counters
        cflags = d.cflags
        index = d.static_index
        stat_rules = d.active_statics("stat") if "stat" in index else ()
        no_attack = d.active_statics("cannot_attack") if "cannot_attack" in index else None
        table: list = []
        equips: list = []
        zone_rows: dict = {}
        fidx: dict = {}
        room = limit - at
        emz = d.emz
        for p in (me, 1 - me):
            mine = 1 if p == me else 2
            zones = [(c, _MONSTER, i, _M_LABELS[i - 1])
                     for i, c in enumerate(d.mzone[p], 1) if c >= 0]
            if emz[0] >= 0 or emz[1] >= 0:
                zones += [(c, _EMZ, i, "emz")
                          for i, c in enumerate([c for c in emz if c >= 0 and ctrl[c] == p], 1)]
            szone = d.szone[p]
            zones += [(szone[i], _SPELL, i + 1, _S_LABELS[i]) for i in range(5) if szone[i] >= 0]
            if szone[5] >= 0:
                zones.append((szone[5], _FIELD, 1, "fz"))
            for c, location, slot, label in zones:
                if len(table) >= room:
                    break
                pc = pos[c]
                down = pc & K.FACEDOWN
                is_m = location == _MONSTER or location == _EMZ
                this_turn = 1 if turn_in[c] == turn else 0
                if is_m:
                    position = 3 if down else (2 if pc & K.DEFENSE else 1)
                    hit = 1 if attacked[c] == turn else 0
                else:
                    position = hit = 0
                own = 1 if owner[c] == me else 2
                if down:
                    if ctrl[c] != me and owner[c] != me:          # hidden_from(d, c, me)
                        kind = 1 if is_m else (5 if location == _FIELD else 4)
                        table.append((HIDDEN, mine, own, location, slot, 2, 0, position, kind)
                                     + _ZERO13 + (this_turn, hit))
                        fidx[c] = zone_rows.setdefault((p, label), len(table) - 1)
                        continue
                    f = facts(data[c].name)
                    atk, def_ = f[8], f[9]
                    negated = cannot = 0
                else:
                    f = facts(data[c].name)
                    if is_m:
                        atk, def_ = stats[c] = d.stats(c, stat_rules)
                    else:
                        atk, def_ = f[8], f[9]
                    negated = 1 if d.is_negated(c) else 0
                    cannot = 1 if is_m and ((no_attack is not None and
                                             d.rule_on("cannot_attack", c, no_attack))
                                            or (cflags and d.card_flag(c, "no_attack"))) else 0
                n_counters = sum(n for (y, _), n in counters.items() if y == c) \
                    if counters else 0
                table.append((f[0], mine, own, location, slot, 2 if down else 1,
                              1 if down else 0, position) + f[2:8]
                             + (atk, def_, atk - f[8], def_ - f[9], 0, n_counters, negated,
                                cannot, this_turn, hit))
                if not is_m:
                    eq = d.equip[c]
                    if eq is not None and loc[eq[0]] == K.MZONE:
                        equips.append((len(table) - 1, eq[0]))
                fidx[c] = zone_rows.setdefault((p, label), len(table) - 1)
        for r, t in equips:
            t = _field_row(d, t, fidx, zone_rows)
            if t is not None:
                row = list(table[r])
                row[_EQUIPPED] = at + t + 1
                table[r] = tuple(row)
        return table, fidx, zone_rows

    # ------------------------------------------------------------------------ encode
    def encode(self, d, history=None, page: int = 0) -> dict:
        """The arrays of this seat's observation of duel `d` now. `history`: a History of
        this seat (its rows are kept while it reads no new line) or its rows (a list)."""
        e = self.encoder
        me = self.me
        opp = 1 - me
        limit = e.max_cards
        data, loc, pos, ctrl, owner = d.data, d.loc, d.pos, d.ctrl, d.owner
        parts: list = []            # (rows, first row) of each block, in order
        at = 0

        # the player's hand
        hand = d.hand[me]
        at_hand = at
        rows = self._pile("hand", data, hand, None, self._hand_rows, data, owner, me)
        parts.append(rows)
        at += min(len(rows), limit - at)
        # both fields
        stats: dict = {}
        at_field = at
        table, fidx, zone_rows = self._fields(d, me, at, limit, stats)
        if table:
            if table != self.field[0]:
                self.field = (table, self._stack("cards", table))
            rows = self.field[1]
            parts.append(rows)
            at += len(table)
        # the opponent's hand: hidden rows
        n = min(len(d.hand[opp]), limit - at)
        if n > 0:
            parts.append(self._hidden(n))
            at += n
        # Graveyards, banished piles, the player's Extra Deck
        starts = {}
        for place, piles in (("gy", d.gy), ("banished", d.banished)):
            for p in (me, opp):
                starts[place, p] = at
                pile = piles[p]
                flags = None
                if place == "banished" and pile:
                    flags = [bool(pos[c] & K.FACEDOWN) and owner[c] != me for c in pile]
                rows = self._pile((place, p), data, pile, flags, self._pile_rows, data, pos,
                                  owner, place, p == me, me)
                if at < limit:
                    parts.append(rows)
                at += max(0, min(len(rows), limit - at))
        at_extra = at
        extra = d.extra[me]
        rows = self._pile("extra", data, extra, None, self._pile_rows, data, pos, owner,
                          "extra", True, me)
        if at < limit:
            parts.append(rows)
        at += max(0, min(len(rows), limit - at))
        key = parts + [at]         # kept while every block is the very same array
        last = self.cards[0]
        if last is not None and len(last) == len(key) and at == last[-1] and \
                all(x is y for x, y in zip(parts, last)):
            cards = self.cards[1].copy()
        else:
            cards = np.zeros((limit, _W), np.float32)
            r = 0
            for x in parts:
                n = min(len(x), limit - r)
                if n > 0:
                    cards[r:r + n] = x[:n]
                    r += n
            self.cards = (key, cards)
            cards = cards.copy()
        gy, banished = d.gy, d.banished

        def row_of(c) -> int:
            lc = loc[c]
            if lc & K.FIELD:
                r = _field_row(d, c, fidx, zone_rows)
                return 0 if r is None else at_field + r + 1
            if lc == K.HAND:
                if owner[c] != me:
                    return 0
                r = at_hand + hand.index(c)
            elif lc == K.GY:
                w = owner[c]
                r = starts["gy", w] + gy[w].index(c)
            elif lc == K.BANISHED:
                w = owner[c]
                r = starts["banished", w] + banished[w].index(c)
            elif lc == K.EXTRA and not (owner[c] != me and pos[c] & K.FACEDOWN):
                name = data[c].name         # the first copy of its name in the Extra Deck
                i = next((i for i, x in enumerate(extra) if data[x].name == name), None)
                if i is None:
                    return 0
                r = at_extra + i
            else:
                return 0
            return r + 1 if r < at else 0

        # the chain
        if d.chain:
            facts = e.card_facts
            links = []
            for lid in d.chain[:e.max_chain]:
                link = d.links[lid]
                c = link["card"]
                n = sum(1 for t, mid in link["targets"] if d.mid[t] == mid)
                links.append((facts(data[c].name)[0], 1 if link["player"] == me else 2,
                              row_of(c), n))
            chain = e._array("chain", links, e.max_chain)
        else:
            chain = self.no_chain.copy()

        # the legal answers (of this page)
        dec = d.pending
        opts = dec.options if dec is not None and dec.player == me else None
        kind = _KIND_INDEX.get(dec.kind, 0) if opts else 0
        acts, page, n_pages, n_shown = self._answers(d, opts, kind, page, row_of, stats)
        if acts != self.actions[0]:
            a = np.zeros((e.max_actions, _NA), np.float32)
            if acts:
                a[:len(acts)] = self._stack("actions", acts)
            self.actions = (acts, a)
        actions = self.actions[1].copy()
        mask = answer_mask(n_shown, n_pages, e.max_actions)

        # the global row
        lp, hands, decks = d.lp, d.hand, d.deck
        emz = d.emz
        phase = d.phase
        g = [lp[me], lp[opp], d.turn, 1 if d.tp == me else 0,
             phase + 1 if 0 <= phase < _N_PHASES else 0,
             _STEP_INDEX.get(d.step, 0) if phase == K.BATTLE else 0,
             len(hands[me]), len(hands[opp]), len(decks[me]), len(decks[opp]),
             len(gy[me]), len(gy[opp]), len(banished[me]), len(banished[opp]),
             len(d.extra[me]), len(d.extra[opp])]
        for p in (me, opp):
            g.append(sum(1 for c in d.mzone[p] if c >= 0)
                     + ((emz[0] >= 0 and ctrl[emz[0]] == p) + (emz[1] >= 0 and ctrl[emz[1]] == p)))
        for p in (me, opp):
            g.append(sum(1 for c in d.szone[p] if c >= 0))
        g += [len(d.chain), kind, len(opts) if opts else 0, page, n_pages, me, 0, 0, 0]
        if d.attack is not None and phase == K.BATTLE and loc[d.attack[0]] == K.MZONE:
            g[-3] = 1
            g[-2] = row_of(d.attack[0])
            if d.attack[1] >= 0 and loc[d.attack[1]] & K.FIELD:
                g[-1] = row_of(d.attack[1])
        return {"global": e._array("global", g, None), "cards": cards, "chain": chain,
                "history": self._history(history), "actions": actions, "action_mask": mask}

    def _history(self, history) -> np.ndarray:
        e = self.encoder
        if history is None or isinstance(history, list):
            hist = history if history else []
            return e._array("history", hist[:e.max_history], e.max_history)
        key = (history, history.count)
        if self.history[0] != key:
            # History.rows(): the lines, the newest first, each with its age (lines ago)
            lines = history.lines[::-1][:e.max_history]
            a = np.zeros((e.max_history, len(HISTORY_FEATURES)), np.float32)
            if lines:
                a[:len(lines)] = self._stack("history", [r[:6] + (0,) for r in lines])
                a[:len(lines), _AGE] = [history.count - r[6] for r in lines]
            self.history = (key, a)
        return self.history[1].copy()

    # ------------------------------------------------------------------------ answers
    def _answers(self, d, opts, kind: int, page: int, row_of, stats) -> tuple:
        """(rows, page, pages, answers shown) of the answers shown on `page` (and the
        next-page row, the last, when there are several pages)."""
        max_actions = self.encoder.max_actions
        n_pages = pages(len(opts), max_actions) if opts else 0
        page = page % n_pages if n_pages else 0
        acts: list = []
        if not opts:
            return acts, page, n_pages, 0
        per = max_actions - 1
        first = 0 if n_pages == 1 else page * per
        shown = opts if n_pages == 1 else opts[first:first + per]
        memo: dict = {}
        cols = self._card_cols
        arg_of = self.encoder._arg
        for j, o in enumerate(shown, first):
            v = o.verb
            cs = o.cards
            arg = o.arg
            if cs:
                c0 = memo.get(cs[0])
                if c0 is None:
                    c0 = memo[cs[0]] = cols(d, cs[0], row_of, stats)
                card, atk, def_, row, mine, _, location = c0
            else:
                card = atk = def_ = row = mine = location = 0
            if v == "attack":
                target = arg if isinstance(arg, int) and arg >= 0 else None
            else:
                target = cs[1] if len(cs) > 1 else None
            if target is not None:
                t = memo.get(target)
                if t is None:
                    t = memo[target] = cols(d, target, row_of, stats)
                tcard, tatk, tdef, trow, tmine, tfaceup, _ = t
            else:
                tcard = tatk = tdef = trow = tmine = tfaceup = 0
            effect = a_arg = 0
            if v == "activate":
                ei = arg[1] if isinstance(arg, tuple) and len(arg) > 1 else arg
                if isinstance(ei, int):
                    effect = ei + 1
            elif v in _PUBLIC_ARGS:
                a_arg = arg_of(arg if isinstance(arg, (int, str)) else str(arg))
            acts.append((kind, _VERB_INDEX.get(v, 0), card, row, mine, location, effect, atk,
                         def_, tcard, trow, tmine, tatk, tdef, tfaceup,
                         1 if v == "attack" and target is None else 0, a_arg, len(cs), j))
        if n_pages > 1:             # the next-page action is the last one, on every page
            acts += [(0,) * _NA] * (per - len(shown))
            a = [0] * _NA
            a[0], a[1] = kind, _PAGE_VERB
            a[16] = (page + 1) % n_pages + 1      # "arg": the page it shows (1-based)
            acts.append(tuple(a))
        return acts, page, n_pages, len(shown)

    def _card_cols(self, d, c, row_of, stats) -> tuple:
        """(card, atk, def, row, mine, faceup, location) of an option's card as the seat may
        know it."""
        me = self.me
        lc = d.loc[c]
        atk = def_ = 0
        if hidden_from(d, c, me):
            card = HIDDEN
        else:
            x = d.data[c]
            card = self.encoder.card_facts(x.name)[0]
            if x.is_monster:
                if lc == K.MZONE and not d.pos[c] & K.FACEDOWN:
                    got = stats.get(c)
                    atk, def_ = got if got is not None else (d.atk(c), d.def_(c))
                else:
                    atk, def_ = x.atk, x.def_
        if lc & K.FIELD:
            whose = d.ctrl[c]
            faceup = 2 if d.pos[c] & K.FACEDOWN else 1
        else:
            whose = d.owner[c]
            faceup = 0
        label = _zone_label(d, c)
        location = _LOCATION_OF.get(label)
        if location is None:
            location = _LOCATION_OF[label] = _location_of({"zone": label})
        return (card, atk, def_, row_of(c), 1 if whose == me else 2, faceup, location)


def _field_row(d, c, fidx: dict, zone_rows: dict):
    """The row (in the fields' table) of card c on the field: its own, else the first of its
    zone (two monsters of one player in the Extra Monster Zones share the label "emz")."""
    r = fidx.get(c)
    if r is None:
        r = zone_rows.get((d.ctrl[c], _zone_label(d, c)))
    return r
