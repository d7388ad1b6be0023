"""A game kept outside firmware/games ships its own page: the registry says where it lies."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect

from firmware.web import serve_in_thread
from tests.browser_support import OpenWindow
from tests.controller.conftest import Rig
from tests.web.client import request

PAGE = Path(__file__).parent / "web" / "page.js"


def test_the_pages_name_its_script_and_serve_it_from_the_registered_folder(rig: Rig) -> None:
    rig.start("tictactoe", {}, first="blue")
    with serve_in_thread(rig.controller, host="127.0.0.1", port=0, pin=None) as web:
        state = request(f"{web.url}api/state").json()
        script = request(f"{web.url}games/tictactoe/page.js")
        cubulus = request(f"{web.url}games/cubulus/page.js")
    assert state["page"] == "/games/tictactoe/page.js"
    assert script.status == 200 and script.body == PAGE.read_bytes()
    assert cubulus.status == 200 and b"export function attach" in cubulus.body


def test_a_game_without_a_registered_folder_has_no_page(rig: Rig) -> None:
    rig.start("culls", {"mode": "duel"}, first="blue")
    with serve_in_thread(rig.controller, host="127.0.0.1", port=0, pin=None) as web:
        state = request(f"{web.url}api/state").json()
        missing = request(f"{web.url}games/culls/page.js")
    assert state["page"] is None and missing.status == 404


@pytest.mark.browser
def test_the_board_page_draws_the_games_own_line(rig: Rig, open_window: OpenWindow) -> None:
    rig.start("tictactoe", {}, first="blue")
    with serve_in_thread(rig.controller, host="127.0.0.1", port=0, pin=None) as web:
        page = open_window()
        page.goto(web.url)
        marks = page.locator("#game-view .tictactoe-marks")
        expect(marks).to_have_text("Tic-tac-toe: 0 of 9 cells marked")
        rig.tap("g7")
        expect(marks).to_have_text("Tic-tac-toe: 1 of 9 cells marked")
