"""Text forms of decisions, in the grammar of the scenario format, and their parsing.

`option_texts(duel, decision)` renders every legal answer ("summon Dark Magician",
"attack Summoned Skull -> direct", "choose Feral Imp, Sogen"); names are qualified
(`NAME@m2`, `B:NAME`) only where two answers would otherwise read the same.
`match(duel, decision, line)` finds the answers a line of the grammar means.
"""
from __future__ import annotations

import re

from ..cards.db import normalize
from . import const as K
from .const import DECK, HAND, MZONE, SZONE, GY, BANISHED, EXTRA
from .visibility import hidden_from

PLAYER_LETTERS = ("A", "B")


def zone_name(d, c: int) -> str:
    l = d.loc[c]
    if l == MZONE:
        s = d.seq[c]
        if s >= K.EMZ_BASE:
            return "emz"
        return f"m{s + 1}"
    if l == SZONE:
        s = d.seq[c]
        return "fz" if s == K.FIELD_ZONE else f"s{s + 1}"
    return {DECK: "deck", HAND: "hand", GY: "gy", BANISHED: "banished", EXTRA: "extra"}.get(l, "?")


def _quote(name: str) -> str:
    return f'"{name}"' if "," in name else name


def card_text(d, c: int, level: int = 0, in_list: bool = False) -> str:
    """A card reference: NAME, NAME@ZONE (level 1), A:NAME@ZONE (level 2)."""
    name = d.data[c].name
    if in_list:
        name = _quote(name)
    if level >= 1:
        name = f"{name}@{zone_name(d, c)}"
    if level >= 2:
        who = d.ctrl[c] if d.loc[c] & (K.FIELD | K.HAND) else d.owner[c]
        name = f"{PLAYER_LETTERS[who]}:{name}"
    return name


def option_text(d, opt, level: int = 0) -> str:
    v = opt.verb
    cards = opt.cards
    if v in ("summon", "set", "flip", "change", "special"):
        return f"{v} {card_text(d, cards[0], level)}"
    if v == "activate":
        c = cards[0]
        base = f"activate {card_text(d, c, level)}"
        ei = effect_index(opt)
        if ei is not None and _needs_effect_number(d, c, ei, opt.arg):
            base += f" effect {ei + 1}"
        return base
    if v == "attack":
        t = opt.arg
        target = "direct" if t is None else card_text(d, t, level)
        return f"attack {card_text(d, cards[0], level)} -> {target}"
    if v == "phase":
        return opt.arg
    if v in ("pass", "yes", "no"):
        return v
    if v in ("choose", "order", "pendulum"):
        if not cards:       # no card: `choose nothing`; `pendulum` (the cards asked one by one)
            return "choose nothing" if v == "choose" else v
        return f"{v} " + ", ".join(card_text(d, c, level, True) for c in cards)
    if v in ("synchro", "xyz", "link"):
        mats = ", ".join(card_text(d, c, level, True) for c in cards[1:])
        return f"{v} {card_text(d, cards[0], level)} using {mats}"
    if v in ("position", "zone", "declare", "call", "go"):
        return f"{v} {opt.arg}"
    return v


def effect_index(opt):
    """The effect an `activate` option uses: its arg (an effect index), or for an optional
    trigger offered in a trigger window the index in its (card, effect index, event)."""
    a = opt.arg
    if isinstance(a, int):
        return a
    if isinstance(a, tuple) and len(a) == 3 and isinstance(a[1], int):
        return a[1]
    return None


def _needs_effect_number(d, c: int, ei: int, arg=None) -> bool:
    """`effect N` is written when the card has more than one effect a player can activate, or
    for a trigger that is one of "activate 1 of these effects" (Effect.choice)."""
    effects = d.data[c].script.effects
    if isinstance(arg, tuple):
        return ei > 0 and bool(effects[ei].choice)
    n = sum(1 for e in effects if e.kind not in ("continuous", "trigger", "flip"))
    return n > 1 and ei > 0


