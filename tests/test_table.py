"""The table layer (ygosim/play/table.py): whole duels through it, priority, stops, hold, undo,
stale answers, bad input, the grammar as a player writes it, the Match, spectators."""
from __future__ import annotations

import json

import pytest

from ygosim.agents.random_agent import RandomAgent
from ygosim.engine.decision import RESPONSE
from ygosim.engine.observe import SPECTATOR, hidden_from, log_view
from ygosim.formats.deck import load_deck
from ygosim.play.scenario import build
from ygosim.play.table import Table, TableError

YUGI, KAIBA = load_deck("yugi"), load_deck("kaiba")


def at(doc, **kw) -> Table:
    """A table of two people at a position (a scenario document)."""
    kw.setdefault("opponent", "human")
    return Table(None, position=build(doc), **kw)


def texts(p) -> list[str]:
    return [o["text"] for o in p["options"]]


def play_turn(t: Table, b_lines, a_answer="pass", until_turn=None):
    """Play on to turn `until_turn` (3): seat 1 (B) answers with the first of b_lines that is
    legal (else `end`, else the first answer); seat 0 (A) answers `a_answer`, `pass` or `end`
    (else the first answer). Returns the response windows A was asked in."""
    asked = []
    until_turn = until_turn or 3
    for _ in range(300):
        if t.state != "duel" or t.duel.turn >= until_turn:
            break
        p0, p1 = t.prompt(0), t.prompt(1)
        if p0 is not None:
            if p0["kind"] == RESPONSE:
                asked.append(p0)
            legal = texts(p0)
            ans = next((x for x in (a_answer, "pass", "end") if x in legal), 0)
            t.answer(0, ans, prompt_id=p0["id"])
        else:
            legal = texts(p1)
            ans = next((x for x in b_lines if x in legal), "end" if "end" in legal else 0)
            t.answer(1, ans)
    return asked


QUIET_B_TURN = {"turn": 1, "turn_player": "A", "phase": "main1",
                "A": {"spells": ["Dragon Capture Jar"], "hand": ["Kuriboh"]},
                "B": {"hand": ["Battle Ox"], "deck": ["Dark Hole"] * 10}}


# ============================================================================ priority
def test_a_set_trap_that_can_always_be_activated_asks_at_no_phase():
    t = at(QUIET_B_TURN)
    asked = play_turn(t, ["end"])
    assert t.duel.turn == 3
    assert asked == []
    assert t.stats[0].auto_passed >= 3           # Draw, Standby, End: passed for A
    # the same turn with every window asked
    t = at(QUIET_B_TURN, priority="ask-all")
    asked = play_turn(t, ["end"])
    phases = [p["context"]["phase"] for p in asked if p["context"]["whose"] == "B's"]
    assert {"Draw Phase", "Standby Phase", "End Phase"} <= set(phases)
    assert all(p["why"] == "every window (priority ask-all)" for p in asked)


def test_a_summon_and_an_attack_ask_saying_what_happened():
    t = at(QUIET_B_TURN)
    asked = play_turn(t, ["summon Battle Ox", "battle", "attack Battle Ox -> direct"])
    assert [p["why"] for p in asked] == ["B Normal Summons Battle Ox (m1)",
                                         "opponent's Battle Ox (m1) attacks directly",
                                         "Kuriboh can be used now"]
    summon, attack, calc = asked
    assert summon["context"]["whose"] == "B's" and summon["context"]["phase"] == "Main Phase 1"
    assert "B Normal Summons Battle Ox (1700 ATK)" in summon["happened"][-1]
    assert attack["context"]["words"] == "Turn 2, B's Battle Phase, battle step"
    assert texts(attack) == ["activate Dragon Capture Jar", "pass"]
    # Kuriboh: during damage calculation only, so A is asked again then
    assert calc["context"]["step"] == "damage step (damage calculation)"
    assert texts(calc) == ["activate Kuriboh", "pass"]


