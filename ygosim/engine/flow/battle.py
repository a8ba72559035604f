"""The Battle Phase: its steps, attack declarations and replays, the Damage Step and its
timings, damage calculation."""
from __future__ import annotations

from .. import const as K
from ..const import MZONE, SZONE, GY, ATTACK, FACEDOWN, DEFENSE, BATTLE
from ..decision import Option, LazyDecision, ACTION, attack_option
from .core import proc, push, pop
from .chain import (activatable, after_action, phase_window, push_window, start_activation,
                    state_check)
from .main import PHASE_MAIN2, PHASE_END


@proc
def battle(d, f):
    s = f["s"]
    if s == 0:
        d.step = K.START_STEP
        d.events.clear()
        f["s"] = 1
        phase_window(d)
    elif s == 1:
        if "end_turn" in f:             # the turn goes on to the End Phase (Neko Mane King)
            d.step = 0
            d.attack = None
            d.stack[-2]["next"] = "end"
            pop(d)
            return
        d.step = K.BATTLE_STEP
        d.attack = None
        d.events.clear()
        if d.pflags and d.player_flag(d.tp, "battle_ended"):     # (Negate Attack)
            f["next"] = "main2"
            _end_step(d, f)
            return
        f["s"] = 2
        replay = f.get("replay")
        d.pending = LazyDecision(d.tp, ACTION, d, lambda d: battle_options(d, replay), "attack?")
    elif s == 2:
        a = d.answer
        v = a.verb
        if v == "attack":
            atk, tgt = a.cards[0], a.arg
            f.pop("replay", None)
            f["was"] = d.attacked[atk]
            d.attacked[atk] = d.turn
            log_attack(d, atk, tgt)
            d.attack = (atk, -1 if tgt is None else tgt, d.count_monsters(1 - d.tp),
                        d.mid[atk], -1 if tgt is None else d.mid[tgt])
            d.serial += 1
            d.write(f"{d.card(atk)} attacks " + ("directly" if tgt is None else d.card(tgt)))
            d.raise_event(K.EV_ATTACK, atk, d.tp, K.R_RULE, tgt)
            f["s"] = 4
            # The Battle Step goes on after a Chain answering the declaration resolves: the
            # turn player, then the opponent, may start new Chains before the Damage Step
            after_action(d, first=d.tp, reopen=True)
        elif v == "activate":
            f["s"] = 1
            start_activation(d, a.cards[0], a.arg, d.tp)
        else:
            f.pop("acted", None)
            f.pop("replay", None)
            f["next"] = a.arg
            f["s"] = 3
            push_window(d, 1 - d.tp)
    elif s == 3:
        if f.pop("acted", False) or "end_turn" in f:
            f["s"] = 1
        else:
            _end_step(d, f)
    elif s == 4:
        f.pop("acted", None)
        if d.attack is None or "end_turn" in f:     # negated (Duel.negate_attack): back to
            f["s"] = 1                              # the Battle Step
            return
        atk, tgt, count, amid, tmid = d.attack
        if d.mid[atk] != amid or d.loc[atk] != MZONE or d.ctrl[atk] != d.tp:
            d.write("The attack stops (the attacker is gone)")
            f["s"] = 1
            return
        if d.pos[atk] != ATTACK:        # changed to Defense Position (Enemy Controller)
            d.write("The attack stops (the attacker is in Defense Position)")
            f["s"] = 1
            return
        replay = d.count_monsters(1 - d.tp) != count or \
            (tgt >= 0 and (d.mid[tgt] != tmid or d.loc[tgt] != MZONE))
        if replay:
            f["s"] = 1
            if d.rules.replay_at_once:
                d.write("Replay: the number of monsters changed; the attack is chosen again")
                # the same monster may attack again; if another one attacks instead, this one
                # still counts as having declared an attack
                f["replay"] = (atk, amid)
            else:
                # goat (EDOPro's stored replays, DUEL_STORE_ATTACK_REPLAYS): nothing is asked;
                # the attack is cancelled and does not count as this monster's attack, so it
                # may declare an attack again later in this Battle Phase
                d.attacked[atk] = f["was"]
                if d.attack_log and d.attack_log[-1][1] == atk:
                    d.attack_log.pop()          # (nor in the attacks of this turn)
                d.write("Replay: the number of monsters changed; the attack is cancelled")
            return
        f["s"] = 5
        push(d, "damage_step")
    elif s == 5:
        d.attack = None
        f["s"] = 1
    else:
        d.step = 0
        d.stack[-2]["next"] = f.get("next", "main2")
        pop(d)


