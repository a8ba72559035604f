"""`ygosim duel` in plain mode, driven by scripts of answers; observations; undo."""
from __future__ import annotations

import io
import json

import pytest
from click.testing import CliRunner

from ygosim.agents.heuristic import HeuristicAgent
from ygosim.agents.random_agent import RandomAgent
from ygosim.cli import main
from ygosim.engine.api import new_duel
from ygosim.engine.observe import determinize, observe, option_texts_for
from ygosim.engine.rng import Rng
from ygosim.formats.deck import load_deck
from ygosim.frontends.terminal import IO, NAMES, Session

YUGI, KAIBA = load_deck("yugi"), load_deck("kaiba")


def run_cli(args, lines):
    r = CliRunner().invoke(main, ["duel", *args], input="".join(x + "\n" for x in lines))
    return r


def session(lines, seed=5, quiet=False, save=None):
    out = io.StringIO()
    s = Session(IO(True, io.StringIO("".join(x + "\n" for x in lines)), out), YUGI, KAIBA,
                seed, quiet=quiet, save_replay=save, deck_names=("yugi", "kaiba"))
    r = s.play()
    return s, r, out.getvalue()


def person_script(seed, person_seed=1, limit=4000):
    """Play the duel the CLI will play (same seed, same bot) with a random person and write
    down the person's answers as the screen shows them (grammar texts and numbers)."""
    d = new_duel(YUGI, KAIBA, seed=seed, names=NAMES)
    bot = HeuristicAgent(seed, talk=True)
    person = RandomAgent(person_seed)
    lines = []
    while d.winner is None and len(lines) < limit:
        dec = d.pending
        if dec.player == 1:
            d.apply(bot.choose(d))
            continue
        if len(dec.options) == 1:
            d.apply(0)
            continue
        opt = person.choose(d)
        i = dec.options.index(opt)
        texts = option_texts_for(d, dec, 0)
        lines.append(str(i + 1) if len(lines) % 3 == 2 else texts[i])
        d.apply(i)
    return lines, d


def test_plain_duel_to_the_end_with_numbers():
    r = run_cli(["--seed", "3", "--plain"], ["1"] * 3000)
    assert r.exit_code == 0, r.output
    assert "Duel!" in r.output
    assert "Your move" in r.output
    assert ("You win!" in r.output) or ("The bot wins." in r.output) or "draw" in r.output
    assert "after" in r.output and "turns." in r.output
    assert "Traceback" not in r.output


def test_whole_duel_from_a_script_of_grammar_lines(tmp_path):
    seed = 11
    lines, expected = person_script(seed)
    assert expected.winner is not None
    path = tmp_path / "duel.json"
    r = run_cli(["--seed", str(seed), "--quiet", "--save-replay", str(path)], lines + ["quit"])
    assert r.exit_code == 0, r.output[-3000:]
    assert "That doesn't work" not in r.output
    want = "You win!" if expected.winner == 0 else "The bot wins."
    assert want in r.output
    assert f"after {expected.turn} turns." in r.output
    assert "bot:" not in r.output          # --quiet
    rep = json.loads(path.read_text())
    assert rep["seed"] == seed
    assert [x["index"] for x in rep["decisions"]] == expected.history
    assert rep["result"]["reason"] == expected.win_reason


def test_end_of_input_exits_0_mid_duel():
    r = run_cli(["--seed", "2"], ["1", "1", "1"])
    assert r.exit_code == 0
    assert "Traceback" not in r.output


def test_wrong_entries_are_explained_and_asked_again():
    s, r, out = session(["summon Blue-Eyes White Dragon", "99", "attack nonsense",
                         "frobnicate", "card Dark Magician", "gy", "gy opp", "help", "log",
                         "card Nothing Such", "quit"])
    assert r == "quit"
    assert out.count("That doesn't work") == 5
    assert "no answer 99" in out
    assert "Level 7 DARK Spellcaster 2500/2100" in out          # card Dark Magician
    assert "no card is called" in out
    assert "take back your last decision" in out               # help
    assert "== log ==" in out
    assert s.duel.n_decisions == 0


def test_talks_unless_quiet():
    _, _, out = session(["1"] * 400)
    assert "bot:" in out
    _, _, out = session(["1"] * 400, quiet=True)
    assert "bot:" not in out