def test_kuriboh_alone_is_asked_at_damage_calculation():
    doc = {"turn": 1, "turn_player": "A", "phase": "main1", "A": {"hand": ["Kuriboh"]},
           "B": {"hand": ["Battle Ox"]}}
    t = at(doc)
    asked = play_turn(t, ["summon Battle Ox", "battle", "attack Battle Ox -> direct"])
    assert [(p["context"]["step"], p["why"]) for p in asked] == [
        ("damage step (damage calculation)", "Kuriboh can be used now")]


def test_an_activation_by_the_opponent_asks_your_own_does_not():
    doc = {"turn": 3, "turn_player": "A", "phase": "main1",
           "A": {"hand": ["Dark Hole"], "monsters": ["Battle Ox"], "spells": ["Waboku"]},
           "B": {"spells": ["Dragon Capture Jar"], "monsters": ["Feral Imp"]}}
    t = at(doc)
    p = t.prompt(0)
    t.answer(0, "activate Dark Hole", prompt_id=p["id"])       # A is not asked after it
    q = t.prompt(1)            # B may respond to Dark Hole
    assert q["kind"] == RESPONSE and q["why"] == "A activated Dark Hole (Chain Link 1)"
    t.answer(1, "activate Dragon Capture Jar", prompt_id=q["id"])
    r = t.prompt(0)            # A may respond to B's chain link: asked
    assert r["why"] == "B activated Dragon Capture Jar (Chain Link 2)"
    t.answer(0, "pass", prompt_id=r["id"])
    assert t.stats[1].asked == 1 and t.stats[0].auto_passed == 0
    assert t.prompt(0)["kind"] == "action" and not t.duel.chain


def test_stops_ask_once_at_that_phase():
    t = at(QUIET_B_TURN)
    assert t.command(0, "stop end") == ["priority: auto", "stop at the opponent's End Phase"]
    t.command(0, "stop standby")
    assert t.command(0, "stops")[1:] == ["stop at the opponent's Standby Phase",
                                         "stop at the opponent's End Phase"]
    asked = play_turn(t, ["end"])
    assert [p["why"] for p in asked] == ["your stop at the opponent's Standby Phase",
                                         "your stop at the opponent's End Phase"]
    t.command(0, "unstop standby")
    assert t.priority[0].stops == {("end", "opponent")}
    t.command(0, "stop off all")
    assert t.priority[0].stops == set()
    with pytest.raises(TableError, match="is not a phase"):
        t.command(0, "stop lunch")


def test_stop_battle_and_a_stop_in_your_own_turn():
    t = at(QUIET_B_TURN)
    t.command(0, "stop battle")
    asked = play_turn(t, ["battle", "end"])
    assert [p["context"]["step"] for p in asked] == ["start step"]
    t.command(0, "stop end mine")
    mine = play_turn(t, [], a_answer="end", until_turn=4)
    assert t.duel.turn == 4
    assert any(p["why"] == "your stop at your End Phase" for p in mine)


def test_hold_asks_at_the_next_window_whatever_happens():
    t = at(QUIET_B_TURN)
    assert t.command(0, "hold") == ["You will be asked at the next window, whatever happens."]
    asked = play_turn(t, ["end"])
    assert [(p["context"]["words"], p["why"]) for p in asked] == [
        ("Turn 1, your Main Phase 1", "you held priority")]
    assert t.priority[0].hold is False


def test_the_bot_sees_every_window():
    class Spy(RandomAgent):
        windows = 0

        def choose(self, duel):
            if duel.pending.kind == RESPONSE:
                Spy.windows += 1
                for o in duel.pending.options:
                    if o.verb == "pass":
                        return o
            return super().choose(duel)
    doc = {"turn": 3, "turn_player": "A", "phase": "main1",
           "B": {"spells": ["Dragon Capture Jar"]}}
    t = Table(None, position=build(doc), opponent="bot", bot=Spy(1))
    t.answer(0, "end")
    assert Spy.windows >= 1                  # A's End Phase: the bot is asked, nothing happened


