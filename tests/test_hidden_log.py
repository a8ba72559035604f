"""Nothing a player observes names a card hidden from them (issue 10).

Hundreds of seeded random duels, with decks full of the cards that look at, target, move and
reveal hidden cards (Ancient Telescope, The Inexperienced Spy, Hane-Hane, Man-Eater Bug, Trap
Master, Change of Heart, De-Spell, The Stern Mystic, Sangan, Card Destruction, Kuriboh...).

The check keeps its own account of what each player may know, restated from the rules and not
read from the engine's hiding code:
- a player sees a card face-up on the field, a face-down card they control or own, the cards
  in their own hand and Extra Deck, every card in a Graveyard, banished or attached as a
  material; nobody sees the cards of a Deck (not even their order: its owner knows the list);
- a card activated (on the chain) is seen by both; a card added from the Deck to the hand by
  an effect is shown to the opponent (searches are revealed by rule); a card the engine
  reveals with `Duel.reveal` is seen by whom it is shown to;
- what a player has once seen stays known (a card they watched go back to the hand).
Every card id a player has seen is "known" to them, with its name. At every log line the
engine writes (the moment it is written, not later, when the card may have become public) and
after every decision, every card name in what `observe(duel, p)` gives p (the new log lines,
the board, the chain, the pending decision's prompt, option texts and words) must be the name
of a card known to p. A player deciding about cards of their own Deck (a search, the position
of the monster they take from it) may read their names in that decision.

Selections that include cards hidden from the chooser must not tell them apart by name: the
options are closed under swapping two hidden cards of the same place (else merging copies by
their real name would show the duplicates in a hidden hand).

Counters make sure the run exercised what it checks (face-down cards targeted, moved to the
hand, hands looked at, Decks looked at, searches, selections among hidden cards), so the test
cannot pass by never getting there.

And a check of the sources: no `write` in the engine or the card scripts reads a card's name
(`d.name(c)`, `d.data[c].name`) unless it says why the card is public (`# public`); a line that
names a card uses `d.card(c)` / `d.cards(cs)` / `d.reveal(...)` (docs/engine.md).
"""
from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest

from ygosim.cards.db import card_db, normalize
from ygosim.engine import const as K
from ygosim.engine import observe as O
from ygosim.engine.api import new_duel
from ygosim.engine.const import DECK, HAND, MZONE, EXTRA, FIELD, FACEDOWN
from ygosim.engine.duel import Duel
from ygosim.engine.rng import Rng
from ygosim.formats.deck import Deck, load_deck


def _deck(name, counts):
    db = card_db()
    main = []
    for card, n in counts:
        main += [db.by_name[normalize(card)]] * n
    return Deck(name, main)


# Every card of this deck works on hidden cards; its monsters hide well (set, duplicated).
SPY = _deck("spy", [
    ("The Inexperienced Spy", 3), ("Ancient Telescope", 3), ("Hane-Hane", 3),
    ("Man-Eater Bug", 3), ("Trap Master", 3), ("Change of Heart", 1), ("De-Spell", 2),
    ("The Stern Mystic", 2), ("Sangan", 3), ("Card Destruction", 1), ("Kuriboh", 3),
    ("Monster Reborn", 1), ("Koumori Dragon", 3), ("Mystical Elf", 3),
    ("Giant Soldier of Stone", 3), ("Trap Hole", 3)])
# Names disjoint from SPY's: whatever of it is named to SPY's player must be known to them.
PLAIN = _deck("plain", [
    ("Celtic Guardian", 3), ("Battle Ox", 3), ("Feral Imp", 3), ("Mystic Horseman", 3),
    ("Witty Phantom", 3), ("Magical Ghost", 3), ("Wall of Illusion", 2), ("Waboku", 3),
    ("Castle Walls", 3), ("Reinforcements", 3), ("Dark Hole", 2), ("Pot of Greed", 1),
    ("Mystical Space Typhoon", 3), ("Seven Tools of the Bandit", 2), ("Dragon Capture Jar", 1),
    ("Gyakutenno Megami", 2)])
YUGI, KAIBA = load_deck("yugi"), load_deck("kaiba")
GOAT_DECKS = Path(__file__).resolve().parents[1] / "ygosim" / "decks"
JAR = load_deck(GOAT_DECKS / "empty-jar.ydk")
GOAT_CONTROL = load_deck(GOAT_DECKS / "goat-control-worlds-2020.ydk")

DUELS = 30                 # per pairing and kind of player (360 duels in all)
# (decks, rules)
PAIRINGS = {"spy-plain": ((SPY, PLAIN), "v10"), "plain-spy": ((PLAIN, SPY), "v10"),
            "spy-spy": ((SPY, SPY), "v10"), "yugi-kaiba": ((YUGI, KAIBA), "v10"),
            "kaiba-yugi": ((KAIBA, YUGI), "v10"),
            # Goat rules and cards (Cyber Jar, excavation, searches of two copies, random
            # discards); the decks share names, so this one checks less by name
            "jar-goat": ((JAR, GOAT_CONTROL), "goat")}
