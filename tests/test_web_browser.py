"""The duel in a real browser: Playwright driving Debian's Chromium (headless) through a whole
duel against the bot and a whole duel between two browsers with a spectator, every frame each
viewer was sent checked against the real hidden cards; the screenshots of docs/playing.md.

Needs the Python package `playwright` (the test extra) and a Chromium: `apt-get install
chromium` (Debian/Ubuntu; /usr/bin/chromium), or YGOSIM_CHROMIUM=/path/to/chrome. Without one
these tests are skipped, saying so. YGOSIM_SHOTS=docs/screenshots writes the screenshots there
(docs/playing.md's); otherwise into the test's temporary folder.
"""
from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest

pytest.importorskip("starlette")
sync_api = pytest.importorskip("playwright.sync_api",
                               reason="the browser tests need playwright (the test extra)")

from ygosim.play import replay as R  # noqa: E402
from ygosim.engine.observe import SPECTATOR  # noqa: E402

from web_util import SEED, LiveServer, Spy, launched_browser, pick, shot, skip_without_chromium  # noqa: E402

skip_without_chromium()
VIEWPORT = {"width": 1280, "height": 800}
ANSWERS_LIMIT = 600


@pytest.fixture(scope="module")
def browser():
    yield from launched_browser()


@pytest.fixture(scope="module")
def live():
    with LiveServer(seeds=SEED) as server:
        yield server


@pytest.fixture
def shots(tmp_path):
    d = Path(os.environ.get("YGOSIM_SHOTS") or tmp_path)
    d.mkdir(parents=True, exist_ok=True)
    return d


class Person:
    """One browser page playing through the page itself: clicking cards on the board (and the
    menu that opens) or the answers in the list."""

    def __init__(self, page, name):
        self.page = page
        self.name = name
        self.errors = []
        self.frames = []
        self.answered = 0
        self.clicked_cards = 0
        self.keyed = 0
        page.on("pageerror", lambda e: self.errors.append(str(e)))
        page.on("console", lambda m: m.type == "error" and self.errors.append(m.text))
        page.on("websocket", self._ws)

    def _ws(self, ws):
        def got(payload):
            if isinstance(payload, str):
                msg = json.loads(payload)
                if msg.get("type") == "state":
                    self.frames.append(msg)
        ws.on("framereceived", got)

    def prompt_id(self) -> str:
        return self.page.get_attribute("body", "data-prompt") or ""

    def state(self) -> str:
        return self.page.get_attribute("body", "data-state") or ""

    def options(self) -> list[dict]:
        """The answers on the page, read at one moment (the list is drawn anew with each
        frame the server sends)."""
        return self.page.evaluate("""() => [...document.querySelectorAll(
            '#options button.option')].map(b => ({index: Number(b.dataset.index),
                                                  text: b.dataset.text, enabled: !b.disabled}))""")

    def answer(self, prefer=None) -> None:
        """Answer the question on the page: summons by clicking the card on the board and the
        menu item, attacks by clicking the attacker and then its target; the rest from the
        list."""
        opts = self.options()
        if not opts or not all(o["enabled"] for o in opts):
            return
        i = pick(opts, prefer) if prefer else pick(opts)
        pending = self.page.evaluate("() => window.ygosim.view.duel.pending.options")
        data = pending[i]
        key = None
        if data["verb"] in ("summon", "attack", "set") and data["cards"]:
            cv = data["cards"][0]
            if cv["zone"] == "hand" and "slot" in cv:
                key = f"hand:{cv['owner']}:{cv['slot']}"
            elif cv["zone"].startswith("m"):
                key = f"f:{cv['controller']}:{cv['zone']}"
        pid = self.prompt_id()
        if key and self.page.query_selector(f'[data-cardkey="{key}"].actable'):
            self.page.click(f'[data-cardkey="{key}"]')
            if data["verb"] == "attack":
                if self.page.query_selector("#card-menu #menu-attack"):   # it can do more
                    self.page.click("#card-menu #menu-attack")
                t = data["target"]
                target = f"f:{t['controller']}:{t['zone']}" if t else f"lp:{1 - cv['controller']}"
                self.page.click(f'[data-cardkey="{target}"].target')
            else:
                self.page.click(f'#card-menu button[data-index="{i}"]')
            self.clicked_cards += 1
        elif i < 9 and self.answered % 3 == 2:        # the keys 1-9 answer too
            self.page.keyboard.press(str(i + 1))
            self.keyed += 1
        else:
            self.page.click(f'#options button.option[data-index="{i}"]')
        self.answered += 1
        return pid


