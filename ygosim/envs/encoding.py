"""The observation encoding of the environments: float32 arrays built from what the player may
know and nothing else: `observe(duel, player)` and the player's own log (docs/envs.md describes
every column and its scale).

`Encoder.encode(obs, history=None, page=0)` takes the dict `observe(duel, player, words=False)`
returns (and the rows a `History` made of the player's log) and gives

* "global"  (len(GLOBAL_FEATURES),): LP, turn, phase, step, pile counts, chain length...
* "cards"   (max_cards, len(CARD_FEATURES)): one row per card the player can see or knows is
            there (own hand, both fields, the opponent's hand as hidden rows, both Graveyards and
            banished piles, own Extra Deck); padding rows are all 0.
* "chain"   (max_chain, len(CHAIN_FEATURES)): the chain, Chain Link 1 first.
* "history" (max_history, len(HISTORY_FEATURES)): the last public events of the duel as the
            player read them in the log (the newest first): when, who, what, which card.
* "actions" (max_actions, len(ACTION_FEATURES)): the legal answers of the pending decision (of
            its current page), each described by features (kind of decision, verb, card, its
            row in "cards", effect number, target...).
* "action_mask" int8 (max_actions,): 1 for each legal answer.

Every number is scaled (FEATURES gives each column's scale and bounds: LP in thousands of
8000, ATK/DEF in thousands...). A card is named by its index in the card vocabulary
(`Encoder.vocab`, `Encoder.codes`: 0 no card, 1 a hidden card, 2 a card the store does not
know, then every card of the card store in passcode order): an id for an embedding table, not
a number to compare. Its printed facts are looked up by name, which is public once the card is.

A decision with more answers than max_actions is shown in pages: a page holds max_actions - 1
answers and its last action is "next page" (verb `page`), which shows the next one (after the
last, the first again); `option_index(n_options, page, action)` maps an action to its answer.
"""
from __future__ import annotations

import numpy as np

from ..engine.decision import KINDS
from ..engine.observe import log_view
from .columns import (  # noqa: F401 (the names encoding gives)
    ID_HIGH, CARD_COLUMNS, GLOBAL_COLUMNS, CHAIN_COLUMNS, HISTORY_COLUMNS, ACTION_COLUMNS,
    FEATURES, CARD_FEATURES, GLOBAL_FEATURES, CHAIN_FEATURES, HISTORY_FEATURES,
    ACTION_FEATURES, LOCATIONS, VERBS, KIND_NAMES, SUBTYPES, FRAMES, ATTRIBUTES, TYPES,
    PHASES, STEPS, ARG_WORDS, POSITIONS, HISTORY_WORDS, HISTORY_WHAT, NONE, HIDDEN, UNKNOWN,
    _C, _A, _G, _K, _PAGE_VERB, _L, _index, _scales, card_vocabulary, pages, answer_mask,
    option_index, _location_of
)

