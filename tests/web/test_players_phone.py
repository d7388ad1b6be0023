"""In Chromium at 390 px (a phone): the players page's column headers break only between
words, and nothing scrolls sideways, with a long name in the table."""

from __future__ import annotations

import datetime
from pathlib import Path

import pytest
from playwright.sync_api import expect

from firmware.web import serve_in_thread
from tests.browser_support import OpenWindow
from tests.web.test_player_pages import named_match

pytestmark = pytest.mark.browser

NOW = datetime.datetime(2026, 11, 30, 12, 0)
PHONE = 390

# Each word of each header cell as one range: a word broken over two lines has two rectangles.
WORDS_BROKEN = """() => {
  const broken = [];
  for (const cell of document.querySelectorAll("table.players th")) {
    const text = cell.firstChild;
    if (!text || text.nodeType !== Node.TEXT_NODE) continue;
    for (const found of text.data.matchAll(/\\S+/g)) {
      const range = document.createRange();
      range.setStart(text, found.index);
      range.setEnd(text, found.index + found[0].length);
      if (range.getClientRects().length > 1) broken.push(found[0]);
    }
  }
  return broken;
}"""


def test_the_players_headers_are_whole_words_on_a_phone(
    open_window: OpenWindow, tmp_path: Path
) -> None:
    state = tmp_path / "state"
    rig = named_match(state, {"blue": "Maximilian-Alexander2", "red": "Ida"}, "blue", NOW)
    with serve_in_thread(rig.controller, host="127.0.0.1", port=0, history_dir=state) as web:
        page = open_window(PHONE, 844)
        page.goto(f"{web.url}players?period=all&day={NOW.date().isoformat()}")
        expect(page.locator("table.players tbody tr")).to_have_count(2)
        headers = page.locator("table.players th").all_inner_texts()
        assert headers == ["#", "Player", "Matches won", "Matches", "Rating"]
        assert page.evaluate(WORDS_BROKEN) == []
        table = "document.querySelector('table.players')"
        assert page.evaluate(f"{table}.scrollWidth <= {table}.clientWidth")
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE
    rig.board.close()
