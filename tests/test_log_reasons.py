"""Log lines say what happened: an effect that does nothing says why, in words that are true
(issue 27: Ring of Destruction's target turned face-down is still on the field, not "gone")."""
import pytest

from ygosim.engine.duel import IllegalAction
from ygosim.engine.observe import log_view

from engine_util import scenario_duel as _duel


def _play(d, lines):
    for line in lines:
        while True:
            try:
                d.apply(line)
                break
            except IllegalAction:
                d.apply("pass")         # (a window the line does not answer)
    while d.pending is not None and d.pending.kind == "response":
        d.apply("pass")
    return log_view(d, None)


@pytest.mark.parametrize("answer, words", [
    ("Book of Moon", "its target was turned face-down"),     # still on the field
    ("Ring of Destruction", "its target left the field"),     # destroyed first
])
def test_an_effect_with_no_target_left_says_why(answer, words):
    d = _duel({"name": "t", "rules": "goat", "turn": 3, "turn_player": "A"},
              A={"spells": ["Ring of Destruction"]},
              B={"monsters": ["Summoned Skull"], "spells": [answer]})
    log = _play(d, ["activate Ring of Destruction@s1", "choose Summoned Skull",
                    f"activate {answer}", "choose Summoned Skull"])
    line = next(x for x in log if "resolves with no effect" in x)
    assert words in line and "gone" not in line, line
