"""The fleet page tells a broker outage from dead tables, and a table is removed only once it has
been off and silent for a minute (or by force), never while it runs or when it never existed."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import expect

from firmware.cli import main
from tests.link.boards import LinkedBoard
from tests.link.broker import Mosquitto, wait_for
from tests.link.test_fleet import boards_at, card_is, fetch

if TYPE_CHECKING:
    from tests.browser_support import OpenWindow


def api(base: str) -> dict[str, object]:
    answer: dict[str, object] = json.loads(fetch(base + "/api/boards"))
    return answer


def post(url: str) -> tuple[int, dict[str, object]]:
    request = urllib.request.Request(url, method="POST", data=b"")
    try:
        with urllib.request.urlopen(request, timeout=5) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def broker_up(base: str) -> bool:
    broker = api(base)["broker"]
    return isinstance(broker, dict) and broker["connected"] is True


def test_the_page_says_when_it_lost_its_broker_and_removes_nothing_meanwhile(
    broker: Mosquitto, fleet_url: str, tmp_path: Path
) -> None:
    board = LinkedBoard(broker.url, "table-1", tmp_path / "one")
    try:
        wait_for("table-1 online", card_is(fleet_url, "table-1", status="online"))
        assert broker_up(fleet_url)
        broker.stop()  # as systemd stops it: the boards' wills ("offline") go out as it goes
        wait_for("the page knows its broker is gone", lambda: not broker_up(fleet_url))
        card = boards_at(fleet_url)["table-1"]
        assert card["status"] == "unknown"  # the page cannot know: not declared off
        assert isinstance(card["silent_s"], int) and card["silent_s"] < 60
        status, reply = post(fleet_url + "/api/boards/table-1/remove?force=1")
        assert status == 503 and "lost its broker" in str(reply["error"])
        broker.start()
        wait_for("the page hears its broker again", lambda: broker_up(fleet_url), patience=40)
        assert "table-1" in boards_at(fleet_url)
    finally:
        board.close()


def test_a_table_is_removed_from_the_page_only_when_off_and_quiet_or_forced(
    broker: Mosquitto, fleet_url: str, tmp_path: Path
) -> None:
    board = LinkedBoard(broker.url, "table-2", tmp_path / "two")
    wait_for("table-2 online", card_is(fleet_url, "table-2", status="online"))
    status, reply = post(fleet_url + "/api/boards/table-2/remove")
    assert status == 409 and "online" in str(reply["error"])
    board.close()
    wait_for("table-2 offline", card_is(fleet_url, "table-2", status="offline"))
    status, reply = post(fleet_url + "/api/boards/table-2/remove")
    assert status == 409 and "silent for a minute" in str(reply["error"])
    assert "table-2" in boards_at(fleet_url)
    status, reply = post(fleet_url + "/api/boards/table-2/remove?force=1")
    assert status == 200 and reply == {"removed": "table-2"}
    assert "table-2" not in boards_at(fleet_url)
    status, reply = post(fleet_url + "/api/boards/table-9/remove?force=1")
    assert status == 404 and "not on the broker" in str(reply["error"])


def test_the_remove_command_refuses_a_running_table_a_quiet_minute_and_a_table_never_seen(
    broker: Mosquitto, fleet_url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    board = LinkedBoard(broker.url, "table-3", tmp_path / "three")
    wait_for("table-3 online", card_is(fleet_url, "table-3", status="online"))
    try:
        assert main(["fleet", "--broker", broker.url, "--remove", "table-3", "--force"]) == 2
        assert "table-3 is online" in capsys.readouterr().err
    finally:
        board.close()
    wait_for("table-3 offline", card_is(fleet_url, "table-3", status="offline"))
    assert main(["fleet", "--broker", broker.url, "--remove", "table-3"]) == 2
    err = capsys.readouterr().err
    assert "was heard" in err and "--force" in err and err.count("\n") == 1
    assert "table-3" in boards_at(fleet_url)
    assert main(["fleet", "--broker", broker.url, "--remove", "table-3", "--force"]) == 0
    assert "table-3 removed" in capsys.readouterr().out
    wait_for("table-3 cleared", lambda: "table-3" not in boards_at(fleet_url))
    assert main(["fleet", "--broker", broker.url, "--remove", "table-404"]) == 2
    assert "no board 'table-404' on the broker" in capsys.readouterr().err


@pytest.mark.browser
def test_the_page_shows_a_broker_outage_as_its_own_and_offers_no_removal(
    broker: Mosquitto, fleet_url: str, tmp_path: Path, open_window: OpenWindow
) -> None:
    board = LinkedBoard(broker.url, "table-4", tmp_path / "four")
    try:
        wait_for("table-4 online", card_is(fleet_url, "table-4", status="online"))
        page = open_window()
        page.goto(fleet_url + "/")
        card = page.locator('article[data-board="table-4"]')
        expect(card.locator(".line", has_text="connected")).to_be_visible()
        expect(page.locator("#outage")).to_be_hidden()
        broker.stop()
        expect(page.locator("#outage")).to_contain_text("cannot reach the broker")
        expect(card.locator(".status")).to_have_text("as last heard")
        expect(card.locator(".line").first).to_contain_text("not heard for")
        expect(card.locator(".line", has_text="off")).to_have_count(0)
        expect(card.locator("button.remove")).to_have_count(0)
        expect(page.locator("#summary")).to_have_text("1 board, as last heard")
    finally:
        board.close()
