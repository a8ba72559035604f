"""What a player may know: observations, hidden information, determinization.

`observe(duel, player)` returns a plain dict (JSON-friendly) with exactly the information that
player has: their own hand, both fields with the opponent's face-down cards hidden, pile counts,
both Graveyards and banished piles, LP, the phase, the chain, the log, and the pending decision
if it is theirs. It never holds the opponent's hand, face-down cards or any deck order: a hidden
card appears as {"hidden": true, ...} with no name and no card id (card ids follow the deck
lists, so an id would give a card away). `observe(duel, None)` reveals everything (replays);
`observe(duel, SPECTATOR)` gives only public information (someone watching a duel: no hand,
no face-down card, no pending decision).

`determinize(duel, player, rng)` returns a clone in which what `player` cannot know is drawn
again at random, consistent with what they know: the opponent's hand, Deck, Extra Deck and
face-down cards are dealt again from the same cards (a face-down monster stays a monster, a
set Spell/Trap a Spell/Trap, whatever the flow refers to them), and the player's own Deck is
shuffled; the result depends on what the player may know and the random numbers only. A bot
that searches with clone() must search determinized copies, or it would be reading the
opponent's hand.
"""
from __future__ import annotations

from . import const as K
from .const import DECK, HAND, MZONE, SZONE, GY, BANISHED, EXTRA, FIELD, FACEDOWN, DEFENSE
from .decision import Decision
from .log import view as _log_view
from .text import zone_name
from .visibility import deck_top_public, hidden_from

SPECTATOR = "spectator"      # a viewer who is neither player: sees public information only
STEP_TITLES = {K.START_STEP: "start step", K.BATTLE_STEP: "battle step",
               K.DS_START: "damage step (start)",
               K.DS_BEFORE_CALC: "damage step (before damage calculation)",
               K.DS_CALC: "damage step (damage calculation)",
               K.DS_AFTER_CALC: "damage step (after damage calculation)",
               K.DS_END: "damage step (end)", K.END_STEP: "end step"}
PHASE_TITLES = ("Draw Phase", "Standby Phase", "Main Phase 1", "Battle Phase", "Main Phase 2",
                "End Phase")
POSITION_NAMES = {K.ATTACK: "attack", K.DEFENSE: "defense", K.FACEDOWN: "set",
                  K.FACEDOWN_DEFENSE: "set"}


# ---------------------------------------------------------------------------- hidden cards
def zone_label(d, c: int) -> str:
    return zone_name(d, c)


def card_view(d, c: int, viewer) -> dict:
    """One card as `viewer` sees it."""
    loc = d.loc[c]
    out = {"zone": zone_label(d, c)}
    if loc & FIELD:
        out["controller"] = d.ctrl[c]
        out["owner"] = d.owner[c]             # public: whose card it is
        out["faceup"] = not d.pos[c] & FACEDOWN
        # public: when it came where it is (a monster Summoned this turn...)
        out["this_turn"] = d.turn_in[c] == d.turn
        if loc == MZONE:
            out["position"] = POSITION_NAMES.get(d.pos[c], "attack")
            out["attacked"] = d.attacked[c] == d.turn   # it declared an attack this turn
    if hidden_from(d, c, viewer):
        out["hidden"] = True
        if loc == MZONE:
            out["kind"] = "monster"
        elif loc == SZONE:
            out["kind"] = "field spell" if d.seq[c] == K.FIELD_ZONE else "spell/trap"
        return out
    data = d.data[c]
    out.update({"id": c, "name": data.name, "kind": data.kind, "kind_line": data.kind_line()})
    if data.is_monster or loc == MZONE:     # (a Trap Card Summoned as a monster too)
        out["level"] = data.level or data.rank or data.link_rating
        if loc == MZONE and not d.pos[c] & FACEDOWN:
            out["atk"], out["def"] = d.atk(c), d.def_(c)
        else:
            out["atk"], out["def"] = data.atk, data.def_
    if loc == SZONE and d.equip[c] is not None:
        t = d.equip[c][0]
        if d.loc[t] == MZONE:
            out["equipped_to"] = zone_label(d, t)
            out["equipped_to_controller"] = d.ctrl[t]
    if loc & FIELD and not d.pos[c] & FACEDOWN:
        # continuous effects are public: its effects negated, unable to attack
        if d.is_negated(c):
            out["negated"] = True
        if loc == MZONE and (d.rule_on("cannot_attack", c)
                             or (d.cflags and d.card_flag(c, "no_attack"))):
            out["cannot_attack"] = True
    if d.counters and loc & FIELD:
        held = {kind: n for (x, kind), n in d.counters.items() if x == c}
        if held:
            out["counters"] = held        # counters are public
    return out


