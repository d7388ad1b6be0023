"""The staff page's settings in a real Chromium, against the real ``cullsboard --mock-hal --kiosk``:
a change survives a restart, a bad value changes nothing, the reset brings the file's values."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.browser_support import OpenWindow, Product, StartProduct
from tests.web.client import post, request

pytestmark = pytest.mark.browser

STAFF_PIN = "48260"
NEW_STAFF_PIN = "60731"
PHONE = (390, 844)
ATTRACT = "#setting-kiosk-attract-minutes"
HINTS = "#setting-play-hints"


def start_kiosk(start_product: StartProduct, state: Path | None = None) -> Product:
    return start_product(
        "--game", "culls", "--kiosk", web_pin=None, staff_pin=STAFF_PIN, state=state
    )


def open_settings(page: Page, product: Product, pin: str = STAFF_PIN) -> None:
    page.goto(product.url + "staff")
    expect(page.locator("#link")).to_have_attribute("data-state", "live")
    page.locator("#pin").fill(pin)
    page.locator("#pin-save").click()
    expect(page.locator("#pin-forget")).to_be_visible()  # the board said the PIN is right
    page.locator("#settings-show").click()
    expect(page.locator("#settings")).to_be_visible()


def saved(state: Path) -> dict[str, object]:
    data: dict[str, object] = json.loads((state / "settings.json").read_text(encoding="utf-8"))
    return data


def setting(product: Product, key: str, pin: str = STAFF_PIN) -> object:
    reply = request(product.url + "api/staff/settings", headers={"X-Cullsboard-Staff-Pin": pin})
    assert reply.status == 200, reply.body
    (found,) = [entry for entry in reply.json()["settings"] if entry["key"] == key]
    return found["value"]


def test_a_setting_survives_a_restart_a_bad_one_changes_nothing_and_reset_restores_the_file(
    open_window: OpenWindow, start_product: StartProduct
) -> None:
    first = start_kiosk(start_product)
    state = first.stderr_path.parent / "state"
    page = open_window(*PHONE)
    open_settings(page, first)
    expect(page.locator(ATTRACT)).to_have_value("3")
    expect(page.locator(HINTS)).to_be_checked()

    page.locator(ATTRACT).fill("7.5")
    page.locator(HINTS).uncheck()
    page.locator("#settings-save").click()
    expect(page.locator("#settings-note")).to_contain_text("apply when the board restarts")
    assert saved(state) == {"kiosk.attract_minutes": 7.5, "play.hints": False}

    page.locator(ATTRACT).fill("500")
    page.locator(HINTS).check()
    page.locator("#settings-save").click()
    error = page.locator("#settings-error")
    # The board's line names the key; the page says the setting's label instead.
    expect(error).to_have_text(
        '"Idle minutes before the attract show": must be from 0.5 to 240, got 500'
    )
    assert saved(state) == {"kiosk.attract_minutes": 7.5, "play.hints": False}
    assert setting(first, "play.hints") is False  # nothing half-applied: hints stay off
    width = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert width[0] <= width[1], "the settings make the staff page scroll sideways"
    code, stderr = first.stop()
    assert code == 0, stderr

    second = start_kiosk(start_product, state)
    page = open_window(*PHONE)
    open_settings(page, second)
    expect(page.locator(ATTRACT)).to_have_value("7.5")
    expect(page.locator(HINTS)).not_to_be_checked()
    assert "not used" not in second.stderr()

    page.locator("#settings-reset").click()
    expect(page.locator("#settings-note")).to_contain_text("Back to the config file")
    expect(page.locator(ATTRACT)).to_have_value("3")
    expect(page.locator(HINTS)).to_be_checked()
    assert not (state / "settings.json").exists()
    code, stderr = second.stop()
    assert code == 0, stderr


def test_a_new_staff_pin_applies_at_once(
    open_window: OpenWindow, start_product: StartProduct
) -> None:
    product = start_kiosk(start_product)
    page = open_window(*PHONE)
    open_settings(page, product)
    # What an empty field means, in words: no sample that looks like a value set.
    level = page.locator("#setting-play-computer-level")
    expect(level).to_have_attribute("placeholder", "3, a middle one")
    schedule = page.locator("#setting-kiosk-brightness-schedule")
    expect(schedule).to_have_attribute("placeholder", re.compile(r"^none: one step a line"))
    expect(page.locator("#setting-web-pin")).to_have_attribute("placeholder", "no PIN")
    page.locator("#setting-kiosk-staff-pin").fill(NEW_STAFF_PIN)
    page.locator("#settings-save").click()
    expect(page.locator("#settings-note")).to_have_text("Saved: in use now.")
    assert post(product.url + "api/staff/reset", {"pin": STAFF_PIN}).status == 403
    assert post(product.url + "api/staff/reset", {"pin": NEW_STAFF_PIN}).status == 202
    page.locator("#settings-reset").click()  # the page kept the new PIN and uses it
    expect(page.locator("#settings-note")).to_contain_text("Back to the config file")
    assert post(product.url + "api/staff/reset", {"pin": STAFF_PIN}).status == 202
    code, stderr = product.stop()
    assert code == 0, stderr


def test_two_staff_pages_the_later_write_of_an_older_read_is_refused_and_shown(
    open_window: OpenWindow, start_product: StartProduct
) -> None:
    product = start_kiosk(start_product)
    state = product.stderr_path.parent / "state"
    first, second = open_window(*PHONE), open_window(*PHONE)
    open_settings(first, product)
    open_settings(second, product)  # both read the settings, attract at 3 minutes
    clock_row = second.locator('.setting[data-key="play.clock"] .when')
    expect(clock_row).to_have_text("after a restart (a match in progress: from its next round)")
    first.locator(ATTRACT).fill("5")
    first.locator("#settings-save").click()
    expect(first.locator("#settings-note")).to_contain_text("apply when the board restarts")

    second.locator(ATTRACT).fill("9")
    second.locator("#settings-save").click()
    expect(second.locator("#settings-error")).to_contain_text(
        '"Idle minutes before the attract show" is now 5.0'
    )
    expect(second.locator("#settings-note")).to_contain_text("Nothing was saved")
    expect(second.locator(ATTRACT)).to_have_value("5")  # the value in use, to decide again
    assert saved(state) == {"kiosk.attract_minutes": 5}
    second.locator(ATTRACT).fill("9")
    second.locator("#settings-save").click()  # read again: now it is saved
    expect(second.locator("#settings-note")).to_contain_text("apply when the board restarts")
    assert saved(state) == {"kiosk.attract_minutes": 9}
    code, stderr = product.stop()
    assert code == 0, stderr
