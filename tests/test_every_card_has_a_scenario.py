"""Every scripted card (today's script or an older era's) is named by at least one scenario
(tests/scenarios, tests/puzzles): the acceptance tests cover the whole card pool."""
from __future__ import annotations

from pathlib import Path

from ygosim.cards.db import card_db

ROOT = Path(__file__).resolve().parent


def test_every_scripted_card_is_in_a_scenario():
    text = "\n".join(p.read_text(encoding="utf-8") for d in ("scenarios", "puzzles")
                     for p in sorted((ROOT / d).rglob("*.yaml")))
    scripted = [c for c in card_db().by_name.values()
                if (c.script is not None and c.script.effects) or c.era_scripts]
    assert len(scripted) > 200
    assert [c.name for c in scripted if c.name not in text] == []
