"""The fleet's tournaments page in Chromium: staff type the PIN, create a Swiss event of four,
pair its first round; the page says each game and its table, the tables' results, and the
standings, as the server words them."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import expect

from tests.link.broker import wait_for
from tests.link.tournament_rig import PIN, Start, Table

if TYPE_CHECKING:
    from tests.browser_support import OpenWindow

pytestmark = pytest.mark.browser


def test_staff_create_and_pair_an_event_on_the_page_and_watch_it_played(
    started: Start,
    two_tables: list[Table],
    tmp_path: Path,
    pin_file: Path,
    open_window: OpenWindow,
    screenshot_folder: Path,
) -> None:
    fleet = started(tmp_path / "fleet", pin_file)
    page = open_window(width=1000, height=1100)
    page.goto(fleet.url + "tournaments")
    expect(page.locator("#summary")).to_have_text("No tournament yet")
    page.fill("#pin", "0000")
    page.locator("#pin").dispatch_event("change")
    page.fill("input[name=name]", "Tuesday Swiss")
    page.fill("textarea[name=players]", "Ana\nBen\nCleo\nDev")
    page.click("button[type=submit]")
    expect(page.locator("#answer")).to_have_text("wrong staff PIN")
    page.fill("#pin", PIN)
    page.locator("#pin").dispatch_event("change")
    page.fill("input[name=name]", "Tuesday Swiss")
    page.fill("textarea[name=players]", "Ana\nBen\nCleo\nDev")
    page.click("button[type=submit]")
    event = page.locator("section.event")
    expect(event.locator(".headline-line")).to_have_text("4 players, not yet paired")
    event.get_by_role("button", name="Pair round 1").click()
    expect(event.locator(".headline-line")).to_have_text("Round 1 of 2: 2 games being played")
    wait_for("both tables sent a game", lambda: all(t.playing() for t in two_tables))
    games = event.locator(".games li")
    expect(games).to_have_count(2)
    for table in two_tables:
        playing = table.playing()
        assert playing is not None and isinstance(playing["players"], list)
        first, second = playing["players"]
        said = f"{first} vs {second}, {table.board}: being played"
        expect(games.filter(has_text=said)).to_have_count(1)
    page.screenshot(path=str(screenshot_folder / "fleet-tournament.png"))
    one, other = two_tables
    assert one.playing() is not None and other.playing() is not None
    winner = str(one.playing()["players"][0])  # type: ignore[index]
    one.finish(winner, "time")
    expect(games.filter(has_text=f"{winner} won (time)")).to_have_count(1)
    first_row = event.locator("table tr").nth(1)
    expect(first_row).to_contain_text(winner)
    key = str(other.playing()["key"])  # type: ignore[index]
    picker = event.get_by_label(f"Enter the result of {key}")
    picker.select_option(label="A draw")
    expect(event.locator(".headline-line")).to_have_text("Round 1 of 2: ready for the next round")
    expect(games.filter(has_text="a draw (entered by staff)")).to_have_count(1)
