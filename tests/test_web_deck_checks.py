"""The web lobby's deck checks (issue 23): a Goat room refuses a deck that breaks the April 2005
lists with a 400 and one line naming every problem, unless the room is for casual play (the
lobby's checkbox; a person who joins is held to the room's choice); its default bot deck is a
legal Goat deck; the built-in decks say where they are legal; a deck is refused only for Main
or Fusion Deck cards not yet playable, and Side Deck ones are named in a note to that seat."""
from __future__ import annotations

import pytest

pytest.importorskip("starlette")
from starlette.testclient import TestClient  # noqa: E402

from test_deck_checks_for_play import FORBIDDEN, goat_control, side_with  # noqa: E402
from ygosim.engine.rules import NAMES  # noqa: E402
from ygosim.formats.deck import BUILT_IN, NOT_GOAT_LEGAL, default_decks, load_deck  # noqa: E402
from ygosim.formats.rules import format_problems  # noqa: E402
from ygosim.web.server import create_app  # noqa: E402

YUGI = {"kind": "builtin", "name": "yugi"}
KAIBA = {"kind": "builtin", "name": "kaiba"}
GOAT = {"kind": "builtin", "name": "goat-control"}


@pytest.fixture
def client():
    with TestClient(create_app(hosts=("testserver",), bot_workers=0)) as c:
        yield c


def room(c, **body):
    return c.post("/api/rooms", json={"opponent": "bot", "bot": "random", **body})


def test_the_built_in_decks_say_where_they_are_legal(client):
    opts = client.get("/api/options").json()
    assert opts["default_decks"] == {r: list(default_decks(r)) for r in NAMES}
    for d in opts["decks"]:
        problems = format_problems(load_deck(d["name"]), "goat")
        assert d["legal"]["goat"] is (not problems), d["name"]
        assert d["problems"]["goat"] == len(problems)
        assert d["legal"]["v10"] is None and d["legal"]["2020"] is None   # no lists there
    legal = {d["name"] for d in opts["decks"] if d["legal"]["goat"]}
    assert legal == set(BUILT_IN) - set(NOT_GOAT_LEGAL)           # as the help texts say
    assert set(default_decks("goat")) <= legal


def test_a_goat_room_refuses_an_illegal_deck_unless_casual(client):
    r = room(client, rules="goat", deck=YUGI, opponent_deck=GOAT)
    assert r.status_code == 400
    err = r.json()["error"]
    assert "\n" not in err and err.startswith("your deck is not a legal goat deck: ")
    assert all(p in err for p in FORBIDDEN) and "Casual play" in err
    r = room(client, rules="goat", deck=GOAT, opponent_deck=KAIBA)
    assert r.status_code == 400 and r.json()["error"].startswith("the bot's deck is not a legal")
    r = room(client, rules="goat", deck=YUGI, opponent_deck=KAIBA, casual=True)
    assert r.status_code == 200, r.text
    assert client.get(f"/api/rooms/{r.json()['room']}").json()["casual"] is True
    r = room(client, rules="v10", deck=YUGI)             # no lists under v10
    assert r.status_code == 200, r.text
    r = room(client, rules="goat", deck=GOAT, casual="yes")
    assert r.status_code == 400 and r.json()["error"] == "casual: true or false"


def test_a_goat_room_against_the_bot_defaults_to_a_legal_goat_deck(client):
    r = room(client, rules="goat", deck=GOAT)
    assert r.status_code == 200, r.text
    table = client.app.state.rooms.get(r.json()["room"]).table
    assert table.deck_names[1] == default_decks("goat")[1]
    assert format_problems(table.base_decks[1], "goat") == []


def test_who_joins_a_goat_room_is_held_to_its_choice(client):
    made = room(client, rules="goat", deck=GOAT, opponent="human").json()
    r = client.post(f"/api/rooms/{made['room']}/join", json={"deck": KAIBA})
    assert r.status_code == 400 and "Dark Hole" in r.json()["error"]
    r = client.post(f"/api/rooms/{made['room']}/join", json={"deck": GOAT})
    assert r.status_code == 200, r.text
    casual = room(client, rules="goat", deck=YUGI, opponent="human", casual=True).json()
    r = client.post(f"/api/rooms/{casual['room']}/join", json={"deck": KAIBA})
    assert r.status_code == 200, r.text


def test_side_deck_cards_not_yet_playable_are_a_note_not_a_refusal(client,
                                                                   unscripted_serpent):
    serpent, _ = unscripted_serpent
    deck = goat_control()
    ydk = "#main\n" + "\n".join(str(c.passcode) for c in deck.main) + "\n#extra\n" + \
        "\n".join(str(c.passcode) for c in deck.extra) + "\n!side\n" + \
        "\n".join(str(p) for p in side_with(serpent)) + "\n"
    mine = {"kind": "ydk", "text": ydk, "filename": "sided.ydk"}
    r = room(client, rules="goat", deck=mine, opponent_deck={"kind": "builtin",
                                                             "name": "empty-jar"})
    assert r.status_code == 200, r.text
    table = client.app.state.rooms.get(r.json()["room"]).table
    notes = [e["text"] for e in table.events(0) if e["type"] == "note"]
    assert [n for n in notes if serpent.name in n] == [
        "Your Side Deck has 1 card not yet playable under goat rules (Sinister Serpent): a "
        "duel does not use the Side Deck, and a Match refuses to side it in."]
    assert not [e for e in table.events(1) if e["type"] == "note" and serpent.name in e["text"]]
    in_main = "#main\n" + "\n".join(str(c.passcode) for c in deck.main[1:]) + \
        f"\n{serpent.passcode}\n#extra\n" + "\n".join(str(c.passcode) for c in deck.extra)
    r = room(client, rules="goat", deck={"kind": "ydk", "text": in_main, "filename": "m.ydk"},
             opponent_deck={"kind": "builtin", "name": "empty-jar"})
    assert r.status_code == 400 and "cannot play yet" in r.json()["error"]