def test_a_stale_answer_is_refused_and_nothing_changes():
    t = Table((YUGI, KAIBA), seed=3, quiet=True)        # (seed 3: heads, the person chooses)
    first = t.prompt(0)
    t.answer(0, "call heads", prompt_id=first["id"])
    now = t.prompt(0)
    before = list(t.duel.history)
    with pytest.raises(TableError, match="earlier question"):
        t.answer(0, "go first", prompt_id=first["id"])
    assert t.duel.history == before and t.prompt(0)["id"] == now["id"]
    t.answer(0, "go first", prompt_id=now["id"])
    assert t.duel.turn == 1


def test_answers_only_from_the_seat_asked():
    t = at(QUIET_B_TURN)
    p = t.prompt(0)
    with pytest.raises(TableError, match="not your decision"):
        t.answer(1, "end")
    with pytest.raises(TableError, match="not a person's seat"):
        t.answer(5, "end")
    t.answer(0, "end", prompt_id=p["id"])


@pytest.mark.parametrize("line", ["²", "٣", "\ud800", "9" * 5000, "99999999999999999999",
                                  "0", "\x1b[2J", "summon \x00Battle Ox", "", "   ",
                                  "attack", "choose \"", "summon " + "x" * 290])
def test_bad_input_is_refused_with_a_message(line):
    t = Table((YUGI, KAIBA), seed=3, quiet=True)
    t.answer(0, "call heads")
    t.answer(0, "go first")
    before = (list(t.duel.history), t.prompt(0)["id"])
    with pytest.raises(TableError) as e:
        t.answer(0, line)
    msg = str(e.value)
    assert len(msg) < 300 and "\x1b" not in msg and "\ud800" not in msg
    assert (t.duel.history, t.prompt(0)["id"]) == before


def test_numbers_texts_and_plain_words_all_answer():
    for ans in ("1", "call heads", "Call heads", "  CALL   heads ", 0):
        t = Table((YUGI, KAIBA), seed=3, quiet=True)
        t.answer(0, ans)
        assert t.duel.history == [0]


# ============================================================================ the grammar
FACE_DOWN = {"turn": 3, "turn_player": "A", "phase": "battle",
             "A": {"monsters": ["Dark Magician"]},
             "B": {"monsters": ["Feral Imp", {"card": "Celtic Guardian", "zone": "m2",
                                              "position": "facedown"}]}}


def test_attack_a_face_down_monster_as_the_readme_writes_it():
    t = at(FACE_DOWN)
    p = t.prompt(0)
    assert "attack Dark Magician -> face-down@m2" in texts(p)      # no attacker zone
    assert "attack Dark Magician -> Feral Imp" in texts(p)
    # its real name is not A's to use
    with pytest.raises(TableError, match="not a legal answer"):
        t.answer(0, "attack Dark Magician -> Celtic Guardian")
    t.answer(0, "attack Dark Magician -> face-down@m2")
    seen = log_view(t.duel, 0)                  # the log as A reads it
    assert "T3 Dark Magician attacks a face-down monster (m2)" in seen


def test_option_texts_do_not_qualify_because_of_a_hidden_name():
    doc = {"turn": 3, "turn_player": "A", "phase": "battle",
           "A": {"monsters": ["Dark Magician"]},
           "B": {"monsters": ["Celtic Guardian", {"card": "Celtic Guardian", "zone": "m2",
                                                  "position": "facedown"}]}}
    t = at(doc)
    got = texts(t.prompt(0))
    assert "attack Dark Magician -> Celtic Guardian" in got     # not @m1: that would tell A
    assert "attack Dark Magician -> face-down@m2" in got        # what the face-down card is


