"""Spells: S."""
from __future__ import annotations

from ....engine import actions as A
from ....engine import const as K
from ....engine.actions import OPP, YOU
from ....engine.const import DEFENSE, MAIN1
from ....engine.effects import Target, continuous, script, spell
from ..common import equip_spell, field_spell

_opp_faceup = A.monsters(OPP, faceup=True)

# The face-up monster the opponent controls with the highest DEF (you pick among ties; no
# target).
script("Smashing Ground", spell(
    condition=A.exists(_opp_faceup),
    operation=(A.choose(A.highest_def(_opp_faceup), prompt="choose the monster with the "
                                                            "highest DEF to destroy"),
               A.destroy(A.chosen()))))

script("Sogen", *field_spell((A.is_type("Warrior", "Beast-Warrior"), 200, 200)))


def _must_tribute(sel):
    """This turn, if the player Tributes, the selected opponent's monsters must be among the
    Tributes, as if the player controlled them (see flow.forced_tributes)."""
    def step(d, link):
        for c in sel(d, link):
            d.pflags.append((link["player"], ("must_tribute", c, d.mid[c]), d.turn))
    return step


# You cannot conduct your Battle Phase the turn you activate it (not an effect: it holds even
# if the card is negated), so it cannot be activated once the Battle Phase was conducted.
script("Soul Exchange", spell(
    condition=lambda d, link: d.phase == MAIN1,
    cost=A.player_flag("no_battle_phase", who=YOU),
    target=Target(A.monsters(OPP), prompt="choose a monster your opponent controls"),
    operation=_must_tribute(A.targets)))

script("Sword of Dark Destruction", *equip_spell(A.is_attribute("DARK"), 400, -200))


def _opponent_cannot_attack(d, src, c):
    return d.ctrl[c] != d.ctrl[src]


def _third_end_phase(d, src):
    """In the End Phase of the opponent's third turn counted from its activation (the turn of
    activation counts if it was the opponent's), it is destroyed. No chain."""
    if d.tp != d.ctrl[src] and (d.turn - d.turn_in[src]) // 2 + 1 >= 3:
        d.write(f"{d.name(src)} has stayed for the opponent's third turn")
        d.destroy([src], K.R_EFFECT, d.ctrl[src])


# A Normal Spell that stays on the field: on activation every face-down monster the opponent
# controls is turned face-up (their FLIP effects activate); while it is face-up the opponent's
# monsters cannot declare an attack.
script("Swords of Revealing Light",
       spell(operation=(A.flip_faceup(A.monsters(OPP, faceup=False), DEFENSE),
                        A.start_turn_count)),
       continuous("cannot_attack", _opponent_cannot_attack),
       continuous("end_phase", _third_end_phase),
       extra={"stays": True})
