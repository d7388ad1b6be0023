"""Cubulus on the unfolded cube: neutral setup, pushes by touch, supplies, last push, the win."""

from __future__ import annotations

from firmware.controller.core.timing import TABLE_TIMING
from firmware.games.cubulus import layout as cubulus_board
from firmware.render import palette
from tests.controller.conftest import OFF, Rig

TOP_LAYER = ["002", "012", "022", "102", "112", "122", "202", "212", "222"]
RED_SQUARE = ["F000", "F100", "F001", "F101"]  # cells 000 100 001 101: a square on face F
BLACK_PUSHES = ["B020", "B220", "B021"]
WHITE_PUSHES = ["B022", "B222", "B122"]
ROUNDS_OF_THREE = list(zip(RED_SQUARE, [*BLACK_PUSHES, None], [*WHITE_PUSHES, None], strict=True))
RED = palette.PIECES["red"]
BLACK = palette.PIECES["black"]
WHITE = palette.PIECES["white"]


def _board_colour(rig: Rig, cell: tuple[int, int]) -> tuple[int, int, int]:
    frame = rig.board.leds.last
    assert frame is not None
    return frame.cells[cell[1]][cell[0]]


def test_two_players_the_second_places_the_neutral_balls_then_red_wins(rig: Rig) -> None:
    rig.start("cubulus", {"players": 2}, first="red")
    assert rig.score["awaiting"] == "neutral" and rig.score["to_move"] == "black"
    white_slots = cubulus_board.supply_cells("white")
    assert _board_colour(rig, white_slots[8]) == palette.dim(WHITE, 0.5)
    for cube_cell in TOP_LAYER:
        rig.neutral(cube_cell)
    assert rig.moves[:2] == ["N002", "N012"]
    assert _board_colour(rig, white_slots[0]) == OFF, "the neutral supply is used up"
    for shown in cubulus_board.board_cells_of("022"):
        assert _board_colour(rig, shown) == WHITE, "a ball shows on every face it lies on"
    assert rig.score["awaiting"] == "push" and rig.score["to_move"] == "red"
    for red, black in zip(RED_SQUARE, [*BLACK_PUSHES, None], strict=True):
        rig.push(red)
        entry = cubulus_board.face_to_board(red[0], red[1:])
        if rig.score["phase"] == "playing":
            assert _board_colour(rig, entry) == palette.last_move(RED)
        if black is not None:
            rig.push(black)
    score = rig.score
    assert score["phase"] == "match_over" and score["winner"] == "red"
    assert isinstance(score["line"], list)
    assert sorted(str(cell) for cell in score["line"]) == ["000", "001", "100", "101"]
    assert score["match_winner"] == "red"
    red_slots = cubulus_board.supply_cells("red")
    assert [_board_colour(rig, c) for c in red_slots[:5]] == [palette.dim(RED, 0.5)] * 5
    assert _board_colour(rig, red_slots[5]) == OFF


def test_three_players_push_in_turn_and_the_centre_is_shown(rig: Rig) -> None:
    rig.start("cubulus", {"players": 3}, first="red")
    assert rig.score["awaiting"] == "push"
    assert _board_colour(rig, cubulus_board.centre_cell()) == palette.CENTRE_TINT
    order = []
    for red, black, white in zip(
        RED_SQUARE, [*BLACK_PUSHES, None], [*WHITE_PUSHES, None], strict=True
    ):
        for token in (red, black, white):
            if token is not None and rig.score["phase"] == "playing":
                order.append(rig.score["to_move"])
                rig.push(token)
    assert order[:3] == ["red", "black", "white"]
    assert rig.score["winner"] == "red"
    cell = cubulus_board.face_to_board("F", "000")
    seen = set()
    for _ in range(4):
        seen.add(_board_colour(rig, cell))
        rig.advance(palette.TIMING.line_blink / 2)
    assert palette.ACCEPT in seen, "the winning square blinks"


def test_a_push_into_a_non_face_cell_or_an_illegal_push_flashes(rig: Rig) -> None:
    rig.start("cubulus", {"players": 3}, first="red")
    empty = (14, 14)
    assert cubulus_board.role_of(empty) is None
    rig.tap_cell(empty)
    assert rig.moves == [] and rig.score["error"] is not None
    assert _board_colour(rig, empty) == palette.ERROR
    rig.tap_cell(cubulus_board.centre_cell())
    assert rig.moves == []


def test_the_rematch_alternates_the_first_player(rig: Rig) -> None:
    rig.start("cubulus", {"players": 3}, first="red")
    for red, black, white in zip(
        RED_SQUARE, [*BLACK_PUSHES, None], [*WHITE_PUSHES, None], strict=True
    ):
        for token in (red, black, white):
            if token is not None and rig.score["phase"] == "playing":
                rig.push(token)
    rig.advance(TABLE_TIMING.confirm_guard)
    rig.tap("h8")
    assert rig.score["phase"] == "playing" and rig.score["to_move"] == "black"
