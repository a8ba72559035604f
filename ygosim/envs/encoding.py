"""The observation encoding of the environments: numpy arrays built from `observe(duel, player)`
and nothing else (docs/envs.md describes every column).

`Encoder.encode(obs)` takes the dict `observe(duel, player, words=False)` returns and gives

* "global"  int32 (len(GLOBAL_FEATURES),): LP, turn, phase, pile counts, chain length...
* "cards"   int32 (max_cards, len(CARD_FEATURES)): one row per card the player can see or
            knows is there (own hand, both fields, the opponent's hand as hidden rows, both
            Graveyards and banished piles, own Extra Deck); padding rows are all 0.
* "chain"   int32 (max_chain, len(CHAIN_FEATURES)): the chain, Chain Link 1 first.
* "actions" int32 (max_actions, len(ACTION_FEATURES)): the legal answers of the pending
            decision, in the engine's order, each described by features (kind of decision,
            verb, card, its row in "cards", effect number, target...).
* "action_mask" int8 (max_actions,): 1 for each legal answer. Action i answers with the
            pending decision's option i.

A card is named by its index in the card vocabulary (`Encoder.vocab`: 0 no card, 1 a hidden card,
2 a card the store does not know, then every card of the card store in passcode order) and by
its passcode; its printed facts (kind, Level, Attribute, Type...) are looked up by name, which
is public once the card is. Everything else comes from the observation, which holds only what
the player may know: a face-down card of the opponent is a row with card 1 and no facts.
"""
from __future__ import annotations

import numpy as np

from ..engine.decision import KINDS

CARD_FEATURES = ("card", "code", "mine", "location", "slot", "faceup", "position", "kind",
                 "subtype", "frames", "level", "attribute", "type", "atk", "def", "equipped")
GLOBAL_FEATURES = ("my_lp", "opp_lp", "turn", "my_turn", "phase", "my_hand", "opp_hand",
                   "my_deck", "opp_deck", "my_gy", "opp_gy", "my_banished", "opp_banished",
                   "my_extra", "opp_extra", "my_monsters", "opp_monsters", "my_spells",
                   "opp_spells", "chain", "decision", "n_actions", "seat", "attack",
                   "attacker_row", "attack_target_row")
CHAIN_FEATURES = ("card", "code", "mine", "row", "targets")
ACTION_FEATURES = ("kind", "verb", "card", "code", "row", "mine", "location", "effect",
                   "atk", "def", "target_card", "target_row", "target_mine", "target_atk",
                   "target_def", "target_faceup", "direct", "arg", "n_cards")

LOCATIONS = ("hand", "monster", "spell", "field", "emz", "gy", "banished", "extra", "deck")
VERBS = ("summon", "set", "flip", "change", "activate", "attack", "phase", "pass", "yes", "no",
         "position", "zone", "call", "go", "declare", "order", "choose", "synchro", "xyz",
         "link", "pendulum")
KIND_NAMES = ("monster", "spell", "trap", "spell/trap", "field spell")
SUBTYPES = ("normal", "quickplay", "continuous", "equip", "field", "ritual", "counter")
FRAMES = ("normal", "effect", "fusion", "ritual", "synchro", "xyz", "link", "pendulum", "tuner",
          "flip", "spirit", "union", "gemini", "toon", "token")
ATTRIBUTES = ("DARK", "EARTH", "FIRE", "LIGHT", "WATER", "WIND", "DIVINE")
TYPES = ("Aqua", "Beast", "Beast-Warrior", "Creator God", "Cyberse", "Dinosaur", "Divine-Beast",
         "Dragon", "Fairy", "Fiend", "Fish", "Insect", "Machine", "Plant", "Psychic", "Pyro",
         "Reptile", "Rock", "Sea Serpent", "Spellcaster", "Thunder", "Warrior", "Winged Beast",
         "Wyrm", "Zombie")
PHASES = ("draw", "standby", "main1", "battle", "main2", "end")
ARG_WORDS = {"battle": 1, "main2": 2, "end": 3, "attack": 1, "defense": 2, "heads": 1,
             "tails": 2, "first": 1, "second": 2}
POSITIONS = {"attack": 1, "defense": 2, "set": 3}

NONE, HIDDEN, UNKNOWN = 0, 1, 2

_C = {n: i for i, n in enumerate(CARD_FEATURES)}
_A = {n: i for i, n in enumerate(ACTION_FEATURES)}
_G = {n: i for i, n in enumerate(GLOBAL_FEATURES)}
_K = {n: i for i, n in enumerate(CHAIN_FEATURES)}


def _index(seq, value) -> int:
    """1-based index of value in seq, 0 if absent."""
    try:
        return seq.index(value) + 1
    except ValueError:
        return 0


def card_vocabulary() -> list[str]:
    """The names of the card store's cards in passcode order (vocabulary index = 3 + position)."""
    from ..cards.db import card_db
    cards = sorted(card_db(), key=lambda c: (c.passcode, c.name))
    return [c.name for c in cards]


