"""``cullsboard fleet``: a page of every board on the broker, read from the broker alone."""

from __future__ import annotations

import json
import urllib.request
from collections.abc import Callable
from pathlib import Path

from firmware.rules.api import JsonValue
from firmware.rules.game_and_rules import GameAndRules
from tests.link.boards import LinkedBoard
from tests.link.broker import Mosquitto, wait_for

DUEL = GameAndRules("culls", {"mode": "duel"})


def fetch(url: str) -> bytes:
    with urllib.request.urlopen(url, timeout=5) as response:
        body: bytes = response.read()
        return body


def boards_at(base: str) -> dict[str, dict[str, JsonValue]]:
    try:
        data = json.loads(fetch(base + "/api/boards"))
    except OSError:
        return {}
    return {card["board"]: card for card in data["boards"]}


def card_is(base: str, board: str, **want: JsonValue) -> Callable[[], bool]:
    def check() -> bool:
        card = boards_at(base).get(board)
        return card is not None and all(card.get(k) == v for k, v in want.items())

    return check


def test_the_fleet_page_shows_every_board_and_who_went_offline(
    broker: Mosquitto, fleet_url: str, tmp_path: Path
) -> None:
    first = LinkedBoard(broker.url, "table-1", tmp_path / "one", game=DUEL)
    second = LinkedBoard(broker.url, "table-2", tmp_path / "two")
    try:
        first.tap("h8")
        wait_for("h8 played", lambda: first.score["moves"] == ["h8"])
        to_move = first.score["to_move"]
        wait_for(
            "table-1 on the page", card_is(fleet_url, "table-1", status="online", to_move=to_move)
        )
        wait_for(
            "table-2 on the page", card_is(fleet_url, "table-2", status="online", phase="menu")
        )
        card = boards_at(fleet_url)["table-1"]
        assert card["game"] == "culls" and card["games_today"] == 0
        lights = card["lights"]
        assert isinstance(lights, list) and len(lights) == 15
        assert b"cullsboard fleet" in fetch(fleet_url + "/")
        second.close()
        wait_for("table-2 offline", card_is(fleet_url, "table-2", status="offline"))
    finally:
        first.close()
        second.close()
