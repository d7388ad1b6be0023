"""The real ``cullsboard --mock-hal --clock`` in Chromium: the clocks count down on the board
page itself (its views from the board held back meanwhile) and on the scoreboard, a flag fall ends
the round with its sentence, and the clock is chosen on the page's menu."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, WebSocketRoute, expect

from tests.browser_support import OpenWindow, StartProduct
from tests.web.test_e2e_culls import cell, enter_pin, open_board, score

pytestmark = pytest.mark.browser

SETUP = ("h8", "h10", "a1", "a2")  # the four untimed setup chips


def seconds(text: str) -> float:
    minutes, _, rest = text.partition(":")
    return int(minutes) * 60 + float(rest)


class HeldViews:
    """The board page's view stream through a gate: while ``held``, no view from the board
    reaches the page, so whatever the page shows changing it changes itself."""

    def __init__(self, page: Page) -> None:
        self.held = False
        page.route_web_socket("**/ws", self._route)

    def _route(self, ws: WebSocketRoute) -> None:
        server = ws.connect_to_server()
        server.on_message(lambda message: None if self.held else ws.send(message))


def test_the_clocks_count_and_a_flag_fall_ends_the_round_on_time(
    open_window: OpenWindow, start_product: StartProduct
) -> None:
    product = start_product("--game", "culls", "--mode", "duel", "--seed", "1", "--clock", "0.1")
    board = open_window()
    views = HeldViews(board)
    kiosk = open_window(1920, 1080)
    kiosk.goto(product.url + "scoreboard", wait_until="commit")
    open_board(board, product)
    enter_pin(board, product.pin)
    first = str(score(product)["to_move"])
    second = "red" if first == "blue" else "blue"
    clocks = board.locator("#clocks")
    expect(clocks).to_be_visible()
    expect(clocks.locator(".clock-side")).to_have_count(2)
    for name in SETUP:
        cell(board, name).click()
    mine = board.locator(f'.clock-side[data-colour="{first}"] .clock-time')
    expect(board.locator(f'.clock-side[data-colour="{first}"]')).to_have_class(
        re.compile(r"\brunning\b")
    )
    views.held = True  # from now on only the page's own countdown can move the time shown
    board.wait_for_timeout(200)
    earlier = seconds(mine.inner_text())
    board.wait_for_timeout(1500)
    later = seconds(mine.inner_text())
    views.held = False
    assert 0.8 <= earlier - later <= 2.5, (earlier, later)  # it counts down as it runs
    theirs = board.locator(f'.clock-side[data-colour="{second}"] .clock-time')
    expect(theirs).to_have_text("0:06.0")  # the other side's stands still
    expect(kiosk.locator(f'.clock-side[data-colour="{first}"]')).to_be_visible()
    sentence = f"{second.title()} won on time"
    expect(board.locator("#message")).to_contain_text(sentence, timeout=10_000)
    expect(kiosk.locator("#turn")).to_contain_text(sentence)
    expect(mine).to_have_text("0:00.0")
    final = score(product)
    assert (final["status"], final["winner"]) == ("won", second)


def test_the_clock_chosen_on_the_pages_menu_is_the_one_the_match_runs(
    open_window: OpenWindow, start_product: StartProduct
) -> None:
    product = start_product("--game", "culls", "--mode", "duel", "--seed", "1", "--clock", "10")
    board = open_window()
    open_board(board, product)
    enter_pin(board, product.pin)
    expect(board.locator('.clock-side[data-colour="red"] .clock-time')).to_have_text("10:00")
    board.get_by_role("button", name="MENU").click()
    row = board.get_by_role("group", name="Clock")
    expect(row.get_by_role("button", name="10 min")).to_have_attribute("aria-pressed", "true")
    row.get_by_role("button", name="5 min + 3 s").click()
    expect(row.get_by_role("button", name="5 min + 3 s")).to_have_attribute("aria-pressed", "true")
    expect(row.get_by_role("button", name="10 min")).to_have_attribute("aria-pressed", "false")
    board.locator(".menu-start").click()
    expect(board.locator(".menu-start")).to_be_hidden()
    for colour in ("blue", "red"):
        side = board.locator(f'.clock-side[data-colour="{colour}"] .clock-time')
        expect(side).to_have_text("5:00")
    clock = score(product)["clock"]
    assert isinstance(clock, dict) and clock["control"] == "5+3"
    board.get_by_role("button", name="MENU").click()
    board.get_by_role("group", name="Clock").get_by_role("button", name="no clock").click()
    board.locator(".menu-start").click()
    expect(board.locator(".menu-start")).to_be_hidden()  # the match begun, the menu gone
    expect(board.locator("#clocks")).to_be_hidden()
    assert score(product)["clock"] is None
