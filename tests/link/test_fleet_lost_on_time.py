"""In Chromium: the fleet page counts the rounds each table lost on time today, and the café's."""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING

import paho.mqtt.client as mqtt
import pytest
from paho.mqtt.enums import CallbackAPIVersion
from playwright.sync_api import expect

from firmware.link import topics
from firmware.rules.api import JsonValue
from tests.link.broker import Mosquitto, wait_for
from tests.link.test_fleet import card_is

if TYPE_CHECKING:
    from tests.browser_support import OpenWindow

pytestmark = pytest.mark.browser


def announce(port: int, board: str, state: dict[str, JsonValue]) -> None:
    """A board's retained status and state, as a board sends them."""
    client = mqtt.Client(CallbackAPIVersion.VERSION2)
    client.connect("127.0.0.1", port, keepalive=10)
    client.loop_start()
    try:
        body = json.dumps({"board": board, "at": None, "score": {"phase": "menu"}, **state})
        client.publish(
            topics.board_status(board), topics.ONLINE, qos=1, retain=True
        ).wait_for_publish(5)
        client.publish(topics.board_state(board), body, qos=1, retain=True).wait_for_publish(5)
    finally:
        client.disconnect()
        client.loop_stop()


def test_the_rounds_lost_on_time_today_show_on_each_card_and_in_the_day(
    broker: Mosquitto, fleet_url: str, open_window: OpenWindow
) -> None:
    announce(broker.port, "table-1", {"games_today": 5, "lost_on_time_today": 2})
    announce(broker.port, "table-2", {"games_today": 3, "lost_on_time_today": 1})
    announce(broker.port, "table-3", {"games_today": 4, "lost_on_time_today": 0})
    wait_for("table-3 on the page", card_is(fleet_url, "table-3", status="online"))
    page = open_window()
    page.goto(fleet_url + "/")
    first = page.locator('a.card[href$="table-1"]')
    expect(first).to_contain_text("games today: 5 · 2 rounds lost on time")
    expect(page.locator('a.card[href$="table-2"]')).to_contain_text(
        "games today: 3 · 1 round lost on"
    )
    third = page.locator('a.card[href$="table-3"]')
    expect(third).to_contain_text("games today: 4")
    expect(third).not_to_contain_text("lost on time")  # none lost: nothing said
    summary = re.compile(r"· 12 games today · 3 rounds lost on time$")
    expect(page.locator("#summary")).to_have_text(summary)