def _side(d, p: int, viewer) -> dict:
    mz = []
    for i in range(5):
        c = d.mzone[p][i]
        mz.append(None if c < 0 else card_view(d, c, viewer))
    # each with "emz": 0 for the left Extra Monster Zone, 1 for the right (as A sees them)
    emz = [dict(card_view(d, c, viewer), emz=i) for i, c in enumerate(d.emz)
           if c >= 0 and d.ctrl[c] == p]
    sz = []
    for i in range(6):
        c = d.szone[p][i]
        sz.append(None if c < 0 else card_view(d, c, viewer))
    side = {
        "name": d.names[p], "lp": d.lp[p],
        "monsters": mz, "extra_monster_zone": emz, "spells": sz[:5], "field_spell": sz[5],
        "hand_count": len(d.hand[p]), "deck_count": len(d.deck[p]),
        "extra_count": len(d.extra[p]), "gy_count": len(d.gy[p]),
        "banished_count": len(d.banished[p]),
        "graveyard": [d.data[c].name for c in d.gy[p]],
        "banished": [None if hidden_from(d, c, viewer) else d.data[c].name   # (None: face-down)
                     for c in d.banished[p]],
        # the places in "banished" of the cards banished face-down (public: everyone sees a
        # face-down card there; its name only whoever may see it)
        "banished_facedown": [i for i, c in enumerate(d.banished[p]) if d.pos[c] & FACEDOWN],
        "hand": None, "extra": None,
        # the top card of the Deck, shown while the Decks lie face-up (Convulsion of Nature)
        "deck_top": d.data[d.deck[p][-1]].name
        if d.deck[p] and deck_top_public(d, d.deck[p][-1]) else None,
    }
    if viewer is None or viewer == p:
        side["hand"] = [card_view(d, c, viewer) for c in d.hand[p]]
        side["extra"] = [d.data[c].name for c in d.extra[p]]
    return side


def chain_view(d, viewer) -> list[dict]:
    out = []
    for i, lid in enumerate(d.chain):
        link = d.links[lid]
        c = link["card"]
        targets = []
        for t, mid in link["targets"]:
            if d.mid[t] != mid:
                continue
            targets.append(describe_card(d, t, viewer))
        eff = d.data[c].script.effects[link["ei"]]
        out.append({"link": i + 1, "player": link["player"], "card": d.data[c].name,
                    "label": eff.label, "targets": targets,
                    "view": _located_view(d, c, viewer)})
    return out


def describe_card(d, c: int, viewer, zone: bool = True) -> str:
    """A card in words as `viewer` may name it: a hidden card is 'a face-down card (m2)'."""
    if hidden_from(d, c, viewer):
        loc = d.loc[c]
        if loc == MZONE:
            return f"a face-down monster ({zone_label(d, c)})"
        if loc == SZONE:
            return f"a face-down card ({zone_label(d, c)})"
        return "a card in " + ("the hand" if loc == HAND else K.LOC_NAMES.get(loc, "?"))
    name = d.data[c].name
    if zone and d.loc[c] & FIELD:
        return f"{whose(d, d.ctrl[c], viewer)}{name} ({zone_label(d, c)})"
    if zone and d.loc[c] in (GY, BANISHED) and viewer is not None and d.owner[c] != viewer:
        pile = "Graveyard" if d.loc[c] == GY else "banished"
        return f"{name} ({whose(d, d.owner[c], viewer)}{pile})"
    return name


