"""The real ``cullsboard --mock-hal`` in Chromium: a Culls round played by clicks, and the PIN."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import Locator, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from tests.browser_support import OpenWindow, Product, StartProduct
from tests.web.client import post, request
from tests.web.conftest import RGB, png_pixels

pytestmark = pytest.mark.browser

OFF = "#000000"
WHITE = "#ffffff"
CULLS = ("--game", "culls", "--mode", "duel", "--seed", "1")
DOING = {"place": "place a chip", "flip": "flip a trapped chip", "move": "move the flipped chip"}

# One round, by the starting side ("first") and the other ("second"): the first side's k8 traps
# i8 and j8, it flips i8, the second side moves that chip away to a15, and the first side
# completes h8..h12. Each step: the cell clicked, its record token, who acts next and how.
ROUND: list[tuple[str, str, str | None, str | None]] = [
    ("h8", "h8", "first", "place"),
    ("h10", "h10", "second", "place"),
    ("i8", "i8", "second", "place"),
    ("j8", "j8", "first", "place"),
    ("k8", "k8", "first", "flip"),
    ("i8", "xi8", "second", "move"),
    ("a15", "i8-a15", "first", "place"),
    ("h9", "h9", "second", "place"),
    ("o15", "o15", "first", "place"),
    ("h11", "h11", "second", "place"),
    ("n15", "n15", "first", "place"),
    ("h12", "h12", None, None),
]
LINE = ["h8", "h9", "h10", "h11", "h12"]

# Every change of a cell's LED on the page, in order, so that nothing shown in between is missed.
LED_LOG = """() => {
  window.ledLog = [];
  new MutationObserver((changes) => {
    for (const change of changes) {
      window.ledLog.push([change.target.dataset.cell, change.target.dataset.led]);
    }
  }).observe(document.getElementById("grid"),
             {subtree: true, attributes: true, attributeFilter: ["data-led"]});
}"""

# Lets the test hold the views the page receives, so that a blinking light stays put while it
# is photographed; releasing shows the newest view held back.
HOLD_VIEWS = """(() => {
  const Native = window.WebSocket;
  let held = null;
  window.holdViews = false;
  window.releaseViews = () => {
    window.holdViews = false;
    const show = held;
    held = null;
    if (show) show();
  };
  window.WebSocket = class extends Native {
    set onmessage(listener) {
      this.addEventListener("message", listener);
    }
    addEventListener(type, listener, options) {
      if (type !== "message") return super.addEventListener(type, listener, options);
      const hold = (event) => {
        if (window.holdViews) held = () => listener(event);
        else listener(event);
      };
      return super.addEventListener(type, hold, options);
    }
  };
})();"""

# Waits until every named cell shows a colour inside (or outside) a set; then, if asked, holds
# the views at once, in the same moment, so that what was seen stays on the page.
CELLS_SHOW = """([names, colours, inside, hold]) => {
  const shown = names.map(
    (name) => document.querySelector(`.cell[data-cell='${name}']`).dataset.led);
  if (!shown.every((colour) => colours.includes(colour) === inside)) return false;
  if (hold) window.holdViews = true;
  return shown;
}"""


def cell(page: Page, name: str) -> Locator:
    return page.locator(f'.cell[data-cell="{name}"]')


def led(page: Page, name: str) -> str:
    return cell(page, name).get_attribute("data-led") or ""


def open_board(page: Page, product: Product) -> None:
    page.add_init_script(HOLD_VIEWS)
    page.goto(product.url)
    expect(page.locator("#link")).to_have_attribute("data-state", "live")
    expect(page.locator(".cell")).to_have_count(225)


def enter_pin(page: Page, pin: str) -> None:
    page.locator("#pin").fill(pin)
    page.locator("#pin-save").click()
    expect(page.locator("#note")).to_have_text("PIN kept for this tab.")


def cell_pixel(page: Page, name: str) -> RGB:
    """The colour drawn inside a cell, away from its highlight and rim."""
    box = cell(page, name).bounding_box()
    assert box is not None, f"{name} is not on screen"
    x, y = box["x"] + box["width"] * 0.7, box["y"] + box["height"] * 0.7
    shot = page.screenshot(clip={"x": x, "y": y, "width": 1, "height": 1})
    return png_pixels(shot)[0][0]


def rgb(colour: str) -> RGB:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def near(a: RGB, b: RGB, slack: int = 24) -> bool:
    return all(abs(x - y) <= slack for x, y in zip(a, b, strict=True))


def state(product: Product) -> dict[str, object]:
    reply = request(product.url + "api/state")
    assert reply.status == 200
    view: dict[str, object] = reply.json()
    return view


def score(product: Product) -> dict[str, object]:
    value = state(product)["score"]
    assert isinstance(value, dict)
    return value


def assert_clean_exit(product: Product) -> None:
    code, stderr = product.stop()
    assert "Traceback" not in stderr, stderr
    assert code == 0, stderr


def test_a_round_played_by_clicks_behind_the_pin_shows_the_flip_the_line_and_the_score(
    open_window: OpenWindow, start_product: StartProduct, screenshot_folder: Path
) -> None:
    product = start_product(*CULLS)
    board = open_window()
    kiosk = open_window(1920, 1080)  # a café screen
    kiosk.goto(product.url + "scoreboard", wait_until="commit")  # loads while the board does
    open_board(board, product)
    expect(kiosk.locator("#link")).to_have_attribute("data-state", "live")
    first = str(score(product)["to_move"])
    second = "red" if first == "blue" else "blue"
    side = {"first": first, "second": second}
    check_control_is_refused_without_the_pin(board, product)
    enter_pin(board, product.pin)
    board.evaluate(LED_LOG)
    expect(kiosk.locator("#game")).to_have_text("Culls")
    expect(kiosk.locator("#mode")).to_have_text("Duel · first to 3")
    expect(kiosk.locator("#turn")).to_have_text(f"{first.title()} to place a chip")
    expect(kiosk.locator(".move")).to_have_count(0)

    played: list[str] = []
    chip: dict[str, str] = {}
    for name, token, who, doing in ROUND:
        if token == "xi8":
            check_candidates_blink(board, ["i8", "j8"])
        cell(board, name).click()
        played.append(token)
        if token == name:
            expect(cell(board, name)).not_to_have_attribute("data-led", OFF)
        expect(kiosk.locator(".move")).to_have_text(played)
        expect(kiosk.locator(".move.latest")).to_have_text(token)
        if who is not None and doing is not None:
            expect(kiosk.locator("#turn")).to_have_text(f"{side[who].title()} to {DOING[doing]}")
            expect(kiosk.locator(f'.side[data-colour="{side[who]}"]')).to_have_class(
                re.compile(r"\bto-move\b")
            )
        if token == "j8":
            chip = {first: led(board, "h8"), second: led(board, "i8")}
            assert chip[first] != chip[second]
        if token == "xi8":
            flagged = screenshot_folder / "board.png"
            check_flipped_chip_is_flagged(board, "i8", chip=chip[second], screenshot=flagged)

    check_winning_line(
        board, LINE, chip=chip[first], screenshot=screenshot_folder / "board-won.png"
    )
    check_flag_lasted_until_the_move(board, "i8", chip=chip[second])
    assert score(product)["line"] == LINE
    expect(kiosk.locator("#turn")).to_have_text(f"Round 1: {first.title()} won")
    expect(kiosk.locator("#result")).to_be_hidden()  # the turn line says it, once
    expect(kiosk.locator(f'[data-points="{first}"]')).to_have_text("1")
    expect(kiosk.locator(f'[data-points="{second}"]')).to_have_text("0")
    expect(kiosk.locator(f'.side[data-colour="{first}"]')).to_have_class(re.compile(r"\bwinner\b"))
    for colour, points in ((first, 1), (second, 0)):
        points_side = board.locator(f'.points-side[data-colour="{colour}"]')
        expect(points_side).to_have_text(f"{colour.title()} {points}")
    kiosk.screenshot(path=str(screenshot_folder / "scoreboard.png"))

    with kiosk.expect_download() as download:
        kiosk.locator("#download").click()
    record = json.loads(Path(download.value.path()).read_text(encoding="utf-8"))
    assert record["game"] == "culls"
    assert record["first"] == first
    assert record["moves"] == played
    assert_clean_exit(product)


def check_control_is_refused_without_the_pin(page: Page, product: Product) -> None:
    """No PIN or a wrong one: the API answers 403, the page says so, and the board is unchanged."""
    touch, press = product.url + "api/touch", product.url + "api/press"
    before = state(product)
    missing = post(touch, {"cell": "o1"})
    assert missing.status == 403
    assert "needs a PIN" in missing.json()["error"]
    wrong = post(touch, {"cell": "o1"}, headers={"X-Cullsboard-Pin": "9999"})
    assert wrong.status == 403
    assert "wrong PIN" in wrong.json()["error"]
    assert post(press, {"button": "new"}).status == 403
    expect(page.locator("#pin-form")).to_be_visible()
    cell(page, "o1").click()
    expect(page.locator("#note")).to_have_text("Enter the PIN first.")
    enter_pin(page, "9999")
    cell(page, "o1").click()
    expect(page.locator("#note")).to_contain_text("Wrong PIN")
    assert state(product) == before
    assert led(page, "o1") == OFF


def check_candidates_blink(page: Page, candidates: list[str]) -> None:
    """Both trapped chips blink: each is seen in the white phase (checked on every frame)."""
    for name in candidates:
        wait_until_cells(page, [name], [WHITE], inside=True)


def check_flipped_chip_is_flagged(page: Page, name: str, *, chip: str, screenshot: Path) -> None:
    """The flipped chip shows neither as a plain chip nor as empty, and it keeps changing."""
    plain = [chip, WHITE, OFF]
    looks = wait_until_cells(page, [name], plain, inside=False)
    looks += wait_until_cells(page, [name], [*plain, *looks], inside=False)
    brighter = max(looks, key=lambda look: sum(rgb(look)))
    wait_until_cells(page, [name], [brighter], inside=True, hold=True)
    try:
        page.screenshot(path=str(screenshot))
        drawn = cell_pixel(page, name)
    finally:
        page.evaluate("() => window.releaseViews()")
    assert near(drawn, rgb(brighter)), f"{name} is drawn as {drawn}, not {brighter}"
    assert not near(drawn, rgb(chip)), f"{name} is drawn as a plain chip: {drawn}"


def wait_until_cells(
    page: Page, names: list[str], colours: list[str], *, inside: bool, hold: bool = False
) -> list[str]:
    """Wait until every cell shows a colour in ``colours`` (or none of them); return what shows."""
    try:
        shown: list[str] = page.wait_for_function(
            CELLS_SHOW, arg=[names, colours, inside, hold]
        ).json_value()
    except PlaywrightTimeoutError:
        now = [led(page, name) for name in names]
        which = "in" if inside else "outside"
        raise AssertionError(f"{names} never all showed colours {which} {colours}: {now}") from None
    return shown


def check_flag_lasted_until_the_move(page: Page, name: str, *, chip: str) -> None:
    """From the flip until the move emptied the cell, no frame showed the chip unflagged."""
    log: list[list[str]] = page.evaluate("() => window.ledLog")
    shown = [colour for cell_name, colour in log if cell_name == name]
    plain = shown.index(chip)  # placed last, the chip was marked until the next arrival
    cull = next(i for i, colour in enumerate(shown) if i > plain and colour not in (chip, WHITE))
    moved = shown.index(OFF, cull)
    flagged = shown[cull:moved]
    assert len(set(flagged)) >= 2, flagged
    assert chip not in flagged and WHITE not in flagged, flagged
    assert shown[moved:] == [OFF]


def check_winning_line(page: Page, line: list[str], *, chip: str, screenshot: Path) -> None:
    """The five cells light up together in a colour no chip has, then blink back."""
    lit = wait_until_cells(page, line, [chip, OFF], inside=False, hold=True)
    try:
        page.screenshot(path=str(screenshot))
        drawn = cell_pixel(page, line[0])
    finally:
        page.evaluate("() => window.releaseViews()")
    assert near(drawn, rgb(lit[0])), f"{line[0]} is drawn as {drawn}, not {lit[0]}"
    wait_until_cells(page, line, [chip], inside=True)
    assert led(page, "k8") == chip