class Encoder:
    """Turns observations into fixed-size numpy arrays (see the module's docstring)."""

    def __init__(self, max_cards: int = 160, max_actions: int = 64, max_chain: int = 16):
        from ..cards.db import card_db
        self.max_cards = max_cards
        self.max_actions = max_actions
        self.max_chain = max_chain
        self.vocab = card_vocabulary()
        db = card_db()
        self.facts: dict[str, tuple] = {}
        for i, name in enumerate(self.vocab):
            self.facts[name] = (i + 3,) + self._facts(db.get(name))
        self._db = db

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

    # ------------------------------------------------------------------------ spaces
    def observation_space(self):
        from gymnasium import spaces
        big = np.iinfo(np.int32)

        def box(*shape):
            return spaces.Box(big.min, big.max, shape, np.int32)
        return spaces.Dict({
            "global": box(len(GLOBAL_FEATURES)),
            "cards": box(self.max_cards, len(CARD_FEATURES)),
            "chain": box(self.max_chain, len(CHAIN_FEATURES)),
            "actions": box(self.max_actions, len(ACTION_FEATURES)),
            "action_mask": spaces.Box(0, 1, (self.max_actions,), np.int8),
        })

    def action_space(self):
        from gymnasium import spaces
        return spaces.Discrete(self.max_actions)

    # ------------------------------------------------------------------------ encoding
    def encode(self, obs: dict) -> dict:
        """Arrays from an observation (`observe(duel, player, words=False)`; the full form with
        words works too). `obs["player"]` is the viewer: 0 or 1."""
        me = obs["player"]
        opp = 1 - me
        table: list = []
        rows: dict = {}
        limit = self.max_cards
        facts = self.card_facts
        # columns: card code mine location slot faceup position kind subtype frames level
        #          attribute type atk def equipped
        def add(view, whose, location, slot, key=None, name=None) -> None:
            if len(table) >= limit:
                return
            mine = 1 if whose == me else 2
            if view is None:
                if name is None:             # a card in the opponent's hand
                    table.append((HIDDEN, 0, mine, location, slot, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                                  0))
                else:                        # a public pile: Graveyard, banished, Extra Deck
                    f = facts(name)
                    table.append((f[0], f[1], mine, location, slot, 1, 0) + f[2:] + (0,))
            else:
                faceup = (1 if view["faceup"] else 2) if "faceup" in view else 0
                position = POSITIONS.get(view.get("position"), 0)
                equipped = 1 if "equipped_to" in view else 0
                if view.get("hidden"):
                    table.append((HIDDEN, 0, mine, location, slot, faceup, position,
                                  _index(KIND_NAMES, view.get("kind", "")), 0, 0, 0, 0, 0, 0, 0,
                                  equipped))
                else:
                    f = facts(view["name"])
                    atk, def_ = (view["atk"], view["def"]) if "atk" in view else f[8:]
                    table.append((f[0], f[1], mine, location, slot, faceup, position) + f[2:8]
                                 + (atk, def_, equipped))
            if key is not None:
                rows.setdefault(key, len(table) - 1)

        L = {name: i + 1 for i, name in enumerate(LOCATIONS)}
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
                    add(None, p, L[key], i + 1, (key, p, i), name=name)
        for i, name in enumerate(mine_side["extra"] or ()):
            add(None, me, L["extra"], i + 1, ("extra", name), name=name)
        cards = np.zeros((self.max_cards, len(CARD_FEATURES)), np.int32)
        if table:
            cards[:len(table)] = table

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
        chain = np.zeros((self.max_chain, len(CHAIN_FEATURES)), np.int32)
        for i, link in enumerate(obs["chain"][:self.max_chain]):
            f = self.card_facts(link["card"])
            chain[i, _K["card"]], chain[i, _K["code"]] = f[0], f[1]
            chain[i, _K["mine"]] = 1 if link["player"] == me else 2
            chain[i, _K["targets"]] = len(link["targets"])
            chain[i, _K["row"]] = row_of(link.get("view"))

        # the legal answers
        actions = np.zeros((self.max_actions, len(ACTION_FEATURES)), np.int32)
        mask = np.zeros(self.max_actions, np.int8)
        pend = obs.get("pending")
        opts = pend.get("options") if pend else None
        kind = 0
        if opts:
            kind = _index(KINDS, pend["kind"])
            table = []
            width = len(ACTION_FEATURES)
            for o in opts[:self.max_actions]:
                a = [0] * width
                table.append(a)
                a[_A["kind"]] = kind
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
            actions[:len(table)] = table
            mask[:len(table)] = 1

        g = np.zeros(len(GLOBAL_FEATURES), np.int32)
        lp = obs["lp"]
        g[_G["my_lp"]], g[_G["opp_lp"]] = lp[me], lp[opp]
        g[_G["turn"]] = obs["turn"]
        g[_G["my_turn"]] = 1 if obs["turn_player"] == me else 0
        g[_G["phase"]] = _index(PHASES, obs["phase"])
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
        g[_G["n_actions"]] = len(opts) if opts else 0
        g[_G["seat"]] = me
        att = obs.get("attack")
        if att is not None:
            g[_G["attack"]] = 1
            views = att.get("cards") or (None, None)
            g[_G["attacker_row"]] = row_of(views[0])
            g[_G["attack_target_row"]] = row_of(views[1])
        return {"global": g, "cards": cards, "chain": chain, "actions": actions,
                "action_mask": mask}

    def _card_cols(self, a, view, me, row_of, prefix: str) -> None:
        if view.get("hidden"):
            a[_A[prefix + "card"]] = HIDDEN
        elif "name" in view:
            f = self.card_facts(view["name"])
            a[_A[prefix + "card"]] = f[0]
            if not prefix:
                a[_A["code"]] = f[1]
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


def _location_of(view) -> int:
    zone = view.get("zone", "")
    if zone.startswith("m"):
        return _index(LOCATIONS, "monster")
    if zone == "emz":
        return _index(LOCATIONS, "emz")
    if zone == "fz":
        return _index(LOCATIONS, "field")
    if zone.startswith("s"):
        return _index(LOCATIONS, "spell")
    return _index(LOCATIONS, zone)
