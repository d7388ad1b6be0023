"""The board's pages show the online game: the join code, then who plays here from afar."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from firmware.link.online_request import HOST, OnlineRequest
from firmware.web import serve_in_thread
from tests.link.boards import LinkedBoard
from tests.link.broker import Mosquitto, wait_for
from tests.link.online_play import connected_to, online_of

if TYPE_CHECKING:
    from tests.browser_support import OpenWindow

pytestmark = pytest.mark.browser


def test_the_pages_show_the_join_code_and_then_the_other_board(
    broker: Mosquitto, tmp_path: Path, open_window: OpenWindow
) -> None:
    host = LinkedBoard(
        broker.url, "table-1", tmp_path / "host",
        online=OnlineRequest(HOST, game="culls", rules={"mode": "duel"}, first="blue"),
    )  # fmt: skip
    guest: LinkedBoard | None = None
    try:
        wait_for("a join code", lambda: "code" in online_of(host))
        code = str(online_of(host)["code"])
        with serve_in_thread(host.controller, host="127.0.0.1", port=0) as web:
            board_page = open_window()
            board_page.goto(web.url)
            online = board_page.locator("#online")
            online.wait_for(state="visible")
            assert code in online.inner_text() and "join it" in online.inner_text()
            assert board_page.locator("#computer-form").is_hidden()  # no computer over it
            guest = LinkedBoard(broker.url, "home-2", tmp_path / "guest")
            with serve_in_thread(guest.controller, host="127.0.0.1", port=0) as guest_web:
                guest_page = open_window()
                guest_page.goto(guest_web.url)
                guest_page.locator(".online-play summary").click()
                guest_page.fill("#join-code", code.lower())
                guest_page.click("#join")
                wait_for("connected", connected_to(host, "home-2"))
                guest_page.wait_for_function(
                    "document.getElementById('online').textContent.includes('table-1')"
                )
            scoreboard = open_window()
            scoreboard.goto(web.url + "scoreboard")
            line = scoreboard.locator("#online")
            line.wait_for(state="visible")
            scoreboard.wait_for_function(
                "document.getElementById('online').textContent.includes('home-2 (connected)')"
            )
    finally:
        host.close()
        if guest is not None:
            guest.close()
