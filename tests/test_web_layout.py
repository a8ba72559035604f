"""The duel page as a player meets it, in a real browser (Playwright driving Debian's Chromium)
at 1024x600, 1280x720 and 1920x1080 (and a phone turned sideways, 844x390): the page fits the
window, hand names break between words, both copies of a card in the hand can be clicked, an
attack is made by clicking the monster then its target, spectators get no chat box, the lobby
lists each bot once, counters show, and the player's own card pictures are used for the cards
the viewer sees, never asked for a face-down one.

Rooms start from a scenario position (tests/scenarios format) instead of a shuffled duel.
YGOSIM_SHOTS=docs/screenshots writes the screenshots of docs/web.md there.
"""
from __future__ import annotations

import os
import urllib.parse
from pathlib import Path

import pytest

pytest.importorskip("starlette")
sync_api = pytest.importorskip("playwright.sync_api",
                               reason="the browser tests need playwright (the test extra)")

from ygosim.play.scenario import build  # noqa: E402
from ygosim.play.table import Table  # noqa: E402
from ygosim.web import rooms  # noqa: E402

from web_util import LiveServer, launched_browser, shot, skip_without_chromium  # noqa: E402

skip_without_chromium()
SIZES = [(1024, 600), (1280, 720), (1920, 1080)]
PHONE = (844, 390)             # a phone turned sideways
SIZE_IDS = [f"{w}x{h}" for w, h in SIZES]

HAND = ["Black Luster Soldier - Envoy of the Beginning", "Man-Eating Treasure Chest",
        "Right Leg of the Forbidden One", "Gearfried the Iron Knight",
        "Neo the Magic Swordsman", "Swords of Revealing Light", "Baron of the Fiend Sword"]
FULL_BOARD = {
    "rules": "v10", "turn": 3, "turn_player": "A", "phase": "main1",
    "A": {"hand": HAND, "graveyard": ["Sorcerer of the Doomed"],
          "monsters": [{"card": "Breaker the Magical Warrior", "counters": {"spell": 1}},
                       "Summoned Skull", "Mystical Elf (defense)", "Celtic Guardian (facedown)",
                       "Jinzo"],
          "spells": ["Mirror Force", "Premature Burial (faceup)", "Trap Hole",
                     "Sakuretsu Armor", "Call of the Haunted"],
          "field_spell": "Yami"},
    "B": {"hand": ["Celtic Guardian"] * 5, "graveyard": ["Dark Magician"],
          "monsters": ["Airknight Parshath", "Dark Magician of Chaos", "Celtic Guardian (facedown)",
                       "Giant Soldier of Stone (defense)", "Neo the Magic Swordsman"],
          "spells": ["Mirror Force", "Trap Hole", "Sakuretsu Armor", "Scapegoat",
                     "Call of the Haunted"]},
}


@pytest.fixture(scope="module")
def browser():
    yield from launched_browser()


@pytest.fixture(scope="module")
def pics(tmp_path_factory):
    """Pictures of a few cards, named by passcode as EDOPro's pics folder."""
    from PIL import Image, ImageDraw
    from ygosim.cards.db import card_db
    folder = tmp_path_factory.mktemp("pics")
    for i, name in enumerate(["Dark Magician", "Summoned Skull", "Trap Hole", "Mystical Elf",
                              "Mirror Force", "Yami"]):
        img = Image.new("RGB", (177, 254), (60 + 30 * i, 90, 200 - 25 * i))
        ImageDraw.Draw(img).rectangle([14, 46, 163, 190], fill=(20, 20, 30))
        img.save(folder / f"{card_db().get(name).passcode}.jpg", "JPEG")
    return folder


@pytest.fixture(scope="module")
def live(pics):
    # one browser makes a room per test from one address: the limits on rooms per address
    # (tests/test_web_limits.py tests them) are lifted here
    import ygosim.web.server as S
    rate, S.CREATE_RATE = S.CREATE_RATE, (1000.0, 1000)
    try:
        with LiveServer(card_images=pics, per_client=1000, max_rooms=1000, bot_workers=0) as server:
            yield server
    finally:
        S.CREATE_RATE = rate


@pytest.fixture
def shots():
    """Where the screenshots go (YGOSIM_SHOTS), or None: not taken."""
    d = os.environ.get("YGOSIM_SHOTS")
    if not d:
        return None
    Path(d).mkdir(parents=True, exist_ok=True)
    return Path(d)


def picture(page, shots, name) -> None:
    if shots is not None:
        shot(page, shots / name)


