"""Every scenario file under tests/scenarios is an acceptance test."""
from pathlib import Path

import pytest

from ygosim.play.scenario import run_scenario_file

ROOT = Path(__file__).parent / "scenarios"
FILES = sorted(ROOT.rglob("*.yaml"))


@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(ROOT)) for p in FILES])
def test_scenario(path):
    r = run_scenario_file(path)
    log = "\n".join(r.duel.log[-40:]) if r.duel is not None else ""
    assert r.passed, f"{r.reason}\n--- last log lines ---\n{log}"


def test_every_goat_deck_card_has_scenarios():
    """Each card of the six Goat decks that plays in goat rules (issue 12) is named by at least
    two scenario files (its defining interaction and what it must not allow)."""
    from ygosim.formats.deck import load_deck
    texts = [p.read_text() for p in FILES]
    names = set()
    for deck in ("goat-control", "chaos-turbo", "warrior", "empty-jar", "chaos-goat", "zombie"):
        names |= {c.name for c in load_deck(deck).cards()
                  if c.script is not None and c.playable_in("goat")}
    assert len(names) > 40
    few = {n: k for n in sorted(names) if (k := sum(n in t for t in texts)) < 2}
    assert not few, f"cards of the Goat decks with fewer than two scenarios: {few}"
