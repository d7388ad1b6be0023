"""The real ``cullsboard --mock-hal`` in Chromium: a Cubulus game pushed by clicks on the cube."""

from __future__ import annotations

import itertools
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from firmware.commands.layout import layout_of
from tests.browser_support import OpenWindow, Product, StartProduct
from tests.web.client import post, request

pytestmark = pytest.mark.browser

CUBULUS = ("--game", "cubulus", "--players", "2", "--seed", "3")
CENTRE = "m2"  # the display of the hidden centre cell, 111
# Nine cells showing nine different cube cells, the centre included, for the white balls.
NEUTRALS = ["m2", "f15", "e10", "g9", "j11", "n9", "b10", "f6", "o11"]
# Eight pushes on eight different lines; the last turns a full line round.
PUSHES = ["f10", "j10", "f14", "e9", "k11", "g7", "n11", "c10"]


def led(page: Page, name: str) -> str:
    return page.locator(f'.cell[data-cell="{name}"]').get_attribute("data-led") or ""


def test_a_cubulus_game_is_pushed_by_clicks(
    open_window: OpenWindow, start_product: StartProduct, screenshot_folder: Path
) -> None:
    layout = layout_of("cubulus")  # what `cullsboard layout --game cubulus` prints
    product = start_product(*CUBULUS)
    board = open_window()
    kiosk = open_window(1920, 1080)  # a café screen
    kiosk.goto(product.url + "scoreboard", wait_until="commit")  # loads while the board does
    board.goto(product.url)
    expect(board.locator("#link")).to_have_attribute("data-state", "live")
    board.locator("#pin").fill(product.pin)
    board.locator("#pin-save").click()
    neutral_player = str(current_score(product)["to_move"])
    pusher = "black" if neutral_player == "red" else "red"
    expect(kiosk.locator("#game")).to_have_text("Cubulus")
    expect(kiosk.locator("#mode")).to_have_text("2 players")
    expect(kiosk.locator("#turn")).to_have_text(f"{neutral_player.title()} to place a white ball")

    centre_before = led(board, CENTRE)
    played: list[str] = []
    for name in NEUTRALS:  # through the API, with the PIN, as a phone would send them
        reply = post(product.url + "api/touch", {"cell": name}, {"X-Cullsboard-Pin": product.pin})
        assert reply.status == 202, reply.body
        played.append("N" + ("111" if name == CENTRE else layout[name][1:]))
        expect(kiosk.locator(".move.latest")).to_have_text(played[-1])
    expect(kiosk.locator("#turn")).to_have_text(f"{pusher.title()} to push a ball into the cube")
    expect(board.locator(f'.cell[data-cell="{CENTRE}"]')).not_to_have_attribute(
        "data-led", centre_before
    )
    white = led(board, CENTRE)
    for name in NEUTRALS:
        expect(board.locator(f'.cell[data-cell="{name}"]')).to_have_attribute("data-led", white)
    for number, name in enumerate(PUSHES):
        before = led(board, name)
        board.locator(f'.cell[data-cell="{name}"]').click()
        expect(board.locator(f'.cell[data-cell="{name}"]')).not_to_have_attribute(
            "data-led", before
        )
        played.append(layout[name])
        expect(kiosk.locator(".move.latest")).to_have_text(played[-1])
        next_player = neutral_player if number % 2 == 0 else pusher
        expect(kiosk.locator("#turn")).to_have_text(
            f"{next_player.title()} to push a ball into the cube"
        )
    expect(kiosk.locator(".move")).to_have_text(played)
    check_the_net_is_labelled(board)
    check_the_cube_in_3d(board, current_score(product), played[-1])
    board.screenshot(path=str(screenshot_folder / "cubulus.png"))

    turn_the_cube(board)
    push = "B022"  # a corner on three faces: the 3D view pushes from the face clicked
    board.locator(f'.cube3d .face-cell[data-push="{push}"]').click()
    played.append(push)
    expect(kiosk.locator(".move.latest")).to_have_text(push)
    expect(board.locator(".face-cell.last")).to_have_attribute("data-push", push)
    check_the_cube_in_3d(kiosk, current_score(product), push)
    kiosk.screenshot(path=str(screenshot_folder / "scoreboard-cubulus.png"))

    record = request(product.url + "api/record").json()
    assert record["game"] == "cubulus"
    assert record["first"] == pusher
    assert record["moves"] == played
    code, stderr = product.stop()
    assert "Traceback" not in stderr, stderr
    assert code == 0, stderr


def check_the_net_is_labelled(page: Page) -> None:
    """Face names beside the net's faces, the centre cell explained, empty holes drawn as holes."""
    for face, name in {"U": "top", "L": "left", "F": "front", "R": "right", "B": "back"}.items():
        expect(page.locator(f'.net-label[data-face="{face}"]')).to_contain_text(f"{face} {name}")
    expect(page.locator(".net-label.centre")).to_contain_text(f"{CENTRE} ▾ the centre of the cube")
    empty = "e11"  # F002: no ball there in this game
    expect(page.locator(f'.cell[data-cell="{empty}"]')).to_have_class(re.compile(r"\bdim\b"))
    expect(page.locator(f'.cell[data-cell="{empty}"]')).not_to_have_class(re.compile(r"\blit\b"))
    expect(page.locator(f'.cell[data-cell="{NEUTRALS[1]}"]')).to_have_class(re.compile(r"\blit\b"))


def check_the_cube_in_3d(page: Page, score: dict[str, object], last: str) -> None:
    """Every one of the 27 places shows the ball the rules hold there; the last push is lit."""
    position = score["position"]
    assert isinstance(position, dict)
    cells = position["cells"]
    assert isinstance(cells, dict)
    balls = page.locator(".cube3d .ball3d")
    expect(balls).to_have_count(27)
    for x, y, z in itertools.product(range(3), repeat=3):
        name = f"{x}{y}{z}"
        ball = page.locator(f'.ball3d[data-cube-cell="{name}"]')
        expect(ball).to_have_attribute("data-colour", str(cells.get(name, "")))
    expect(page.locator(".face-cell.last")).to_have_attribute("data-push", last)
    expect(page.locator(".ball3d.last")).to_have_attribute("data-cube-cell", last[1:])
    for face in "ULFRBD":
        expect(page.locator(f'.face3d[data-face="{face}"] .face-label')).to_have_count(1)


def turn_the_cube(page: Page) -> None:
    """A drag turns the cube (and is not taken for a push): B comes round to the front."""
    view = page.locator(".cube-view")
    before = view.get_attribute("data-turn")
    box = view.bounding_box()
    assert box is not None
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(x, y)
    page.mouse.down()
    for step in range(1, 11):
        page.mouse.move(x + 30 * step, y)
    page.mouse.up()
    expect(view).not_to_have_attribute("data-turn", before or "")


def current_score(product: Product) -> dict[str, object]:
    view = request(product.url + "api/state").json()
    score: dict[str, object] = view["score"]
    return score
