"""The pages in a real Chromium: play by clicking, watch the LEDs and the scoreboard follow."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Locator, Page, expect

from firmware.controller.core.live import BoardView
from firmware.rules.api import JsonValue
from firmware.web import WebServer, serve_in_thread
from tests.browser_support import OpenWindow
from tests.web.conftest import PIN
from tests.web.fake_board import FakeLiveBoard

pytestmark = pytest.mark.browser

BLUE, RED, OFF = "#0046ff", "#ff1400", "#000000"


@pytest.fixture
def page(open_window: OpenWindow) -> Page:
    return open_window(1280, 900)


def cell(page: Page, name: str) -> Locator:
    """The board page's cell called ``name``."""
    return page.locator(f'.cell[data-cell="{name}"]')


def open_board(page: Page, web: WebServer) -> None:
    page.goto(web.url)
    expect(page.locator("#link")).to_have_attribute("data-state", "live")
    expect(page.locator(".cell")).to_have_count(225)


def test_clicking_cells_plays_and_lights_the_leds(page: Page, server: WebServer) -> None:
    open_board(page, server)
    h8 = cell(page, "h8")
    expect(h8).to_have_attribute("data-led", OFF)
    expect(h8).to_have_attribute("title", "h8")
    h8.click()
    expect(h8).to_have_attribute("data-led", BLUE)
    expect(h8).to_have_class(re.compile(r"\blit\b"))
    cell(page, "h8").click()
    expect(page.locator("#error")).to_contain_text("h8")
    for name in ("i8", "g9", "j9"):
        cell(page, name).click()
    expect(cell(page, "j9")).to_have_attribute("data-led", RED)
    expect(cell(page, "i8")).to_have_attribute("data-led", BLUE)
    expect(page.locator("#message")).to_contain_text("Blue")


def test_the_status_leds_ring_the_board(page: Page, server: WebServer) -> None:
    open_board(page, server)
    leds = page.locator(".edge .led")
    expect(leds).to_have_count(8)
    expect(leds.first).to_have_attribute("data-led", BLUE)
    for name in ("a1", "b1", "o15"):
        cell(page, name).click()
    expect(cell(page, "o15")).to_have_attribute("data-led", RED)
    expect(leds.last).to_have_attribute("data-led", RED)


def test_undo_takes_back_the_last_chip(page: Page, server: WebServer) -> None:
    open_board(page, server)
    cell(page, "c3").click()
    expect(cell(page, "c3")).to_have_attribute("data-led", BLUE)
    page.get_by_role("button", name="UNDO").click()
    expect(cell(page, "c3")).to_have_attribute("data-led", OFF)


def test_the_scoreboard_follows_the_board(open_window: OpenWindow, server: WebServer) -> None:
    board_page = open_window(1280, 800)
    scoreboard = board_page.context.new_page()  # a second tab of the same window
    open_board(board_page, server)
    scoreboard.goto(server.url + "scoreboard")
    expect(scoreboard.locator("#game")).to_have_text("Culls")
    expect(scoreboard.locator("#turn")).to_have_text("Blue to place a chip")
    board_page.bring_to_front()  # a page in the background gets few animation frames
    for name in ("h8", "i8", "g8"):
        cell(board_page, name).click()
        expect(scoreboard.locator(".move.latest")).to_have_text(name)
    expect(scoreboard.locator(".move")).to_have_text(["h8", "i8", "g8"])
    expect(scoreboard.locator("#turn")).to_have_text("Red to place a chip")
    expect(scoreboard.locator('.side[data-colour="red"]')).to_have_class(re.compile(r"\bto-move\b"))
    expect(scoreboard.locator('[data-points="blue"]')).to_have_text("0")
    expect(scoreboard.locator("#mode")).to_have_text("Duel · first to 3")


def test_a_won_round_shows_on_the_scoreboard(page: Page, server: WebServer) -> None:
    open_board(page, server)
    # Blue builds a row on rank 1 while red plays far away on rank 15.
    for name in ("a1", "b1", "a15", "c15", "c1", "e15", "d1", "g15", "e1"):
        cell(page, name).click()
        expect(cell(page, name)).not_to_have_attribute("data-led", OFF)
    page.goto(page.url + "scoreboard")
    expect(page.locator("#turn")).to_have_text("Round 1: Blue won")
    expect(page.locator("#result")).to_be_hidden()  # said once, in the turn line
    expect(page.locator('[data-points="blue"]')).to_have_text("1")
    expect(page.locator("#download")).to_have_attribute("href", "/api/record")