def whose(d, p: int, viewer) -> str:
    """ "your " / "opponent's " as `viewer` says it of player p's card; a spectator says
    "A's "; with everything revealed (viewer None), nothing."""
    if viewer is None:
        return ""
    if viewer in (0, 1):
        return "your " if p == viewer else "opponent's "
    return f"{d.names[p]}'s "


PLACE_WORDS = {HAND: "hand", DECK: "Deck", GY: "Graveyard", BANISHED: "banished",
               EXTRA: "Extra Deck"}


def choice_words(d, c: int, viewer) -> str:
    """A card offered in a selection, with what a player needs to choose it: whose it is and
    where, and for a monster its Level and ATK/DEF ("your Battle Ox (m1, Lv4 1700/1000)",
    "Mystic Tomato (your Deck, Lv4 1400/1100)"). A hidden card is only its place."""
    if hidden_from(d, c, viewer):
        return describe_card(d, c, viewer)
    data = d.data[c]
    loc = d.loc[c]
    details = []
    if loc & FIELD:
        head = f"{whose(d, d.ctrl[c], viewer)}{data.name}"
        details.append(zone_label(d, c))
    else:
        head = data.name
        details.append(whose(d, d.owner[c], viewer)
                       + PLACE_WORDS.get(loc, K.LOC_NAMES.get(loc, "?")))
    if data.is_monster or loc == MZONE:     # (a Trap Card Summoned as a monster too)
        if loc == MZONE and not d.pos[c] & FACEDOWN:
            a, df = d.atk(c), d.def_(c)
        else:
            a, df = data.atk, data.def_
        if data.link_rating:
            details.append(f"Link-{data.link_rating} {a} ATK")
        else:
            details.append(f"{'Rank' if data.rank else 'Lv'}{data.rank or data.level} {a}/{df}")
    return f"{head} ({', '.join(details)})"


def option_cards(opt) -> list[int]:
    """The card ids an Option names (its cards and, for attacks, the target)."""
    cards = list(opt.cards)
    if opt.verb == "attack" and isinstance(opt.arg, int):
        cards.append(opt.arg)
    return cards


def option_hides(d, opt, viewer) -> bool:
    return any(hidden_from(d, c, viewer) for c in option_cards(opt))


def masked_ref(d, c: int, viewer, level: int = 1) -> str:
    """A card as `viewer` may write it: a hidden card on the field is `face-down@ZONE`
    (`B:face-down@ZONE` at level 2), elsewhere `hidden card`."""
    from .text import card_text, PLAYER_LETTERS
    if hidden_from(d, c, viewer):
        if not d.loc[c] & FIELD:
            return "hidden card"
        ref = f"face-down@{zone_label(d, c)}"
        return f"{PLAYER_LETTERS[d.ctrl[c]]}:{ref}" if level >= 2 else ref
    return card_text(d, c, level)


def masked_text(d, opt, viewer, level: int = 0) -> str:
    """The grammar form of an option with hidden cards named only by their zone; other cards
    are qualified (`NAME@m1`, `A:NAME@m1`) at `level` as in text.option_text."""
    from .text import option_text, card_text
    v = opt.verb
    if not option_hides(d, opt, viewer):
        return option_text(d, opt, level)
    if v == "attack":
        return (f"attack {card_text(d, opt.cards[0], level)} -> "
                f"{masked_ref(d, opt.arg, viewer, level)}")
    if v in ("choose", "order"):
        return f"{v} " + ", ".join(masked_ref(d, c, viewer, level) for c in opt.cards)
    if opt.cards:
        return f"{v} {masked_ref(d, opt.cards[0], viewer, level)}"
    return option_text(d, opt, level)


