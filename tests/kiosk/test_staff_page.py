"""The staff page in a real Chromium, against the real ``cullsboard --mock-hal --kiosk``."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.browser_support import OpenWindow, Product, StartProduct
from tests.web.client import post, request

pytestmark = pytest.mark.browser

STAFF_PIN = "48260"
WRONG_PIN = "11111"
WRONG_TRIES_BEFORE_LOCK = 5
PHONE = (390, 844)

StartKiosk = Callable[..., Product]


@pytest.fixture
def start_board(start_product: StartProduct) -> StartKiosk:
    """Start the real product (kiosk mode with a staff PIN unless ``kiosk=False``)."""

    def start(*game: str, kiosk: bool = True) -> Product:
        arguments = (*game, "--kiosk") if kiosk else game
        return start_product(*arguments, web_pin=None, staff_pin=STAFF_PIN, frames=True)

    return start


def open_staff(page: Page, product: Product) -> None:
    page.goto(product.url + "staff")
    expect(page.locator("#link")).to_have_attribute("data-state", "live")


def enter_pin(page: Page, pin: str, *, right: bool = True) -> None:
    """Type ``pin`` and press Use: the board checks it; a right one is kept in the tab."""
    page.locator("#pin").fill(pin)
    page.locator("#pin-save").click()
    if right:
        expect(page.locator("#feedback")).to_have_text(
            "Staff PIN accepted: the staff actions and settings are open."
        )
        expect(page.locator("#pin-forget")).to_be_visible()


def answer_confirm(page: Page, *, yes: bool) -> None:
    dialog = page.locator("#confirm")
    expect(dialog).to_be_visible()
    page.locator("#confirm-yes" if yes else "#confirm-no").click()
    expect(dialog).to_be_hidden()


def score(product: Product) -> dict[str, Any]:
    reply = request(product.url + "api/state")
    assert reply.status == 200, reply.body
    result: dict[str, Any] = reply.json()["score"]
    return result


def touch(product: Product, cell: str) -> None:
    reply = post(product.url + "api/touch", {"cell": cell})
    assert reply.status == 202, reply.body


def brightest_channel(frames: Path) -> int:
    """The highest colour channel of the last frame the LED chain sent."""
    last = json.loads(frames.read_text(encoding="utf-8").splitlines()[-1])
    colours = [colour for row in last["grid"] for colour in row] + list(last["status"])
    return max(int(colour[i : i + 2], 16) for colour in colours for i in (1, 3, 5))


def assert_clean_exit(product: Product) -> None:
    code, stderr = product.stop()
    assert code == 0, stderr
    assert "Traceback" not in stderr


def test_a_wrong_pin_is_refused_and_shown_then_the_page_waits_out_the_lock(
    open_window: OpenWindow, start_board: StartKiosk
) -> None:
    product = start_board("--game", "culls", "--seed", "2")
    page = open_window(*PHONE)
    open_staff(page, product)
    expect(page.locator("#now-game")).to_have_text("Culls · Duel · first to 3")
    feedback = page.locator("#feedback")

    page.locator("#reset").click()
    answer_confirm(page, yes=True)
    expect(feedback).to_have_text("Enter the staff PIN first.")

    enter_pin(page, WRONG_PIN, right=False)  # "Use" asks the board, and says so at once
    expect(feedback).to_have_text("Wrong staff PIN: nothing was kept. Try again.")
    expect(feedback).to_have_attribute("data-kind", "error")
    expect(page.locator("#pin-forget")).to_be_hidden()  # the wrong PIN is not kept
    assert page.evaluate("sessionStorage.getItem('cullsboard-staff-pin')") is None
    page.locator("#settings-show").click()  # never silent: it says what to do
    expect(page.locator("#settings-locked")).to_have_text(
        "Enter the staff PIN above and press Use, then show the settings."
    )

    for _ in range(WRONG_TRIES_BEFORE_LOCK - 1):
        reply = post(product.url + "api/staff/reset", {"pin": WRONG_PIN})
        assert reply.status == 403, reply.body
    enter_pin(page, STAFF_PIN, right=False)  # right, but the lock-out holds: said at once
    expect(feedback).to_contain_text("Too many wrong staff PINs: try again in")
    expect(page.locator("#wait")).to_contain_text(
        re.compile(r"Staff actions open again in \d+ s\.")
    )
    for control in ("#reset", "#start-culls", "#start-cubulus", "#brightness", "#restart"):
        expect(page.locator(control)).to_be_disabled()
    assert score(product)["game"] == "culls"  # refused with 429: nothing was submitted
    expect(page.locator("#now-game")).to_have_text("Culls · Duel · first to 3")
    assert_clean_exit(product)


def test_staff_reset_brightness_and_change_of_game_on_a_phone(
    open_window: OpenWindow, start_board: StartKiosk, screenshot_folder: Path
) -> None:
    product = start_board("--game", "culls", "--seed", "2")
    frames = product.stderr_path.parent / "frames.jsonl"
    state = product.stderr_path.parent / "state"
    page = open_window(*PHONE)
    scoreboard = open_window(1920, 1080)  # the café screen
    scoreboard.goto(product.url + "scoreboard", wait_until="commit")
    open_staff(page, product)
    expect(page.locator("#reset")).to_be_enabled()
    expect(page.locator("#staff-off")).to_be_hidden()
    enter_pin(page, STAFF_PIN)
    turn, feedback = page.locator("#now-turn"), page.locator("#feedback")

    touch(product, "h8")
    expect(turn).to_contain_text("Round 1 · 1 move ·")
    page.locator("#reset").click()
    answer_confirm(page, yes=False)
    touch(product, "c3")
    expect(turn).to_contain_text("Round 1 · 2 moves ·")  # a cancelled reset sends nothing
    assert score(product)["moves"] == ["h8", "c3"]

    page.locator("#reset").click()
    answer_confirm(page, yes=True)
    expect(feedback).to_have_text("Reset: a fresh match is set up.")
    expect(turn).to_contain_text("Round 1 · 0 moves ·")
    assert score(product)["moves"] == []
    assert any((state / "archive").iterdir()), "the reset game was not put away"

    before = brightest_channel(frames)
    page.locator("#brightness").fill("30")
    expect(page.locator("#brightness-value")).to_have_text("30 %")
    expect(feedback).to_have_text("Brightness 30 % until the schedule's next step.")
    touch(product, "h8")  # handled after the brightness, so its frame went out dimmed
    expect(turn).to_contain_text("Round 1 · 1 move ·")
    after = brightest_channel(frames)
    assert 0 < after <= before * 0.3 + 1, (before, after)

    page.locator("input[name=players][value='3']").check(force=True)
    page.locator("#start-cubulus").click()
    answer_confirm(page, yes=True)  # a game with a move in it is put away only when confirmed
    expect(feedback).to_have_text("Starting Cubulus, 3 players.")
    expect(page.locator("#now-game")).to_have_text("Cubulus · 3 players")
    sides = page.locator("#now-score .side")
    expect(sides).to_have_count(3)
    assert [sides.nth(i).get_attribute("data-colour") for i in range(3)] == [
        "red",
        "black",
        "white",
    ]
    expect(scoreboard.locator("#game")).to_have_text("Cubulus")
    expect(scoreboard.locator("#mode")).to_have_text("3 players")

    width = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert width[0] <= width[1], "the page scrolls sideways on a phone"
    page.screenshot(path=str(screenshot_folder / "staff.png"), full_page=True)
    assert_clean_exit(product)


def test_shut_down_asks_first_then_powers_off(
    open_window: OpenWindow, start_board: StartKiosk
) -> None:
    product = start_board("--game", "culls")
    page = open_window(*PHONE)
    open_staff(page, product)
    enter_pin(page, STAFF_PIN)
    simulated = "a simulated board has nothing to power off"
    page.locator("#shutdown").click()
    answer_confirm(page, yes=False)
    touch(product, "h8")  # handled after anything the cancel could have sent
    expect(page.locator("#now-turn")).to_contain_text("1 move")
    assert simulated not in product.stderr()
    page.locator("#shutdown").click()
    answer_confirm(page, yes=True)
    expect(page.locator("#feedback")).to_have_text(
        "Shutting down: switch off at the wall once the LEDs are dark."
    )
    touch(product, "c3")
    expect(page.locator("#now-turn")).to_contain_text("2 moves")
    assert simulated in product.stderr()
    assert_clean_exit(product)


def test_a_board_not_in_kiosk_mode_says_staff_actions_are_off(
    open_window: OpenWindow, start_board: StartKiosk
) -> None:
    product = start_board("--game", "cubulus", kiosk=False)
    page = open_window(*PHONE)
    open_staff(page, product)
    expect(page.locator("#now-game")).to_have_text("Cubulus · 2 players")
    expect(page.locator("#staff-off")).to_be_visible()  # before anything is tried
    expect(page.locator("#staff-off")).to_contain_text("not running in kiosk mode")
    for control in ("#reset", "#start-culls", "#start-cubulus", "#brightness", "#pin", "#pin-save"):
        expect(page.locator(control)).to_be_disabled()
    expect(page.locator("#pin-note")).to_have_text(
        "No staff PIN is needed or kept while staff actions are off."
    )
    reply = post(product.url + "api/staff/reset", {"pin": STAFF_PIN})
    assert reply.status == 403
    assert score(product)["game"] == "cubulus"
    assert_clean_exit(product)
