"""POST /api/name: a short one-line name behind the same PIN, Host and Origin guard as touches."""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest

from firmware.controller.core.live import NameSeat
from firmware.web import WebServer
from tests.web.client import post
from tests.web.conftest import PIN
from tests.web.fake_board import FakeLiveBoard


def test_a_name_is_tidied_and_sent_to_the_board(server: WebServer, board: FakeLiveBoard) -> None:
    reply = post(server.url + "api/name", {"seat": 1, "name": "  Ana   María "})
    assert reply.status == 202, reply.body
    assert reply.json() == {"accepted": {"seat": 1, "name": "Ana María"}}
    (command,) = board.submitted
    assert command == NameSeat(1, "Ana María")
    assert post(server.url + "api/name", {"seat": 1, "name": None}).status == 202
    assert post(server.url + "api/name", {"seat": 1, "name": "   "}).json()["accepted"] == {
        "seat": 1,
        "name": None,
    }


@pytest.mark.parametrize(
    ("body", "error"),
    [
        ({"seat": 0, "name": "A" * 21}, "name: at most 20 characters, got 21"),
        ({"seat": 0, "name": "Ana\u0007"}, "name: letters, digits, spaces and punctuation only"),
        ({"seat": 0, "name": 7}, "name: send text (or null to take it off)"),
        ({"seat": "0", "name": "Ana"}, "seat: send the seat's number from 0"),
        ({"seat": True, "name": "Ana"}, "seat: send the seat's number from 0"),
        ({"seat": 0, "name": "Ana", "colour": "red"}, "colour: unknown key"),
    ],
)
def test_a_bad_name_is_one_line_and_nothing_is_sent(
    server: WebServer, board: FakeLiveBoard, body: dict[str, object], error: str
) -> None:
    reply = post(server.url + "api/name", body)
    assert reply.status == 400, reply.body
    assert reply.json()["error"].startswith(error)
    assert board.submitted == []


def test_a_name_needs_the_pin_the_host_and_the_origin(
    pin_server: WebServer, board: FakeLiveBoard
) -> None:
    url = pin_server.url + "api/name"
    assert post(url, {"seat": 0, "name": "Ana"}).status == 403
    port = urlsplit(pin_server.url).port
    foreign = {"X-Cullsboard-Pin": PIN, "Origin": "http://attacker.example"}
    assert post(url, {"seat": 0, "name": "Ana"}, foreign).status == 403
    rebound = {"X-Cullsboard-Pin": PIN, "Host": f"attacker.example:{port}"}
    assert post(url, {"seat": 0, "name": "Ana"}, rebound).status == 421
    assert board.submitted == []
    assert post(url, {"seat": 0, "name": "Ana"}, {"X-Cullsboard-Pin": PIN}).status == 202
    assert len(board.submitted) == 1