def test_a_deck_search_lists_level_and_stats_and_whose_card():
    doc = {"turn": 3, "turn_player": "A", "phase": "main1",
           "A": {"hand": ["Dark Hole"], "monsters": ["Sangan"],
                 "deck": ["Mammoth Graveyard", "Feral Imp", "Dark Magician"]},
           "B": {"monsters": ["Battle Ox"]}}
    t = at(doc)
    t.answer(0, "activate Dark Hole")
    for _ in range(5):
        p = t.prompt(0)
        if p is not None and p["kind"] == "select":
            break
        if p is not None:
            t.answer(0, "pass" if "pass" in texts(p) else 0)
        else:
            t.answer(1, "pass")
    says = [o["say"] for o in p["options"]]
    assert "Choose Mammoth Graveyard (your Deck, Lv3 1200/800)" in says
    assert "Choose Feral Imp (your Deck, Lv4 1300/1400)" in says
    assert not any("Dark Magician" in s for s in says)           # 2500 ATK: not searchable


def test_targets_on_the_field_say_whose_they_are():
    doc = {"turn": 3, "turn_player": "A", "phase": "main1",
           "A": {"spells": ["Reinforcements"], "monsters": ["Feral Imp"]},
           "B": {"monsters": ["Battle Ox"]}}
    t = at(doc)
    t.answer(0, "activate Reinforcements")
    says = [o["say"] for o in t.prompt(0)["options"]]
    assert "Choose your Feral Imp (m1, Lv4 1300/1400)" in says
    assert "Choose opponent's Battle Ox (m1, Lv4 1700/1000)" in says


# ============================================================================ undo
def random_person(seed):
    agent = RandomAgent(seed)

    def answer(t):
        return t.duel.pending.options.index(agent.choose(t.duel))
    return answer


def play(t, person, limit=3000, stop_after=None):
    n = 0
    while t.state == "duel" and n < limit and (stop_after is None or n < stop_after):
        t.answer(0, person(t))
        n += 1
    return n


def test_undo_takes_back_the_decision_and_the_bot_replies():
    a = Table((YUGI, KAIBA), seed=5, quiet=True)
    play(a, random_person(1), stop_after=6)
    snapshot = list(a.duel.history)
    play(a, random_person(9), stop_after=1)
    assert a.undo(0).startswith("Undone: took back")
    assert a.duel.history == snapshot
    assert a.take_events(0)[-1]["type"] == "undone"
    with pytest.raises(TableError, match="only for duels against the bot"):
        at(QUIET_B_TURN).undo(0)
    fresh = Table((YUGI, KAIBA), seed=5, quiet=True)
    with pytest.raises(TableError, match="nothing to undo"):
        fresh.undo(0)


def test_undo_after_the_end_of_a_match_duel_takes_the_result_back():
    t = Table((YUGI, KAIBA), seed=2, quiet=True, games=3, bot="random")
    play(t, random_person(3))
    assert t.state == "over" and len(t.match.result.games) == 1
    t.undo(0)
    assert t.state == "duel" and t.match.result.games == [] and t.result is None
    play(t, random_person(3))
    assert len(t.match.result.games) == 1


# ============================================================================ Matches
def test_a_match_at_the_table_says_its_result_and_offers_a_new_one():
    t = Table((YUGI, KAIBA), seed=4, games=3, bot="random")
    person = random_person(2)
    while t.state != "match_over":
        if t.state == "duel":
            t.answer(0, person(t))
        else:
            t.proceed(0)
    events = t.take_events(0)
    over = [e for e in events if e["type"] == "match_over"]
    assert len(over) == 1 and over[0]["over"] and over[0]["score"].count("-") >= 1
    assert "the Match" in over[0]["line"]
    duels = [e for e in events if e["type"] == "duel_start"]
    assert [e["game"] for e in duels] == list(range(1, len(duels) + 1))
    assert len(duels) == len(t.match.result.games) >= 2
    hello = [e for e in events if e["type"] == "chat"]
    assert hello == []                       # a random bot does not talk
    t.proceed(0)                             # a new Match
    assert t.state == "duel" and t.match_no == 2 and t.match.result.games == []


