"""Goat Effect Monsters of the tournament lists (effects2, issue 23) whose defining interaction
no card of the pool can show in a scenario file yet (docs/goat-cards/effects2.md)."""
from engine_util import card_named, scenario_duel

from ygosim.cards.db import card_db
from ygosim.engine import actions as A
from ygosim.engine import const as K
from ygosim.engine.effects import CardScript, spell


def test_malice_doll_returns_after_a_continuous_spell(monkeypatch):
    """Malice Doll of Demise destroyed face-up by the effect of a Continuous Spell Card comes
    back in its owner's next Standby Phase (no Continuous Spell of the Goat pool destroys a
    monster: one is made for this test by giving Stumbling a Dark Hole of its own)."""
    card = card_db()["Stumbling"]
    doom = CardScript(effects=(spell(operation=A.destroy(A.monsters())),))
    monkeypatch.setattr(card, "script", doom)
    monkeypatch.setattr(card, "era_scripts", {k: doom for k in card.era_scripts})
    card._variants.clear()
    try:
        d = scenario_duel(rules="goat", A={"hand": ["Stumbling"]},
                          B={"monsters": ["Malice Doll of Demise"]})
        d.apply("activate Stumbling")
        doll = card_named(d, "Malice Doll of Demise")
        assert d.loc[doll] == K.GY
        while d.turn < 4 or d.phase < K.MAIN1:
            opts = [o for o in d.legal_actions() if o.verb in ("pass", "phase", "position")]
            d.apply(next((o for o in opts if o.arg == "end"), opts[0]))
        assert d.loc[doll] == K.MZONE and d.ctrl[doll] == 1
    finally:
        card._variants.clear()