def option_texts_for(d, decision, viewer) -> list[str]:
    """The grammar texts of a decision's options as `viewer` may read and write them: cards
    hidden from the viewer are `face-down@ZONE`, and names are qualified (`@m1`, `A:`) only
    where two answers would otherwise read the same *to the viewer* (never because of the
    real name of a card the viewer cannot see). `viewer` None: duel.texts()."""
    from .text import option_texts
    if viewer is None:
        return option_texts(d, decision)
    opts = decision.options
    texts = [masked_text(d, o, viewer, 0) for o in opts]
    for level in (1, 2):
        counts: dict = {}
        for t in texts:
            counts[t] = counts.get(t, 0) + 1
        if all(n == 1 for n in counts.values()):
            break
        texts = [masked_text(d, o, viewer, level) if counts[t] > 1 else t
                 for o, t in zip(opts, texts)]
    # still alike (interchangeable to this viewer): number them apart
    seen: dict = {}
    for i, t in enumerate(texts):
        if t in seen:
            texts[i] = f"{t} #{i + 1}"
        seen.setdefault(t, i)
    return texts


def _tributes(d, c) -> int:
    lv = d.data[c].level
    return 0 if lv <= 4 else (1 if lv <= 6 else 2)


def describe(d, opt, viewer, decision=None) -> str:
    """An option in plain words, for people ("Normal Summon Dark Magician (2500 ATK) by
    Tributing 2 monsters")."""
    v = opt.verb
    cards = opt.cards
    dc = lambda c: describe_card(d, c, viewer)  # noqa: E731
    if v == "summon":
        c = cards[0]
        data = d.data[c]
        n = _tributes(d, c)
        trib = f", {n} Tribute{'s' if n > 1 else ''}" if n else ""
        return f"Normal Summon {data.name} ({data.atk} ATK{trib})"
    if v == "set":
        c = cards[0]
        data = d.data[c]
        if data.is_monster:
            n = _tributes(d, c)
            trib = f", {n} Tribute{'s' if n > 1 else ''}" if n else ""
            return f"Set {data.name} face-down ({data.def_} DEF{trib})"
        if data.subtype == "field":
            return f"Set {data.name} face-down in the Field Zone"
        return f"Set {data.name} face-down"
    if v == "flip":
        c = cards[0]
        return f"Flip Summon {dc(c)} ({d.data[c].atk} ATK)"
    if v == "special":
        c = cards[0]
        return f"Special Summon {d.data[c].name} ({d.data[c].atk} ATK) by its own procedure"
    if v == "change":
        c = cards[0]
        to = "Attack" if d.pos[c] & DEFENSE else "Defense"
        return f"Change {dc(c)} to {to} Position"
    if v == "activate":
        c = cards[0]
        data = d.data[c]
        ei = opt.arg[1] if isinstance(opt.arg, tuple) else opt.arg
        label = ""
        if data.script is not None and isinstance(ei, int) and ei < len(data.script.effects):
            label = data.script.effects[ei].label
        where = ""
        if d.loc[c] == SZONE and d.pos[c] & FACEDOWN:
            where = " (set)"
        elif d.loc[c] == HAND:
            where = " (from hand)"
        what = f"Activate {data.name}{where}"
        if isinstance(opt.arg, tuple) or (data.is_monster and not label):
            what = f"Activate the effect of {data.name}"
        return what + (f": {label}" if label else "")
    if v == "attack":
        a = cards[0]
        t = opt.arg
        if t is None:
            return f"Attack directly with {d.data[a].name} ({d.atk(a)} damage)"
        if hidden_from(d, t, viewer):
            return f"Attack {dc(t)} with {d.data[a].name} ({d.atk(a)} ATK)"
        if d.pos[t] & DEFENSE:
            return (f"Attack {dc(t)} with {d.data[a].name} "
                    f"({d.atk(a)} ATK vs {d.def_(t)} DEF)")
        return f"Attack {dc(t)} with {d.data[a].name} ({d.atk(a)} ATK vs {d.atk(t)} ATK)"
    if v == "phase":
        return {"battle": "Go to the Battle Phase", "main2": "Go to Main Phase 2",
                "end": "End your turn"}.get(opt.arg, str(opt.arg))
    if v == "pass":
        if decision is not None and decision.kind == "response":
            return "Pass (do not activate anything)"
        return "Pass"
    if v == "yes":
        return "Yes"
    if v == "no":
        return "No"
    if v == "position":
        if opt.arg == "facedown":
            return "Face-down Defense Position"
        return f"{str(opt.arg).capitalize()} Position"
    if v == "zone":
        return f"Zone {opt.arg}"
    if v == "call":
        return f"Call {opt.arg}"
    if v == "go":
        return f"Go {opt.arg}"
    if v == "declare":
        return f"Declare {opt.arg}"
    if v == "order":
        return "Chain them in this order: " + ", then ".join(dc(c) for c in cards)
    if v == "choose":
        if not cards:
            if decision is not None and decision.picked is not None:
                return "No more cards (the selection ends here)"
            return "Choose nothing"
        return "Choose " + "; ".join(choice_words(d, c, viewer) for c in cards)
    if v in ("synchro", "xyz", "link"):
        return f"{v.capitalize()} Summon {d.data[cards[0]].name} using " + \
            ", ".join(dc(c) for c in cards[1:])
    return masked_text(d, opt, viewer)


