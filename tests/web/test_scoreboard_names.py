"""In Chromium: the scoreboard names every seat by one rule in each of its sentences (the turn
line, the board's message, what just happened): the player's name where the seat has one, the
seat's name ("Blue A") otherwise."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect

from firmware.controller.core.live import NameSeat
from firmware.web import serve_in_thread
from tests.browser_support import OpenWindow
from tests.controller.conftest import Rig
from tests.controller.test_one_name_rule import LONG, seat_of

pytestmark = pytest.mark.browser

NAMED = {"Red A": LONG, "Red B": "Ida"}  # Blue A and Blue B keep their seats' names
SENTENCES = ("#turn", "#message", "#said")


def test_every_sentence_of_the_scoreboard_follows_one_naming_rule(
    open_window: OpenWindow, tmp_path: Path
) -> None:
    state = tmp_path / "state"
    rig = Rig(state).start("culls", {"mode": "teams"}, first="blue")
    for seat_name, player in NAMED.items():
        rig.controller.submit(NameSeat(seat_of(rig, seat_name), player))
    rig.controller.step()
    for cell in ("g8", "h8", "a1", "i8", "j8", "i8"):  # Blue A traps, flips Ida's chip
        rig.tap(cell)
    with serve_in_thread(rig.controller, host="127.0.0.1", port=0, history_dir=state) as web:
        page = open_window(1280, 720)
        page.goto(f"{web.url}scoreboard")
        expect(page.locator("#turn")).to_contain_text(LONG)
        said = {where: page.locator(where).inner_text() for where in SENTENCES}
        assert said["#turn"].startswith(f"{LONG} to ")
        assert said["#message"].startswith(f"{LONG}: move Ida's flipped chip")
        assert said["#said"].endswith(f"Blue A flipped i8: {LONG} moves it next")
        for where, text in said.items():
            for seat_name in NAMED:
                assert seat_name not in text, (
                    f"{where} {text!r} calls {NAMED[seat_name]} {seat_name}"
                )
    rig.board.close()
