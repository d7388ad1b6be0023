"""A lesson and the puzzles in Chromium: started from the page, walked by clicks on the board."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect

from firmware.controller.core.adapter import board_adapter, cells_for_token
from firmware.learn.library import find_lesson
from firmware.learn.puzzles import load_puzzles
from firmware.rules.grid import cell_name
from tests.browser_support import OpenWindow, StartProduct
from tests.web.client import request

pytestmark = pytest.mark.browser

OFF = "#000000"
GREEN = "#00c83c"  # the go-on cell (palette.READY), in its bright half


def _cell_of(token: str, puzzle_index: int = 0) -> str:
    puzzle = load_puzzles("culls")[puzzle_index]
    state = puzzle.position()
    return cell_name(cells_for_token(board_adapter("culls"), state, token, 15, 15)[0])


def test_a_lesson_and_a_puzzle_are_walked_on_the_board_page(
    open_window: OpenWindow, start_product: StartProduct, screenshot_folder: Path
) -> None:
    lesson = find_lesson("culls/cull")
    product = start_product("--lesson", "culls/cull")
    page = open_window(1280, 900)
    kiosk = open_window(1920, 1080)
    kiosk.goto(product.url + "scoreboard")
    expect(kiosk.locator("#turn")).to_have_text(f"Lesson: {lesson.title}, step 1 of 3")
    page.goto(product.url)
    expect(page.locator("#link")).to_have_attribute("data-state", "live")
    page.locator("#pin").fill(product.pin)
    page.locator("#pin-save").click()
    headline = page.locator("#headline")
    expect(headline).to_contain_text(f"lesson: {lesson.title}, step 1 of 3")
    expect(page.locator("#message")).to_have_text(lesson.steps[0].say)
    page.locator('.cell[data-cell="a15"]').click()  # a wrong touch: the hint, nothing changes
    expect(page.locator("#error")).to_contain_text(lesson.steps[0].hint)
    page.locator('.cell[data-cell="k8"]').click()
    # The result stays, with the cell to go on named: never on a piece, lit green.
    message = page.locator("#message")
    expect(message).to_have_text(f"{lesson.steps[0].right} Tap g8 to go on.")
    expect(headline).to_contain_text("step 1 of 3")
    expect(page.locator('.cell[data-cell="k8"]')).not_to_have_attribute("data-led", OFF)
    expect(page.locator('.cell[data-cell="g8"]')).to_have_attribute("data-led", GREEN)
    page.locator('.cell[data-cell="a15"]').click()  # not the go-on cell: said, nothing changes
    expect(page.locator("#error")).to_contain_text("tap g8 to go on")
    page.locator('.cell[data-cell="g8"]').click()
    expect(headline).to_contain_text("step 2 of 3")
    expect(message).to_contain_text(lesson.steps[1].say)
    page.screenshot(path=str(screenshot_folder / "lesson.png"))
    page.locator('.cell[data-cell="i8"]').click()
    expect(message).to_have_text(f"{lesson.steps[1].right} Tap g8 to go on.")
    flipped = page.locator('.cell[data-cell="i8"]')
    expect(flipped).not_to_have_attribute("data-led", OFF)  # the flipped chip is seen
    page.screenshot(path=str(screenshot_folder / "lesson-result.png"))
    page.locator('.cell[data-cell="g8"]').click()
    expect(headline).to_contain_text("step 3 of 3")
    page.locator('.cell[data-cell="e6"]').click()
    expect(message).to_contain_text(lesson.end)
    state = request(product.url + "api/state").json()["score"]["lesson"]
    assert state["done"] is True and f"Tap {state['go_on']} to go on." in message.inner_text()

    puzzles = load_puzzles("culls")
    page.get_by_role("button", name="PUZZLES").click()
    expect(headline).to_contain_text(f"puzzle 1 of {len(puzzles)}, solved 0 of 0")
    first = puzzles[0]
    assert first.id == "culls-cull-0001"
    page.locator('.cell[data-cell="a1"]').click()
    # The threat that wins, in board cells, said once: in the message, not again as an error.
    expect(message).to_have_text(
        "Not a1: Red already has four from f8 to i11, and e7 makes five: Red wins. "
        "Tap the board to try again."
    )
    expect(page.locator("#error")).to_be_hidden()
    expect(headline).to_contain_text("solved 0 of 1")
    page.screenshot(path=str(screenshot_folder / "puzzle-refuted.png"))
    page.locator('.cell[data-cell="a1"]').click()  # sets the puzzle again
    page.locator(f'.cell[data-cell="{_cell_of(first.answers[0])}"]').click()
    # A cull is solved only once its flip is on the board too.
    expect(message).to_have_text(
        "Right: Blue placed e9 and trapped f8 and g7: Blue flips one. "
        "Now tap the blinking chip to flip it: f8 or g7."
    )
    expect(headline).to_contain_text("solved 0 of 2")
    page.locator('.cell[data-cell="f8"]').click()
    # The right answer is played out and stays until the next tap.
    expect(message).to_have_text("Solved: e9 traps f8 and g7. Tap the board for the next puzzle.")
    expect(headline).to_contain_text(f"puzzle 1 of {len(puzzles)}, solved 1 of 2")
    expect(page.locator('.cell[data-cell="e9"]')).not_to_have_attribute("data-led", OFF)
    page.screenshot(path=str(screenshot_folder / "puzzle.png"))
    page.locator('.cell[data-cell="a1"]').click()
    expect(headline).to_contain_text(f"puzzle 2 of {len(puzzles)}, solved 1 of 2")
    expect(kiosk.locator("#turn")).to_have_text(f"Puzzle 2 of {len(puzzles)}: 1 solved")
    page.get_by_role("button", name="MENU").click()
    expect(page.get_by_role("button", name="LESSON")).to_be_visible()
    assert request(product.url + "api/state").json()["score"]["phase"] == "menu"
    code, stderr = product.stop()
    assert code == 0 and "Traceback" not in stderr, stderr
