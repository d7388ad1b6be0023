"""The scoreboard on a café's screens (a TV at 1920x1080, 1366x768 and 1280x720, and a phone
at 390x844) at a match's end, with the players' names, today's champions and the QR code:
no text box overlaps another, and the round's moves keep room to be read."""

from __future__ import annotations

import datetime
from pathlib import Path

import pytest
from playwright.sync_api import FloatRect, Page, expect

from firmware.web import serve_in_thread
from firmware.web.address import NetworkFacts
from tests.browser_support import OpenWindow
from tests.controller.conftest import Rig
from tests.history.test_leaderboard import name, play_rounds

pytestmark = pytest.mark.browser

SCREENS = [(1920, 1080), (1366, 768), (1280, 720), (390, 844)]
# Every box of text the scoreboard shows; the footer's three parts one by one.
BOXES = (
    ".top",
    "#sides",
    ".turn",
    "#result",
    "#champions",
    ".moves h2",
    "#moves",
    "#legend",
    ".phone-link",
    "#download",
    "#link",
)
NOW = datetime.datetime(2026, 11, 30, 19, 5)  # the boards' and the pages' today (an evening)


def overlap(a: FloatRect, b: FloatRect) -> float:
    """The area two boxes share (a pixel's rounding is not an overlap)."""
    width = min(a["x"] + a["width"], b["x"] + b["width"]) - max(a["x"], b["x"])
    height = min(a["y"] + a["height"], b["y"] + b["height"]) - max(a["y"], b["y"])
    return max(0.0, width - 1) * max(0.0, height - 1)


def shown_boxes(page: Page) -> dict[str, FloatRect]:
    found: dict[str, FloatRect] = {}
    for selector in BOXES:
        locator = page.locator(selector)
        if locator.count() and locator.first.is_visible():
            rect = locator.first.bounding_box()
            if rect is not None and rect["width"] > 0 and rect["height"] > 0:
                found[selector] = rect
    return found


def named_match_over(state: Path) -> Rig:
    """Hanna beats Omar 3-2: a finished match with names and champions, 30-odd moves a round."""
    rig = Rig(state, wall_start=NOW).start(
        "culls", {"mode": "duel", "rounds_to_win": 3}, first="blue"
    )
    name(rig, "blue", "Hanna Johansson")
    name(rig, "red", "Omar Al-Khatib")
    play_rounds(rig, ["red", "blue", "red", "blue", "blue"])
    assert rig.score["phase"] == "match_over"
    return rig


@pytest.mark.parametrize(("width", "height"), SCREENS)
def test_no_text_box_of_the_scoreboard_overlaps_another(
    open_window: OpenWindow, tmp_path: Path, screenshot_folder: Path, width: int, height: int
) -> None:
    state = tmp_path / "state"
    rig = named_match_over(state)
    # On the café's network (a board on loopback only offers phones no QR code).
    cafe = NetworkFacts("cafe-table", mdns=True, lan_address="192.168.1.20")
    with serve_in_thread(
        rig.controller, today=rig.today, host="0.0.0.0", port=0, history_dir=state, network=cafe
    ) as web:
        port = web.url.rsplit(":", 1)[1].strip("/")
        page = open_window(width, height)
        page.goto(f"http://127.0.0.1:{port}/scoreboard")
        expect(page.locator("#turn")).to_have_text("Hanna Johansson wins the match!")
        expect(page.locator("#champions-list li")).to_have_count(2)
        expect(page.locator("#qr")).to_be_visible()
        page.wait_for_function("document.getElementById('qr').complete")
        boxes = shown_boxes(page)
        assert {"#champions", ".phone-link", "#moves", "#sides"} <= boxes.keys(), boxes.keys()
        clashes = [
            f"{a} and {b}"
            for i, a in enumerate(boxes)
            for b in list(boxes)[i + 1 :]
            if overlap(boxes[a], boxes[b]) > 0
        ]
        assert not clashes, f"at {width}x{height}: {clashes}"
        moves = boxes["#moves"]
        assert moves["height"] >= 40, f"at {width}x{height} the moves have {moves['height']} px"
        page_width = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
        assert page_width[0] <= page_width[1], "the scoreboard scrolls sideways"
        if (width, height) == (1920, 1080):
            page.screenshot(path=str(screenshot_folder / "scoreboard-match-over.png"))
        if width > 700:  # a TV shows everything at once: nothing below the screen's edge
            bottom = max(rect["y"] + rect["height"] for rect in boxes.values())
            assert bottom <= height + 1, f"at {width}x{height} text reaches {bottom} px"
    rig.board.close()