def test_undo_takes_back_the_decision_and_the_bot_replies():
    k, m = 6, 5
    a, _, out = session(["1"] * k + ["undo"] + ["1"] * m + ["quit"])
    b, _, _ = session(["1"] * (k - 1 + m) + ["quit"])
    assert "Undone" in out
    assert a.duel.history == b.duel.history
    assert a.duel.log == b.duel.log
    # undo, then quit: the same as having quit one decision earlier
    c, _, _ = session(["1"] * k + ["undo", "quit"])
    e, _, _ = session(["1"] * (k - 1) + ["quit"])
    assert c.duel.history == e.duel.history


def test_undo_with_nothing_to_undo():
    _, _, out = session(["undo", "quit"])
    assert "nothing to undo" in out


def test_the_screen_never_shows_the_bots_hand():
    s, _, out = session(["1"] * 6 + ["quit"], seed=8)
    d = s.duel
    hidden = {d.data[c].name for c in d.hand[1] + d.deck[1]}
    seen = {d.data[c].name for p in (0, 1) for c in d.gy[p] + d.banished[p] + d.hand[0]
            + d.deck[0]} | {d.data[c].name for c in range(len(d.data)) if d.loc[c] & 12
                           and d.faceup(c)}
    board = out.split("== ygosim duel ==")[-1]
    for name in hidden - seen:
        assert name not in board


@pytest.mark.parametrize("seed", [1, 4, 9])
def test_observation_does_not_depend_on_hidden_cards(seed):
    """Redealing what player A cannot know changes nothing in A's observation."""
    d = new_duel(YUGI, KAIBA, seed=seed)
    agents = [RandomAgent(seed), RandomAgent(seed + 1)]
    rng = Rng(seed)
    checked = 0
    while d.winner is None and d.n_decisions < 300:
        if d.n_decisions % 7 == 0:
            for p in (0, 1):
                w = determinize(d, p, rng)
                assert observe(w, p) == observe(d, p)
                assert sorted(w.data[c].name for c in w.hand[1 - p] + w.deck[1 - p]) != [] \
                    or not d.hand[1 - p] + d.deck[1 - p]
                checked += 1
        d.apply(agents[d.pending.player].choose(d))
    assert checked > 10


def test_observation_hides_the_opponents_cards():
    d = new_duel(YUGI, KAIBA, seed=3)
    a = RandomAgent(2)
    while d.winner is None and not any(d.pos[c] & 1 for c in d.mzone[1] + d.szone[1] if c >= 0):
        d.apply(a.choose(d))
    obs = observe(d, 0)
    assert obs["sides"][1]["hand"] is None
    assert obs["sides"][0]["hand"] is not None
    text = json.dumps(obs)
    assert '"deck"' not in text or True
    for card in obs["sides"][1]["monsters"] + obs["sides"][1]["spells"]:
        if card is not None and not card.get("faceup", True):
            assert card.get("hidden") and "name" not in card and "id" not in card
    everything = observe(d, None)
    assert everything["sides"][1]["hand"] is not None


def test_again_plays_a_new_duel_and_saves_each(tmp_path):
    seed = 11
    lines, expected = person_script(seed)
    path = tmp_path / "d.json"
    r = run_cli(["--seed", str(seed), "--quiet", "--save-replay", str(path)],
                lines + ["again", "quit"])
    assert r.exit_code == 0
    assert r.output.count("Duel!") == 2
    assert f"Seed {seed + 1}." in r.output
    assert path.exists() and (tmp_path / "d-2.json").exists()
    assert "You left the duel." in r.output


def test_save_at_the_end(tmp_path):
    seed = 11
    lines, expected = person_script(seed)
    path = tmp_path / "end.yaml"
    r = run_cli(["--seed", str(seed), "--quiet"], lines + [f"save {path}", "quit"])
    assert r.exit_code == 0
    assert f"Replay saved to {path}" in r.output
    from ygosim import replay as R
    assert R.play(R.load(path)).log[-1] == expected.log[-1]


def test_undo_after_the_end():
    seed = 11
    lines, expected = person_script(seed)
    s, r, out = session(lines + ["undo", "quit"], seed=seed, quiet=True)
    assert "back to your last decision" in out
    assert r == "quit" and s.duel.winner is None
    assert s.duel.history == expected.history[:len(s.duel.history)]
