"""Online play's guarantees: UNDO needs both boards, no move for an own seat from the network,
a repeated record changes nothing, the computer's seats cannot be changed over an online game."""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator
from pathlib import Path

import pytest

from firmware.controller.core.live import (
    ONLINE_GAME_ON,
    CommandRefusedError,
    GoOnline,
    SeatComputer,
)
from firmware.link import topics
from firmware.link.online_request import GUEST, HOST, OnlineRequest
from firmware.rules.api import JsonValue
from firmware.web import serve_in_thread
from tests.link.boards import LinkedBoard
from tests.link.broker import Mosquitto, Observer, wait_for
from tests.link.online_play import connected_to, has_moves, in_phase, online_of
from tests.web.client import post

RULES: dict[str, JsonValue] = {"size": 15, "mode": "duel"}


@pytest.fixture
def pair(broker: Mosquitto, tmp_path: Path) -> Iterator[tuple[LinkedBoard, LinkedBoard]]:
    host = LinkedBoard(
        broker.url, "host-1", tmp_path / "host",
        online=OnlineRequest(HOST, game="culls", rules=RULES, first="blue"),
    )  # fmt: skip
    wait_for("a join code", lambda: "code" in online_of(host))
    code = str(online_of(host)["code"])
    guest = LinkedBoard(broker.url, "guest-1", tmp_path / "guest",
                        online=OnlineRequest(GUEST, code))  # fmt: skip
    wait_for("connected", connected_to(host, "guest-1"))
    wait_for("connected", connected_to(guest, "host-1"))
    yield host, guest
    host.close()
    guest.close()


def place(mover: LinkedBoard, other: LinkedBoard, cell: str, moves: list[str]) -> None:
    mover.tap(cell)
    wait_for("shown", in_phase(other, "waiting_for_chip"))
    other.tap(cell)
    wait_for("placed", has_moves(other, moves))
    wait_for("made", has_moves(mover, moves))


def test_undo_asks_the_other_board_and_happens_on_both_once_it_agrees(
    pair: tuple[LinkedBoard, LinkedBoard],
) -> None:
    host, guest = pair
    place(host, guest, "h8", ["h8"])  # setup: blue places twice
    host.press("undo")
    wait_for("the request shown", lambda: online_of(guest).get("undo") == "asked_of_us")
    assert host.score["moves"] == ["h8"] and online_of(host)["undo"] == "asked"
    guest.press("undo")  # agrees
    wait_for("undone here", has_moves(guest, []))
    wait_for("undone there", has_moves(host, []))
    wait_for("settled", lambda: online_of(host).get("undo") is None)
    place(host, guest, "g8", ["g8"])  # and play goes on from there


def test_no_move_for_an_own_seat_is_taken_from_the_network_and_repeats_change_nothing(
    pair: tuple[LinkedBoard, LinkedBoard], broker: Mosquitto, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING, logger="cullsboard.link")
    host, guest = pair
    place(host, guest, "h8", ["h8"])
    code = str(online_of(host)["code"])
    forger = Observer(broker.port)
    try:
        record = {"format": 1, "game": "culls", "rules": host.score["record"]["rules"],  # type: ignore[index, call-overload]
                  "first": "blue", "moves": ["h8", "i8"]}  # fmt: skip
        forged = {"board": "guest-1", "code": code, "round": 1, "ply": 2, "token": "i8",
                  "record": record, "undo_ask": None, "undo_ok": None}  # fmt: skip
        topic = topics.game_board(code, "guest-1")
        forger.client.publish(topic, json.dumps(forged), qos=1, retain=True).wait_for_publish(5)
        forger.client.publish(topic, json.dumps(forged), qos=1, retain=True).wait_for_publish(5)
        wait_for("the forged move refused", lambda: "for a seat of this board" in caplog.text)
        assert host.score["moves"] == ["h8"] and host.score["phase"] == "playing"
        refusals = [r for r in caplog.records if "for a seat of this board" in r.getMessage()]
        assert len(refusals) == 1, "the repeated record is the same refusal, said once"
    finally:
        forger.close()


def test_the_online_api_says_what_is_wrong_in_one_line(tmp_path: Path, broker: Mosquitto) -> None:
    from tests.controller.conftest import Rig

    alone = Rig(tmp_path / "alone")
    with pytest.raises(ValueError, match="no broker"):
        alone.controller.submit(GoOnline("host"))
    board = LinkedBoard(broker.url, "table-9", tmp_path / "linked")
    try:
        for wrong, reason in (("join:abc", "five-letter"), ("visit", "host or join")):
            with pytest.raises(ValueError, match=reason):
                board.controller.submit(GoOnline(wrong))
        board.controller.submit(GoOnline("host"))  # menu's game
        wait_for("an offer", lambda: "code" in online_of(board))
        assert board.score["game"] == "culls" and online_of(board)["role"] == "host"
    finally:
        board.close()


def test_the_computer_s_seats_are_refused_while_an_online_game_is_on(
    pair: tuple[LinkedBoard, LinkedBoard],
) -> None:
    host, guest = pair
    place(host, guest, "h8", ["h8"])
    seats, online = host.score["seats"], online_of(host)
    choose = SeatComputer(("blue",), 3)
    with serve_in_thread(host.controller, host="127.0.0.1", port=0) as web:
        reply = post(web.url + "api/computer", {"seats": ["blue"], "level": 3})
    assert (reply.status, reply.json()) == (409, {"error": ONLINE_GAME_ON})
    with pytest.raises(CommandRefusedError, match="an online game is on"):
        host.controller.submit(choose)
    host.controller.post(choose)  # past the check, as a command from elsewhere would come
    wait_for("the refusal shown", lambda: host.score["error"] == ONLINE_GAME_ON)
    assert host.score["seats"] == seats and online_of(host)["code"] == online["code"]
    assert host.score["moves"] == ["h8"]
    place(host, guest, "a1", ["h8", "a1"])  # the online game goes on