def _end_step(d, f) -> None:
    """The End Step of the Battle Phase, then the phase given by f["next"]."""
    d.step = K.END_STEP
    f["s"] = 9
    for src, eff in d.active_statics("battle_end"):   # "at the end of the Battle Phase":
        eff.apply(d, src)                             # no Chain (Goblin Attack Force)
    phase_window(d)


def log_attack(d, atk, tgt) -> None:
    """Keep this turn's attack declarations (for monsters that attack more than once); a
    monster allowed to attack once more (`attack_again`) uses that grant now."""
    log = d.attack_log
    if log and log[0][0] != d.turn:
        log.clear()
    log.append((d.turn, atk, d.mid[atk], -1 if tgt is None else tgt,
                -1 if tgt is None else d.mid[tgt]))
    if d.cflags and len(log) > 1 and d.card_flag(atk, "attack_again"):
        d.unflag_card(atk, "attack_again")


def attacks_this_turn(d, c) -> list:
    """The attacks card c (as it is now) declared this turn: (target, target identity)."""
    mid = d.mid[c]
    return [(e[3], e[4]) for e in d.attack_log if e[0] == d.turn and e[1] == c and e[2] == mid]


def again_targets(d, c, targets):
    """A monster that already attacked this turn: may it attack again, and what? (None: it
    may not; else a list of targets, None in it meaning a direct attack). Rules: "may attack
    again in a row" (a player flag on the card: its very next attack, no other monster
    attacking in between; Black Luster Soldier), "can make N attacks" (the `extra_attacks`
    rule), "can attack every monster the opponent controls once each" (`attack_all`:
    never directly once it attacked; Asura Priest)."""
    if d.cflags and d.card_flag(c, "attack_again"):
        log = d.attack_log
        if log and log[-1][0] == d.turn and log[-1][1] == c and log[-1][2] == d.mid[c]:
            return list(targets) if targets else [None]
    statics = d.static_index
    if "attack_all" in statics and d.has_static("attack_all", c):
        done = attacks_this_turn(d, c)
        return [t for t in targets if (t, d.mid[t]) not in done]
    if "extra_attacks" in statics:
        more = 0
        for src, eff in d.active_statics("extra_attacks"):
            more += eff.apply(d, src, c) or 0
        if more and len(attacks_this_turn(d, c)) <= more:
            return list(targets) if targets else [None]
    return None


def battle_options(d, replay=None) -> list[Option]:
    """The turn player's choices in the Battle Step; `replay` = (monster, identity) that may
    attack again after a replay."""
    p = d.tp
    opts = []
    if not (d.pflags and d.player_flag(p, "no_attack")):
        others = d.monsters(1 - p)
        if others and "attack_ignored" in d.static_index:     # as if it were not there: not
            others = [t for t in others            # an attack target, no bar to direct
                      if not d.has_static("attack_ignored", t)]   # attacks (Guardian Kay'est)
        targets = others
        if targets and "no_attack_target" in d.static_index:
            targets = attackable(d, targets)     # (none left: still no direct attack)
        statics = d.static_index
        no_direct = "no_direct_attack" in statics
        direct = "direct_attack" in statics and others
        for c in d.monsters(p):
            if d.pos[c] != ATTACK:
                continue
            if d.attacked[c] == d.turn and not (replay and replay[0] == c
                                                and replay[1] == d.mid[c]):
                more = again_targets(d, c, targets)
                if more and not d.rule_on("cannot_attack", c) and \
                        not (d.cflags and d.card_flag(c, "no_attack")):
                    for t in more:
                        if t is not None or (not others and not (
                                no_direct and d.has_static("no_direct_attack", c))):
                            opts.append(attack_option(c, t))
                continue
            if d.rule_on("cannot_attack", c) or (d.cflags and d.card_flag(c, "no_attack")):
                continue
            if targets:
                for t in targets:
                    opts.append(attack_option(c, t))
            if direct:      # it may attack directly past the opponent's monsters
                if d.has_static("direct_attack", c) and \
                        not (no_direct and d.has_static("no_direct_attack", c)):
                    opts.append(attack_option(c, None))
            elif not targets and not others and \
                    not (no_direct and d.has_static("no_direct_attack", c)):
                opts.append(attack_option(c, None))
    opts.extend(activatable(d, p, False))
    if "must_attack" in d.static_index and any(
            o.verb == "attack" and d.has_static("must_attack", o.cards[0]) for o in opts):
        return opts     # a monster that must attack if able (Berserk Gorilla) has not yet
    opts.append(PHASE_MAIN2)
    opts.append(PHASE_END)
    return opts


