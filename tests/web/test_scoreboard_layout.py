"""The scoreboard on a 1280 px screen: the cube beside the text, never over it; the match winner
said once; the move notation under the moves."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import FloatRect, Page, expect

from firmware.web import serve_in_thread
from tests.browser_support import OpenWindow
from tests.controller.conftest import Rig
from tests.web.test_history_page import play_match

pytestmark = pytest.mark.browser

TEXT = ("#sides", "#turn", "#message", "#moves", "#legend", ".top")


def box(page: Page, selector: str) -> FloatRect:
    found = page.locator(selector).bounding_box()
    assert found is not None, selector
    return found


def overlaps(a: FloatRect, b: FloatRect) -> bool:
    return not (
        a["x"] + a["width"] <= b["x"]
        or b["x"] + b["width"] <= a["x"]
        or a["y"] + a["height"] <= b["y"]
        or b["y"] + b["height"] <= a["y"]
    )


def test_the_cube_leaves_the_text_free_at_1280_px(open_window: OpenWindow, tmp_path: Path) -> None:
    rig = Rig(tmp_path / "state").start("cubulus", {"players": 3}, first="red")
    with serve_in_thread(rig.controller, host="127.0.0.1", port=0) as web:
        page = open_window(1280, 800)
        page.goto(web.url + "scoreboard")
        expect(page.locator("#game")).to_have_text("Cubulus")
        expect(page.locator("#game-view figure")).to_be_visible()
        cube = box(page, "#game-view")
        for selector in TEXT:
            if page.locator(selector).count():
                assert not overlaps(cube, box(page, selector)), f"the cube covers {selector}"
        expect(page.locator("#legend")).to_contain_text("F012")
        width = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
        assert width[0] <= width[1]
    rig.board.close()


def test_the_match_winner_is_said_once_and_the_notation_is_shown(
    open_window: OpenWindow, tmp_path: Path
) -> None:
    rig = play_match(tmp_path / "state", "red", 0)
    with serve_in_thread(rig.controller, host="127.0.0.1", port=0) as web:
        page = open_window(1280, 800)
        page.goto(web.url + "scoreboard")
        expect(page.locator("#turn")).to_have_text("Red wins the match!")
        text = page.locator("body").inner_text()
        assert text.lower().count("wins the match") == 1, text
        expect(page.locator("#legend")).to_contain_text("i8-c3 the flipped chip moved")
        for selector in TEXT[:-1]:
            assert page.locator(selector).count() == 1
    rig.board.close()


def test_forty_moves_leave_most_in_sight_at_1280_by_800(
    open_window: OpenWindow, tmp_path: Path
) -> None:
    rig = Rig(tmp_path / "state").start("culls", {"mode": "duel"}, first="blue")
    cells = [f"{column}{row}" for row in range(1, 16, 2) for column in "acegikmo"][:40]
    for name in cells:  # spread out: no line of five, no cull
        rig.tap(name)
    assert len(rig.score["moves"]) == 40  # type: ignore[arg-type]
    with serve_in_thread(rig.controller, host="127.0.0.1", port=0) as web:
        page = open_window(1280, 800)
        page.goto(web.url + "scoreboard")
        expect(page.locator("#move-count")).to_have_text("(40)")
        expect(page.locator("#legend")).to_contain_text("xi8")
        shown = page.locator("#moves li")
        expect(shown.last).to_have_text("o9")
        assert shown.count() >= 20, shown.count()  # at 1280 x 800 the old page showed 9
        last = box(page, "#moves li:last-child")
        legend = box(page, "#legend")
        assert last["y"] + last["height"] <= legend["y"] + 1, "the newest move is cut off"
    rig.board.close()