def test_secret_seeds_one_per_duel_shown_only_when_it_is_over():
    """Without a seed (people playing each other, the web) every Duel of a Match gets its own
    128-bit seed from the OS: no view or event shows it while its Duel goes on; at the end the
    result holds it, and that Duel's replay plays the same Duel again."""
    from ygosim.play import replay as R
    t = Table((YUGI, KAIBA), games=3, bot="random", quiet=True)
    assert t.secret
    person = random_person(2)
    seeds = []
    while t.state != "match_over":
        if t.state == "duel":
            for viewer in (0, 1, SPECTATOR):
                assert t.view(viewer)["seed"] is None
            t.answer(0, person(t))
            continue
        assert t.view(0)["seed"] == t.duel_seed == t.result["seed"]
        seeds.append(t.duel_seed)
        rep = R.from_dict(json.loads(json.dumps(t.replay().as_dict())))
        assert rep.seed == t.duel_seed and R.play(rep).log == t.duel.log
        t.proceed(0)
    seeds.append(t.duel_seed)
    events = t.events(0)
    assert all("seed" not in e for e in events if e["type"] == "duel_start")
    assert [e["seed"] for e in events if e["type"] == "duel_over"] == seeds
    assert len(set(seeds)) == len(seeds) >= 2 and all(s.bit_length() > 64 for s in seeds)
    assert [g.seed for g in t.match.result.games] == seeds
    # a seed the person chooses (their own machine: --seed) is shown at once
    t = Table((YUGI, KAIBA), seed=5, quiet=True)
    assert t.view(0)["seed"] == 5 and t.events(0)[0]["seed"] == 5


def test_the_bot_greets_once_per_table():
    from ygosim.agents.heuristic import LINES
    t = Table((YUGI, KAIBA), seed=6, games=2)
    person = random_person(1)
    while t.state != "match_over" and t.duel_no <= 2:
        if t.state == "duel":
            t.answer(0, person(t))
        else:
            t.proceed(0)
    said = [e["text"] for e in t.take_events(0) if e["type"] == "chat"]
    assert t.duel_no >= 2
    assert sum(line in LINES["hello"] for line in said) == 1


def test_side_decking_between_duels_at_the_table():
    import copy
    deck = copy.copy(YUGI)
    deck.main, deck.side = YUGI.main[:41], YUGI.main[41:]
    out_name, in_name = deck.main[0].name, deck.side[0].name
    t = Table((deck, KAIBA), seed=1, games=3, bot="random", quiet=True)
    play(t, random_person(1))
    assert t.state == "over"
    t.proceed(0)
    assert t.state == "siding" and t.view(0)["siding"][0] == "Side decking for Player " \
                                                             "before Duel 2:"
    assert t.side(0, f"out Blue-Eyes White Dragon in {in_name}") == [
        "error: out Blue-Eyes White Dragon: not in your Main or Extra Deck"]
    assert t.side(0, f"out {out_name} in {in_name}") == []
    t.side(0, "done")
    assert t.state == "duel" and t._game == 2
    assert any(c.name == in_name for c in t.duel_decks[0].main)
    assert t.match.result.games and t.match.sided[0] == [((out_name,), (in_name,))]