PUBLIC_ARGS = ("phase", "position", "zone", "call", "go", "declare")


def option_data(d, opt, viewer) -> dict:
    """An option's parts as data, as `viewer` may know them: "verb"; "cards" (card_view of each
    card it names, with "owner" and, in a Graveyard, banished pile or the viewer's own hand,
    "slot": the card's place in it); "effect" (the effect number of an activation, or None);
    "target" (an attack's target as a card_view; None for a direct attack); "arg" (the word of
    a phase, position, zone, coin call, go first/second or declaration; else None)."""
    v = opt.verb
    arg = opt.arg
    cards = opt.cards
    out = {"verb": v, "cards": [_located_view(d, c, viewer) for c in cards],
           "effect": None, "target": None, "arg": None}
    if v == "activate":
        ei = arg[1] if isinstance(arg, tuple) and len(arg) > 1 else arg
        out["effect"] = ei if isinstance(ei, int) else None
    elif v == "attack":
        if isinstance(arg, int) and arg >= 0:
            out["target"] = _located_view(d, arg, viewer)
    elif v in PUBLIC_ARGS:
        out["arg"] = arg if isinstance(arg, (int, str)) else str(arg)
    return out


def _located_view(d, c: int, viewer) -> dict:
    view = card_view(d, c, viewer)
    view["owner"] = d.owner[c]
    loc = d.loc[c]
    if loc == GY:
        view["slot"] = d.gy[d.owner[c]].index(c)
    elif loc == BANISHED:
        view["slot"] = d.banished[d.owner[c]].index(c)
    elif loc == HAND and d.ctrl[c] == viewer:     # (its holder's hand)
        view["slot"] = d.hand[viewer].index(c)
    return view


# ---------------------------------------------------------------------------- the log
def log_view(duel, viewer, start: int = 0) -> list[str]:
    """The log lines `viewer` may read (0 or 1 a player, None everything with every card named,
    anything else a spectator: no hidden card of either player named, no private line), of
    those written since the log held `start` lines (count them with len(duel.log)). What each
    viewer reads in a line was fixed when it was written (ygosim/engine/log.py), so a viewer's
    lines never change afterwards, they only grow."""
    return _log_view(duel.log, viewer, start)