def attackable(d, monsters) -> list:
    """The monsters among `monsters` that may be chosen as attack targets: not those a
    `no_attack_target` rule protects (apply(duel, source, monster): Marauding Captain's other
    Warriors, Command Knight with another monster beside it)."""
    guards = d.active_statics("no_attack_target")
    return [t for t in monsters if not d.applies(guards, t)] if guards else list(monsters)


def attack_valid(d) -> bool:
    if d.attack is None:
        return False
    atk, tgt, _, amid, tmid = d.attack
    if d.mid[atk] != amid or d.loc[atk] != MZONE or d.pos[atk] != ATTACK:
        return False        # (an attacker changed to Defense Position stops attacking)
    if tgt >= 0 and (d.mid[tgt] != tmid or d.loc[tgt] != MZONE):
        return False
    return True


def ds_window(d, free: bool = True) -> None:
    """A timing of the Damage Step: pending triggers, then the players' windows. Rulebook v10:
    as at any point of a phase (after each Chain the turn player may start another). Goat
    (`d.rules.damage_step_single_chain`): one Chain in this timing, and the older layout:
    the start of the Damage Step has no window of its own besides its triggers' Chain, and the
    window before damage calculation opens only when that start made no Chain (EDOPro's
    DUEL_6_STEP_BATLLE_STEP and DUEL_SINGLE_CHAIN_IN_DAMAGE_SUBSTEP)."""
    if not d.rules.damage_step_single_chain:
        phase_window(d)
    else:
        push(d, "ds_point", free=free)


@proc
def ds_point(d, f):
    """Goat: one timing of the Damage Step (see ds_window). The triggers raised here start its
    Chain (both players may respond to it); with none, the turn player and then the opponent
    may start one Chain (if `free`). Tells the Damage Step whether a Chain was made."""
    if f["s"] == 0:
        f["s"] = 1
        if d.trig_q:
            push(d, "triggers")
            return
    built = f.get("built", False)
    pop(d)
    d.stack[-1]["ds_chain"] = built
    if not built and f["free"]:
        push_window(d, d.tp)


