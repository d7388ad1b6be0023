"""The board page explains: the menu as buttons, the rules cards, what just happened, pieces left,
the Cubulus goal and the hint on the 3D cube; the real ``cullsboard --mock-hal`` in Chromium."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from firmware.controller.core.live import BoardView
from firmware.players import level_words
from firmware.rules.api import JsonValue
from firmware.web import WebServer
from tests.browser_support import OpenWindow, Product, StartProduct
from tests.web.client import request
from tests.web.fake_board import FakeLiveBoard

pytestmark = pytest.mark.browser

CELL_NAME = re.compile(r"\b[a-o](1[0-5]|[1-9])\b")
BLUE = "#2f7bff"  # the pages' blue (live.js COLOUR_NAMES)


def open_page(page: Page, url: str) -> None:
    page.goto(url)
    expect(page.locator("#link")).to_have_attribute("data-state", "live")
    expect(page.locator(".cell")).to_have_count(225)


def score(product: Product) -> dict[str, object]:
    reply = request(product.url + "api/state")
    assert reply.status == 200
    found = reply.json()["score"]
    assert isinstance(found, dict)
    return found


def use_pin(page: Page, pin: str) -> None:
    page.locator("#pin").fill(pin)
    page.locator("#pin-save").click()
    expect(page.locator("#note")).to_have_text("PIN kept for this tab.")


def test_the_menu_is_buttons_in_words_and_starts_a_game_against_the_computer(
    open_window: OpenWindow, start_product: StartProduct, screenshot_folder: Path
) -> None:
    product = start_product()
    page = open_window(1280, 1000)
    open_page(page, product.url)
    use_pin(page, product.pin)
    panel = page.locator("#menu-panel")
    expect(panel).to_be_visible()
    expect(page.locator("#headline")).to_have_text("Menu · Culls duel · First to 3")
    buttons = panel.get_by_role("button")
    expect(buttons.first).to_have_text("Culls duel")
    assert not CELL_NAME.search(panel.inner_text()), "the menu names no cells"
    expect(panel.get_by_role("group", name="Computer plays")).to_be_visible()
    expect(page.locator("#rules")).to_have_attribute("open", "")
    expect(page.locator("#rules .rules-title")).to_have_text("How to play Culls")
    expect(page.locator("#goal")).to_have_text(
        "Five of your chips in a row wins the round, first to 3 rounds"
    )
    page.locator(".rules-picture circle").first.wait_for()
    assert BLUE in page.locator(".rules-picture").first.inner_html()
    expect(page.locator("#message")).to_have_text(re.compile(r"^Pick a game"))
    assert not CELL_NAME.search(page.locator("#message").inner_text())
    page.screenshot(path=str(screenshot_folder / "menu.png"), full_page=True)

    panel.get_by_role("button", name="Cubulus, 2 players").click()
    expect(page.locator("#headline")).to_have_text("Menu · Cubulus, 2 players")
    expect(page.locator("#rules .rules-title")).to_have_text("How to play Cubulus")
    expect(page.locator("#goal")).to_have_text(
        "Four balls of your colour in a square on one face wins"
    )
    expect(panel.get_by_role("group", name="Game")).not_to_contain_text("First to")
    computer = panel.get_by_role("group", name="Computer plays")
    computer.get_by_role("button", name="Red").click()
    expect(computer.get_by_role("button", name="Red")).to_have_attribute("aria-pressed", "true")
    levels = panel.get_by_role("group", name=re.compile("Computer level"))
    second = levels.get_by_role("button", name=level_words("cubulus", 2), exact=True)
    second.click()
    expect(second).to_have_attribute("aria-pressed", "true")
    panel.get_by_role("button", name="Start: Cubulus, 2 players").click()
    expect(panel).to_be_hidden()
    seats = score(product)["seats"]
    assert isinstance(seats, list)
    assert [(s["name"], s["player"], s["level"]) for s in seats] == [
        ("Red", "computer", 2),
        ("Black", "here", None),
    ]
    expect(page.locator("#headline")).to_have_text("Cubulus · round 1")
    expect(page.locator("#pieces-left")).to_contain_text("Balls left:")
    expect(page.locator("#pieces-left")).to_contain_text("Red 9")
    legend = page.locator(".cube-legend")
    expect(legend).to_contain_text("Goal: four balls of your colour in a square on one face")
    expect(legend).to_contain_text("A ball on a corner of the cube shows on three faces of the net")


def test_a_cull_is_said_on_the_page_and_the_chips_left_count_down(
    open_window: OpenWindow, server: WebServer, board: FakeLiveBoard
) -> None:
    page = open_window(1280, 900)
    open_page(page, server.url)
    said = page.locator("#last-action")
    expect(said).to_be_hidden()
    for name in ("e10", "a1", "f10", "g10"):
        page.locator(f'.cell[data-cell="{name}"]').click()
        expect(said).to_contain_text(name)
    expect(page.locator("#pieces-left")).to_have_text("Chips left:Blue 28Red 28")
    page.locator('.cell[data-cell="h10"]').click()
    expect(said).to_have_text("Blue placed h10 and trapped f10 and g10: Blue flips one")
    expect(page.locator('#pieces-left [data-colour="blue"]')).to_have_text("Blue 27")
    scoreboard = page.context.new_page()
    scoreboard.goto(server.url + "scoreboard")
    expect(scoreboard.locator("#said")).to_have_text(
        "Blue placed h10 and trapped f10 and g10: Blue flips one"
    )


def test_the_hint_words_show_and_the_rules_card_folds_after_a_round(
    open_window: OpenWindow, server: WebServer, board: FakeLiveBoard
) -> None:
    page = open_window(1280, 900)
    open_page(page, server.url)
    expect(page.locator("#rules")).to_have_attribute("open", "")
    view = board.view()
    hint: JsonValue = {"token": "h9", "cells": ["h9"], "said": "Hint: h9 makes four"}
    board.publish(BoardView(view.frame, {**view.score, "hint": hint}))
    expect(page.locator("#hint-words")).to_have_text("Hint: h9 makes four")
    board.publish(BoardView(view.frame, {**view.score, "hint": None}))
    expect(page.locator("#hint-words")).to_be_hidden()
    won: JsonValue = {"round": 1, "status": "won", "winner": "blue"}
    board.publish(BoardView(view.frame, {**view.score, "status": "won", "last_result": won}))
    expect(page.locator("#rules")).not_to_have_attribute("open", "")
    page.reload()
    expect(page.locator("#rules .rules-title")).to_have_text("How to play Culls")
    expect(page.locator("#rules")).not_to_have_attribute("open", "")
    page.locator("#rules .rules-title").click()
    expect(page.locator("#rules")).to_have_attribute("open", "")


def test_hint_shows_on_the_3d_cube_too(
    open_window: OpenWindow, start_product: StartProduct
) -> None:
    product = start_product("--game", "cubulus", "--players", "3", "--level", "1", web_pin=None)
    page = open_window(1280, 1000)
    open_page(page, product.url)
    page.locator(".cube-view").wait_for()
    page.get_by_role("button", name="HINT").click()
    hinted = page.locator(".face-cell.hint")
    expect(hinted).to_have_count(1)
    hint = score(product)["hint"]
    assert isinstance(hint, dict)
    expect(hinted).to_have_attribute("data-push", str(hint["token"]))
    cells = hint["cells"]
    assert isinstance(cells, list) and len(cells) == 1
    expect(page.locator(f'.cell[data-cell="{cells[0]}"]')).not_to_have_attribute(
        "data-led", "#000000"
    )
    expect(page.locator("#hint-words")).to_have_text(str(hint["said"]))
    assert str(hint["said"]).startswith(f"Hint: push in at {cells[0]} from the ")


def test_the_real_board_says_each_action_on_the_page(
    open_window: OpenWindow, start_product: StartProduct
) -> None:
    product = start_product("--game", "culls", "--mode", "duel", "--seed", "1", web_pin=None)
    page = open_window(1280, 900)
    open_page(page, product.url)
    first = str(score(product)["to_move"]).title()
    page.locator('.cell[data-cell="h8"]').click()
    expect(page.locator("#last-action")).to_have_text(f"{first} placed h8")
    page.get_by_role("button", name="UNDO").click()
    expect(page.locator("#last-action")).to_have_text("Taken back")  # the UNDO, said once