def test_the_pin_is_asked_for_and_enforced(
    page: Page, pin_server: WebServer, board: FakeLiveBoard
) -> None:
    open_board(page, pin_server)
    expect(page.locator("#pin-form")).to_be_visible()
    cell(page, "h8").click()
    expect(page.locator("#note")).to_have_text("Enter the PIN first.")
    page.locator("#pin").fill("1111")
    page.locator("#pin-save").click()
    cell(page, "h8").click()
    expect(page.locator("#note")).to_contain_text("Wrong PIN")
    assert board.submitted == []
    page.locator("#pin").fill(PIN)
    page.locator("#pin-save").click()
    cell(page, "h8").click()
    expect(cell(page, "h8")).to_have_attribute("data-led", BLUE)
    stored = page.evaluate("() => window.sessionStorage.getItem('cullsboard-pin')")
    assert stored == PIN


def test_without_a_pin_there_is_no_pin_field(page: Page, server: WebServer) -> None:
    open_board(page, server)
    expect(page.locator("#pin-form")).to_be_hidden()


def test_a_phone_can_play_by_tapping(open_window: OpenWindow, server: WebServer) -> None:
    phone = open_window(390, 844, has_touch=True, is_mobile=True)
    open_board(phone, server)
    cell(phone, "h8").tap()
    expect(cell(phone, "h8")).to_have_attribute("data-led", BLUE)
    width = phone.evaluate("() => document.documentElement.scrollWidth")
    assert width <= 390


def test_both_pages_render_mid_game(
    open_window: OpenWindow, server: WebServer, tmp_path: Path
) -> None:
    """Renders both pages mid-game (the docs' screenshots come from the real product's tests)."""
    folder = tmp_path
    board_page = open_window(1280, 860)
    open_board(board_page, server)
    for name in ("h8", "i9", "g8", "j8", "h9", "g10", "f9", "h10", "e10", "i7", "i10"):
        cell(board_page, name).click()
        expect(cell(board_page, name)).not_to_have_attribute("data-led", OFF)
    cell(board_page, "k11").hover()
    board_page.screenshot(path=str(folder / "board.png"))
    scoreboard = board_page.context.new_page()
    scoreboard.goto(server.url + "scoreboard")
    expect(scoreboard.locator(".move")).to_have_count(11)
    scoreboard.screenshot(path=str(folder / "scoreboard.png"))
    assert (folder / "board.png").stat().st_size > 10_000
    assert (folder / "scoreboard.png").stat().st_size > 10_000


def _teams_score(board: FakeLiveBoard) -> dict[str, JsonValue]:
    seats: list[JsonValue] = [
        {"colour": colour, "name": name}
        for colour, name in (("blue", "Ann"), ("red", "Bo"), ("blue", "Cy"), ("red", "Di"))
    ]
    return dict(
        board.view().score,
        mode="teams",
        seats=seats,
        seat=2,
        to_move="blue",
        awaiting="flip",
        round=3,
        scores={"blue": 1, "red": 1},
        last_result={"round": 2, "status": "won", "winner": "red", "words": "Red won"},
    )


def test_a_clock_shows_low_in_its_last_tenth_by_the_boards_own_whole_time(
    page: Page, board: FakeLiveBoard
) -> None:
    def clocks(blue: int, red: int) -> dict[str, JsonValue]:
        left: dict[str, JsonValue] = {"blue": blue, "red": red}
        clock: JsonValue = {"control": "5+3", "full_ms": 300_000, "left_ms": left, "running": None}
        return {**board.view().score, "clock": clock}

    with serve_in_thread(board, host="127.0.0.1", port=0, pin=None) as web:
        page.goto(web.url + "scoreboard")
        expect(page.locator("#link")).to_have_attribute("data-state", "live")
        board.publish(BoardView(board.view().frame, clocks(40_000, 5_000)))
        blue = page.locator('.clock-side[data-colour="blue"]')
        red = page.locator('.clock-side[data-colour="red"]')
        expect(blue.locator(".clock-time")).to_have_text("0:40")
        expect(blue).to_have_attribute("data-low", "")  # 40 s of 5 min: above the last tenth
        expect(red).to_have_attribute("data-low", "last")  # under ten seconds
        board.publish(BoardView(board.view().frame, clocks(29_000, 5_000)))
        expect(blue).to_have_attribute("data-low", "low")