@proc
def damage_step(d, f):
    s = f["s"]
    if s == 0:
        d.step = K.DS_START
        d.events.clear()
        f["s"] = 1
        d.raise_event(K.EV_DS_START, d.attack[0], d.tp, K.R_RULE, d.attack[1])
        ds_window(d, free=False)
    elif s == 1:
        if not attack_valid(d):
            f["s"] = 5
            return
        d.step = K.DS_BEFORE_CALC
        d.events.clear()
        atk, tgt = d.attack[0], d.attack[1]
        if tgt >= 0 and d.pos[tgt] & FACEDOWN:
            d.set_position(tgt, DEFENSE)
            d.attack = d.attack[:4] + (d.mid[tgt],)
            d.write(f"The attacked monster is flipped face-up: {d.card(tgt)}")
            state_check(d)      # (rules that apply to it face-up: Berserk Gorilla)
        if attack_valid(d):
            d.raise_event(K.EV_BATTLE_CONFIRM, atk, d.tp, K.R_RULE, tgt)
        f["s"] = 2
        ds_window(d, free=not f.pop("ds_chain", False))
    elif s == 2:
        if not attack_valid(d):
            f["s"] = 5
            return
        d.step = K.DS_CALC
        f["s"] = 3
        push_window(d, d.tp, reopen=not d.rules.damage_step_single_chain)
    elif s == 3:
        if not attack_valid(d):
            f["s"] = 5
            return
        damage_calculation(d)
        if d.cflags:
            die_after_calc(d)
        f["calc"] = True
        if d.mods:      # changes "during that damage calculation only" end
            d.mods = [m for m in d.mods if m[4] != K.DURING_CALC]
        d.step = K.DS_AFTER_CALC
        d.raise_event(K.EV_AFTER_CALC, d.attack[0], d.tp, K.R_RULE, d.attack[1])
        f["s"] = 5
        ds_window(d)
    elif s == 5:
        d.step = K.DS_END
        d.events.clear()
        dead = [c for c, mid in d.battle_destroyed if d.mid[c] == mid and d.loc[c] == MZONE]
        instead = [c for c, mid in d.battle_destroyed if d.mid[c] == mid and d.loc[c] == SZONE]
        d.battle_destroyed = []
        if instead:         # destroyed in place of a monster (battle_substitute)
            d.destroy(instead, K.R_EFFECT)
        if dead and "banish_victims" in d.static_index:
            gone = [c for c in dead if banished_by_battle(d, c)]
            if gone:            # banished instead of going to the GY (Dark Magician of Chaos)
                dead = [c for c in dead if c not in gone]
                d.send(gone, K.BANISHED, K.R_BATTLE | K.R_DESTROY, d.tp, destroy=True)
        if dead:
            carry = [c for c in dead if d.cflags and d.card_flag(c, "negated_into_gy")]
            moved = d.send(dead, GY, K.R_BATTLE | K.R_DESTROY, d.tp, destroy=True)
            for c in carry:         # its effects stay negated while it stays in the Graveyard
                if d.loc[c] == GY:
                    d.flag_card(c, "negated", K.FOREVER)
            for c in moved:
                d.raise_event(K.EV_BATTLE_DESTROYED, c, d.tp, K.R_BATTLE)
        if f.get("calc") and d.attack is not None:     # a battle happened: "at the end of
            d.raise_event(K.EV_DS_END, d.attack[0], d.tp, K.R_RULE, d.attack[1])  # the DS"
        f["s"] = 6
        ds_window(d)
    else:
        d.no_battle_damage = [False, False]
        d.step = K.BATTLE_STEP
        pop(d)


def force_battle(d, attacker: int, target: int, no_damage: bool = False) -> None:
    """An effect makes monster `attacker` (the turn player's) attack monster `target` once the
    Chain it is part of has resolved, in whatever phase it is (Last Turn; `no_damage`: neither
    player takes battle damage from it). Kept as a player flag until then (flow.chain
    .forced_battles), then fought by the `forced_battle` procedure."""
    d.pflags.append((d.ctrl[attacker], ("forced_battle", attacker, d.mid[attacker], target,
                                        d.mid[target], no_damage), d.turn))


@proc
def forced_battle(d, f):
    """A battle an effect forced (force_battle): if both monsters are still there, face-up and
    the attacker the turn player's, it is an attack (it counts as the attacker's attack this
    turn) and its Damage Step is fought as in the Battle Phase, which the duel is in meanwhile;
    then the phase goes on where it was."""
    if f["s"] == 0:
        atk, amid, tgt, tmid, no_damage = f["fight"]
        if d.mid[atk] != amid or d.loc[atk] != MZONE or d.ctrl[atk] != d.tp or \
                d.mid[tgt] != tmid or d.loc[tgt] != MZONE or d.ctrl[tgt] == d.tp:
            pop(d)
            return
        f["s"] = 1
        f["was"] = (d.phase, d.step)
        d.phase = BATTLE
        d.attacked[atk] = d.turn
        log_attack(d, atk, tgt)
        d.attack = (atk, tgt, d.count_monsters(1 - d.tp), amid, tmid)
        if no_damage:
            d.no_battle_damage = [True, True]
        d.serial += 1
        d.write(f"{d.card(atk)} attacks {d.card(tgt)}")
        push(d, "damage_step")
    else:
        d.attack = None
        d.phase, d.step = f["was"]
        d.no_battle_damage = [False, False]
        pop(d)