# ============================================================================ views
def test_two_people_and_a_spectator_see_only_what_they_may():
    t = Table((YUGI, KAIBA), opponent="human", seed=9)
    agents = [RandomAgent(1), RandomAgent(2)]
    checked = 0
    while t.state == "duel" and t.duel.n_decisions < 400:
        d = t.duel
        for viewer in (0, 1, SPECTATOR):
            v = t.view(viewer)
            # nothing the table itself writes (prompts, reasons, notes, events) names a card
            # hidden from the viewer (the duel log is the engine's: tested with observe)
            known = {d.data[c].name for c in range(len(d.data)) if not hidden_from(d, c, viewer)}
            secret = {d.data[c].name for c in range(len(d.data)) if hidden_from(d, c, viewer)}
            secret = [n for n in secret - known if not any(n in k for k in known)]
            mine = dict(v, duel=dict(v["duel"], log=[]))
            if v["prompt"]:
                mine["prompt"] = dict(v["prompt"], happened=[])
            table_text = json.dumps([mine, t.events(viewer)])
            assert not [n for n in secret if json.dumps(n)[1:-1] in table_text]
            text = json.dumps(v)
            for c in range(len(d.data)):
                if d.loc[c] & 12 and d.pos[c] & 1 and hidden_from(d, c, viewer):
                    zone = v["duel"]["sides"][d.ctrl[c]]
                    cell = [x for x in zone["monsters"] + zone["spells"] + [zone["field_spell"]]
                            if x is not None and x.get("zone") and x.get("hidden")]
                    assert cell and all("name" not in x for x in cell)
            if viewer == SPECTATOR:
                assert v["prompt"] is None and v["duel"]["pending"] == {"player": d.pending.player}
                assert all(s["hand"] is None for s in v["duel"]["sides"])
                assert all(e["to"] is None for e in t.events(SPECTATOR))
            else:
                assert v["duel"]["sides"][1 - viewer]["hand"] is None
            checked += len(text) > 0
        p = t.prompt(0) or t.prompt(1)
        seat = p["seat"]
        opt = agents[seat].choose(d)
        t.answer(seat, d.pending.options.index(opt), prompt_id=p["id"])
    assert checked > 100


def test_viewers_in_other_threads_never_see_a_half_played_turn():
    import threading
    t = Table((YUGI, KAIBA), seed=5, quiet=True)
    person = random_person(3)
    seen, bad, done = [0], [], threading.Event()

    def watch():
        while not done.is_set():
            v = t.view(SPECTATOR)
            seen[0] += 1
            if v["state"] == "duel" and v["waiting_for"] != 0:
                bad.append(v["duel"]["pending"])
    w = threading.Thread(target=watch)
    w.start()
    play(t, person, stop_after=40)
    done.set()
    w.join()
    assert seen[0] > 0 and bad == []


def test_events_since_a_number_for_a_client_that_reconnects():
    t = Table((YUGI, KAIBA), seed=3)
    first = t.events(0)
    n = first[-1]["seq"]
    t.answer(0, "call heads")
    later = t.events(0, since=n)
    assert later and all(e["seq"] > n for e in later)
    assert t.events(0) == first + later
    with pytest.raises(TableError):
        t.events("someone")


def test_chat_between_people_reaches_everyone():
    t = at(QUIET_B_TURN)
    assert t.command(0, "say good luck!") == []
    for viewer in (0, 1, SPECTATOR):
        assert t.events(viewer)[-1]["text"] == "good luck!"
    with pytest.raises(TableError):
        t.say(0, "\x1b[31mred")


# ============================================================================ replays
def test_replays_saved_by_the_table_play_back(tmp_path):
    from ygosim.play import replay as R
    t = Table((YUGI, KAIBA), seed=8, quiet=True, bot="random", save_replay=str(tmp_path / "d.json"))
    play(t, random_person(4))
    assert t.state == "over"
    rep = R.load(tmp_path / "d.json")
    assert R.play(rep).log == t.duel.log
    # the bot's hand is shown to the person at the end, never to a spectator
    hand = sorted(t.duel.data[c].name for c in t.duel.hand[1])
    assert sorted(t.view(0)["result"]["bot_hand"]) == hand
    assert "bot_hand" not in t.view(SPECTATOR)["result"]
    shown = t.view(0)["result"]["bot_hand"]
    assert [e["hand"] for e in t.events(0) if e["type"] == "reveal"] == [shown]
    assert not any(e["type"] == "reveal" for e in t.events(SPECTATOR))
    t.proceed(0)
    play(t, random_person(4), stop_after=3)
    assert t.close() == str(tmp_path / "d-2.json")
    assert R.load(tmp_path / "d-2.json").result["reason"] == "unfinished"


