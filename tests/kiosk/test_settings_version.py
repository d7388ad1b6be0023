"""Two staff members change the same setting: the one who read an older version is refused (409)
with the value in use now, and nothing of theirs is saved; other keys, and a fresh read, go on."""

from __future__ import annotations

import json
from pathlib import Path

from firmware.config import parse_config
from firmware.config.layered import Layered, SettingsStore
from firmware.web import serve_in_thread
from tests.web.client import Reply, post, request
from tests.web.fake_board import FakeLiveBoard

STAFF_PIN = "48260"
KIOSK = parse_config(f'kiosk: {{enabled: true, staff_pin: "{STAFF_PIN}"}}\n')
HEADERS = {"X-Cullsboard-Staff-Pin": STAFF_PIN}


def read_version(url: str) -> int:
    reply = request(url + "api/staff/settings", headers=HEADERS)
    assert reply.status == 200
    version = json.loads(reply.body)["version"]
    assert isinstance(version, int)
    return version


def write(url: str, settings: dict[str, object], version: object) -> Reply:
    body: dict[str, object] = {"settings": settings}
    if version is not None:
        body["version"] = version
    return post(url + "api/staff/settings", body, HEADERS)


def test_a_write_over_a_newer_value_is_refused_with_the_value_in_use(tmp_path: Path) -> None:
    store = SettingsStore(Layered(KIOSK, KIOSK, {}), tmp_path)
    board = FakeLiveBoard()
    with serve_in_thread(
        board, host="127.0.0.1", port=0, pin=None, staff_pin=STAFF_PIN, settings=store
    ) as web:
        first = read_version(web.url)  # two staff pages open the settings
        second = read_version(web.url)
        assert write(web.url, {"kiosk.attract_minutes": 5}, first).status == 200
        stale = write(web.url, {"kiosk.attract_minutes": 7, "play.hints": False}, second)
        assert stale.status == 409
        refusal = stale.json()
        assert refusal["current"] == {"kiosk.attract_minutes": 5.0}
        assert refusal["version"] == read_version(web.url) > second
        assert "kiosk.attract_minutes is now 5.0" in refusal["error"]
        assert store.config.kiosk.attract_minutes == 5.0 and store.config.play.hints  # nothing
        assert json.loads((tmp_path / "settings.json").read_text()) == {
            "kiosk.attract_minutes": 5.0
        }
        assert write(web.url, {"play.hints": False}, second).status == 200  # another key: fine
        fresh = read_version(web.url)  # read again: the staff decide knowing the value
        assert write(web.url, {"kiosk.attract_minutes": 7}, fresh).status == 200
        assert store.config.kiosk.attract_minutes == 7.0
        assert write(web.url, {"kiosk.attract_minutes": 8}, None).status == 200  # no version
        assert write(web.url, {"kiosk.attract_minutes": 9}, "3").status == 400


def test_each_setting_says_when_it_applies(tmp_path: Path) -> None:
    store = SettingsStore(Layered(KIOSK, KIOSK, {}), tmp_path)
    applies = {s["key"]: s["applies"] for s in store.describe() if isinstance(s, dict)}
    assert applies["web.pin"] == applies["kiosk.staff_pin"] == "at once"
    assert applies["play.computer_level"] == "after a restart"
    assert applies["play.clock"] == "after a restart (a match in progress: from its next round)"
    assert set(applies.values()) <= {
        "at once",
        "after a restart",
        "after a restart (a match in progress: from its next round)",
    }
