"""The panel, the seats and the terminal follow the mode on the board, not the last match.

A lesson, puzzles or a review opened over a match of the other game (and the other mode) show
only their own game: its name, no seats to name or give to the computer, no score of the match
waiting under them and nothing it played, on the board page, the scoreboard page and the
terminal's status.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.browser_support import OpenWindow, Product, StartProduct
from tests.web.client import request

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = {
    "culls": ROOT / "firmware/games/culls/samples/culls-sample.json",
    "cubulus": ROOT / "firmware/games/cubulus/samples/cubulus-2p-sample.json",
}
MATCHES = {  # a match of each game, in a mode the other game's lessons do not have
    "culls": ("--game", "culls", "--mode", "teams", "--seed", "1"),
    "cubulus": ("--game", "cubulus", "--players", "3", "--seed", "1"),
}
OTHER = {"culls": "cubulus", "cubulus": "culls"}


def _score(product: Product) -> dict[str, object]:
    found = request(product.url + "api/state").json()["score"]
    assert isinstance(found, dict)
    return found


def _open(page: Page, url: str) -> None:
    page.goto(url)
    expect(page.locator("#link")).to_have_attribute("data-state", "live")
    expect(page.locator(".cell")).to_have_count(225)


def _play_one_move(page: Page, product: Product) -> str:
    """The seat to act makes a legal move from the page; what the board said of it."""
    before = _score(product)
    page.get_by_role("button", name="HINT").click()  # the hint names a legal move's cell
    expect(page.locator("#hint-words")).not_to_be_empty()
    hint = _score(product)["hint"]
    assert isinstance(hint, dict)
    page.locator(f'.cell[data-cell="{hint["cells"][0]}"]').click()
    expect(page.locator("#last-action")).not_to_be_empty()
    said = _score(product)["last_action"]
    assert isinstance(said, str) and before["moves"] != _score(product)["moves"]
    return said


def _pick_on_menu(page: Page, product: Product, game: str) -> None:
    page.get_by_role("button", name="MENU").click()
    expect(page.locator("#headline")).not_to_contain_text("round")
    menu = _score(product)["menu"]
    assert isinstance(menu, dict)
    cell = next(g["cell"] for g in menu["games"] if g["game"] == game and g["cell"])
    page.locator(f'.cell[data-cell="{cell}"]').click()
    expect(page.locator("#headline")).to_contain_text(game.title())


def _terminal_status(product: Product, message: str) -> str:
    """The terminal's latest status line once it says ``message`` (what the board says now)."""
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        lines = [line for line in product.stdout if line.strip()]
        if lines and message[:40] in lines[-1]:
            return lines[-1]
        time.sleep(0.05)
    raise AssertionError(f"the terminal never said {message!r}: {product.stdout[-3:]}")


def _shows_only(page: Page, kiosk: Page, product: Product, game: str, said: str) -> None:
    """Every view names ``game`` and nothing of the match under it."""
    other = OTHER[game].title()
    headline = page.locator("#headline")
    expect(headline).to_contain_text(game.title())
    expect(headline).not_to_contain_text(other)
    expect(headline).not_to_contain_text("round")
    expect(page.locator("#points")).to_be_hidden()
    expect(page.locator("#names-form")).to_be_hidden()
    expect(page.locator("#computer-form")).to_be_hidden()
    expect(page.locator("#last-action")).to_be_hidden()
    expect(kiosk.locator("#game")).to_have_text(game.title())
    expect(kiosk.locator("#mode")).not_to_contain_text("first to")
    expect(kiosk.locator("#mode")).not_to_contain_text("Teams")
    expect(kiosk.locator("#sides .side")).to_have_count(0)
    expect(kiosk.locator("#said")).to_be_hidden()
    score = _score(product)
    assert score["game"] == game and score["seats"] == [] and score["scores"] == {}
    assert score["last_action"] is None and score["round"] is None
    status = _terminal_status(product, str(score["message"]))
    assert said not in status and OTHER[game] not in status.lower(), status


@pytest.mark.parametrize("game", ["culls", "cubulus"])
def test_a_lesson_and_puzzles_after_a_match_of_the_other_game_show_only_their_game(
    open_window: OpenWindow, start_product: StartProduct, game: str
) -> None:
    product = start_product(*MATCHES[OTHER[game]], web_pin=None)
    page = open_window(1280, 900)
    kiosk = open_window(1920, 1080)
    _open(page, product.url)
    kiosk.goto(product.url + "scoreboard")
    said = _play_one_move(page, product)
    expect(page.locator("#names-form")).to_be_visible()  # the match's seats, before
    _pick_on_menu(page, product, game)
    page.get_by_role("button", name="LESSON").click()
    expect(page.locator("#headline")).to_contain_text("lesson:")
    _shows_only(page, kiosk, product, game, said)
    page.get_by_role("button", name="PUZZLES").click()
    expect(page.locator("#headline")).to_contain_text("puzzle 1 of")
    _shows_only(page, kiosk, product, game, said)
    page.get_by_role("button", name="MENU").click()  # back: UNDO returns to the match
    page.get_by_role("button", name="UNDO").click()
    expect(page.locator("#names-form")).to_be_visible()
    assert _score(product)["game"] == OTHER[game]
    code, stderr = product.stop()
    assert code == 0 and "Traceback" not in stderr, stderr


@pytest.mark.parametrize("game", ["culls", "cubulus"])
def test_a_review_over_a_match_of_the_other_game_shows_only_its_game(
    open_window: OpenWindow, start_product: StartProduct, tmp_path: Path, game: str
) -> None:
    state = tmp_path / "kept-state"
    first = start_product(*MATCHES[OTHER[game]], web_pin=None, state=state)
    page = open_window(1280, 900)
    _open(page, first.url)
    said = _play_one_move(page, first)
    code, stderr = first.stop()
    assert code == 0, stderr
    product = start_product("review", str(SAMPLES[game]), web_pin=None, state=state)
    kiosk = open_window(1920, 1080)
    _open(page, product.url)
    kiosk.goto(product.url + "scoreboard")
    expect(page.locator("#headline")).to_contain_text("review:")
    _shows_only(page, kiosk, product, game, said)
    page.get_by_role("button", name="LEAVE REVIEW").click()  # the match waited under it
    expect(page.locator("#names-form")).to_be_visible()
    assert _score(product)["game"] == OTHER[game]
    code, stderr = product.stop()
    assert code == 0 and "Traceback" not in stderr, stderr