# ---------------------------------------------------------------------------- observation
def observe(duel, player, words: bool = True) -> dict:
    """What `player` (0 or 1) may know now; `None` for everything (a spectator of a replay).

    Each option of the pending decision has, beside its text and plain words, its parts as
    data (`option_data`): the verb, the cards it names as `card_view`s, the effect number,
    the attack target. words=False leaves out what is only for people (the log, the options'
    texts and plain words), for programs that read the data (ygosim.envs)."""
    d = duel
    obs = {
        "player": player,
        "names": list(d.names),
        "turn": d.turn,
        "turn_player": d.tp,
        "phase": K.PHASE_NAMES[d.phase] if 0 <= d.phase < len(K.PHASE_NAMES) else str(d.phase),
        "phase_title": PHASE_TITLES[d.phase] if 0 <= d.phase < len(PHASE_TITLES) else "",
        "step": STEP_TITLES.get(d.step, "") if d.phase == K.BATTLE else "",
        "lp": list(d.lp),
        "sides": [_side(d, 0, player), _side(d, 1, player)],
        "chain": chain_view(d, player),
        "log": log_view(d, player) if words else [],
        "winner": d.winner,
        "win_reason": d.win_reason,
        "attack": None,
        "pending": None,
    }
    if d.attack is not None and d.phase == K.BATTLE:
        atk, tgt = d.attack[0], d.attack[1]
        if d.loc[atk] == MZONE:
            obs["attack"] = {"attacker": describe_card(d, atk, player),
                             "target": "direct" if tgt < 0 else describe_card(d, tgt, player),
                             "cards": [card_view(d, atk, player),
                                       None if tgt < 0 else card_view(d, tgt, player)]}
    dec = d.pending
    if dec is not None:
        mine = player is None or dec.player == player
        pend = {"player": dec.player}       # what the other player is asked is not shown
        if mine:
            pend["kind"] = dec.kind
            pend["prompt"] = dec.prompt
            if words:
                texts = option_texts_for(d, dec, player)
                pend["options"] = [
                    {"index": i, "text": t, "say": describe(d, o, player, dec),
                     **option_data(d, o, player)}
                    for i, (o, t) in enumerate(zip(dec.options, texts))]
            else:
                pend["options"] = [{"index": i, **option_data(d, o, player)}
                                   for i, o in enumerate(dec.options)]
        obs["pending"] = pend
    return obs