class Encoder:
    """Turns observations into fixed-size float32 arrays (see the module's docstring)."""

    def __init__(self, max_cards: int = 160, max_actions: int = 64, max_chain: int = 16,
                 max_history: int = 16):
        from ..cards.db import card_db
        if max_actions < 2:
            raise ValueError("max_actions: at least 2 (one answer and the next page)")
        self.max_cards = max_cards
        self.max_actions = max_actions
        self.max_chain = max_chain
        self.max_history = max_history
        self.vocab = card_vocabulary()
        db = card_db()
        self.facts: dict[str, tuple] = {}
        for i, name in enumerate(self.vocab):
            self.facts[name] = (i + 3,) + self._facts(db.get(name))
        # passcode of each card id (0: none, hidden or unknown)
        self.codes = np.array([0, 0, 0] + [self.facts[n][1] for n in self.vocab], np.int64)
        self._db = db
        self.line_cache: dict = {}     # History: a log line's parts, by its text
        self.row_cache: dict = {}      # incremental.SeatEncoder: scaled rows, by their values
        self._hidden_hand = None
        self._scale = {k: _scales(v) for k, v in FEATURES.items()}
        self._low = {k: np.array([c[2] for c in v], np.float32) for k, v in FEATURES.items()}
        self._high = {k: np.array([c[3] for c in v], np.float32) for k, v in FEATURES.items()}
        self._hidden_hand = (np.array([(HIDDEN, 2, 2, _L["hand"], i + 1) + (0,) * 19
                                       for i in range(max_cards)], np.float32)
                             * self._scale["cards"])

    @staticmethod
    def _facts(c) -> tuple:
        """(code, kind, subtype, frames bitmask, level, attribute, type, atk, def) of a card."""
        frames = 0
        for f in c.frames:
            k = _index(FRAMES, f)
            if k:
                frames |= 1 << (k - 1)
        return (int(c.passcode), _index(KIND_NAMES, c.kind), _index(SUBTYPES, c.subtype), frames,
                int(c.level or c.rank or c.link_rating), _index(ATTRIBUTES, c.attribute),
                _index(TYPES, c.type), int(c.atk), int(c.def_))

    def card_facts(self, name: str) -> tuple:
        """(vocabulary index, code, kind, subtype, frames, level, attribute, type, atk, def)."""
        f = self.facts.get(name)
        if f is None:
            c = self._db.get(name)
            f = ((UNKNOWN,) + self._facts(c)) if c is not None else (UNKNOWN,) + (0,) * 9
            self.facts[name] = f
        return f

    def card_id(self, name: str) -> int:
        return self.card_facts(name)[0]

    # ------------------------------------------------------------------------ spaces
    def observation_space(self):
        from gymnasium import spaces
        rows = {"cards": self.max_cards, "global": None, "chain": self.max_chain,
                "history": self.max_history, "actions": self.max_actions}
        out = {}
        for key, n in rows.items():
            low, high = self._low[key], self._high[key]
            if n is not None:
                low, high = np.tile(low, (n, 1)), np.tile(high, (n, 1))
            out[key] = spaces.Box(low, high, dtype=np.float32)
        out["action_mask"] = spaces.Box(0, 1, (self.max_actions,), np.int8)
        return spaces.Dict(out)

    def action_space(self):
        from gymnasium import spaces
        return spaces.Discrete(self.max_actions)

    # ------------------------------------------------------------------------ one vector
    FLAT_KEYS = ("global", "cards", "chain", "history", "actions")

    def shapes(self) -> dict:
        return {"global": (len(GLOBAL_FEATURES),),
                "cards": (self.max_cards, len(CARD_FEATURES)),
                "chain": (self.max_chain, len(CHAIN_FEATURES)),
                "history": (self.max_history, len(HISTORY_FEATURES)),
                "actions": (self.max_actions, len(ACTION_FEATURES))}

    def flat_space(self):
        """The Box of `flatten`'s vectors (PettingZoo's "observation")."""
        from gymnasium import spaces
        space = self.observation_space()
        low = np.concatenate([space[k].low.ravel() for k in self.FLAT_KEYS])
        high = np.concatenate([space[k].high.ravel() for k in self.FLAT_KEYS])
        return spaces.Box(low, high, dtype=np.float32)

    def flatten(self, arrays: dict) -> np.ndarray:
        """The arrays (but the mask) as one float32 vector: global, cards, chain, history,
        actions, each row by row."""
        return np.concatenate([arrays[k].ravel() for k in self.FLAT_KEYS])

    def unflatten(self, vector) -> dict:
        """The arrays of a `flatten`ed vector (views into it)."""
        out, at = {}, 0
        for k, shape in self.shapes().items():
            n = int(np.prod(shape))
            out[k] = vector[at:at + n].reshape(shape)
            at += n
        return out

    def _array(self, key: str, rows, n: int | None) -> np.ndarray:
        width = len(FEATURES[key])
        if n is None:
            a = np.asarray(rows, np.float32)
        else:
            a = np.zeros((n, width), np.float32)
            if rows:
                a[:len(rows)] = rows
        a *= self._scale[key]
        if n is None:        # global: LP and turns are the only numbers without a rule's bound
            np.minimum(a, self._high[key], out=a)
            np.maximum(a, self._low[key], out=a)
        return a

    # ------------------------------------------------------------------------ encoding
    def encode(self, obs: dict, history=None, page: int = 0) -> dict:
        """Arrays from an observation (`observe(duel, player, words=False)`; the full form with
        words works too). `obs["player"]` is the viewer: 0 or 1. `history`: the rows of a
        History of this player (none: all 0). `page`: the page of a decision with more answers
        than max_actions."""
        me = obs["player"]
        opp = 1 - me
        table: list = []
        rows: dict = {}
        equips: list = []
        limit = self.max_cards
        facts = self.card_facts

        def add(view, whose, location, slot, key=None, name=None) -> None:
            if len(table) >= limit:
                return
            mine = 1 if whose == me else 2
            if view is None:
                if name is None:             # a card in the opponent's hand
                    table.append((HIDDEN, mine, mine, location, slot) + (0,) * 19)
                else:                        # a public pile: Graveyard, banished, Extra Deck
                    f = facts(name)
                    table.append((f[0], mine, mine, location, slot, 1, 0, 0) + f[2:]
                                 + (0,) * 8)
            else:
                faceup = (1 if view["faceup"] else 2) if "faceup" in view else 0
                position = POSITIONS.get(view.get("position"), 0)
                owner = view.get("owner", whose)
                state = (0, sum(view["counters"].values()) if "counters" in view else 0,
                         1 if "negated" in view else 0, 1 if "cannot_attack" in view else 0,
                         1 if view.get("this_turn") else 0, 1 if view.get("attacked") else 0)
                if view.get("hidden"):
                    table.append((HIDDEN, mine, 1 if owner == me else 2, location, slot, faceup,
                                  0, position, _index(KIND_NAMES, view.get("kind", "")))
                                 + (0,) * 9 + state)
                else:
                    f = facts(view["name"])
                    atk, def_ = (view["atk"], view["def"]) if "atk" in view else f[8:]
                    table.append((f[0], mine, 1 if owner == me else 2, location, slot, faceup,
                                  1 if faceup == 2 else 0, position) + f[2:8]
                                 + (atk, def_, atk - f[8], def_ - f[9]) + state)
                    if "equipped_to" in view:
                        equips.append((len(table) - 1, view["equipped_to_controller"],
                                       view["equipped_to"]))
            if key is not None:
                rows.setdefault(key, len(table) - 1)

        L = _L
        sides = obs["sides"]
        mine_side, opp_side = sides[me], sides[opp]
        for i, v in enumerate(mine_side["hand"] or ()):
            add(v, me, L["hand"], i + 1, ("hand", i))
        for p in (me, opp):
            s = sides[p]
            for i, v in enumerate(s["monsters"]):
                if v is not None:
                    add(v, p, L["monster"], i + 1, ("field", p, v["zone"]))
            for i, v in enumerate(s["extra_monster_zone"]):
                add(v, p, L["emz"], i + 1, ("field", p, v["zone"]))
            for i, v in enumerate(s["spells"]):
                if v is not None:
                    add(v, p, L["spell"], i + 1, ("field", p, v["zone"]))
            if s["field_spell"] is not None:
                add(s["field_spell"], p, L["field"], 1, ("field", p, "fz"))
        for i in range(opp_side["hand_count"]):
            add(None, opp, L["hand"], i + 1)
        for pile, key in (("graveyard", "gy"), ("banished", "banished")):
            for p in (me, opp):
                for i, name in enumerate(sides[p][pile]):
                    if name is None:          # banished face-down, unknown to the player
                        add({"hidden": True, "faceup": False}, p, L[key], i + 1, (key, p, i))
                    else:
                        add(None, p, L[key], i + 1, (key, p, i), name=name)
        for i, name in enumerate(mine_side["extra"] or ()):
            add(None, me, L["extra"], i + 1, ("extra", name), name=name)
        for r, ctrl, zone in equips:
            t = rows.get(("field", ctrl, zone))
            if t is not None:
                row = list(table[r])
                row[_C["equipped_to"]] = t + 1
                table[r] = tuple(row)
        cards = self._array("cards", table, self.max_cards)

        def row_of(view) -> int:
            """1 + the row of a card an option or the chain names (0: not in "cards")."""
            if view is None:
                return 0
            zone = view.get("zone")
            if "controller" in view:
                key = ("field", view["controller"], zone)
            elif zone == "hand" and "slot" in view:
                key = ("hand", view["slot"])
            elif zone in ("gy", "banished") and "slot" in view:
                key = (zone, view["owner"], view["slot"])
            elif zone == "extra" and "name" in view:
                key = ("extra", view["name"])
            else:
                return 0
            r = rows.get(key)
            return 0 if r is None else r + 1

        # the chain
        links = []
        for link in obs["chain"][:self.max_chain]:
            targets = link["targets"]
            links.append((self.card_facts(link["card"])[0], 1 if link["player"] == me else 2,
                          row_of(link.get("view")), len(targets)))
        chain = self._array("chain", links, self.max_chain)

        # the legal answers (of this page)
        pend = obs.get("pending")
        opts = pend.get("options") if pend else None
        kind = _index(KINDS, pend["kind"]) if opts else 0
        n_opts = len(opts) if opts else 0

        def fill(a, o) -> None:
            a[_A["verb"]] = _index(VERBS, o["verb"])
            cs = o["cards"]
            a[_A["n_cards"]] = len(cs)
            if cs:
                self._card_cols(a, cs[0], me, row_of, "")
            target = o["target"] if o["verb"] == "attack" else (cs[1] if len(cs) > 1 else None)
            if target is not None:
                self._card_cols(a, target, me, row_of, "target_")
            if o["verb"] == "attack" and o["target"] is None:
                a[_A["direct"]] = 1
            if o["effect"] is not None:
                a[_A["effect"]] = o["effect"] + 1
            a[_A["arg"]] = self._arg(o["arg"])
        acts, page, n_pages, n_shown = self._answers(opts, kind, page, fill)
        actions = self._array("actions", acts, self.max_actions)
        mask = answer_mask(n_shown, n_pages, self.max_actions)

        g = [0] * len(GLOBAL_FEATURES)
        lp = obs["lp"]
        g[_G["my_lp"]], g[_G["opp_lp"]] = lp[me], lp[opp]
        g[_G["turn"]] = obs["turn"]
        g[_G["my_turn"]] = 1 if obs["turn_player"] == me else 0
        g[_G["phase"]] = _index(PHASES, obs["phase"])
        g[_G["step"]] = _index(STEPS, obs.get("step", ""))
        for who, s in (("my", mine_side), ("opp", opp_side)):
            g[_G[f"{who}_hand"]] = s["hand_count"]
            g[_G[f"{who}_deck"]] = s["deck_count"]
            g[_G[f"{who}_gy"]] = s["gy_count"]
            g[_G[f"{who}_banished"]] = s["banished_count"]
            g[_G[f"{who}_extra"]] = s["extra_count"]
            g[_G[f"{who}_monsters"]] = (sum(v is not None for v in s["monsters"])
                                        + len(s["extra_monster_zone"]))
            g[_G[f"{who}_spells"]] = (sum(v is not None for v in s["spells"])
                                      + (s["field_spell"] is not None))
        g[_G["chain"]] = len(obs["chain"])
        g[_G["decision"]] = kind
        g[_G["n_actions"]] = n_opts
        g[_G["page"]], g[_G["pages"]] = page, n_pages
        g[_G["seat"]] = me
        att = obs.get("attack")
        if att is not None:
            g[_G["attack"]] = 1
            views = att.get("cards") or (None, None)
            g[_G["attacker_row"]] = row_of(views[0])
            g[_G["attack_target_row"]] = row_of(views[1])
        hist = history if history else []
        return {"global": self._array("global", g, None), "cards": cards, "chain": chain,
                "history": self._array("history", hist[:self.max_history], self.max_history),
                "actions": actions, "action_mask": mask}

    def _answers(self, opts, kind: int, page: int, fill) -> tuple:
        """(rows, page, pages, answers shown) of the answers `opts` shown on `page` (and the
        next-page row, the last, when there are several pages); fill(row, option) writes an
        answer's own columns."""
        n_pages = pages(len(opts), self.max_actions) if opts else 0
        page = page % n_pages if n_pages else 0
        acts: list = []
        if not opts:
            return acts, page, n_pages, 0
        width = len(ACTION_FEATURES)
        per = self.max_actions - 1
        first = 0 if n_pages == 1 else page * per
        shown = opts if n_pages == 1 else opts[first:first + per]
        for j, o in enumerate(shown):
            a = [0] * width
            a[_A["kind"]] = kind
            a[_A["option"]] = first + j
            fill(a, o)
            acts.append(a)
        if n_pages > 1:             # the next-page action is the last one, on every page
            acts += [(0,) * width] * (per - len(shown))
            a = [0] * width
            a[_A["kind"]], a[_A["verb"]] = kind, _PAGE_VERB
            a[_A["arg"]] = (page + 1) % n_pages + 1      # the page it shows (1-based)
            acts.append(a)
        return acts, page, n_pages, len(shown)

    # ------------------------------------------------------------------------ fast path
    def encode_duel(self, d, me: int, history=None, page: int = 0) -> dict:
        """The arrays `encode(observe(d, me, words=False), history, page)` gives, read from the
        duel directly (the environments' path, ygosim.envs.incremental: a SeatEncoder used
        once). It reads only what `observe` shows `me` (hidden_from decides, as there);
        tests/test_envs.py checks that both paths give the same arrays at many positions of
        random duels."""
        from .incremental import SeatEncoder
        return SeatEncoder(self, me).encode(d, history, page)

    def _card_cols(self, a, view, me, row_of, prefix: str) -> None:
        if view.get("hidden"):
            a[_A[prefix + "card"]] = HIDDEN
        elif "name" in view:
            f = self.card_facts(view["name"])
            a[_A[prefix + "card"]] = f[0]
            if "atk" in view:
                a[_A[prefix + "atk"]], a[_A[prefix + "def"]] = view["atk"], view["def"]
        a[_A[prefix + "row"]] = row_of(view)
        whose = view.get("controller", view.get("owner"))
        if whose is not None:
            a[_A[prefix + "mine"]] = 1 if whose == me else 2
        if prefix:
            if "faceup" in view:
                a[_A["target_faceup"]] = 1 if view["faceup"] else 2
        else:
            a[_A["location"]] = _location_of(view)

    @staticmethod
    def _arg(arg) -> int:
        if arg is None:
            return 0
        if isinstance(arg, bool):
            return int(arg)
        if isinstance(arg, int):
            return arg
        s = str(arg)
        if s in ARG_WORDS:
            return ARG_WORDS[s]
        if len(s) == 2 and s[0] in "ms" and s[1].isdigit():     # zones m1..m5, s1..s5
            return int(s[1])
        for seq in (ATTRIBUTES, TYPES):
            k = _index(seq, s)
            if k:
                return k
        return 0


