"""In Chromium: a failed touch chip on the staff page and the fleet card within 5 s; a free
table shown as free with its links; a retired table removed from the page or by the command."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import Dialog, expect

from firmware.cli import main
from firmware.web import serve_in_thread
from tests.link.boards import LinkedBoard
from tests.link.broker import PATIENCE_S, Mosquitto, Observer, wait_for
from tests.link.test_fleet import DUEL, boards_at, card_is

if TYPE_CHECKING:
    from tests.browser_support import OpenWindow

pytestmark = pytest.mark.browser

CHIP = "mpr121@0x5B"
WITHIN_MS = 5000


def seconds_until_both(staff: Callable[[], bool], fleet: Callable[[], bool]) -> tuple[float, float]:
    """How long after now each page first showed what it should, both looked at every 50 ms.

    Each page is timed from the fault itself, not from when the other was seen: one ``expect``
    after the other would add the first one's wait and its backed-off polling (up to a second)
    to the second page's time.
    """
    began = time.monotonic()
    seen: list[float | None] = [None, None]
    while None in seen and time.monotonic() - began < PATIENCE_S:
        for index, shows in enumerate((staff, fleet)):
            if seen[index] is None and shows():
                seen[index] = time.monotonic() - began
        time.sleep(0.05)
    assert None not in seen, f"never shown (staff page, fleet card): {seen}"
    return seen[0] or 0.0, seen[1] or 0.0


def test_a_failed_chip_shows_on_the_staff_page_and_the_fleet_card_within_5_s(
    broker: Mosquitto, fleet_url: str, tmp_path: Path, open_window: OpenWindow
) -> None:
    board = LinkedBoard(broker.url, "table-1", tmp_path / "one", game=DUEL)
    assert board.health is not None
    wait_for("table-1 on the page", card_is(fleet_url, "table-1", status="online", free=True))
    try:
        with serve_in_thread(board.controller, port=0, health=board.health.to_json) as web:
            staff = open_window(390, 844)
            staff.goto(web.url + "staff")
            expect(staff.locator("#health-ok")).to_have_text("All parts working.")
            fleet = open_window()
            fleet.goto(fleet_url + "/")
            card = fleet.locator('a.card[href$="table-1"]')
            expect(card).to_contain_text("free")
            board.tap("h8")
            expect(card).to_contain_text("to move")

            board.board.touch.fault(CHIP, "no answer on I2C")
            problem = staff.locator("#health-problems li[data-part=touch]")
            card_problem = card.locator(".problems li[data-part=touch]")
            shown = seconds_until_both(
                lambda: problem.all_text_contents() == [f"Touch: {CHIP} failed: no answer on I2C"],
                lambda: any(CHIP in text for text in card_problem.all_text_contents()),
            )
            assert max(shown) < WITHIN_MS / 1000, f"staff page, fleet card: {shown} s"
            expect(staff.locator("#health")).to_have_attribute("data-ok", "false")

            board.board.touch.fault(CHIP, "re-initialised", recovered=True)
            cleared = seconds_until_both(
                lambda: staff.locator("#health-ok").text_content() == "All parts working.",
                lambda: card.count() == 1 and card.locator(".problems").count() == 0,
            )
            assert max(cleared) < WITHIN_MS / 1000, f"staff page, fleet card: {cleared} s"
    finally:
        board.close()


def test_a_retired_table_is_removed_from_the_page_and_by_the_command(
    broker: Mosquitto,
    fleet_url: str,
    tmp_path: Path,
    open_window: OpenWindow,
) -> None:
    page_url = "http://table-2.local:8080/"
    second = LinkedBoard(broker.url, "table-2", tmp_path / "two", page=page_url)
    third = LinkedBoard(broker.url, "table-3", tmp_path / "three")
    wait_for("table-2 on the page", card_is(fleet_url, "table-2", status="online", free=True))
    fleet = open_window()
    fleet.goto(fleet_url + "/")
    box = fleet.locator('article[data-board="table-2"]')
    expect(box.locator("a", has_text="Staff page")).to_have_attribute("href", page_url + "staff")
    expect(box.locator("button.remove")).to_have_count(0)  # an online board cannot be removed
    second.close()
    third.close()
    expect(box.locator("button.remove")).to_be_visible()
    dialogs: list[str] = []  # "remove?", then "heard a moment ago: remove it anyway?"

    def accept(dialog: Dialog) -> None:
        dialogs.append(dialog.message)
        dialog.accept()

    fleet.on("dialog", accept)
    box.locator("button.remove").click()
    expect(box).to_have_count(0)
    wait_for("table-2 cleared", lambda: "table-2" not in boards_at(fleet_url))
    assert len(dialogs) == 2 and "anyway" in dialogs[1], dialogs

    assert main(["fleet", "--broker", broker.url, "--remove", "table-3", "--force"]) == 0
    wait_for("table-3 cleared", lambda: "table-3" not in boards_at(fleet_url))
    expect(fleet.locator('article[data-board="table-3"]')).to_have_count(0)
    fresh = Observer(broker.port)  # a fleet page started now: the broker keeps nothing of them
    try:
        wait_for("the retained messages read", lambda: bool(fresh.drain()) or True)
        time.sleep(1.0)
        kept = [t for t, payload, retained in fresh.drain() if retained and payload]
        assert not [t for t in kept if "/table-2/" in t or "/table-3/" in t], kept
    finally:
        fresh.close()
