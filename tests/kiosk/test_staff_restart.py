"""The staff page's "Restart the board" in a real Chromium against the real ``cullsboard
--mock-hal --kiosk``: asked first, then the program starts again in place (the same process),
the match on the board goes on, and a setting that waited for a restart is in force."""

from __future__ import annotations

import json
import time

import pytest
from playwright.sync_api import expect

from tests.browser_support import OpenWindow, StartProduct
from tests.kiosk.test_staff_page import (
    PHONE,
    STAFF_PIN,
    answer_confirm,
    enter_pin,
    open_staff,
    score,
    touch,
)
from tests.web.client import post

pytestmark = pytest.mark.browser
HINTS_OFF = "hints are off on this board"


def test_restart_asks_first_then_starts_again_with_the_match_and_the_settings(
    open_window: OpenWindow, start_product: StartProduct
) -> None:
    product = start_product("--game", "culls", "--kiosk", web_pin=None, staff_pin=STAFF_PIN)
    touch(product, "h8")
    page = open_window(*PHONE)
    open_staff(page, product)
    enter_pin(page, STAFF_PIN)
    reply = post(
        product.url + "api/staff/settings",
        {"pin": STAFF_PIN, "settings": {"play.hints": False}},
    )
    assert reply.status == 200 and "apply when the board restarts" in reply.json()["note"]
    assert post(product.url + "api/press", {"button": "hint"}).status == 202
    time.sleep(0.3)
    assert HINTS_OFF not in json.dumps(score(product))  # saved, not yet in force
    pid = product.process.pid
    board = open_window(*PHONE)
    board.goto(product.url)
    expect(board.locator("#hint")).to_be_visible()  # hints on until the restart

    page.locator("#restart").click()
    answer_confirm(page, yes=False)
    time.sleep(0.5)
    assert len(product.addresses) == 1 and product.process.poll() is None
    page.locator("#restart").click()
    answer_confirm(page, yes=True)
    expect(page.locator("#feedback")).to_have_text(
        "Restarting: the board is back in a few seconds, with its game."
    )
    deadline = time.monotonic() + 30
    while len(product.addresses) < 2:
        assert time.monotonic() < deadline, product.stderr()
        assert product.process.poll() is None, product.stderr()
        time.sleep(0.1)
    assert product.process.pid == pid  # started again in place
    again = product.addresses[-1]
    product.address = again
    state = score(product)
    assert state["game"] == "culls" and state["moves"] == ["h8"]  # not a fresh --game match
    assert post(again + "api/press", {"button": "hint"}).status == 202
    deadline = time.monotonic() + 5
    while HINTS_OFF not in json.dumps(score(product)):  # the saved setting now in force
        assert time.monotonic() < deadline, score(product)
        time.sleep(0.1)
    assert "restarting (the match on the board is resumed)" in "".join(product.stdout)
    board.goto(again)
    expect(board.locator("#link")).to_have_attribute("data-state", "live")
    expect(board.locator("#hint")).to_be_hidden()  # hints off: no HINT button offered
    assert "Traceback" not in product.stderr()
    code, stderr = product.stop()
    assert code == 0, stderr
