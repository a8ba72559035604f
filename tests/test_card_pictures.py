"""Card pictures the player has (`--card-images DIR`, files named by passcode as EDOPro's
pics folder): found by passcode or an alternate artwork's, never outside DIR; served over HTTP
by card name only; drawn in a terminal by `cards show`, with the drawn face when DIR has none."""
from __future__ import annotations

import os

import pytest
from click.testing import CliRunner

from ygosim.cards.db import card_db
from ygosim.cli import main
from ygosim.formats.pics import CardPictures

pytest.importorskip("starlette")
from starlette.testclient import TestClient  # noqa: E402

from ygosim.web.server import create_app  # noqa: E402

DM = 46986414          # Dark Magician
DM_ALT = 46986415      # one of its alternate artworks


def jpeg(path, colour=(120, 40, 160)) -> bytes:
    from PIL import Image
    Image.new("RGB", (59, 86), colour).save(path, "JPEG")
    return path.read_bytes()


@pytest.fixture
def pics(tmp_path):
    folder = tmp_path / "pics"
    folder.mkdir()
    jpeg(folder / f"{DM}.jpg")
    jpeg(folder / "4206964.jpg", (200, 50, 120))          # Trap Hole
    secret = tmp_path / "secret.jpg"
    jpeg(secret)
    os.symlink(secret, folder / "5318639.jpg")             # Mystical Space Typhoon: a link out
    (folder / "83764718.jpg").write_bytes(b"x" * 9_000_000)   # Monster Reborn: too big
    return folder


def test_a_picture_is_found_by_passcode_or_alternate_artwork_and_never_outside(pics):
    db = card_db()
    p = CardPictures(pics)
    assert p.find(db.get("Dark Magician"), db) == (pics / f"{DM}.jpg").resolve()
    assert p.find(db.get("Trap Hole"), db).name == "4206964.jpg"
    assert p.find(db.get("Mystical Space Typhoon"), db) is None     # its file leads outside
    assert p.find(db.get("Monster Reborn"), db) is None             # not a picture's size
    assert p.find(db.get("Celtic Guardian"), db) is None            # none there
    alt = CardPictures(pics)
    (pics / f"{DM}.jpg").rename(pics / f"{DM_ALT}.png")
    assert alt.find(db.get("Dark Magician"), db).name == f"{DM_ALT}.png"
    for bad in (-1, 0, True, "46986414", None):
        assert p.file_for(bad) is None


def test_the_server_serves_pictures_by_card_name_only(pics):
    client = TestClient(create_app(card_images=pics, hosts=("testserver",), bot_workers=0))
    assert client.get("/api/card-images").json() == {"enabled": True}
    r = client.get("/api/card-image", params={"name": "Dark Magician"})
    assert r.status_code == 200 and r.headers["content-type"] == "image/jpeg"
    assert r.content == (pics / f"{DM}.jpg").read_bytes()
    assert client.get("/api/card", params={"name": "Dark Magician"}).json()["picture"] is True
    assert client.get("/api/card", params={"name": "Celtic Guardian"}).json()["picture"] is False
    for name in ("Celtic Guardian", "Mystical Space Typhoon", "Monster Reborn", "../secret",
                 "../../../etc/passwd", f"{pics}/../secret.jpg", "", "x" * 5000,
                 "Dark Magician\x00.jpg"):
        r = client.get("/api/card-image", params={"name": name})
        assert r.status_code == 404 and "no picture" in r.json()["error"], name
    assert client.get("/static/../../pics/46986414.jpg").status_code == 404
    plain = TestClient(create_app(hosts=("testserver",), bot_workers=0))
    assert plain.get("/api/card-images").json() == {"enabled": False}
    assert plain.get("/api/card", params={"name": "Dark Magician"}).json()["picture"] is False
    assert plain.get("/api/card-image", params={"name": "Dark Magician"}).status_code == 404


def test_serve_refuses_a_folder_that_is_not_there(tmp_path):
    r = CliRunner().invoke(main, ["serve", "--card-images", str(tmp_path / "nowhere")])
    assert r.exit_code == 2 and "no such folder" in r.output and "Traceback" not in r.output


def test_cards_show_with_pictures(pics, monkeypatch):
    r = CliRunner().invoke(main, ["cards", "show", "Dark Magician", "--card-images", str(pics)])
    assert r.exit_code == 0 and f"Picture: {(pics / f'{DM}.jpg').resolve()}" in r.output
    r = CliRunner().invoke(main, ["cards", "show", "Celtic Guardian", "--json"],
                           env={"YGOSIM_CARD_IMAGES": str(pics)})
    assert r.exit_code == 0 and '"picture": null' in r.output
    # on a terminal: the picture in half blocks, or the drawn face when there is none
    import io
    import rich.console
    from ygosim.cli import cards as C
    shown = io.StringIO()
    real = rich.console.Console
    monkeypatch.setattr(C.sys.stdout, "isatty", lambda: True, raising=False)
    monkeypatch.setattr(rich.console, "Console",
                        lambda **kw: real(file=shown, width=100, force_terminal=True,
                                          color_system="truecolor"))
    C.cards_show.callback("Dark Magician", "v10", str(pics), False)
    picture = shown.getvalue()
    assert picture.count("▄") >= 28 * 20 and "46986414" in picture
    shown.truncate(0)
    C.cards_show.callback("Celtic Guardian", "goat", str(pics), False)
    face = shown.getvalue()
    assert "▄" not in face and "ATK/1400" in face and "★★★★" in face and "EARTH" in face