def wait_new_prompt(person: Person, old: str, timeout=30.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if person.state() != "duel":
            return
        pid = person.prompt_id()
        if pid and pid != old:
            return
        time.sleep(0.01)
    raise AssertionError(f"{person.name}: no new question after #{old}")


def check_frames(spy: Spy, person: Person, viewer) -> None:
    """Every state frame the page received is one the server handed that viewer's connection,
    and none of them holds what the viewer may not know."""
    sent = [json.loads(json.dumps(m)) for m, _ in spy.sent.get(viewer, [])]
    assert person.frames and all(f in sent for f in person.frames)
    assert spy.problems(viewer) == []


def test_a_whole_duel_against_the_bot_in_the_browser(browser, live, shots, monkeypatch):
    spy = Spy(monkeypatch)
    ctx = browser.new_context(viewport=VIEWPORT, accept_downloads=True)
    page = ctx.new_page()
    me = Person(page, "player")
    SEED.value = 36
    page.goto(f"{live.url}/?speed=off")
    page.wait_for_selector("body[data-ready='1']")
    page.fill("#name", "Yugi")
    page.select_option("#deck-builtin", "yugi")
    page.select_option("#rules", "v10")
    page.select_option("#bot", "easy")
    page.select_option("#opp-deck-builtin", "kaiba")
    shot(page, shots / "lobby.png")
    page.click("#go")
    page.wait_for_url("**/room/**")
    page.wait_for_selector("#options button.option")
    board_shot, chain_shot = False, 0
    page.click("#stops")                     # a stop at the bot's End Phase, from the dialog
    page.check("#stop-end-opponent")
    page.wait_for_selector("#stops:has-text('Stops (1)')")
    page.click(".modal .close")
    undone = False
    for _ in range(ANSWERS_LIMIT):
        if me.state() != "duel":
            break
        if not undone and me.answered == 8:   # take back the last decision
            pid = me.prompt_id()
            page.click("#undo")
            page.wait_for_selector(".toast:has-text('Undone: took back')")
            wait_new_prompt(me, pid)
            undone = True
            continue
        view = page.evaluate("() => window.ygosim.view")
        obs = view["duel"]
        opts = me.options()
        if obs["chain"] and view["prompt"] and len(obs["chain"]) > chain_shot:
            page.hover(".chain-box .link")        # the longest chain seen is the picture
            shot(page, shots / "chain.png")
            chain_shot = len(obs["chain"])
        on_field = sum(1 for s in obs["sides"] for c in s["monsters"] + s["spells"] if c)
        if not board_shot and obs["turn"] >= 5 and on_field >= 4 and obs["phase"] == "main1" \
                and view["prompt"] and obs["turn_player"] == 0:
            hand = page.query_selector(".hand.mine .hand-card")
            if hand:
                hand.hover()
            shot(page, shots / "board.png")
            board_shot = True
        spell = [o for o, d in zip(opts, obs["pending"]["options"])
                 if d["verb"] == "activate" and d["cards"] and d["cards"][0]["zone"] == "hand"
                 and d["cards"][0]["kind"] == "spell"]
        respond = [o for o, d in zip(opts, obs["pending"]["options"])
                   if d["verb"] == "activate"] if obs["chain"] else []
        if chain_shot < 2 and ((spell and not obs["chain"]) or respond):
            page.click("#hold")       # be asked again with our own card on the chain
            page.wait_for_selector("#hold:has-text('Holding')")
            pid = me.answer(prefer=((respond or spell)[0]["text"],))
        else:
            pid = me.answer()
        wait_new_prompt(me, pid)
    assert me.state() == "over", "the duel did not end"
    page.wait_for_selector("#end-modal #result")
    result = page.text_content("#result")
    view = page.evaluate("() => window.ygosim.view")
    res = view["result"]
    assert result == ("You win!" if res["winner"] == 0 else "The bot wins")
    assert me.answered > 15 and me.clicked_cards > 3 and me.keyed > 3 and undone
    assert view["priority"]["stops"] == [{"phase": "end", "turn": "opponent"}]
    # the replay: downloaded, it plays back the same duel; watched in the browser
    with page.expect_download() as dl:
        page.click("#download-replay")
    rep = R.from_dict(json.loads(Path(dl.value.path()).read_text()))
    d = R.play(rep)
    assert (d.winner, d.turn) == (res["winner"], res["turns"])
    # the seat's key was in no address this page asked for (the history keeps addresses)
    keys = page.evaluate("() => Object.keys(localStorage).filter(k => k.startsWith('ygosim-room-'))"
                         ".map(k => JSON.parse(localStorage.getItem(k)).token)")
    urls = page.evaluate("() => performance.getEntriesByType('resource').map(e => e.name)"
                         ".concat(performance.getEntriesByType('navigation').map(e => e.name))")
    assert keys and len(urls) > 5 and not any(k in u for k in keys for u in urls)
    page.click("#watch-replay")
    page.wait_for_url("**/replay?id=*")
    page.wait_for_selector("body[data-step='0']")
    page.click("#next")
    page.wait_for_selector("body[data-step='1']")
    page.click("#last")
    page.wait_for_selector(f"body[data-step='{len(rep.decisions)}']")
    assert "wins" in page.text_content("#did") or "draw" in page.text_content("#did")
    assert me.errors == []
    check_frames(spy, me, 0)
    assert board_shot and chain_shot
    ctx.close()


def test_a_whole_duel_between_two_browsers_with_a_spectator(browser, live, monkeypatch):
    spy = Spy(monkeypatch)
    ctxs = [browser.new_context(viewport=VIEWPORT) for _ in range(3)]
    pa, pb, pc = (c.new_page() for c in ctxs)
    a, b, watcher = Person(pa, "A"), Person(pb, "B"), Person(pc, "spectator")
    SEED.value = 21
    pa.goto(f"{live.url}/?speed=off")
    pa.wait_for_selector("body[data-ready='1']")
    pa.fill("#name", "Yugi")
    pa.select_option("#rules", "goat")
    assert pa.input_value("#deck-builtin") == "goat-control"   # yugi is not a legal goat deck
    pa.check("#casual")                                       # casual play: any deck
    pa.select_option("#deck-builtin", "yugi")
    pa.check("#opp-human")
    pa.click("#go")
    pa.wait_for_selector("#share-link")
    link = pa.input_value("#share-link")
    assert "/room/" in link
    pb.goto(link + "?speed=off")
    pb.wait_for_selector("#join-go")
    pb.fill("#join-name", "Kaiba")
    pb.select_option("#join-deck-builtin", "kaiba")
    pb.click("#join-go")
    pc.goto(link + "?speed=off")               # the seats are taken: it watches
    pc.wait_for_selector("body[data-state='duel']")
    people = [a, b]
    reloaded = False
    last = {0: "", 1: ""}
    for _ in range(ANSWERS_LIMIT * 2):
        if a.state() in ("over", "match_over") and b.state() in ("over", "match_over"):
            break
        moved = False
        for s, person in enumerate(people):
            pid = person.prompt_id()
            if person.state() == "duel" and pid and pid != last[s] and \
                    all(o["enabled"] for o in person.options()):
                last[s] = person.answer() or pid
                moved = True
        if not moved:
            time.sleep(0.02)
        if not reloaded and a.answered + b.answered >= 30:
            pb.reload()                        # B loses the page: rejoins the same seat
            pb.wait_for_selector("body[data-state='duel']")
            last[1] = ""
            reloaded = True
    assert reloaded
    for p in (pa, pb, pc):
        p.wait_for_selector("#end-modal #result")
    words = [p.text_content("#result") for p in (pa, pb, pc)]
    res = pa.evaluate("() => window.ygosim.view.result")
    if res["winner"] == "draw":
        assert words == ["A draw"] * 3
    else:
        winner = ("Yugi", "Kaiba")[res["winner"]]
        assert words[res["winner"]] == "You win!" and words[1 - res["winner"]] == f"{winner} wins"
        assert words[2] == f"{winner} wins"
    assert pc.query_selector("#download-replay") is None       # a spectator: no replay
    assert a.answered + b.answered > 30
    for person in (a, b, watcher):
        assert person.errors == []
    check_frames(spy, a, 0)
    check_frames(spy, b, 1)
    check_frames(spy, watcher, SPECTATOR)
    assert all(f["view"]["prompt"] is None for f in watcher.frames)
    for c in ctxs:
        c.close()