def option_texts(d, decision) -> list[str]:
    opts = decision.options
    texts = [option_text(d, o) for o in opts]
    for level in (1, 2):
        counts = {}
        for t in texts:
            counts[t] = counts.get(t, 0) + 1
        if all(n == 1 for n in counts.values()):
            break
        texts = [option_text(d, o, level) if counts[t] > 1 else t for o, t in zip(opts, texts)]
    return texts


# ---------------------------------------------------------------------------- parsing
_REF = re.compile(r"^(?:(?P<who>[AB]):)?(?P<name>.+?)(?:@(?P<zone>m[1-5]|emz|s[1-5]|fz|hand|gy|"
                  r"banished|deck|extra))?$", re.IGNORECASE)

SIMPLE_VERBS = {"summon", "set", "flip", "change", "activate", "special"}
LIST_VERBS = {"choose", "order", "pendulum"}


FACE_DOWN_NAMES = frozenset({"face-down", "facedown", "face-down card", "face-down monster",
                             "set card", "set monster"})


class Ref:
    """A card reference in the grammar: `[A:|B:]NAME[@ZONE]`. NAME may be `face-down` (a
    face-down card on the field, found by its zone: how a player names a card they cannot
    see, e.g. `attack Dark Magician -> face-down@m2`)."""

    __slots__ = ("who", "name", "zone", "raw", "facedown")

    def __init__(self, text: str):
        text = text.strip()
        if len(text) >= 2 and text[0] == '"' and text[-1] == '"':
            text = text[1:-1]
        m = _REF.match(text)
        if not m:
            raise ValueError(f"bad card reference {text!r}")
        who = m.group("who")
        self.who = None if who is None else PLAYER_LETTERS.index(who.upper())
        raw = m.group("name").strip()                   # the name as written (quoted when
        if len(raw) >= 2 and raw[0] == '"' and raw[-1] == '"':  # it has a comma; a name
            raw = raw[1:-1]                             # may end with one: Spirit Message "A")
        self.raw = raw
        self.name = normalize(self.raw)
        z = m.group("zone")
        self.zone = z.lower() if z else None
        self.facedown = self.name in FACE_DOWN_NAMES

    def fits(self, d, c: int, viewer=None) -> bool:
        """Does card c fit the reference? With a `viewer` (0 or 1), a card hidden from that
        player fits only a `face-down` reference: its name is not theirs to match."""
        if self.facedown:
            if not (d.loc[c] & K.FIELD and d.pos[c] & K.FACEDOWN):
                return False
        else:
            if viewer is not None:
                if hidden_from(d, c, viewer):
                    return False
            if normalize(d.data[c].name) != self.name:
                return False
        if self.zone is not None and zone_name(d, c) != self.zone:
            return False
        if self.who is not None:
            who = d.ctrl[c] if d.loc[c] & (K.FIELD | K.HAND) else d.owner[c]
            if who != self.who:
                return False
        return True

    def __repr__(self):
        return f"Ref({self.who}, {self.name!r}, {self.zone})"


def split_list(text: str) -> list[str]:
    """Split `A, "B, C", D` on commas outside double quotes."""
    out, cur, q = [], [], False
    for ch in text:
        if ch == '"':
            q = not q
            cur.append(ch)
        elif ch == "," and not q:
            out.append("".join(cur).strip())
            cur = []
        else:
            cur.append(ch)
    if "".join(cur).strip():
        out.append("".join(cur).strip())
    return out