def test_a_features_facts_show_on_the_scoreboard_and_the_board_page_in_their_words(
    page: Page, board: FakeLiveBoard
) -> None:
    fact: JsonValue = {"name": "unsaved", "label": "Games not saved", "words": "the journal"}
    with serve_in_thread(board, host="127.0.0.1", port=0, pin=None) as web:
        for address in ("scoreboard", ""):
            page.goto(web.url + address)
            expect(page.locator("#link")).to_have_attribute("data-state", "live")
            expect(page.locator("#facts")).to_be_hidden()
            board.publish(BoardView(board.view().frame, {**board.view().score, "facts": [fact]}))
            expect(page.locator("#facts li")).to_have_text(["Games not saved: the journal"])
            board.publish(BoardView(board.view().frame, {**board.view().score, "facts": []}))
            expect(page.locator("#facts")).to_be_hidden()


def test_the_scoreboard_shows_teams_and_who_acts(page: Page, board: FakeLiveBoard) -> None:
    with serve_in_thread(board, host="127.0.0.1", port=0, pin=None) as web:
        page.goto(web.url + "scoreboard")
        expect(page.locator("#link")).to_have_attribute("data-state", "live")
        board.publish(BoardView(board.view().frame, _teams_score(board)))
        expect(page.locator("#turn")).to_have_text("Cy to flip a trapped chip")
        expect(page.locator("#mode")).to_have_text("Teams · 2 vs 2 · first to 3")
        expect(page.locator(".members")).to_have_text(["Ann · Cy", "Bo · Di"])
        expect(page.locator("#result")).to_have_text("Last result — Round 2: Red won")
        expect(page.locator('[data-points="red"]')).to_have_text("1")
        over = dict(
            _teams_score(board), phase="match_over", over="match", match_winner="red", to_move=None
        )
        board.publish(BoardView(board.view().frame, over))
        expect(page.locator("#turn")).to_have_text("Red wins the match!")
        expect(page.locator('.side[data-colour="red"]')).to_have_class(re.compile(r"\bwinner\b"))


def test_the_scoreboard_shows_a_three_player_cube(page: Page, board: FakeLiveBoard) -> None:
    seats: list[JsonValue] = [
        {"colour": colour, "name": colour.title()} for colour in ("red", "black", "white")
    ]
    score: dict[str, JsonValue] = dict(
        board.view().score,
        game="cubulus",
        mode=None,
        players=3,
        seats=seats,
        rounds_to_win=1,
        scores={"red": 0, "black": 0, "white": 0},
        to_move="white",
        seat=2,
        awaiting="push",
        moves=["F012", "U220"],
    )
    with serve_in_thread(board, host="127.0.0.1", port=0, pin=None) as web:
        board.publish(BoardView(board.view().frame, score))
        page.goto(web.url + "scoreboard")
        expect(page.locator("#game")).to_have_text("Cubulus")
        expect(page.locator("#mode")).to_have_text("3 players")
        expect(page.locator(".side")).to_have_count(3)
        expect(page.locator("#turn")).to_have_text("White to push a ball into the cube")
        expect(page.locator(".move")).to_have_text(["F012", "U220"])


def test_the_page_reconnects_when_the_server_comes_back(page: Page, board: FakeLiveBoard) -> None:
    first = serve_in_thread(board, host="127.0.0.1", port=0, pin=None)
    port = int(first.url.rsplit(":", 1)[1].strip("/"))
    open_board(page, first)
    first.close()
    expect(page.locator("#link")).to_have_attribute("data-state", "lost")
    cell(page, "h8").click()
    expect(page.locator("#note")).to_have_text("Cannot reach the board")
    with serve_in_thread(board, host="127.0.0.1", port=port, pin=None):
        expect(page.locator("#link")).to_have_attribute("data-state", "live", timeout=15_000)
        cell(page, "h8").click()
        expect(cell(page, "h8")).to_have_attribute("data-led", BLUE)


def test_the_voice_line_shows_only_words_that_differ_from_the_sentence(
    page: Page, board: FakeLiveBoard
) -> None:
    with serve_in_thread(board, host="127.0.0.1", port=0, pin=None) as web:
        open_board(page, web)
        score = dict(board.view().score, message="Red wins round 1.")
        said: JsonValue = {"said": [{"text": "Red wins round 1."}]}
        board.publish(BoardView(board.view().frame, dict(score, voice=said)))
        expect(page.locator("#message")).to_have_text("Red wins round 1.")
        expect(page.locator("#voice")).to_be_hidden()
        other: JsonValue = {"said": [{"text": "Taken back."}]}
        board.publish(BoardView(board.view().frame, dict(score, voice=other)))
        expect(page.locator("#voice")).to_have_text("Voice: Taken back.")
