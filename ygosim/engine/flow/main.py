"""The Main Phase: the turn player's idle options and what each one starts; setting Spells and
Traps."""
from __future__ import annotations

from .. import const as K
from ..const import SZONE, ATTACK, FACEDOWN, DEFENSE, FACEDOWN_DEFENSE, MAIN1
from ..decision import (Option, LazyDecision, ACTION, SUMMON_OPTS, SET_OPTS, FLIP_OPTS,
                        CHANGE_OPTS)
from .core import proc, push, pop
from .chain import (activatable, clear_field_zone, hand_toll, open_window, pay_hand_toll,
                    prohibited, push_window, spell_trap_locked, start_activation, state_check)
from .summon import (summon_barred, summon_room, special_proc_options, summon_locked,
                     summon_without_tributes, tribute_optional, set_only, type_barred)


@proc
def main(d, f):
    s = f["s"]
    if s == 0:
        if "end_turn" in f:             # the turn goes on to the End Phase (Neko Mane King)
            d.stack[-2]["next"] = "end"
            pop(d)
            return
        d.events.clear()
        if d.pending is None:
            d.pending = LazyDecision(d.tp, ACTION, d, idle_options, "your move")
        f["s"] = 1
    elif s == 1:
        a = d.answer
        v = a.verb
        f["s"] = 0
        if v != "phase":
            f["moved"] = True   # the phase is no longer at its start (Cold Wave)
        if v == "summon" or (v == "set" and d.data[a.cards[0]].is_monster):
            push(d, "normal_summon", c=a.cards[0], set=(v == "set"))
        elif v == "set":
            set_spell_trap(d, a.cards[0], d.tp)
        elif v == "flip":
            push(d, "flip_summon", c=a.cards[0])
        elif v == "special":
            push(d, "special_proc", c=a.cards[0], player=d.tp)
        elif v == "change":
            c = a.cards[0]
            new = ATTACK if d.pos[c] & DEFENSE else DEFENSE
            d.set_position(c, new)
            d.pos_turn[c] = d.turn       # the once-per-turn manual change is used
            d.write(f"{d.names[d.tp]} changes {d.card(c)} to "
                    f"{'Attack' if new == ATTACK else 'Defense'} Position")
            state_check(d)               # at once, as after a Summon (Berserk Gorilla)
            if d.trig_q:                 # a trigger of the change (Blade Rabbit)
                open_window(d, d.tp, False)
        elif v == "activate":
            start_activation(d, a.cards[0], a.arg, d.tp)
        elif v == "phase":
            f.pop("acted", None)
            f["next"] = a.arg
            f["s"] = 2
            if not push_window(d, 1 - d.tp):     # no one can respond: the phase ends
                d.stack[-2]["next"] = a.arg
                pop(d)
                return
        elif v == "synchro" or v == "xyz" or v == "link" or v == "pendulum":
            push(d, "extra_summon", kind=v, cards=a.cards)
    elif s == 2:
        if f.pop("acted", False):
            f["s"] = 0          # the opponent responded: the turn player acts again
        else:
            d.stack[-2]["next"] = "end" if "end_turn" in f else f["next"]
            pop(d)


def main_phase_start(d) -> bool:
    """Is this the start of the turn player's Main Phase 1: nothing done in it yet (no
    Summon, Set, activation or position change: "activate only at the start of Main Phase 1",
    Cold Wave)?"""
    if d.phase != MAIN1 or d.chain:
        return False
    for f in reversed(d.stack):
        if f["p"] == "main":
            return not f.get("moved")
    return False


def summoned_by_opponent_ok(d, c) -> bool:
    """A monster that arrived this turn keeps its position (no manual change, no Flip Summon),
    except under goat when the player who does not control it Summoned it onto this field
    (Cyber Jar, Lava Golem: EDOPro DUEL_CAN_REPOS_IF_NON_SUMPLAYER)."""
    return d.rules.opp_summoned_position_change and d.summoned_by_other(c)


PHASE_BATTLE = Option("phase", (), "battle")


PHASE_MAIN2 = Option("phase", (), "main2")


PHASE_END = Option("phase", (), "end")


