"""POST /api/computer: the computer's seats and level from the web page, behind the same guards."""

from __future__ import annotations

from pathlib import Path

from firmware.config import parse_config
from firmware.config.layered import Layered, SettingsStore
from firmware.controller.core.live import ONLINE_GAME_ON, BoardView, SeatComputer
from firmware.rules.api import JsonValue
from firmware.web import WebServer, serve_in_thread
from firmware.web.computer import SEATS_EXAMPLE
from tests.web.client import Reply, post
from tests.web.conftest import PIN
from tests.web.fake_board import FakeLiveBoard


def choose(web: WebServer, body: object, headers: dict[str, str] | None = None) -> Reply:
    return post(web.url + "api/computer", body, headers)


def test_seats_by_colour_or_name_and_a_level_are_submitted(
    server: WebServer, board: FakeLiveBoard
) -> None:
    reply = choose(server, {"seats": ["Red"], "level": 2})
    assert reply.status == 202
    assert reply.json() == {"accepted": {"computer": {"seats": ["Red"], "level": 2}}}
    assert board.submitted == [SeatComputer(("Red",), 2)]
    assert choose(server, {"seats": []}).json()["accepted"]["computer"] == {
        "seats": [],
        "level": 3,  # a middle one when none is given
    }


def test_bad_seats_and_levels_are_refused_and_nothing_is_submitted(
    server: WebServer, board: FakeLiveBoard
) -> None:
    cases = {
        "green": ({"seats": ["green"]}, "seats: no seat 'green' in this game (seats: blue, red)"),
        "text": ({"seats": "red"}, f"seats: {SEATS_EXAMPLE}"),
        "level": ({"seats": ["red"], "level": 7}, "level: a whole number from 1 to 6, not 7"),
        "bool": ({"seats": ["red"], "level": True}, "level: a whole number from 1 to 6, not True"),
        "key": ({"colour": "red"}, "colour: unknown key (allowed: seats, level, pin)"),
    }  # fmt: skip
    for name, (body, error) in cases.items():
        reply = choose(server, body)
        assert (reply.status, reply.json()["error"]) == (400, error), name
    assert board.submitted == []


def test_the_pin_and_the_origin_guard_it(pin_server: WebServer, board: FakeLiveBoard) -> None:
    assert choose(pin_server, {"seats": ["red"]}).status == 403
    foreign = {"X-Cullsboard-Pin": PIN, "Origin": "http://elsewhere.example"}
    assert choose(pin_server, {"seats": ["red"]}, foreign).status == 403
    assert board.submitted == []
    assert choose(pin_server, {"seats": ["red"], "pin": PIN}).status == 202
    assert len(board.submitted) == 1


def test_an_online_game_refuses_the_computer_s_seats(
    server: WebServer, board: FakeLiveBoard
) -> None:
    view = board.view()
    online: dict[str, JsonValue] = {"code": "K7MXR", "role": "host", "peer": None}
    board.publish(BoardView(view.frame, {**view.score, "online": online}))
    reply = choose(server, {"seats": ["red"], "level": 3})
    assert (reply.status, reply.json()) == (409, {"error": ONLINE_GAME_ON})
    assert board.submitted == []
    board.publish(view)  # the online game left: the same choice is taken
    assert choose(server, {"seats": ["red"], "level": 3}).status == 202


def test_without_a_level_the_computer_plays_the_staff_level(
    board: FakeLiveBoard, tmp_path: Path
) -> None:
    config = parse_config("play: {computer_level: 5}\n")
    store = SettingsStore(Layered(config, config, {}), tmp_path)
    with serve_in_thread(board, host="127.0.0.1", port=0, pin=None, settings=store) as web:
        assert choose(web, {"seats": ["red"]}).json()["accepted"]["computer"]["level"] == 5
        store.change({"play.computer_level": 2})  # the staff page's level, as it is now
        assert choose(web, {"seats": ["red"]}).json()["accepted"]["computer"]["level"] == 2
        assert choose(web, {"seats": ["red"], "level": 6}).json()["accepted"]["computer"] == {
            "seats": ["red"],
            "level": 6,  # asked for: that one
        }
    assert board.submitted == [
        SeatComputer(("red",), 5),
        SeatComputer(("red",), 2),
        SeatComputer(("red",), 6),
    ]
