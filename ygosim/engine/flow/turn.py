"""The duel's start (coin toss, opening hands) and the turn: its phases in order, the Draw
Phase's draw, the Standby Phase, the End Phase (control returned, the hand size limit)."""
from __future__ import annotations

from .. import const as K
from ..const import MZONE, GY, MAIN1, MAIN2, BATTLE, END
from ..decision import Option, CALL, FIRST
from .core import proc, push, pop
from .chain import phase_window

DRAW_REPLACED = "draw_replaced"     # player flag: this turn's normal draw was replaced
SKIP_DRAW = "skip_draw"     # player flag: the player's next Draw Phase is skipped (set with
                            # a far `until`; lifted when skipped: Offerings to the Doomed)


@proc
def start(d, f):
    s = f["s"]
    if s == 0:
        chooser = d.options.get("chooser")
        if chooser is not None:     # a later Duel of a Match: the loser of the last one chooses
            f["s"] = 2
            f["winner"] = chooser
            d.write(f"No coin toss: {d.names[chooser]} chooses who goes first")
            d.ask(chooser, FIRST, [Option("go", (), "first"), Option("go", (), "second")],
                  "go first or second?")
            return
        f["s"] = 1
        d.ask(0, CALL, [Option("call", (), "heads"), Option("call", (), "tails")],
              "call the coin toss")
    elif s == 1:
        called = d.answer.arg
        result = "heads" if d.rng.coin() == 0 else "tails"
        winner = 0 if called == result else 1
        d.write(f"Coin toss: {result}; {d.names[winner]} wins the toss")
        f["s"] = 2
        d.ask(winner, FIRST, [Option("go", (), "first"), Option("go", (), "second")],
              "go first or second?")
        f["winner"] = winner
    else:
        first = f["winner"] if d.answer.arg == "first" else 1 - f["winner"]
        d.write(f"{d.names[first]} goes first")
        for p in (first, 1 - first):
            d.draw(p, d.rules.opening_hand)
        d.tp = 1 - first   # begin_turn switches
        pop(d)
        push(d, "turn", s=0)


