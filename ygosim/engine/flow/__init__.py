"""The flow of a duel: turns, phases, summons, battle, chains and windows.

The procedures live by family, so that each rule (and each rule switch of `d.rules`) is read
where it applies:

    core      the procedure registry, the frame stack, `run`
    turn      the coin toss, the turn and its phases, the End Phase and the hand size limit
    main      the Main Phase: idle options, setting Spells and Traps
    summon    Normal (Tribute) Summons and Sets, Flip Summons, Special Summons
    chain     activation, response windows, resolving Chains, effect steps, state checks
    triggers  trigger effects put on a new Chain
    battle    the Battle Phase, the Damage Step, damage calculation
    select    selections too large to list, asked one card at a time (Picks)

Importing this package registers every procedure (they are run by name from `PROCS`); the
helpers other modules use are re-exported here.
"""
from __future__ import annotations

from .core import PROCS, proc, push, run, pop
from .chain import (PASS, phase_window, open_window, push_window, after_action, start_activation,
                    can_activate, has_event, opt_key, activatable, new_link, effect_applies,
                    state_check, ignition_options, single_chain_now, clear_field_zone,
                    with_card_activation)
from .summon import (tributes_needed, tributes_for_level, tribute_candidates, forced_tributes,
                     tribute_options, can_normal_summon, can_normal_summon_any,
                     normal_summon_allowed, normal_summon_tributes, summon_room, zone_options,
                     zone_seq, place_special, summon_locked, summon_rule_locked,
                     special_rule_locked, special_proc_ok, summon_without_tributes, summon_barred,
                     special_proc_options, POSITION_BY_NAME)
from .main import PHASE_BATTLE, PHASE_MAIN2, PHASE_END, idle_options, set_spell_trap
from .turn import return_control
from .triggers import add_trigger
from .battle import (battle_options, attack_valid, damage_calculation, mark_destroyed,
                     battle_damage, ds_window)
from .select import CHOOSE_NOTHING, pick_options

__all__ = [
    "PROCS", "proc", "push", "run", "pop", "PASS", "phase_window", "open_window",
    "push_window", "after_action", "start_activation", "can_activate", "has_event", "opt_key",
    "activatable", "new_link", "effect_applies", "state_check", "ignition_options",
    "single_chain_now", "clear_field_zone", "with_card_activation", "tributes_needed",
    "tributes_for_level", "tribute_candidates", "forced_tributes", "tribute_options",
    "can_normal_summon", "can_normal_summon_any", "normal_summon_allowed",
    "normal_summon_tributes", "summon_room", "zone_options", "zone_seq", "place_special",
    "summon_locked", "summon_rule_locked", "special_rule_locked", "special_proc_ok",
    "special_proc_options", "summon_without_tributes", "summon_barred",
    "POSITION_BY_NAME",
    "PHASE_BATTLE", "PHASE_MAIN2", "PHASE_END", "idle_options", "set_spell_trap",
    "return_control", "add_trigger", "battle_options", "attack_valid", "damage_calculation",
    "mark_destroyed", "battle_damage", "ds_window", "CHOOSE_NOTHING", "pick_options"]
