"""The café's default clock set on the staff page (``play.clock``) against the real
``cullsboard --mock-hal --kiosk``: refused in one line when misspelt, saved, and after the
staff's restart the menu offers it first, while the match that was on plays its round as it was
begun and takes the new clock from its next round."""

from __future__ import annotations

import time
from typing import Any

import pytest

from tests.browser_support import StartProduct
from tests.kiosk.test_staff_page import STAFF_PIN, score, touch
from tests.web.client import post

pytestmark = pytest.mark.browser  # the real product on its web port, as the browser tests run it


def clock_choice(state: dict[str, Any]) -> list[str]:
    rows = state["menu"]["rows"]
    (row,) = [r for r in rows if r["key"] == "clock"]
    return [c["value"] for c in row["choices"] if c["chosen"]]


def press(url: str, button: str) -> None:
    assert post(url + "api/press", {"button": button}).status == 202


def wait_for_phase(product: Any, phase: str) -> dict[str, Any]:
    deadline = time.monotonic() + 5
    while (state := score(product))["phase"] != phase:
        assert time.monotonic() < deadline, state
        time.sleep(0.05)
    return state


def test_the_staff_page_sets_the_cafes_default_clock(start_product: StartProduct) -> None:
    product = start_product("--game", "culls", "--kiosk", web_pin=None, staff_pin=STAFF_PIN)
    touch(product, "h8")
    assert score(product)["clock"] is None  # the default: no clock
    settings = product.url + "api/staff/settings"
    wrong = post(settings, {"pin": STAFF_PIN, "settings": {"play.clock": "fast"}})
    assert wrong.status == 400 and "is not a time control" in wrong.json()["error"]
    assert "\n" not in wrong.json()["error"]
    reply = post(settings, {"pin": STAFF_PIN, "settings": {"play.clock": "5+3"}})
    assert reply.status == 200
    assert "play.clock apply when the board restarts" in reply.json()["note"]

    assert post(product.url + "api/staff/restart", {"pin": STAFF_PIN}).status == 202
    deadline = time.monotonic() + 30
    while len(product.addresses) < 2:
        assert time.monotonic() < deadline, product.stderr()
        time.sleep(0.1)
    product.address = again = product.addresses[-1]
    state = score(product)
    assert state["moves"] == ["h8"] and state["clock"] is None  # begun untimed: goes on so
    assert state["clock_next"] == "5+3"  # the match takes the café's new clock next round
    press(again, "menu")
    assert clock_choice(wait_for_phase(product, "menu")) == ["5+3"]  # the café's default
    press(again, "new")
    state = wait_for_phase(product, "playing")
    assert state["clock"]["control"] == "5+3"
    assert state["clock"]["left_ms"] == {"blue": 300_000, "red": 300_000}
    assert state["clock"]["full_ms"] == 300_000  # the pages' "low time" from the board's figure
    assert "Traceback" not in product.stderr()