TURN_CAP = 40


def sees(d, c: int, p: int) -> bool:
    """May player p look at card c's face now (the rules, restated for this test)?"""
    loc = d.loc[c]
    if loc & FIELD:
        return not d.pos[c] & FACEDOWN or d.ctrl[c] == p or d.owner[c] == p
    if loc == HAND:
        return d.owner[c] == p
    if loc == DECK:
        return False
    if loc == EXTRA:
        return d.owner[c] == p or not d.pos[c] & FACEDOWN
    return True          # Graveyard, banished, Xyz Material; 0: a Token that left the field


def log_since(d, p: int, raw: int) -> list[str]:
    """The log lines p may read among those written since the duel's log had `raw` lines."""
    view = getattr(O, "log_view", None)
    return list(d.log[raw:]) if view is None else view(d, p, raw)


class Watch:
    """What each player may know, kept up to date while one duel is played."""

    def __init__(self, d, names_re):
        self.d = d
        self.names_re = names_re
        self.unknown = [set(range(len(d.data))), set(range(len(d.data)))]
        self.known_names = [set(), set()]
        self.leaks: list[str] = []
        self.counts = dict.fromkeys(("targeted face-down", "face-down to hand", "reveals",
                                     "searches", "hidden selections", "lines"), 0)
        self.in_send = 0
        self.learn()

    def know(self, p, c):
        if c in self.unknown[p]:
            self.unknown[p].discard(c)
            self.known_names[p].add(self.d.data[c].name)

    def learn(self):
        d = self.d
        for p in (0, 1):
            for c in [c for c in self.unknown[p] if sees(d, c, p)]:
                self.know(p, c)
        for link in d.links.values():          # activated cards are public
            for p in (0, 1):
                self.know(p, link["card"])

    def names_in(self, text):
        return {m.group(0) for m in self.names_re.finditer(text)}

    def check_text(self, p, text, where, also=frozenset()):
        for name in self.names_in(text):
            if name not in self.known_names[p] and name not in also:
                self.leaks.append(f"turn {self.d.turn}: {where} shows {'AB'[p]} {name!r}, "
                                  f"hidden from them: {text!r}")

    # -- hooks on the engine
    def after_write(self, raw):
        d = self.d
        self.learn()
        for lk in d.links.values():
            for t, mid in lk["targets"]:
                if d.mid[t] == mid and d.loc[t] & FIELD and d.pos[t] & FACEDOWN:
                    self.counts["targeted face-down"] += 1
        for p in (0, 1):
            for line in log_since(d, p, raw):
                self.counts["lines"] += 1
                self.check_text(p, line, "the log")

    def placed(self, c, was, was_pos, loc):
        if was == DECK and loc == HAND and self.in_send:     # a search: shown to both
            self.counts["searches"] += 1
            for p in (0, 1):
                self.know(p, c)
        if was == MZONE and was_pos & FACEDOWN and loc == HAND:
            self.counts["face-down to hand"] += 1

    def revealed(self, cards, to):
        self.counts["reveals"] += 1
        for p in ((0, 1) if to is None else (to,)):
            for c in cards:
                self.know(p, c)

    # -- after every decision
    def after_decision(self):
        d = self.d
        self.learn()
        dec = d.pending
        for p in (0, 1):
            obs = O.observe(d, p)
            obs.pop("log")
            pend = obs.pop("pending")
            self.check_text(p, json.dumps(obs), "the board")
            if pend is None or dec is None or dec.player != p:
                assert pend is None or set(pend) == {"player"}, pend
                continue
            own_deck = frozenset(d.data[c].name for c in d.deck[p])
            self.check_text(p, json.dumps(pend), "the pending decision", own_deck)
            if dec.kind == "select":
                self.check_selection(p, dec)

    def check_selection(self, p, dec):
        """Options naming cards p has never seen are closed under swapping two of those cards
        that are in the same place: the options cannot tell them apart by name."""
        d = self.d
        sets = {frozenset(o.cards) for o in dec.options}
        unknown = self.unknown[p]
        # (a player choosing among the cards of their own Deck looks at them: a search)
        hidden = {c for o in dec.options for c in o.cards if c in unknown
                  and not (d.loc[c] == DECK and d.owner[c] == p)}
        # a hand is one hidden place: any of its unknown cards may stand for another (copies
        # merged into one option would leave the others out of every option)
        for c in list(hidden):
            if d.loc[c] == HAND:
                hidden.update(x for x in d.hand[d.owner[c]] if x in unknown)
        if len(hidden) < 2:
            return
        self.counts["hidden selections"] += 1
        place = lambda c: (d.loc[c], d.ctrl[c], d.owner[c], d.pos[c])   # noqa: E731
        for o in dec.options:
            for h in set(o.cards) & hidden:
                for h2 in hidden - set(o.cards):
                    if place(h2) == place(h):
                        swapped = (set(o.cards) - {h}) | {h2}
                        if frozenset(swapped) not in sets:
                            self.leaks.append(
                                f"turn {d.turn}: {'AB'[p]} chooses among hidden cards, and "
                                f"{dec.options.index(o)} has no twin with card {h2} for {h}: "
                                f"copies merged by their hidden name ({len(dec.options)} "
                                f"options, {len(hidden)} hidden cards)")
                            return