def banished_by_battle(d, c) -> bool:
    """Is monster c, destroyed by the battle under way, banished instead of going to the
    Graveyard? (The `banish_victims` rule, apply(d, source, victim), of the monster it battled:
    Dark Magician of Chaos.)"""
    a = d.attack
    if a is None or a[1] < 0:
        return False
    other = a[1] if c == a[0] else a[0]
    return any(src == other and (eff.apply is None or eff.apply(d, src, c))
               for src, eff in d.active_statics("banish_victims"))


def damage_calculation(d) -> None:
    """The seven cases of the rulebook's battle tables."""
    atk, tgt = d.attack[0], d.attack[1]
    tp, op = d.tp, 1 - d.tp
    a = d.atk(atk)
    d.serial += 1
    if tgt < 0:
        battle_damage(d, op, a)
        return
    if d.pos[tgt] & DEFENSE:
        v = d.def_(tgt)
        if a > v:
            mark_destroyed(d, tgt)
            if "piercing" in d.static_index and d.has_static("piercing", atk):
                battle_damage(d, op, a - v)     # piercing battle damage
        elif a < v:
            battle_damage(d, tp, v - a)
        return
    v = d.atk(tgt)
    if a > v:
        mark_destroyed(d, tgt)
        battle_damage(d, op, a - v)
    elif a < v:
        mark_destroyed(d, atk)
        battle_damage(d, tp, v - a)
    elif a > 0 or d.rules.zero_atk_both_destroyed:
        # equal ATK: both destroyed; two 0 ATK monsters only under goat (the 2002 rulebook's
        # table has no exception; EDOPro DUEL_0_ATK_DESTROYED), not under v10
        mark_destroyed(d, atk)
        mark_destroyed(d, tgt)


def mark_destroyed(d, c) -> None:
    if ("battle_indestructible" in d.static_index and
            d.has_static("battle_indestructible", c)) or \
            (d.pflags and d.player_flag(d.ctrl[c], "battle_indestructible")):
        d.write(f"{d.card(c)} is not destroyed by battle")
        return
    if "battle_substitute" in d.static_index:
        # "If this card would be destroyed by battle, destroy X instead" (Thousand-Eyes
        # Restrict: the monster equipped to it): X is destroyed by the card's effect when the
        # battle's destroyed monsters are (the end of the Damage Step)
        for src, eff in d.active_statics("battle_substitute"):
            x = eff.apply(d, src, c)
            if x is not None and x >= 0:
                d.battle_destroyed.append((x, d.mid[x]))
                d.write(f"{d.card(x)} is destroyed instead of {d.card(c)}")
                return
    d.battle_destroyed.append((c, d.mid[c]))
    d.write(f"{d.card(c)} is destroyed by battle")


def battle_damage(d, p, amount) -> None:
    if d.no_battle_damage[p] or (d.pflags and d.player_flag(p, "no_battle_damage")) or \
            ("battle_damage_shield" in d.static_index and _shielded(d, p)):
        d.write(f"{d.names[p]} takes no battle damage")
        return
    if "halve_battle_damage" in d.static_index and _halved(d, p):
        amount //= 2
    d.damage(p, amount, battle=True)


def _halved(d, p) -> bool:
    """Is the battle damage player p takes halved? (The continuous rule
    `halve_battle_damage` of a monster of this battle that its controller's opponent p takes
    damage from: Susa Soldier.)"""
    a = d.attack
    for src, eff in d.active_statics("halve_battle_damage"):
        if d.ctrl[src] != p and a is not None and src in (a[0], a[1]):
            return True
    return False


def _shielded(d, p) -> bool:
    """Does a monster of this battle keep its controller p from battle damage ("battles
    involving it never cause battle damage to you": Dark Flare Knight)?"""
    a = d.attack
    for src, eff in d.active_statics("battle_damage_shield"):
        if d.ctrl[src] == p and a is not None and src in (a[0], a[1]):
            return True
    return False


def die_after_calc(d) -> None:
    """Monsters targeted before damage calculation that die for it (flow.chain.targeted_die:
    Spirit Reaper) are destroyed once damage has been calculated."""
    doomed = []
    for c in d.all_monsters():
        if d.faceup(c) and d.card_flag(c, "dies_after_calc"):
            doomed.append(c)
    if doomed:
        d.write(f"{d.cards(doomed)} "
                f"{'is' if len(doomed) == 1 else 'are'} destroyed for being targeted")
        d.destroy(doomed, K.R_EFFECT)