def idle_options(d) -> list[Option]:
    """The turn player's free choices in a Main Phase."""
    p = d.tp
    opts: list[Option] = []
    seen = set()
    can_ns = d.ns_used[p] < 1 + d.ns_extra[p] and \
        not (d.pflags and d.player_flag(p, "no_normal_summon"))     # (Lava Golem)
    locked = summon_locked(d, p)        # no Summons (Sets are allowed)
    room = {0: -1 in d.mzone[p] if "max_monsters" not in d.static_index   # tributes needed ->
            else summon_room(d, p, 0)}                                  # room to summon?
    free_s = -1 in d.szone[p][:5]
    ns_tributes = d.ns_tributes
    barred = "prohibited" in d.static_index
    one_type = "one_type" in d.static_index     # (Rivalry of Warlords)
    tolled = "hand_toll" in d.static_index and d.lp[p] < hand_toll(d, p)
    if tolled:
        can_ns = free_s = False         # nothing played from the hand (Chain Energy)
    no_st = "no_spell_trap" in d.static_index and spell_trap_locked(d, p)   # (Cold Wave)
    only_set = "set_only" in d.static_index     # (monsters never Normal Summoned: a marker)
    own_rules = "summon_if" in d.static_index   # (cards' own Summon rules: Guardian Kay'est)
    free_rule = "no_tribute_if" in d.static_index   # (Summoned without Tributes: Swift Gaia)
    barring = one_type or own_rules     # (barred_here can say no: else not asked)

    def barred_here(c) -> bool:
        """No face-up Normal Summon or Flip Summon of c: another Type than Rivalry of Warlords
        allows, or its own text forbids it now (Guardian Kay'est)."""
        return (one_type and type_barred(d, c, p)) or (own_rules and summon_barred(d, c, p))

    for c in d.hand[p]:
        data = d.data[c]
        key = data.name
        if key in seen:
            continue
        seen.add(key)
        if barred and prohibited(d, c):
            continue            # neither Summoned nor Set (Prohibition)
        if data.is_monster:
            n = ns_tributes[c]
            if can_ns and n >= 0:
                ok = room.get(n)
                if ok is None:
                    ok = room[n] = summon_room(d, p, n)
                if not ok and n and tribute_optional(data):
                    ok = room[0]         # without its Tributes (Fusilier Dragon)
                if ok:
                    if not locked and not (only_set and set_only(data)) and \
                            not (barring and barred_here(c)):
                        opts.append(SUMMON_OPTS[c])
                    opts.append(SET_OPTS[c])
                elif free_rule and n and not locked and room[0] and \
                        summon_without_tributes(d, c, p) and \
                        not (only_set and set_only(data)) and \
                        not (barring and barred_here(c)):
                    opts.append(SUMMON_OPTS[c])     # without Tributes, not Set (Swift Gaia)
        elif no_st or ("cannot_set" in d.static_index and data.script.extra.get("cannot_set")):
            continue            # (Cold Wave; a Spirit Message is never Set)
        elif data.subtype == "field":
            if not tolled:
                opts.append(SET_OPTS[c])
        elif free_s:
            opts.append(SET_OPTS[c])
    opts.extend(activatable(d, p, True))
    t = d.turn
    locks = None            # continuous effects that forbid position changes (looked up once)
    turn_in, pos_turn = d.turn_in, d.pos_turn
    attacked = d.attacked
    for c in d.mons[p]:
        if pos_turn[c] == t or attacked[c] == t or \
                (turn_in[c] == t and not (d.summoners and summoned_by_opponent_ok(d, c))):
            continue    # (a monster that declared an attack this turn, even one turned
                        # face-down since, keeps its position: no change, no Flip Summon)
        if d.pos[c] == FACEDOWN_DEFENSE:
            if not locked and not (barring and barred_here(c)):
                if locks is None:
                    locks = d.active_statics("no_position_change")
                if not (locks and d.applies(locks, c)):   # (a Flip Summon changes it too:
                    opts.append(FLIP_OPTS[c])             # Swords of Concealing Light,
                                                          # Nightmare Wheel)
        elif not d.data[c].link_arrows:     # a Link Monster stays in Attack Position
            if locks is None:
                locks = d.active_statics("no_position_change")
            if not (locks and d.applies(locks, c)) and \
                    not (d.cflags and d.card_flag(c, "no_position_change")):
                opts.append(CHANGE_OPTS[c])
    if d.proc_cards:
        opts.extend(special_proc_options(d, p, locked))
    hook = d.options.get("extra_summons")
    if hook:
        opts.extend(hook(d, p))
    if d.phase == MAIN1 and d.turn > 1 and not (d.pflags and d.player_flag(p, "no_battle_phase")):
        opts.append(PHASE_BATTLE)
    opts.append(PHASE_END)
    return opts


def set_spell_trap(d, c, p) -> None:
    if "hand_toll" in d.static_index and d.loc[c] == K.HAND:
        pay_hand_toll(d, p)             # (Chain Energy)
    if d.data[c].subtype == "field":
        clear_field_zone(d, p)
        d.place(c, SZONE, p, K.FIELD_ZONE, FACEDOWN)
    else:
        d.place(c, SZONE, p, pos=FACEDOWN)
    d.write(f"{d.names[p]} sets a Spell/Trap card")
