"""What a newcomer sees on the board page, in Chromium against the real ``cullsboard --mock-hal``:
a whole turn said, the way back to a paused game, MENU on the menu said, the page's own words and
button at a round's end, a middle level offered, black balls drawn black, the white balls left,
cells a finger can hit on a phone."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from firmware.players import HIGHEST, LOWEST, level_words
from tests.browser_support import OpenWindow, Product, StartProduct
from tests.web.client import post, request

pytestmark = pytest.mark.browser

CULLS = ("--game", "culls", "--mode", "duel", "--seed", "1")
CUBULUS = ("--game", "cubulus", "--players", "2", "--seed", "3")
# The first side's k8 traps i8 and j8 and flips i8; the second moves it away; the first makes
# five on column h (as in test_e2e_culls).
CULL = ["h8", "h10", "i8", "j8", "k8", "i8"]
TO_FIVE = ["a15", "h9", "o15", "h11", "n15", "h12"]
NEUTRALS = ["m2", "f15", "e10", "g9", "j11", "n9", "b10", "f6", "o11"]


def open_board(page: Page, product: Product) -> None:
    page.goto(product.url)
    expect(page.locator("#link")).to_have_attribute("data-state", "live")
    page.locator("#pin").fill(product.pin)
    page.locator("#pin-save").click()
    expect(page.locator("#note")).to_have_text("PIN kept for this tab.")


def click(page: Page, name: str) -> None:
    page.locator(f'.cell[data-cell="{name}"]').click()


def score(product: Product) -> dict[str, object]:
    found = request(product.url + "api/state").json()["score"]
    assert isinstance(found, dict)
    return found


def moves(product: Product) -> list[str]:
    found = score(product)["moves"]
    assert isinstance(found, list)
    return [str(move) for move in found]


def test_a_cull_and_its_flip_are_said_together_and_the_round_end_is_the_pages_own(
    open_window: OpenWindow, start_product: StartProduct, screenshot_folder: Path
) -> None:
    product = start_product(*CULLS)
    page = open_window(1280, 900)
    open_board(page, product)
    said = page.locator("#last-action")
    for name in CULL:
        click(page, name)
        expect(said).to_contain_text(name)
    # The flip says the placement whose trap it answers: a whole turn in one line.
    whole_turn = (
        r"^(Blue|Red) placed k8 and trapped i8 and j8; \1 flipped i8: (Blue|Red) moves it next$"
    )
    expect(said).to_have_text(re.compile(whole_turn))
    page.screenshot(path=str(screenshot_folder / "cull-said.png"))
    for name in TO_FIVE:
        click(page, name)
        expect(said).to_contain_text(name)
    message = page.locator("#message")
    page_words = (
        r"^(Blue|Red) wins round 1 \(first to 3 takes the match\)\. Press Next round to play on\.$"
    )
    expect(message).to_have_text(re.compile(page_words))
    assert "Touch the board" not in message.inner_text()
    go_on = page.get_by_role("button", name="Next round")
    expect(go_on).to_be_visible()
    expect(page.locator("#points")).to_be_visible()
    page.screenshot(path=str(screenshot_folder / "round-over.png"))
    scoreboard = page.context.new_page()
    scoreboard.goto(product.url + "scoreboard")
    expect(scoreboard.locator("#turn")).to_have_text(re.compile(r"^Round 1: (Blue|Red) won$"))
    expect(scoreboard.locator("#result")).to_be_hidden()  # not said twice
    expect(page.locator("#headline")).to_contain_text("round 1")
    for _ in range(20):  # the ready cell takes a tap once the final position has been shown
        if go_on.is_visible():
            go_on.click()
        page.wait_for_timeout(300)
        if "round 2" in page.locator("#headline").inner_text():
            break
    expect(page.locator("#headline")).to_contain_text("round 2")
    expect(go_on).to_be_hidden()


def test_back_to_the_game_from_a_lesson_and_the_menu_and_menu_on_the_menu_is_said(
    open_window: OpenWindow, start_product: StartProduct
) -> None:
    product = start_product(*CULLS)
    page = open_window(1280, 900)
    open_board(page, product)
    back = page.locator("#back-to-game")
    expect(back).to_be_hidden()
    click(page, "h8")
    expect(page.locator("#last-action")).to_contain_text("h8")
    page.get_by_role("button", name="LESSON").click()
    expect(page.locator("#headline")).to_contain_text("lesson")
    expect(back).to_have_text("Back to the game (Culls, round 1)")
    back.click()
    expect(page.locator("#headline")).to_have_text("Culls · duel · round 1")
    assert moves(product) == ["h8"]
    expect(back).to_be_hidden()

    page.get_by_role("button", name="MENU").click()
    expect(page.locator("#menu-panel")).to_be_visible()
    expect(back).to_be_visible()
    page.get_by_role("button", name="MENU").click()  # on the open menu: it picks the next game
    expect(page.locator("#message")).to_contain_text("MENU picked Culls teams")
    expect(page.locator("#message")).to_contain_text("NEW starts it")
    back.click()
    expect(page.locator("#headline")).to_have_text("Culls · duel · round 1")
    assert moves(product) == ["h8"] and score(product)["mode"] == "duel"


def test_the_menu_offers_a_middle_level_and_names_the_weakest_and_strongest(
    open_window: OpenWindow, start_product: StartProduct
) -> None:
    product = start_product()
    page = open_window(1280, 1000)
    open_board(page, product)
    levels = page.get_by_role("group", name="Computer level (1 weakest, 6 strongest)")
    expect(levels.get_by_role("button", name=re.compile(r"\b3\b"))).to_have_attribute(
        "aria-pressed", "true"
    )
    computer = page.get_by_role("group", name="Computer plays")
    computer.get_by_role("button", name="Red").click()
    page.get_by_role("button", name=re.compile("^Start: Culls duel")).click()
    expect(page.locator("#headline")).to_have_text("Culls · duel · round 1")
    box = page.locator("#computer-level")  # the Computer plays box, while the game is on
    expect(box).to_have_value("3")
    expect(box.locator("option[value='3']")).to_have_text(_option_text("culls", 3))
    seats = score(product)["seats"]
    assert isinstance(seats, list)
    assert [(s["name"], s["level"]) for s in seats] == [("Blue", None), ("Red", 3)]


def _option_text(game: str, number: int) -> str:
    """A level as the Computer plays box words it: its rating in ``game`` and a hint."""
    hint = {1: " (weakest)", 3: " (a middle one)", 6: " (strongest)"}.get(number, "")
    return level_words(game, number).removeprefix("level ") + hint


@pytest.mark.parametrize("game", [CULLS, CUBULUS], ids=["culls", "cubulus"])
def test_the_computer_box_says_each_levels_rating_in_the_game_played(
    game: tuple[str, ...], open_window: OpenWindow, start_product: StartProduct
) -> None:
    product = start_product(*game)
    page = open_window(1280, 1000)
    open_board(page, product)
    options = page.locator("#computer-level option")
    name = game[1]
    expect(options).to_have_text([_option_text(name, n) for n in range(LOWEST, HIGHEST + 1)])
    expect(options.nth(0)).to_contain_text(", about ")


def test_black_balls_are_drawn_black_and_the_white_balls_left_are_counted(
    open_window: OpenWindow, start_product: StartProduct, screenshot_folder: Path
) -> None:
    product = start_product(*CUBULUS)
    page = open_window(1280, 900)
    open_board(page, product)
    left = page.locator("#pieces-left")
    expect(left).to_contain_text("White 9")
    for number, name in enumerate(NEUTRALS, start=1):
        reply = post(product.url + "api/touch", {"cell": name}, {"X-Cullsboard-Pin": product.pin})
        assert reply.status == 202, reply.body
        expect(left).to_contain_text(f"White {9 - number}")
    for name in ("f10", "j10"):  # Red and Black push one ball each, whoever starts
        click(page, name)
        page.wait_for_timeout(200)
    black = page.locator(".cell.black-ball")
    expect(black.first).to_be_visible()
    drawn = black.first.evaluate("cell => getComputedStyle(cell).backgroundImage")
    assert "rgb(28, 29, 34)" in drawn, drawn  # drawn black, not the LED's navy
    if score(product)["to_move"] == "black":
        expect(page.locator(".led.black-ball").first).to_be_visible()  # Black's turn light
    page.screenshot(path=str(screenshot_folder / "cubulus-black.png"))


def test_a_phone_gets_cells_a_finger_can_hit(
    open_window: OpenWindow, start_product: StartProduct
) -> None:
    product = start_product(*CULLS)
    page = open_window(390, 844)
    page.goto(product.url)
    expect(page.locator("#link")).to_have_attribute("data-state", "live")
    box = page.locator('.cell[data-cell="h8"]').bounding_box()
    assert box is not None and box["width"] >= 25, box  # the round cell; its slot is wider
    slot = page.locator("#grid").bounding_box()
    assert slot is not None and slot["width"] / 15 >= 29, slot
