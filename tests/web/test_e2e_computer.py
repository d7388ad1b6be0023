"""The real ``cullsboard --mock-hal --computer red`` in Chromium: a Culls round against the
computer by clicks, the computer's moves appearing by themselves, and a HINT lit on the board."""

from __future__ import annotations

import json
import random
import time

import pytest
from playwright.sync_api import Page, expect

from firmware.rules.records import record_from_json, replay
from tests.browser_support import OpenWindow, Product, StartProduct
from tests.web.test_e2e_culls import assert_clean_exit, cell, enter_pin, open_board, score

pytestmark = pytest.mark.browser

WAIT_S = 60.0  # only reached if the computer never answers


def _wait_for(product: Product, ready: object) -> dict[str, object]:
    """The scoreboard once ``ready(score)`` holds."""
    deadline = time.monotonic() + WAIT_S
    while time.monotonic() < deadline:
        now = score(product)
        if ready(now):  # type: ignore[operator]
            return now
        time.sleep(0.05)
    raise AssertionError(f"the board did not get there: {json.dumps(score(product))[:300]}")


def _click_for(page: Page, token: str) -> None:
    """Click the cell that means ``token``: a placement, a flip, or a move's target."""
    target = token.rpartition("-")[2] if "-" in token else token.removeprefix("x")
    cell(page, target).click()


def test_a_culls_round_against_the_computer_by_clicks(
    open_window: OpenWindow, start_product: StartProduct
) -> None:
    product = start_product(
        "--game", "culls", "--mode", "duel", "--seed", "2", "--computer", "red", "--level", "1"
    )
    board = open_window()
    open_board(board, product)
    enter_pin(board, product.pin)
    seats = score(product)["seats"]
    assert isinstance(seats, list) and seats[1] == {
        "colour": "red", "name": "Red", "player": "computer", "level": 1, "player_name": None
    }  # fmt: skip
    rng = random.Random(4)
    hinted = False
    for _ in range(200):
        now = _wait_for(product, lambda s: s["status"] != "in_progress" or s["to_move"] == "blue")
        if now["status"] != "in_progress":
            break
        record = now["record"]
        state, _ = replay(record_from_json(record))
        if not hinted and state.awaiting() == "place" and state.ply >= 4:
            board.get_by_role("button", name="HINT").click()
            hint = _wait_for(product, lambda s: s["hint"] is not None)["hint"]
            assert isinstance(hint, dict) and state.why_illegal(str(hint["token"])) is None
            expect(cell(board, str(hint["cells"][0]))).to_have_attribute("data-led", "#ff9600")
            hinted = True
        ply = state.ply
        _click_for(board, rng.choice(state.legal_actions()))
        _wait_for(product, lambda s, p=ply: len(s["moves"]) > p)
    final = score(product)
    assert final["status"] in ("won", "draw") and hinted
    state, error = replay(record_from_json(final["record"]))
    assert error is None and state.outcome().is_over
    assert_clean_exit(product)


def test_the_board_page_seats_the_computer_and_sets_its_level(
    open_window: OpenWindow, start_product: StartProduct
) -> None:
    product = start_product("--game", "culls", "--mode", "duel", "--seed", "2")
    board = open_window()
    open_board(board, product)
    enter_pin(board, product.pin)
    form = board.locator("#computer-form")
    expect(form).to_be_visible()
    form.get_by_label("Red").check()
    form.get_by_label("Level").select_option("2")
    form.get_by_role("button", name="New game").click()
    now = _wait_for(product, lambda s: s["seats"][1]["player"] == "computer")
    assert now["seats"] == [
        {"colour": "blue", "name": "Blue", "player": "here", "level": None, "player_name": None},
        {"colour": "red", "name": "Red", "player": "computer", "level": 2, "player_name": None},
    ]
    expect(form.get_by_label("Red")).to_be_checked()
    assert_clean_exit(product)