# ---------------------------------------------------------------------------- history
class History:
    """The last public events of a duel as one player read them in the log (log_view: only
    what that player may read), a row each, the newest first: (turn, phase, who, what, card,
    n_cards, age). `update(duel)` reads the lines written since the last update and stamps
    them with the phase the duel is in then (the environments update a player's history when
    it observes); `rows()` gives them for Encoder.encode."""

    def __init__(self, encoder: Encoder, player: int, size: int | None = None):
        self.encoder = encoder
        self.player = player
        self.size = size if size is not None else encoder.max_history
        self.read = 0
        self.count = 0
        self.lines: list = []        # (turn, phase, who, what, card, n_cards, number)

    def update(self, duel) -> None:
        log = duel.log
        if self.read >= len(log):
            return
        new = log_view(duel, self.player, self.read)
        self.read = len(log)
        names = duel.names
        phase = duel.phase + 1 if 0 <= duel.phase < len(PHASES) else 0
        for line in new:
            self.count += 1
            self.lines.append(self._row(line, names, phase))
        if len(self.lines) > self.size:
            del self.lines[:len(self.lines) - self.size]

    def _row(self, line: str, names, phase: int) -> tuple:
        turn = 0
        if line[:1] == "T":
            head, _, rest = line.partition(" ")
            if head[1:].isdigit():
                turn, line = int(head[1:]), rest
        cache = self.encoder.line_cache
        key = (line, names, self.player)
        got = cache.get(key)
        if got is None:
            if len(cache) > 50000:
                cache.clear()
            got = cache[key] = self._parse(line, names)
        return (turn, phase) + got + (self.count,)

    def _parse(self, line: str, names) -> tuple:
        """(who, what, card, n_cards) of a line without its turn."""
        who = 0
        for p in (0, 1):
            if line.startswith(names[p] + " "):
                who = 1 if p == self.player else 2
                break
        what = len(HISTORY_WHAT)
        for i, (_, keys) in enumerate(HISTORY_WORDS):
            if any(k in line for k in keys):
                what = i + 1
                break
        found = _card_names(self.encoder, line)
        card = self.encoder.card_id(found[0]) if found else 0
        return (who, what, card, len(found))

    def rows(self) -> list:
        """The rows, the newest first, with `age` = how many lines ago."""
        n = self.count
        return [r[:6] + (n - r[6],) for r in reversed(self.lines)]


_NAME_INDEX: dict = {}


def _card_names(encoder: Encoder, line: str) -> list[str]:
    """The card names in a line of the log, in order (the longest name at each word)."""
    index = _NAME_INDEX.get(id(encoder.vocab))
    if index is None:
        index = {}
        for name in sorted(encoder.vocab, key=len, reverse=True):
            index.setdefault(name.split(" ", 1)[0], []).append(name)
        _NAME_INDEX.clear()
        _NAME_INDEX[id(encoder.vocab)] = index
    found = []
    i, n = 0, len(line)
    while i < n:
        j = line.find(" ", i)
        word = line[i:] if j < 0 else line[i:j]
        for start in (word, word.lstrip("(")):
            hit = None
            for name in index.get(start, ()):
                k = i + len(word) - len(start)
                if line.startswith(name, k) and (k + len(name) == n or
                                                 not line[k + len(name)].isalnum()):
                    hit = name
                    break
            if hit:
                break
        if hit:
            found.append(hit)
            i += len(word) - len(start) + len(hit)
            while i < n and line[i] in " ,)":
                i += 1
            continue
        if j < 0:
            break
        i = j + 1
    return found