class Parsed:
    """A line of the action grammar, parsed."""

    def __init__(self, line: str):
        self.line = line = " ".join(line.split())
        low = line.lower()
        self.verb = None
        self.refs: list[Ref] = []
        self.arg = None
        self.effect = None
        if low in ("battle", "main2", "end", "end turn"):
            self.verb, self.arg = "phase", low
            return
        if low in ("pass", "yes", "no"):
            self.verb = low
            return
        word, _, rest = line.partition(" ")
        word = word.lower()
        rest = rest.strip()
        if word == "pendulum" and not rest:     # a Pendulum Summon whose cards are asked after
            self.verb = word
            return
        if word == "choose" and rest.lower() == "nothing":     # no card (no more cards)
            self.verb = word
            return
        if not rest:
            raise ValueError(f"unknown action {line!r}")
        if word in SIMPLE_VERBS:
            m = re.match(r"^(.*?)\s+effect\s+(\d{1,6})$", rest, re.IGNORECASE) if word == "activate" else None
            if m:
                rest, self.effect = m.group(1), int(m.group(2)) - 1
            self.verb, self.refs = word, [Ref(rest)]
        elif word == "attack":
            if "->" not in rest:
                raise ValueError(f"an attack is written `attack NAME -> TARGET`: {line!r}")
            a, _, t = rest.partition("->")
            self.verb = "attack"
            self.refs = [Ref(a)]
            t = t.strip()
            self.arg = None if t.lower() == "direct" else Ref(t)
        elif word in LIST_VERBS:
            self.verb, self.refs = word, [Ref(x) for x in split_list(rest)]
        elif word in ("synchro", "xyz", "link"):
            if " using " not in rest:
                raise ValueError(f"write `{word} NAME using A, B`: {line!r}")
            name, _, mats = rest.partition(" using ")
            self.verb = word
            self.refs = [Ref(name)] + [Ref(x) for x in split_list(mats)]
        elif word in ("position", "zone", "declare", "call", "go"):
            self.verb, self.arg = word, rest.lower() if word != "declare" else rest
        else:
            raise ValueError(f"unknown action {line!r}")


def option_fits(d, opt, p: Parsed, partial: bool = False, viewer=None) -> bool:
    """Does option `opt` mean what the parsed line says? With `partial`, a choose line may
    name more cards than the option holds. With a `viewer`, names are matched only against
    cards that player can see (Ref.fits)."""
    v = p.verb
    if v == "phase":
        if opt.verb != "phase":
            return False
        if p.arg == "end turn":
            return opt.arg == "end"
        return opt.arg == p.arg
    if opt.verb != v:
        return False
    if v in ("pass", "yes", "no"):
        return True
    if v in ("position", "zone", "call", "go"):
        return str(opt.arg).lower() == p.arg
    if v == "declare":
        return str(opt.arg).lower() == p.arg.lower()
    if v in SIMPLE_VERBS:
        if not p.refs[0].fits(d, opt.cards[0], viewer):
            return False
        # `activate NAME effect N` names the effect (plain `activate NAME`: see match)
        if v == "activate" and p.effect is not None and effect_index(opt) != p.effect:
            return False
        return True
    if v == "attack":
        if not p.refs[0].fits(d, opt.cards[0], viewer):
            return False
        if p.arg is None:
            return opt.arg is None
        return opt.arg is not None and p.arg.fits(d, opt.arg, viewer)
    if v == "order":
        return len(opt.cards) == len(p.refs) and all(
            r.fits(d, c, viewer) for r, c in zip(p.refs, opt.cards))
    if v in ("synchro", "xyz", "link"):
        return p.refs[0].fits(d, opt.cards[0], viewer) and \
            _assign(d, list(opt.cards[1:]), p.refs[1:], False, viewer)
    # choose / pendulum: each card of the option fits a distinct ref
    return _assign(d, list(opt.cards), p.refs, partial, viewer)