# ============================================================================ how many passes
def pass_counts(seed: int) -> dict:
    """Play a duel with a person who answers like the bot's rule policy; count, for that very
    duel, the person's answers and passes as every window was asked before ("ask-all") and as
    auto priority asks now."""
    from ygosim.agents.heuristic import greedy
    t = Table((YUGI, KAIBA), seed=seed, quiet=True)
    while t.state == "duel":
        t.answer(0, greedy(t.duel))
    s = t.stats[0]
    return {"before": (s.asked + s.auto_passed, s.answered_pass + s.auto_passed),
            "after": (s.asked, s.answered_pass)}


def test_auto_priority_takes_most_passes_off_the_person():
    c = pass_counts(3)
    (asked_before, passes_before), (asked_after, passes_after) = c["before"], c["after"]
    assert passes_before > asked_before / 2          # most answers were passes
    assert passes_after <= passes_before / 3
    assert asked_after < asked_before


# ============================================================================ large selections
BIG_HAND = {"turn": 3, "turn_player": "A", "phase": "main2",
            "A": {"hand": ["Dark Magician", "Kuriboh", "Celtic Guardian", "Mystical Elf",
                           "Feral Imp", "Giant Soldier of Stone", "Beaver Warrior",
                           "Curse of Dragon", "Summoned Skull", "Gaia The Fierce Knight",
                           "Silver Fang", "Battle Ox"]}}


def big_selection():
    t = Table(None, position=build(BIG_HAND), opponent="bot", bot="random", quiet=True)
    t.answer(0, "end")                          # 12 cards: discard 6, 924 answers
    return t


def test_a_large_selection_is_asked_one_card_at_a_time():
    t = big_selection()
    p = t.prompt(0)
    assert p["pick"] == {"chosen": [], "answers": 924} and len(p["options"]) == 12
    assert all(o["text"].startswith("pick ") for o in p["options"])
    assert len(json.dumps(t.view(0))) < 12_000       # (the 924 answers: about 600 kB)
    assert t.view(0)["duel"]["pending"]["options"] == []
    wanted = ["Kuriboh", "Feral Imp", "Silver Fang", "Battle Ox", "Beaver Warrior",
              "Mystical Elf"]
    first = p["id"]
    for k, name in enumerate(wanted):
        p = t.prompt(0)
        if k == 2:                                  # a step of an earlier question: refused
            with pytest.raises(TableError, match="earlier question"):
                t.answer_shown(0, 0, prompt_id=first)
        i = next(o["index"] for o in p["options"] if o["text"] == f"pick {name}")
        t.answer_shown(0, i, prompt_id=p["id"])
    p = t.prompt(0)
    assert [x.split(" (")[0] for x in p["pick"]["chosen"]] == wanted
    assert p["options"][0]["text"].startswith("choose ")          # the answer they make
    assert p["options"][-1]["text"] == "pick again" and len(p["options"]) == 2
    t.answer_shown(0, 0, prompt_id=p["id"])
    assert sorted(t.duel.data[c].name for c in t.duel.gy[0]) == sorted(wanted)


def test_a_large_selection_starts_again_and_takes_a_whole_text_answer():
    t = big_selection()
    t.answer(0, "1")                                # the first card (typed number)
    p = t.prompt(0)
    assert len(p["pick"]["chosen"]) == 1 and p["options"][-1]["text"] == "pick again"
    t.answer_shown(0, p["options"][-1]["index"])
    assert t.prompt(0)["pick"]["chosen"] == []
    t.answer(0, "choose Dark Magician, Kuriboh, Celtic Guardian, Feral Imp, Battle Ox, "
                "Silver Fang")
    assert sorted(t.duel.data[c].name for c in t.duel.gy[0]) == sorted(
        ["Dark Magician", "Kuriboh", "Celtic Guardian", "Feral Imp", "Battle Ox",
         "Silver Fang"])
    t = big_selection()                    # an index (a program's answer) is the decision's
    t.answer(0, 923)
    assert len(t.duel.gy[0]) == 6
