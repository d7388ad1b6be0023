"""``cullsboard review FILE`` in Chromium: a recorded Cubulus round stepped through on the pages."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from firmware.rules.records import parse_record
from tests.browser_support import OpenWindow, StartProduct
from tests.web.client import request

pytestmark = pytest.mark.browser

SAMPLE = Path("firmware/games/cubulus/samples/cubulus-2p-sample.json")


def expect_ball(page: Page, cube_cell: str, colour: str) -> None:
    expect(page.locator(f'.ball3d[data-cube-cell="{cube_cell}"]')).to_have_attribute(
        "data-colour", colour
    )


def test_a_recorded_round_is_stepped_through_on_the_page(
    open_window: OpenWindow, start_product: StartProduct, screenshot_folder: Path
) -> None:
    root = Path(__file__).resolve().parents[2]
    record = parse_record((root / SAMPLE).read_bytes())
    total = len(record.moves)
    product = start_product("review", str(root / SAMPLE))
    page = open_window(1280, 900)
    kiosk = open_window(1920, 1080)
    kiosk.goto(product.url + "scoreboard")
    expect(kiosk.locator("#turn")).to_have_text(
        f"Review: move {total} of {total}, {record.moves[-1]}"
    )
    page.goto(product.url)
    expect(page.locator("#link")).to_have_attribute("data-state", "live")
    page.locator("#pin").fill(product.pin)
    page.locator("#pin-save").click()
    headline = page.locator("#headline")
    expect(headline).to_contain_text(f"review: move {total} of {total}")
    expect(page.locator("#message")).to_contain_text(
        re.compile(rf"Review of cubulus, move {total} of {total}: \w+ (pushed|turned) ")
    )
    assert record.moves[-1] not in page.locator("#message").inner_text(), "said, not a token"
    expect(page.locator(".ball3d")).to_have_count(27)  # the cube in 3D follows the review
    page.screenshot(path=str(screenshot_folder / "review.png"))

    back = page.get_by_role("button", name="◀ BACK")
    back.click()
    expect(headline).to_contain_text(f"move {total - 1} of {total}")
    page.locator('.cell[data-cell="a1"]').click()  # the back arrow on the board
    expect(headline).to_contain_text(f"move {total - 2} of {total}")
    page.keyboard.press("ArrowRight")
    expect(headline).to_contain_text(f"move {total - 1} of {total}")
    position = request(product.url + "api/state").json()["score"]["position"]
    for cube_cell, colour in position["cells"].items():
        expect_ball(page, cube_cell, colour)
    for ply in range(total - 1, 0, -1):  # back to the start, one click a move
        expect(headline).to_contain_text(f"move {ply} of {total}")
        back.click()
    expect(headline).to_contain_text(f"review: start, {total} moves")
    expect(kiosk.locator("#turn")).to_have_text(f"Review: the start, {total} moves")
    expect(kiosk.locator(".ball3d[data-colour='red']")).to_have_count(0)  # an empty cube there too
    for x in range(3):
        for y in range(3):
            for z in range(3):
                if f"{x}{y}{z}" not in position["cells"]:
                    expect_ball(page, f"{x}{y}{z}", "")

    page.get_by_role("button", name="LEAVE REVIEW").click()
    expect(page.get_by_role("button", name="UNDO")).to_be_visible()
    state = request(product.url + "api/state").json()["score"]
    assert state["review"] is None and state["phase"] == "menu"  # the board as it was
    code, stderr = product.stop()
    assert code == 0 and "Traceback" not in stderr, stderr