@proc
def turn(d, f):
    s = f["s"]
    if s == 0:                                   # a new turn
        if d.turn >= d.options.get("turn_cap", 500):
            d.winner = "draw"
            d.win_reason = K.WIN_TURN_CAP
            d.write(f"Turn limit ({d.turn}) reached: the duel is a draw")
            return
        d.turn += 1
        d.tp = 1 - d.tp
        d.ns_used = [0, 0]
        d.ns_extra = [0, 0]
        d.used.clear()
        d.phase = K.DRAW
        d.write(f"--- Turn {d.turn}: {d.names[d.tp]} ---")
        f["s"] = 1
    elif s == 1:                                 # Draw Phase
        d.phase = K.DRAW
        d.events.clear()
        if d.pflags and d.player_flag(d.tp, SKIP_DRAW):     # (Offerings to the Doomed,
            d.pflags = next_draw_skipped(d.pflags, d.tp)      # Reckless Greed, Time Seal)
            d.write(f"{d.names[d.tp]} skips the Draw Phase")
            f["s"] = 2
            return
        if d.turn > 1 or d.rules.first_turn_draw:
            if K.EV_PREDRAW in d.trig_index:     # a card that may replace the draw (Freed)
                d.raise_event(K.EV_PREDRAW, -1, d.tp, K.R_RULE)
                if d.trig_q:
                    f["s"] = 11
                    push(d, "triggers")
                    return
            d.draw(d.tp, 1)         # (drawing the last Exodia piece wins: see Duel.place)
        f["s"] = 2
        phase_window(d)
    elif s == 2:                                 # Standby Phase
        d.phase = K.STANDBY
        d.events.clear()
        for src, eff in d.active_statics("maintenance"):   # costs to keep a card: no chain
            eff.apply(d, src)
        if d.pflags:
            run_delayed(d, "delayed_standby")       # (actions.delay(standby=True))
        d.raise_event(K.EV_STANDBY, -1, d.tp, K.R_RULE)
        f["s"] = 3
        phase_window(d)
    elif s == 3:                                 # Main Phase 1
        d.phase = MAIN1
        f["s"] = 4
        push(d, "main")
    elif s == 4:
        if f.pop("next", "end") == "battle":
            d.phase = BATTLE
            f["s"] = 5
            push(d, "battle")
        else:
            f["s"] = 7
    elif s == 5:
        if f.pop("next", "end") == "main2":
            d.phase = MAIN2
            f["s"] = 7
            push(d, "main")
        else:
            f["s"] = 7
    elif s == 7:                                 # End Phase
        d.phase = END
        d.step = 0
        d.events.clear()
        return_control(d)
        for src, eff in d.active_statics("end_phase"):   # turn counts, no chain (Swords of
            eff.apply(d, src)                            # Revealing Light)
        if d.pflags:
            run_delayed(d)
        d.raise_event(K.EV_END_PHASE, -1, d.tp, K.R_RULE)
        f["s"] = 8
        phase_window(d)
    elif s == 8:                                 # hand size limit
        extra = len(d.hand[d.tp]) - d.rules.hand_limit
        if extra > 0:
            f["s"] = 9
            d.ask_select(d.tp, d.select_options(d.hand[d.tp], extra, player=d.tp),
                  f"discard {extra} card{'s' if extra > 1 else ''} (hand size limit)")
        else:
            f["s"] = 10
    elif s == 9:
        d.send(d.answer.cards, GY, K.R_DISCARD | K.R_RULE, d.tp)
        f["s"] = 10
        push(d, "triggers")
    elif s == 10:                                # the turn ends
        t = d.turn
        if d.mods:      # (and those of monsters that left: lasting ones too)
            mid = d.mid
            d.mods = [m for m in d.mods if m[4] > t and mid[m[0]] == m[1]]
        if d.pflags:
            d.pflags = [x for x in d.pflags if x[2] > t]
        if d.cflags:    # (End.END_PHASE: rules on one card kept until this turn end; those
            mid = d.mid     # of cards that moved are gone already)
            d.cflags = [x for x in d.cflags if x[3] > t and mid[x[0]] == x[1]]
        d.summoners = ()
        f["s"] = 0
    elif s == 11:                                # after a draw replacement was offered
        f.pop("built", None)
        f.pop("acted", None)
        f["s"] = 2
        if d.pflags and d.player_flag(d.tp, DRAW_REPLACED):
            return          # used: no draw (its Chain's window was this Draw Phase's window)
        d.draw(d.tp, 1)
        phase_window(d)


def next_draw_skipped(pflags, p) -> list:
    """Player p skips this Draw Phase: their SKIP_DRAW flags are used up (several of them
    still skip only this one), and a `(SKIP_DRAW, k)` flag (their k-th next Draw Phase:
    actions.skip_draw_phases) comes one Draw Phase closer."""
    out = []
    for x in pflags:
        if x[0] == p:
            if x[1] == SKIP_DRAW:
                continue
            if type(x[1]) is tuple and x[1][0] == SKIP_DRAW:
                k = x[1][1] - 1
                x = (p, SKIP_DRAW if k == 1 else (SKIP_DRAW, k), x[2])
        out.append(x)
    return out


def run_delayed(d, key: str = "delayed") -> None:
    """Delayed effects due in this End Phase (registered by actions.delay: Return from the
    Different Dimension, Final Countdown), or with key "delayed_standby" in this Standby Phase
    (Lightforce Sword), each done once, with no Chain."""
    due = [x for x in d.pflags if type(x[1]) is tuple and x[1][0] == key and
           x[2] == d.turn]
    for x in due:
        d.pflags.remove(x)
        p, (_, apply, payload), _ = x
        apply(d, p, payload)
        if d.winner is not None:
            return


def return_control(d) -> None:
    """Control changes "until the End Phase" end now (End.END_PHASE of `d.returns`: a monster
    turned face-down meanwhile still goes back, Duel.end_records; one that left the field is
    a new card and stays where it is)."""
    keep = []
    for r in d.returns:
        c, mid, p, t = r[:4]
        if d.mid[c] != mid:
            continue
        if t <= d.turn:
            if d.ctrl[c] != p and d.loc[c] == MZONE:
                if not d.free_mzones(p):      # (never to an Extra Monster Zone)
                    d.send([c], GY, K.R_RULE, p)    # no zone to return to
                    continue
                d.set_control(c, p)
                d.write(f"{d.card(c)} returns to {d.names[p]}'s control")
        else:
            keep.append(r)
    d.returns = keep
