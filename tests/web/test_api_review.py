"""``POST /api/review``: a review moved to a move, or a round of the history opened at one; bad
numbers are one line and change nothing."""

from __future__ import annotations

from firmware.controller.core.live import ReviewAt
from firmware.web import WebServer
from tests.web.client import post
from tests.web.fake_board import FakeLiveBoard


def test_a_move_is_asked_of_the_review(server: WebServer, board: FakeLiveBoard) -> None:
    reply = post(server.url + "api/review", {"ply": 14})
    assert reply.status == 202 and reply.json() == {"accepted": {"ply": 14}}
    assert board.submitted[-1] == ReviewAt(14)


def test_numbers_that_are_not_moves_are_refused(server: WebServer, board: FakeLiveBoard) -> None:
    for body in ({"ply": -1}, {"ply": True}, {"ply": "3"}, {"ply": 2**70}, {}, {"turn": 3}):
        reply = post(server.url + "api/review", body)
        assert reply.status == 400, body
        assert list(reply.json()) == ["error"] and "\n" not in reply.json()["error"]
    assert board.submitted == []


def test_a_round_of_a_board_without_a_history_is_not_found(
    server: WebServer, board: FakeLiveBoard
) -> None:
    reply = post(server.url + "api/review", {"match": 1, "round": 1, "ply": 3})
    assert reply.status == 404 and "no history" in reply.json()["error"]
    assert board.submitted == []
