"""The café's champions on the fleet page: each board's named winners, added up across boards."""

from __future__ import annotations

import datetime
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import expect

from firmware.controller.core.live import NameSeat
from tests.controller.games import culls_round_taps
from tests.link.boards import LinkedBoard
from tests.link.broker import Mosquitto, wait_for
from tests.link.test_fleet import DUEL, card_is
from tests.link.test_fleet_remove_silence import running_from

if TYPE_CHECKING:
    from tests.browser_support import OpenWindow

pytestmark = pytest.mark.browser
# The boards' clock: an afternoon, far from the café day's end (04:00), which a run on the wall
# clock may cross between the rounds and the page (the champions are the day's).
AFTERNOON = datetime.datetime(2026, 5, 9, 15, 0)


def named_round(board: LinkedBoard, winner_name: str, loser_name: str) -> None:
    """Name both seats, then the side to move first wins the round."""
    seats = board.score["seats"]
    assert isinstance(seats, list)
    first = str(board.score["to_move"])
    for index, seat in enumerate(seats):
        assert isinstance(seat, dict)
        name = winner_name if seat["colour"] == first else loser_name
        board.controller.submit(NameSeat(index, name))
    wait_for("the names on", lambda: all(
        isinstance(s, dict) and s["player_name"] for s in board.score["seats"]))  # type: ignore[union-attr]  # fmt: skip
    for cell in culls_round_taps(first, first):
        board.tap(cell)
    wait_for("the round won", lambda: board.score["status"] == "won")


def test_the_fleet_page_adds_up_the_cafes_champions(
    broker: Mosquitto, fleet_url: str, tmp_path: Path, open_window: OpenWindow
) -> None:
    wall = running_from(AFTERNOON)
    one = LinkedBoard(broker.url, "table-1", tmp_path / "one", game=DUEL, wall=wall)
    two = LinkedBoard(broker.url, "table-2", tmp_path / "two", game=DUEL, seed=3, wall=wall)
    try:
        named_round(one, "Ana", "Ben")
        named_round(two, "ana", "Cleo")
        wait_for("table-2's champions", card_is(fleet_url, "table-2", status="online"))
        page = open_window()
        page.goto(fleet_url + "/")
        champions = page.locator("#champions-list li")
        expect(champions).to_have_count(1, timeout=10_000)  # only Ana has won a round
        expect(champions.first).to_have_text("Ana: 2 rounds won")  # no match won yet
    finally:
        one.close()
        two.close()