def positioned(monkeypatch, doc, bot="easy"):
    """Rooms made from now on start at this scenario position (A is the person)."""
    def start_table(self):
        t = Table(None, position=build(doc), opponent="bot", bot=bot, quiet=True,
                  names=tuple(self.names))
        t.watch(self._on_step)
        self.table = t
    monkeypatch.setattr(rooms.Room, "start_table", start_table)


class Page:
    """A page of the browser with the errors it logged."""

    def __init__(self, browser, size, live):
        self.ctx = browser.new_context(viewport={"width": size[0], "height": size[1]})
        self.page = self.ctx.new_page()
        self.live = live
        self.errors = []
        self.requests = []
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.on("console", lambda m: m.type == "error" and self.errors.append(m.text))
        self.page.on("request", lambda r: self.requests.append(r.url))

    def duel(self, rules="v10", bot="easy"):
        """Make a room against the bot in the lobby and wait for the first question."""
        p = self.page
        p.goto(f"{self.live.url}/?speed=off")
        p.wait_for_selector("body[data-ready='1']")
        p.select_option("#rules", rules)
        p.select_option("#bot", bot)
        p.click("#go")
        p.wait_for_url("**/room/**")
        p.wait_for_selector("#options button.option")
        return p

    def rect(self, selector):
        return self.page.eval_on_selector(selector, "n => n.getBoundingClientRect().toJSON()")

    def rects(self, selector):
        return self.page.eval_on_selector_all(
            selector, "ns => ns.map(n => n.getBoundingClientRect().toJSON())")

    def close(self):
        assert self.errors == []
        self.ctx.close()


def inside(inner, outer, slack=0.5) -> bool:
    return (inner["left"] >= outer["left"] - slack and inner["top"] >= outer["top"] - slack
            and inner["right"] <= outer["right"] + slack
            and inner["bottom"] <= outer["bottom"] + slack)


def apart(a, b) -> bool:
    return a["right"] <= b["left"] + 0.5 or b["right"] <= a["left"] + 0.5 or \
        a["bottom"] <= b["top"] + 0.5 or b["bottom"] <= a["top"] + 0.5