# ---------------------------------------------------------------------------- determinization
def determinize(duel, player: int, rng):
    """A clone of `duel` in which what `player` does not know is dealt again at random.

    Every card of the opponent's whose identity `player` cannot know (hidden_from) is dealt
    again from the same cards, consistently with what `player` knows: a face-down monster gets
    a monster's identity, a set Spell/Trap a Spell/Trap's, a set Field Spell a Field Spell's,
    the face-down Extra Deck an Extra Deck monster's; the hand and the Deck share the rest.
    This holds whatever the flow refers to: a face-down monster under attack or targeted by a
    chain link is dealt again like any other (a card activated on the chain is public).
    `player`'s own Deck is shuffled, and the clone gets a fresh random number generator (one
    plain Rng for everything, its Deck shuffles included: the real duel's streams stay out).

    Card ids and every reference to them stay as they are (what changes is which card, the
    CardData, each hidden card id is), so the pending decision and the flow stack remain valid.

    The result depends only on what `player` may know and on `rng`: the cards to deal are put
    in a fixed order (by passcode and name) and the places in the order of the board, hand and
    Deck before `rng` shuffles them, so two duels that differ only in hidden cards give the
    same determinized duel for the same `rng` state. (What `player` is assumed to know of the
    opponent's cards is their deck list, not where each card is.)

    `rng` is an ygosim.engine.rng.Rng (or anything with below(n) and next64())."""
    from .api import index_scripts
    from .rng import Rng
    d = duel.clone()
    d.log = log_view(duel, player)      # the clone's log holds only what the player may read
    data = list(duel.data)
    opp = 1 - player
    public = {link["card"] for link in d.links.values()}    # activated cards are public,
    public.update(e[1] for e in d.events if e[0] == K.EV_SUMMONING)   # and a monster being
    # Summoned (still in the hand while the Summon may be negated: flow.summon.summoning_window)
    # the places to deal, by what may go there; in board, hand and Deck order
    monsters, st, field, extra_mon, extra, loose = [], [], [], [], [], []
    for c in d.mons[opp]:
        if d.pos[c] & FACEDOWN and d.owner[c] == opp and c not in public:
            (extra_mon if data[c].is_extra_deck else monsters).append(c)
    for c in d.sts[opp]:
        if d.pos[c] & FACEDOWN and d.owner[c] == opp and c not in public:
            (field if d.seq[c] == K.FIELD_ZONE else st).append(c)
    for c in d.hand[opp] + d.deck[opp]:     # (not the player's own card the opponent holds)
        if c not in public and hidden_from(d, c, player):
            loose.append(c)
    for c in d.banished[opp]:            # banished face-down: may be any of those
        if d.pos[c] & FACEDOWN and c not in public:
            loose.append(c)
    for c in d.extra[opp]:
        if hidden_from(d, c, player) and c not in public:
            extra.append(c)
    # face-down Extra Deck monsters on the field swap among themselves (they came from the
    # Extra Deck in view of both players); the face-down Extra Deck among itself
    for slots in (extra_mon, extra):
        _deal(data, slots, [data[c] for c in slots], rng, ())
    _deal(data, monsters + st + field + loose,
          [data[c] for c in monsters + st + field + loose], rng,
          ((monsters, _is_monster), (st, _is_spell_trap), (field, _is_field_spell)))
    # the player's own Deck order (the player knows which cards it holds, and may be choosing
    # among them right now: the cards move, their identities stay)
    top = d.deck[player][-1:] if d.deck[player] and deck_top_public(d, d.deck[player][-1]) \
        else []                         # a face-up top card stays where everyone sees it
    own = sorted(d.deck[player][:len(d.deck[player]) - len(top)])
    _shuffle(own, rng)
    d.deck[player][:] = own + top
    d.data = data
    if d.trig_q:           # queued effects of cards dealt again are not known to exist
        dealt = set(monsters + st + field + loose + extra + extra_mon)
        d.trig_q = [t for t in d.trig_q if t[0] not in dealt]
    index_scripts(d)
    d.rng = Rng(rng.next64())     # a world of its own: never the real duel's secret streams
    return d


def _is_monster(x) -> bool:
    return x.is_monster and not x.is_extra_deck


def _is_spell_trap(x) -> bool:
    return (x.is_spell or x.is_trap) and x.subtype != "field"


def _is_field_spell(x) -> bool:
    return x.is_spell and x.subtype == "field"


def _shuffle(items: list, rng) -> None:
    for i in range(len(items) - 1, 0, -1):
        j = rng.below(i + 1)
        items[i], items[j] = items[j], items[i]


def _card_key(x) -> tuple:
    return (x.passcode, x.name)


def _deal(data: list, slots: list, cards: list, rng, constrained) -> None:
    """Give the card ids `slots` the identities `cards` (the same number) at random: the ids in
    each (ids, fits) of `constrained` get cards that fit, the rest what is left. The cards are
    sorted first, so the deal depends on `rng` and on which cards there are, not on which id
    held which card."""
    pool = sorted(cards, key=_card_key)
    _shuffle(pool, rng)
    for ids, fits in constrained:
        for c in ids:
            for i, x in enumerate(pool):
                if fits(x):
                    data[c] = pool.pop(i)
                    break
            else:         # cannot happen (the card there fits), but stay safe
                data[c] = pool.pop()
    done = {c for ids, _ in constrained for c in ids}
    for c, x in zip([c for c in slots if c not in done], pool):
        data[c] = x


def pending_for(duel, player) -> Decision | None:
    """The pending decision if it is `player`'s."""
    dec = duel.pending
    return dec if dec is not None and dec.player == player else None
