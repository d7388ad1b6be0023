"""The staff page in a real Chromium, against the real ``cullsboard --mock-hal --kiosk``."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from playwright.sync_api import Browser, BrowserContext, Page, expect, sync_playwright

from tests.web.client import post, request
from tests.web.conftest import (
    PAGE_TIMEOUT_MS,
    ROOT,
    SCREENSHOTS,
    STOP_TIMEOUT_S,
    Product,
    launch_chromium,
    require_chromium,
)

pytestmark = pytest.mark.browser

STAFF_PIN = "97531"
WRONG_PIN = "11111"
WRONG_TRIES_BEFORE_LOCK = 5
PHONE = (390, 844)

StartKiosk = Callable[..., Product]
OpenWindow = Callable[..., Page]


@pytest.fixture(scope="module")
def chromium() -> Iterator[Browser]:
    require_chromium()

    with sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        yield browser
        browser.close()


@pytest.fixture
def open_window(chromium: Browser) -> Iterator[OpenWindow]:
    """Pages in windows of their own (a phone's size unless told), closed after the test."""
    contexts: list[BrowserContext] = []

    def open_page(width: int = PHONE[0], height: int = PHONE[1]) -> Page:
        context = chromium.new_context(viewport={"width": width, "height": height})
        context.set_default_timeout(PAGE_TIMEOUT_MS)
        contexts.append(context)
        return context.new_page()

    yield open_page
    for context in contexts:
        context.close()


@pytest.fixture
def start_board(tmp_path: Path) -> Iterator[StartKiosk]:
    """Start the real product (kiosk mode with a staff PIN unless ``kiosk=False``)."""
    started: list[Product] = []

    def start(*game: str, kiosk: bool = True) -> Product:
        folder = tmp_path / f"run{len(started)}"
        folder.mkdir()
        config: dict[str, Any] = yaml.safe_load((ROOT / "config" / "default.yaml").read_text())
        config["kiosk"]["staff_pin"] = STAFF_PIN
        config["state_dir"] = str(folder / "state")
        config_path = folder / "config.yaml"
        config_path.write_text(yaml.safe_dump(config, sort_keys=False), encoding="utf-8")
        command = [sys.executable, "-m", "firmware", "--mock-hal", *game]
        command += ["--kiosk"] if kiosk else []
        command += ["--config", str(config_path), "--state-dir", str(folder / "state")]
        command += ["--frames", str(folder / "frames.jsonl"), "--web", "127.0.0.1:0"]
        stderr_path = folder / "stderr.txt"
        env = dict(os.environ, XDG_STATE_HOME=str(folder / "xdg"), PYTHONUNBUFFERED="1")
        with stderr_path.open("w", encoding="utf-8") as stderr:
            process = subprocess.Popen(
                command,
                cwd=ROOT,
                env=env,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=stderr,
                text=True,
            )
        product = Product(process, stderr_path, STAFF_PIN)
        started.append(product)
        threading.Thread(target=product.read_stdout, daemon=True).start()
        return product

    yield start
    for product in started:
        if product.process.poll() is None:
            product.process.kill()
            product.process.wait(STOP_TIMEOUT_S)


@pytest.fixture
def screenshot_folder(tmp_path: Path) -> Path:
    """docs/screenshots when CULLSBOARD_SCREENSHOTS=1, else a folder thrown away after the test."""
    folder = SCREENSHOTS if os.environ.get("CULLSBOARD_SCREENSHOTS") else tmp_path / "shots"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def open_staff(page: Page, product: Product) -> None:
    page.goto(product.url + "staff")
    expect(page.locator("#link")).to_have_attribute("data-state", "live")


def enter_pin(page: Page, pin: str) -> None:
    page.locator("#pin").fill(pin)
    page.locator("#pin-save").click()
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
    page = open_window()
    open_staff(page, product)
    expect(page.locator("#now-game")).to_have_text("Culls · Duel · first to 3")
    feedback = page.locator("#feedback")

    page.locator("#reset").click()
    answer_confirm(page, yes=True)
    expect(feedback).to_have_text("Enter the staff PIN first.")

    enter_pin(page, WRONG_PIN)
    page.locator("#reset").click()
    answer_confirm(page, yes=True)
    expect(feedback).to_have_text("Wrong staff PIN")
    expect(feedback).to_have_attribute("data-kind", "error")
    expect(page.locator("#pin-forget")).to_be_hidden()  # the wrong PIN is not kept
    assert page.evaluate("sessionStorage.getItem('cullsboard-staff-pin')") is None

    for _ in range(WRONG_TRIES_BEFORE_LOCK - 1):
        reply = post(product.url + "api/staff/reset", {"pin": WRONG_PIN})
        assert reply.status == 403, reply.body
    enter_pin(page, STAFF_PIN)
    page.locator("input[name=players][value='3']").check(force=True)
    page.locator("#start-cubulus").click()
    expect(feedback).to_contain_text("Too many wrong staff PINs: try again in")
    expect(page.locator("#wait")).to_contain_text(
        re.compile(r"Staff actions open again in \d+ s\.")
    )
    for control in ("#reset", "#start-culls", "#start-cubulus", "#brightness"):
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
    page = open_window()
    scoreboard = open_window(1920, 1080)  # the café screen
    scoreboard.goto(product.url + "scoreboard", wait_until="commit")
    open_staff(page, product)
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


def test_a_board_not_in_kiosk_mode_says_staff_actions_are_off(
    open_window: OpenWindow, start_board: StartKiosk
) -> None:
    product = start_board("--game", "cubulus", kiosk=False)
    page = open_window()
    open_staff(page, product)
    expect(page.locator("#now-game")).to_have_text("Cubulus · 2 players")
    enter_pin(page, STAFF_PIN)
    page.locator("#start-culls").click()
    expect(page.locator("#feedback")).to_have_text(
        "Staff actions are off: they need kiosk mode with a staff PIN"
    )
    expect(page.locator("#pin-forget")).to_be_visible()  # not a PIN problem: the PIN is kept
    assert score(product)["game"] == "cubulus"
    assert_clean_exit(product)
