"""The real ``cullsboard --mock-hal --clock`` in Chromium: the clocks count down on the board
page and on the scoreboard, and a flag fall ends the round with its sentence."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser_support import OpenWindow, StartProduct
from tests.web.test_e2e_culls import cell, enter_pin, open_board, score

pytestmark = pytest.mark.browser

SETUP = ("h8", "h10", "a1", "a2")  # the four untimed setup chips


def seconds(text: str) -> float:
    minutes, _, rest = text.partition(":")
    return int(minutes) * 60 + float(rest)


def test_the_clocks_count_and_a_flag_fall_ends_the_round_on_time(
    open_window: OpenWindow, start_product: StartProduct
) -> None:
    product = start_product("--game", "culls", "--mode", "duel", "--seed", "1", "--clock", "0.1")
    board = open_window()
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
    earlier = seconds(mine.inner_text())
    board.wait_for_timeout(1500)
    later = seconds(mine.inner_text())
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
