"""In Chromium: players who last. Two named matches played on the board make the players page
(a day, a week, all time, with ratings) and each player's own page; markup in a name is text."""

from __future__ import annotations

import datetime
import urllib.parse
from pathlib import Path

import pytest
from playwright.sync_api import expect

from firmware.controller.core.live import NameSeat
from firmware.web import serve_in_thread
from tests.browser_support import OpenWindow
from tests.controller.conftest import Rig
from tests.history.test_leaderboard import play_rounds
from tests.web.client import request

pytestmark = pytest.mark.browser

NOW = datetime.datetime(2026, 11, 30, 12, 0)  # a Monday
MARKUP = "<b>Bo</b>"


def named_match(state: Path, names: dict[str, str], winner: str, wall: datetime.datetime) -> Rig:
    rig = Rig(state, wall_start=wall).start(
        "culls", {"mode": "duel", "rounds_to_win": 3}, first="blue"
    )
    seats = rig.score["seats"]
    assert isinstance(seats, list)
    for index, seat in enumerate(seats):
        assert isinstance(seat, dict)
        rig.controller.submit(NameSeat(index, names[str(seat["colour"])]))
    rig.controller.step()
    play_rounds(rig, [winner] * 3)
    assert rig.score["phase"] == "match_over"
    return rig


def test_the_players_pages_show_the_day_the_week_and_a_player(
    open_window: OpenWindow, tmp_path: Path
) -> None:
    state = tmp_path / "state"
    earlier = NOW - datetime.timedelta(days=8)  # the week before
    named_match(state, {"blue": "Ana", "red": MARKUP}, "red", earlier).board.close()
    rig = named_match(state, {"blue": "Ana", "red": MARKUP}, "blue", NOW)
    with serve_in_thread(rig.controller, host="127.0.0.1", port=0, history_dir=state) as web:
        day = NOW.date().isoformat()
        reply = request(web.url + f"api/players?period=week&day={day}")
        assert reply.status == 200, reply.body
        week = [(p["name"], p["matches"], p["match_wins"]) for p in reply.json()["players"]]
        assert week == [("Ana", 1, 1), (MARKUP, 1, 0)]
        reply = request(web.url + f"api/players?period=all&day={day}")
        every = [(p["name"], p["matches"], p["match_wins"]) for p in reply.json()["players"]]
        assert every == [("Ana", 2, 1), (MARKUP, 2, 1)]
        assert request(web.url + "api/players?period=year").status == 400

        page = open_window(390, 844)
        page.goto(f"{web.url}players?period=all&day={day}")
        rows = page.locator("table.players tbody tr")
        expect(rows).to_have_count(2)
        expect(rows.first.locator("td").nth(1)).to_have_text("Ana")
        expect(rows.nth(1).locator("td").nth(1)).to_have_text(MARKUP)  # as text, not bold
        assert page.locator("table.players b").count() == 0
        rows.nth(1).locator("a").click()
        expect(page.locator("h1")).to_have_text(MARKUP)
        expect(page.locator(".summary")).to_contain_text("1 of 2 matches won")
        expect(page.locator("table.players tbody tr")).to_have_count(2)
        expect(page.locator("table.players tbody tr").first).to_contain_text("lost")
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        missing = request(web.url + "players/" + urllib.parse.quote("Nobody"))
        assert missing.status == 404
    rig.board.close()