WATCH: dict = {}


def install_hooks(setattr):
    """Wrap the engine's primitives (with `setattr`, e.g. monkeypatch.setattr) so the watch of a
    duel sees every line as it is written, every card move and every reveal."""
    write, place, send = Duel.write, Duel.place, Duel.send

    def w_write(self, text, *a, **kw):
        raw = len(self.log)
        write(self, text, *a, **kw)
        w = WATCH.get(id(self))
        if w is not None:
            w.after_write(raw)

    def w_place(self, c, loc, *a, **kw):
        was, was_pos = self.loc[c], self.pos[c]
        place(self, c, loc, *a, **kw)
        w = WATCH.get(id(self))
        if w is not None:
            w.placed(c, was, was_pos, loc)

    def w_send(self, *a, **kw):
        w = WATCH.get(id(self))
        if w is not None:
            w.in_send += 1
        try:
            return send(self, *a, **kw)
        finally:
            if w is not None:
                w.in_send -= 1

    setattr(Duel, "write", w_write)
    setattr(Duel, "place", w_place)
    setattr(Duel, "send", w_send)
    reveal = getattr(Duel, "reveal", None)
    if reveal is not None:
        def w_reveal(self, cards, to=None, *a, **kw):
            w = WATCH.get(id(self))
            if w is not None:
                w.revealed(list(cards), to)
            return reveal(self, cards, to, *a, **kw)
        setattr(Duel, "reveal", w_reveal)


@pytest.fixture
def hooks(monkeypatch):
    install_hooks(monkeypatch.setattr)
    yield
    WATCH.clear()


def names_regex(decks):
    names = sorted({c.name for deck in decks for c in deck.main + deck.extra}, key=len,
                   reverse=True)
    return re.compile("|".join(re.escape(n) for n in names))


def play_watched(decks, seed, eager, stop=True, rules="v10"):
    from engine_util import eager_answers, random_answers
    d = new_duel(*decks, seed=seed, options={"turn_cap": TURN_CAP, "rules": rules})
    w = Watch(d, names_regex(decks))
    WATCH[id(d)] = w
    pick = (eager_answers if eager else random_answers)(seed)
    w.after_decision()
    while d.winner is None:
        d.apply(pick(d))
        w.after_decision()
        if w.leaks and stop:
            break
    WATCH.pop(id(d))
    return w


@pytest.mark.parametrize("pairing", sorted(PAIRINGS))
def test_nothing_observed_names_a_hidden_card(hooks, pairing):
    decks, rules = PAIRINGS[pairing]
    totals: dict = {}
    for k in range(2 * DUELS):
        seed, eager = 100 + k // 2, bool(k % 2)
        w = play_watched(decks, seed, eager, rules=rules)
        assert not w.leaks, f"seed {seed} ({'eager' if eager else 'uniform'}): " + \
            "\n".join(w.leaks[:5])
        for key, n in w.counts.items():
            totals[key] = totals.get(key, 0) + n
    # the run went where leaks happen (not a vacuous pass)
    assert totals["lines"] > 1000
    if "spy" in pairing:
        for key in ("targeted face-down", "face-down to hand", "reveals", "searches",
                    "hidden selections"):
            assert totals[key] > 0, (key, totals)
    else:
        assert totals["targeted face-down"] > 0 and totals["reveals"] > 0, totals


ROOT = Path(__file__).resolve().parents[1]


def test_no_log_line_names_a_card_plainly():
    """Card names go into log lines through Duel.card()/cards() (or a reveal); a line that
    reads a card's name (`d.name(c)`, `d.data[c].name`) must say why it is public (`# public`:
    a card being activated)."""
    bad = []
    files = [p for p in (ROOT / "ygosim" / "engine").rglob("*.py")] + \
        [p for p in (ROOT / "ygosim" / "cards" / "scripts").rglob("*.py")]
    for path in files:
        src = path.read_text()
        lines = src.splitlines()
        for node in ast.walk(ast.parse(src)):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and node.func.attr == "write" and node.args):
                continue
            text = ast.get_source_segment(src, node.args[0]) or ""
            if re.search(r"\.name\(|\.data\[[^\]]*\]\.name|\bdata\.name\b", text):
                span = lines[node.lineno - 1:node.end_lineno]
                if not any("# public" in x for x in span):
                    bad.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert not bad, bad
    assert len(files) > 20