@pytest.mark.parametrize("size", SIZES + [PHONE], ids=SIZE_IDS + ["phone-844x390"])
def test_the_duel_page_fits_the_window(browser, live, monkeypatch, shots, size):
    positioned(monkeypatch, FULL_BOARD)
    b = Page(browser, size, live)
    p = b.duel()
    w, h = size
    assert p.evaluate("() => [document.documentElement.scrollWidth, "
                      "document.documentElement.scrollHeight]") == [w, h]   # nothing to scroll
    view = {"left": 0, "top": 0, "right": w, "bottom": h}
    board, side = b.rect("#board"), b.rect(".side-panel")
    assert inside(board, view) and inside(side, view) and apart(board, side)
    viewer_fixed = p.eval_on_selector("#viewer", "n => getComputedStyle(n).position") == "fixed"
    assert viewer_fixed == (w < 1280)          # narrow: the card viewer opens over the board
    if not viewer_fixed:
        assert apart(b.rect("#viewer"), board) and inside(b.rect("#viewer"), view)
    zones = b.rects("#board .zone")
    assert len(zones) == 2 * (7 + 7 + 1) + 2        # both fields, banished piles, 2 EMZ
    for z in zones + b.rects(".hand.mine .hand-card") + b.rects(".player-bar"):
        assert inside(z, board), (z, board)
    for i, z in enumerate(zones):
        assert all(apart(z, o) for o in zones[i + 1:])
    assert len(b.rects(".hand.mine .hand-card")) == len(HAND)
    cards = p.eval_on_selector_all("#board .zone .card:not(.small)", "ns => ns.map(n => n.offsetWidth)")
    assert min(cards) >= (24 if size == PHONE else 44)     # cards grow with the window
    if size == (1920, 1080):
        assert min(cards) >= 90
    first = b.rect("#options button.option")
    assert inside(first, side) and inside(first, view)
    badge = p.text_content('[data-cardkey="f:0:m1"] .counters')      # counters show
    assert badge == "1 Spell"
    picture(p, shots, f"duel-{w}x{h}.png")
    # pointing at a card shows it in the viewer, never over that card
    p.hover('[data-cardkey="hand:0:0"]')
    p.wait_for_selector("#viewer h3:has-text('Black Luster Soldier')")
    assert p.is_visible("#viewer")
    assert apart(b.rect("#viewer"), b.rect('[data-cardkey="hand:0:0"]'))
    b.close()


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_hand_names_break_only_between_words(browser, live, monkeypatch, size):
    positioned(monkeypatch, FULL_BOARD)
    b = Page(browser, size, live)
    p = b.duel()
    # every word of every name in the hand lies on one line, within the card's width
    words = p.eval_on_selector_all(".hand.mine .c-name", """names => names.map(n => {
        const text = n.firstChild, box = n.getBoundingClientRect(), out = [];
        for (const m of text.data.matchAll(/[^\\s-]+-?/g)) {
          const r = document.createRange();
          r.setStart(text, m.index);
          r.setEnd(text, m.index + m[0].length);
          const rects = [...r.getClientRects()].filter(x => x.width > 0);
          const lines = new Set(rects.map(x => Math.round(x.top)));
          out.push({word: m[0], lines: lines.size,
                    right: Math.max(...rects.map(x => x.right)), edge: box.right});
        }
        return out;
      })""")
    assert len(words) == len(HAND)
    for name in words:
        for wd in name:
            assert wd["lines"] == 1, wd
            assert wd["right"] <= wd["edge"] + 0.5, wd
    # and no name is cut: a long one is shortened as people shorten card names
    names = p.eval_on_selector_all(".hand.mine .c-name", """ns => ns.map(n =>
        [n.textContent, n.title, n.scrollHeight <= n.clientHeight + 1])""")
    assert all(fits for _, _, fits in names), names
    assert ["Right Leg Forbidden One", "Right Leg of the Forbidden One", True] in names
    assert ["B. L. S. - E. Beginning", HAND[0], True] in names
    b.close()


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_both_copies_of_a_card_in_hand_can_be_clicked(browser, live, monkeypatch, shots, size):
    positioned(monkeypatch, {"rules": "v10", "turn": 3, "turn_player": "A",
                             "A": {"hand": ["Celtic Guardian", "Dark Hole", "Celtic Guardian"]},
                             "B": {"monsters": ["Mystical Elf"]}})
    b = Page(browser, size, live)
    p = b.duel()
    for slot in (0, 2):
        assert p.query_selector(f'[data-cardkey="hand:0:{slot}"].actable')
    p.click('[data-cardkey="hand:0:2"]')                  # the second copy
    picture(p, shots, f"two-copies-{size[0]}x{size[1]}.png")
    p.click("#card-menu button:has-text('Normal Summon Celtic Guardian')")
    p.wait_for_selector('[data-cardkey="f:0:m1"] .card[data-name="Celtic Guardian"]')
    assert p.eval_on_selector_all(".hand.mine .card", "ns => ns.map(n => n.dataset.name)") \
        == ["Dark Hole", "Celtic Guardian"]
    b.close()


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_an_attack_is_made_by_clicking_the_monster_then_its_target(browser, live, monkeypatch,
                                                                    shots, size):
    positioned(monkeypatch, {"rules": "goat", "turn": 3, "turn_player": "A", "phase": "battle",
                             "A": {"monsters": ["Summoned Skull", "Dark Magician"]},
                             "B": {"monsters": ["Celtic Guardian"]}})
    b = Page(browser, size, live)
    p = b.duel(rules="goat")
    p.click('[data-cardkey="f:0:m1"]')                      # Summoned Skull...
    p.wait_for_selector('[data-cardkey="f:1:m1"].target')   # ... its targets light up
    assert p.query_selector('[data-cardkey="f:0:m1"].aiming')
    assert p.query_selector("#card-menu") is None           # no menu of targets
    assert "Summoned Skull attacks" in p.text_content("#aim-words")
    p.keyboard.press("Escape")                              # changed its mind
    p.wait_for_selector(".target", state="detached")
    p.click('[data-cardkey="f:0:m1"]')
    p.wait_for_selector('[data-cardkey="f:1:m1"].target')
    picture(p, shots, f"attack-{size[0]}x{size[1]}.png")
    p.click('[data-cardkey="f:1:m1"]')                      # ... attacks Celtic Guardian
    p.wait_for_selector('#log div:has-text("Summoned Skull attacks Celtic Guardian")')
    p.wait_for_selector('[data-cardkey="f:0:m2"].actable')
    p.click('[data-cardkey="f:0:m2"]')                      # Dark Magician: only directly
    p.wait_for_selector('[data-cardkey="lp:1"].target')
    assert "LP to attack directly" in p.text_content("#aim-words")
    p.click('[data-cardkey="lp:1"]')
    p.wait_for_selector('#log div:has-text("Dark Magician attacks directly")')
    p.wait_for_function("() => window.ygosim.view.duel.sides[1].lp === 8000 - 1100 - 2500")
    b.close()


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_players_chat_and_spectators_get_no_chat_box(browser, live, monkeypatch, size):
    positioned(monkeypatch, {"rules": "v10", "turn": 3, "turn_player": "A",
                             "A": {"hand": ["Celtic Guardian"]}})
    b = Page(browser, size, live)
    p = b.duel()
    assert p.is_visible("#say")
    p.fill("#say", "good luck")
    p.press("#say", "Enter")
    p.wait_for_selector("#chat .person:has-text('good luck')")
    watcher = Page(browser, size, live)
    w = watcher.page
    w.goto(p.url)                               # no seat's key: a spectator
    w.wait_for_selector("#room-words:has-text('watching')")
    w.wait_for_selector("body[data-state='duel']")
    assert not w.is_visible("#say") and not w.is_visible("#say-go")
    assert w.eval_on_selector("#chat-input", "n => getComputedStyle(n).display") == "none"
    watcher.close()
    b.close()


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_the_lobby_lists_each_bot_once(browser, live, shots, size):
    b = Page(browser, size, live)
    p = b.page
    p.goto(f"{live.url}/")
    p.evaluate("() => localStorage.setItem('ygosim-bot', 'heuristic')")   # an older choice
    p.reload()
    p.wait_for_selector("body[data-ready='1']")
    bots = p.eval_on_selector_all("#bot option", "os => os.map(o => [o.value, o.text])")
    values = [v for v, _ in bots]
    labels = [t for _, t in bots]
    assert sorted(values) == ["easy", "hard", "normal", "random"]
    assert len(set(labels)) == len(labels)
    assert p.input_value("#bot") == "easy"             # "heuristic" is the level easy
    assert p.evaluate("() => document.documentElement.scrollWidth") == size[0]
    picture(p, shots, f"lobby-{size[0]}x{size[1]}.png")
    b.close()


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_card_pictures_of_seen_cards_only(browser, live, monkeypatch, shots, size):
    from ygosim.cards.db import card_db
    positioned(monkeypatch, {
        "rules": "v10", "turn": 3, "turn_player": "A",
        "A": {"hand": ["Dark Magician", "Celtic Guardian"], "monsters": ["Summoned Skull"],
              "spells": ["Trap Hole"], "field_spell": "Yami"},
        "B": {"hand": ["Mystical Elf"], "monsters": ["Mystical Elf (facedown)"],
              "spells": ["Mirror Force"]}})
    b = Page(browser, size, live)
    p = b.duel()
    p.wait_for_selector('[data-cardkey="hand:0:0"] .card.pic img')
    for key in ("hand:0:0", "f:0:m1", "f:0:s1", "f:0:fz"):       # seen, with a picture
        p.wait_for_function(f"""() => {{
            const img = document.querySelector('[data-cardkey="{key}"] .card.pic img');
            return img && img.complete && img.naturalWidth === 177; }}""")
    celtic = '[data-cardkey="hand:0:1"] .card'              # seen, no picture: its drawn face
    assert p.query_selector(f"{celtic} img") is None and p.is_visible(f"{celtic} .c-name")
    for key in ("f:1:m1", "f:1:s1"):                        # face-down: a back, nothing else
        assert p.query_selector(f'[data-cardkey="{key}"] .card.back')
        assert p.query_selector(f'[data-cardkey="{key}"] img, [data-cardkey="{key}"] [data-name]') \
            is None
    p.hover('[data-cardkey="hand:0:0"]')
    p.wait_for_selector("#viewer .viewer-big .card.pic img")
    picture(p, shots, f"pictures-{size[0]}x{size[1]}.png")
    asked = [urllib.parse.parse_qs(urllib.parse.urlparse(u).query).get("name", [""])[0]
             for u in b.requests if "/api/card-image?" in u or "/api/card?" in u]
    seen = {"Dark Magician", "Celtic Guardian", "Summoned Skull", "Trap Hole", "Yami"}
    assert "Dark Magician" in asked and set(asked) <= seen       # never Mystical Elf or
    assert "Mystical Elf" not in asked and "Mirror Force" not in asked   # Mirror Force
    assert all(str(card_db().get(n).passcode) not in u for n in ("Mystical Elf", "Mirror Force")
               for u in b.requests)
    b.close()
