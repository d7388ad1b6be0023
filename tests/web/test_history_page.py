"""The history page in Chromium: a day of two finished matches, in words, on a 390 px phone."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect

from firmware.controller.core.timing import TABLE_TIMING
from firmware.web import serve_in_thread
from tests.browser_support import OpenWindow
from tests.controller.conftest import Rig
from tests.controller.games import culls_round_taps
from tests.web.client import request

pytestmark = pytest.mark.browser

DAY = "2026-11-30"  # the Rig's wall clock starts there
EN_DASH = "\N{EN DASH}"


def play_match(state: Path, winner: str, loser_rounds: int) -> Rig:
    """A Culls duel to 3 won by ``winner``, the other side taking ``loser_rounds`` first."""
    rig = Rig(state)
    rig.start("culls", {"mode": "duel", "rounds_to_win": 3}, first=winner)
    other = "red" if winner == "blue" else "blue"
    results = [other] * loser_rounds + [winner] * 3
    for number, round_winner in enumerate(results, start=1):
        for name in culls_round_taps(str(rig.score["to_move"]), round_winner):
            rig.tap(name)
        if number < len(results):
            rig.advance(TABLE_TIMING.line_show)
            rig.tap("h8")
    assert rig.score["phase"] == "match_over"
    return rig


def test_a_day_of_two_matches_fits_a_phone_and_names_each_winner(
    open_window: OpenWindow, tmp_path: Path
) -> None:
    state = tmp_path / "state"
    play_match(state, "blue", 0).board.close()
    rig = play_match(state, "red", 1)
    with serve_in_thread(rig.controller, host="127.0.0.1", port=0, history_dir=state) as web:
        page = open_window(390, 844)
        page.goto(f"{web.url}history?day={DAY}")
        results = page.locator(".match .result")
        expect(results).to_have_text(
            [f"Blue won the match 3{EN_DASH}0", f"Red won the match 3{EN_DASH}1"]
        )
        expect(page.locator(".day")).to_contain_text("2 matches finished, 7 rounds played.")
        wins = page.locator(".wins tr")
        expect(wins.nth(1)).to_have_text("Blue14")  # Blue: 1 match won, 3 + 1 rounds
        expect(wins.nth(2)).to_have_text("Red13")
        expect(page.locator(".round h3").first).to_have_text("Blue won round 1")
        expect(page.locator(".match").nth(1).locator(".round h3").first).to_have_text(
            "Blue won round 1"
        )
        first_moves = page.locator(".match").first.locator(".moves").first.locator("li")
        expect(first_moves.first).to_have_text("Blue placed h8")
        width = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
        assert width[0] <= width[1], f"the history page scrolls sideways on a phone: {width}"
        link = page.locator(".round a[download]").first.get_attribute("href")
        assert link is not None
        record = request(web.url + link.lstrip("/")).json()
        assert record["game"] == "culls" and record["moves"][0] == "h8"
    rig.board.close()
