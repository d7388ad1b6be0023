"""In Chromium: names put on the seats from the board page (a phone) reach the scoreboard, the
history and the day's leaderboard; UNDO of a winning move takes its win back; markup stays text."""

from __future__ import annotations

import datetime
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from firmware.config.schema import KioskConfig
from firmware.controller.core.live import NameSeat
from firmware.rules.api import JsonValue
from firmware.web import serve_in_thread
from tests.browser_support import OpenWindow
from tests.controller.conftest import Rig
from tests.history.test_leaderboard import play_rounds
from tests.web.client import request

pytestmark = pytest.mark.browser

MARKUP = "<img src=x>Ben"  # within the 20 characters a name may have
NOW = datetime.datetime(2026, 11, 30, 19, 5)  # the boards' and the pages' today (an evening)
TODAY = NOW.date().isoformat()
DUEL: dict[str, JsonValue] = {"mode": "duel", "rounds_to_win": 3}


def settle(rig: Rig, done: Callable[[], bool]) -> None:
    """Step the board until what the web sent has been handled."""
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        rig.controller.step()
        if done():
            return
        time.sleep(0.05)
    raise AssertionError("the board did not take the command")


def put_names(rig: Rig, page: Page, names: dict[str, str]) -> None:
    seats = rig.score["seats"]
    assert isinstance(seats, list)
    for index, seat in enumerate(seats):
        assert isinstance(seat, dict)
        page.locator(f'#names-seats input[data-seat="{index}"]').fill(names[str(seat["colour"])])
    page.locator("#names-save").click()

    def named() -> bool:
        current = rig.score["seats"]
        assert isinstance(current, list)
        wanted = [names[str(s["colour"])] for s in current if isinstance(s, dict)]
        return [s["player_name"] for s in current if isinstance(s, dict)] == wanted

    settle(rig, named)


def leaderboard(url: str) -> list[tuple[str, int, int, int]]:
    reply = request(url + f"api/leaderboard?day={TODAY}")
    assert reply.status == 200, reply.body
    body = reply.json()
    assert body["day"] == TODAY
    return [(p["name"], p["wins"], p["rounds"], p["matches"]) for p in body["players"]]


def test_two_named_matches_make_the_leaderboard_on_the_scoreboard(
    open_window: OpenWindow, tmp_path: Path
) -> None:
    state = tmp_path / "state"
    rig = Rig(state, wall_start=NOW).start(
        "culls", {"mode": "duel", "rounds_to_win": 3}, first="blue"
    )
    with serve_in_thread(
        rig.controller, today=rig.today, host="127.0.0.1", port=0, history_dir=state
    ) as web:
        phone = open_window(390, 844)
        phone.goto(web.url)
        expect(phone.locator("#names-form")).to_be_visible()
        put_names(rig, phone, {"blue": "Ana", "red": MARKUP})
        scoreboard = open_window(1280, 800)
        scoreboard.goto(web.url + "scoreboard")
        expect(scoreboard.locator("#sides")).to_contain_text(MARKUP)  # the markup, as text
        assert scoreboard.locator("#sides img").count() == 0
        play_rounds(rig, ["blue", "blue", "blue"])
        rig.controller.step()
        assert leaderboard(web.url) == [("Ana", 3, 3, 1), (MARKUP, 0, 3, 1)]

        rig.board.close()
    rig = Rig(state, wall_start=NOW).start(
        "culls", {"mode": "duel", "rounds_to_win": 3}, first="red"
    )
    with serve_in_thread(
        rig.controller, today=rig.today, host="127.0.0.1", port=0, history_dir=state
    ) as web:
        phone = open_window(390, 844)
        phone.goto(web.url)
        put_names(rig, phone, {"blue": "Cleo", "red": "Ana"})
        scoreboard = open_window(1280, 800)
        scoreboard.goto(web.url + "scoreboard")
        play_rounds(rig, ["red", "blue", "red", "red"])
        rig.controller.step()
        assert leaderboard(web.url) == [("Ana", 6, 7, 2), ("Cleo", 1, 4, 1), (MARKUP, 0, 3, 1)]
        champions = scoreboard.locator("#champions-list li")
        expect(champions).to_have_count(2)  # a player without a win is not a champion
        expect(champions.first).to_have_text("1.Ana2 matches won")
        expect(champions.nth(1)).to_have_text("2.Cleo1 round won")
        expect(scoreboard.locator("#turn")).to_have_text("Ana wins the match!")  # by name

        rig.press("undo")  # the winning move back: the last round and the match are open
        assert leaderboard(web.url) == [("Ana", 5, 6, 2), ("Cleo", 1, 3, 1), (MARKUP, 0, 3, 1)]
        expect(champions.first).to_have_text("1.Ana1 match won")
        history = open_window(390, 844)
        history.goto(web.url + f"history?day={TODAY}")
        expect(history.locator("body")).to_contain_text(MARKUP)
        for page in (scoreboard, phone, history):
            assert page.locator("img:not(#qr)").count() == 0
    rig.board.close()


def test_the_attract_show_offers_to_challenge_todays_champion(
    open_window: OpenWindow, tmp_path: Path
) -> None:
    state = tmp_path / "state"
    kiosk = KioskConfig(enabled=True, staff_pin="48260", attract_minutes=1.0)
    rig = Rig(state, wall_start=NOW, kiosk=kiosk).start("culls", DUEL, first="blue")
    rig.controller.submit(NameSeat(0, "Ana"))
    play_rounds(rig, ["blue"])
    with serve_in_thread(
        rig.controller, today=rig.today, host="127.0.0.1", port=0, history_dir=state
    ) as web:
        scoreboard = open_window(1280, 800)
        scoreboard.goto(web.url + "scoreboard")
        expect(scoreboard.locator("#champions-list li")).to_have_text(["1.Ana1 round won"])
        rig.advance(120.0)  # nobody touches the board: the attract show
        expect(scoreboard.locator("#turn")).to_have_text(
            "Challenge today's champion: Ana (1 round won)"
        )
    rig.board.close()


def test_a_name_typed_stays_while_the_board_moves_on_until_it_is_saved(
    open_window: OpenWindow, tmp_path: Path
) -> None:
    """The first seat's name typed, then the board's view changes (a move, a blink, a clock
    tick) while the second is typed: both names are saved as typed."""
    rig = Rig(tmp_path / "state", wall_start=NOW).start("culls", DUEL, first="blue")
    with serve_in_thread(rig.controller, today=rig.today, host="127.0.0.1", port=0) as web:
        phone = open_window(390, 844)
        phone.goto(web.url)
        first = phone.locator('#names-seats input[data-seat="0"]')
        second = phone.locator('#names-seats input[data-seat="1"]')
        first.fill("Ana")
        second.click()  # on to the second name: the first is typed, not saved, not in focus
        rig.tap("h8")
        rig.controller.step()
        expect(phone.locator("#last-action")).to_contain_text("h8")  # the new view has come
        expect(first).to_have_value("Ana")
        second.fill("Ben")
        phone.locator("#names-save").click()

        def named() -> bool:
            seats = rig.score["seats"]
            assert isinstance(seats, list)
            return [s.get("player_name") for s in seats if isinstance(s, dict)] == ["Ana", "Ben"]

        settle(rig, named)
