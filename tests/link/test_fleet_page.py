"""The fleet page in Chromium: a card per board with its mini-board, and one board alone."""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import expect

from tests.link.boards import LinkedBoard
from tests.link.broker import Mosquitto, wait_for
from tests.link.test_fleet import DUEL, boards_at, card_is

if TYPE_CHECKING:
    from tests.browser_support import OpenWindow

pytestmark = pytest.mark.browser

CANVAS_ROWS_JS = """() => {
  const canvas = document.querySelector('a.card[href$="table-1"] canvas');
  const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
  const rows = [];
  for (let y = 0; y < canvas.height; y += 1) {
    let row = '';
    for (let x = 0; x < canvas.width; x += 1) {
      const at = (y * canvas.width + x) * 4;
      row += [0, 1, 2].map((i) => data[at + i].toString(16).padStart(2, '0')).join('');
    }
    rows.push(row);
  }
  return rows;
}"""


def _lit_cells(base: str, board: str) -> int:
    lights = boards_at(base).get(board, {}).get("lights")
    rows = [str(row) for row in lights] if isinstance(lights, list) else []
    return sum(row[x : x + 6] != "000000" for row in rows for x in range(0, len(row), 6))


def test_the_fleet_page_draws_each_board_and_opens_one_alone(
    broker: Mosquitto, fleet_url: str, tmp_path: Path, open_window: OpenWindow
) -> None:
    first = LinkedBoard(broker.url, "table-1", tmp_path / "one", game=DUEL)
    second = LinkedBoard(broker.url, "table-2", tmp_path / "two")
    try:
        first.tap("h8")
        wait_for("h8 played", lambda: first.score["moves"] == ["h8"])
        first.tap("j8")  # off the diagonal: a board drawn on its side would show
        wait_for("j8 played", lambda: first.score["moves"] == ["h8", "j8"])
        to_move = str(first.score["to_move"])
        wait_for("both chips on the fleet", lambda: _lit_cells(fleet_url, "table-1") >= 2)
        wait_for("table-2 is heard", card_is(fleet_url, "table-2", status="online"))
        page = open_window()
        page.goto(fleet_url + "/")
        expect(page.locator("#summary")).to_have_text(re.compile(r"^2 boards, 2 online, 1 "))
        card = page.locator('a.card[href$="table-1"]')
        assert f"{to_move} to move" in card.inner_text()
        lights = boards_at(fleet_url)["table-1"]["lights"]
        assert isinstance(lights, list)
        assert page.evaluate(CANVAS_ROWS_JS) == [str(row).lower() for row in lights]
        card.click()
        page.wait_for_url("**/?board=table-1")
        expect(page.locator("a.card")).to_have_count(1)
        assert page.locator("#back").is_visible()
        second.close()
        page.goto(fleet_url + "/")
        expect(page.locator('a.card[href$="table-2"]')).to_have_attribute("data-status", "offline")
    finally:
        first.close()
        second.close()
