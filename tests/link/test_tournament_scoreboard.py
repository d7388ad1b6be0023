"""A table's scoreboard during a café tournament game, in Chromium: the event and the pairing in
the fleet's words, and the players' names on their seats."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import expect

from firmware.tournament.event import Settings
from firmware.tournament.model import Entrant, Format
from firmware.web import serve_in_thread
from tests.link.boards import LinkedBoard
from tests.link.broker import Mosquitto, wait_for
from tests.link.test_tournament_desk import Fleet
from tests.link.test_tournament_tables import RULES, seated

if TYPE_CHECKING:
    from tests.browser_support import OpenWindow

pytestmark = pytest.mark.browser


def test_the_scoreboard_shows_the_tournament_game_being_played(
    broker: Mosquitto, tmp_path: Path, open_window: OpenWindow, screenshot_folder: Path
) -> None:
    board = LinkedBoard(broker.url, "table-3", tmp_path / "table-3")
    fleet = Fleet(broker, tmp_path / "fleet")
    try:
        settings = Settings(
            "Tuesday Swiss", "culls", Format.SWISS, rounds=2, rules=RULES, clock="5+3"
        )
        number = fleet.desk.create(settings, [Entrant("Ana", 1200), Entrant("Ben", 1100)])
        wait_for("the table free", lambda: fleet.desk.free_tables(number) == ["table-3"])
        fleet.desk.next_round(number)
        wait_for("the players seated", seated(board, ["Ana", "Ben"]))
        with serve_in_thread(board.controller, host="127.0.0.1", port=0) as web:
            page = open_window(width=1280, height=800)
            page.goto(web.url + "scoreboard")
            line = page.locator("#tournament")
            expect(line).to_have_text("Tuesday Swiss: Round 1 — Ana vs Ben, table-3")
            expect(page.locator("#sides")).to_contain_text("Ana")
            page.screenshot(path=str(screenshot_folder / "scoreboard-tournament.png"))
    finally:
        fleet.stop()
        board.close()
