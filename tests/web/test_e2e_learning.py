"""A lesson and the puzzles in Chromium: started from the page, walked by clicks on the board."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect

from firmware.controller.adapter import board_adapter, cells_for_token
from firmware.learn.library import find_lesson
from firmware.learn.puzzles import load_puzzles
from firmware.rules.grid import cell_name
from tests.browser_support import OpenWindow, StartProduct
from tests.web.client import request

pytestmark = pytest.mark.browser


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
    expect(headline).to_contain_text("step 2 of 3")
    expect(page.locator("#message")).to_contain_text(lesson.steps[1].say)
    page.screenshot(path=str(screenshot_folder / "lesson.png"))
    page.locator('.cell[data-cell="i8"]').click()
    expect(headline).to_contain_text("step 3 of 3")
    page.locator('.cell[data-cell="e6"]').click()
    expect(page.locator("#message")).to_contain_text(lesson.end)
    assert request(product.url + "api/state").json()["score"]["lesson"]["done"] is True

    puzzles = load_puzzles("culls")
    page.get_by_role("button", name="PUZZLES").click()
    expect(headline).to_contain_text(f"puzzle 1 of {len(puzzles)}, solved 0 of 0")
    first = puzzles[0]
    wrong = next(t for t in first.position().legal_actions() if t not in first.answers)
    page.locator(f'.cell[data-cell="{_cell_of(wrong)}"]').click()
    expect(page.locator("#error")).to_contain_text(f"Not {wrong}: the answer to it is")
    expect(headline).to_contain_text("solved 0 of 1")
    page.screenshot(path=str(screenshot_folder / "puzzle-refuted.png"))
    page.locator('.cell[data-cell="a1"]').click()  # sets the puzzle again
    page.locator(f'.cell[data-cell="{_cell_of(first.answers[0])}"]').click()
    expect(headline).to_contain_text(f"puzzle 2 of {len(puzzles)}, solved 1 of 2")
    expect(page.locator("#message")).to_contain_text(f"Solved: {first.answers[0]} is right.")
    expect(kiosk.locator("#turn")).to_have_text(f"Puzzle 2 of {len(puzzles)}: 1 solved")
    page.screenshot(path=str(screenshot_folder / "puzzle.png"))
    page.get_by_role("button", name="MENU").click()
    expect(page.get_by_role("button", name="LESSON")).to_be_visible()
    assert request(product.url + "api/state").json()["score"]["phase"] == "menu"
    code, stderr = product.stop()
    assert code == 0 and "Traceback" not in stderr, stderr