def _assign(d, cards, refs, partial, viewer=None) -> bool:
    """Can each card be given a distinct ref that it fits (every ref used, unless `partial`)?
    A bipartite matching (augmenting paths) over the distinct refs, each as many times as it
    is written: polynomial in the line's length however many copies it names (trying every
    assignment in turn was exponential: `choose X, X, ..., X` against X, X, ..., Y)."""
    if (not partial and len(cards) != len(refs)) or len(cards) > len(refs):
        return False
    groups: dict = {}
    for r in refs:
        key = (r.who, r.name, r.zone, getattr(r, "facedown", False))
        g = groups.get(key)
        if g is None:
            groups[key] = [r, 1]
        else:
            g[1] += 1
    kinds = list(groups.values())
    fits = [[g for g, (r, _) in enumerate(kinds) if r.fits(d, c, viewer)] for c in cards]
    holders: list[list[int]] = [[] for _ in kinds]     # the cards given each kind of ref

    def place(i, seen) -> bool:
        for g in fits[i]:
            if g in seen:
                continue
            seen.add(g)
            if len(holders[g]) < kinds[g][1]:
                holders[g].append(i)
                return True
            for k, other in enumerate(holders[g]):
                if place(other, seen):
                    holders[g][k] = i
                    return True
        return False
    return all(place(i, set()) for i in range(len(cards)))


def interchangeable(d, a: int, b: int) -> bool:
    """Same name, same place, same state."""
    if d.data[a].name != d.data[b].name or d.loc[a] != d.loc[b]:
        return False
    if d.loc[a] & K.FIELD:
        return (d.ctrl[a] == d.ctrl[b] and d.pos[a] == d.pos[b] and d.atk(a) == d.atk(b)
                and d.def_(a) == d.def_(b) and (d.turn_in[a] == d.turn) == (d.turn_in[b] == d.turn)
                and (d.attacked[a] == d.turn) == (d.attacked[b] == d.turn)
                and (d.pos_turn[a] == d.turn) == (d.pos_turn[b] == d.turn)
                and d.equip[a] is None and d.equip[b] is None)
    return d.owner[a] == d.owner[b] and d.pos[a] == d.pos[b]


def _same_trigger(d, a, b) -> bool:
    """Two optional trigger options' args, (card, effect index, event): the same effect of
    interchangeable copies answering the same kind of event (two Sinister Serpents in the
    Graveyard in the Standby Phase)."""
    if not (isinstance(a, tuple) and isinstance(b, tuple) and len(a) == len(b) == 3):
        return False
    if a[1] != b[1] or not interchangeable(d, a[0], b[0]):
        return False
    ea, eb = a[2], b[2]
    if ea[0] != eb[0] or ea[3:5] != eb[3:5] or ea[6] != eb[6]:
        return False
    return ea[1] == eb[1] or (ea[1] == a[0] and eb[1] == b[0])


def options_interchangeable(d, opts) -> bool:
    first = opts[0]
    for o in opts[1:]:
        if o.verb != first.verb or o.arg != first.arg and not (
                isinstance(o.arg, int) and isinstance(first.arg, int)
                and first.verb == "attack" and interchangeable(d, o.arg, first.arg)) and not (
                first.verb == "activate" and _same_trigger(d, o.arg, first.arg)):
            return False
        if len(o.cards) != len(first.cards):
            return False
        if sorted(d.data[c].name for c in o.cards) != sorted(d.data[c].name for c in first.cards):
            return False
        if not all(any(interchangeable(d, x, y) for y in first.cards) for x in o.cards):
            return False
    return True


def match(d, decision, line: str, partial: bool = False, viewer=None):
    """The options a line means: ([options], error or None). With a `viewer` (0 or 1) the
    line is read as that player writes it: cards hidden from them are named `face-down@ZONE`
    and never match by their real name."""
    try:
        parsed = Parsed(line)
    except ValueError as e:
        return [], str(e)
    fits = [o for o in decision.options if option_fits(d, o, parsed, partial, viewer)]
    if len(fits) > 1 and parsed.verb == "activate" and parsed.effect is None:
        # `activate NAME` is the card's own text form (its card activation, effect 1) where
        # another of its effects fits too (a Set Continuous Trap with its effect: v10)
        plain = [o for o in fits if effect_index(o) is None or
                 not _needs_effect_number(d, o.cards[0], effect_index(o), o.arg)]
        if plain:
            fits = plain
    return fits, None
