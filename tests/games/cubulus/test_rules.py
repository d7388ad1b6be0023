"""Cubulus, one named test per rule of rules.md and per decision, as positions and token lines."""

from __future__ import annotations

from itertools import zip_longest

import pytest

from firmware.games.cubulus.cube import has_legal_push
from firmware.games.cubulus.game import CUBULUS, CubulusState
from firmware.games.cubulus.geometry import CELL_INDEX, FACES, is_on_face
from firmware.rules.api import IllegalActionError, InvalidRecordError, Status

# Nine white balls filling face R (x = 2): out of the way of the pushes in these tests.
WHITES_ON_R = "N200 N201 N202 N210 N211 N212 N220 N221 N222"


def new_game(players: int = 3, first: str = "red") -> CubulusState:
    return CUBULUS.new_state({"players": players}, first)


def play(state: CubulusState, tokens: str) -> CubulusState:
    for token in tokens.split():
        state.apply(token)
    return state


def drop(cell: str) -> str:
    """A push that puts a ball straight onto the empty surface cell ``cell``, its entry cell."""
    face = next(face for face in FACES if is_on_face(CELL_INDEX[cell], face))
    return f"{face}{cell}"


def in_turns(*seats: list[str]) -> str:
    """The drops of each seat's cells, taken in turn: seat 0's first, seat 1's first, ..."""
    sizes = [len(seat) for seat in seats]
    assert sizes == sorted(sizes, reverse=True) and sizes[0] <= sizes[-1] + 1, "turns out of step"
    rounds = zip_longest(*seats)
    return " ".join(drop(cell) for turn in rounds for cell in turn if cell is not None)


def reason(state: CubulusState, token: str) -> str:
    before = state.summary()
    with pytest.raises(IllegalActionError) as caught:
        state.apply(token)
    assert state.summary() == before
    assert state.why_illegal(token) == caught.value.reason
    return caught.value.reason


# Rule 1: players and seats.


def test_two_players_are_red_and_black() -> None:
    assert CUBULUS.colours(CUBULUS.parse_rules({})) == ("red", "black")
    assert CUBULUS.colours(CUBULUS.parse_rules({"players": 3})) == ("red", "black", "white")


def test_white_may_not_move_first_with_two_players() -> None:
    with pytest.raises(InvalidRecordError, match="first"):
        new_game(2, "white")


def test_three_players_go_red_black_white_from_the_first() -> None:
    state = new_game(3, "black")
    seen = []
    for token in ("F000", "F100", "F200", "F001"):
        seen.append(state.to_move())
        state.apply(token)
    assert seen == ["black", "white", "red", "black"]
    assert state.players == ("black", "white", "red")


# Rule 2: the neutral setup.


@pytest.mark.parametrize(("first", "placer"), [("red", "black"), ("black", "red")])
def test_second_player_places_the_nine_white_balls(first: str, placer: str) -> None:
    state = new_game(2, first)
    for _ in range(9):
        assert (state.to_move(), state.awaiting()) == (placer, "neutral")
        state.apply(state.legal_actions()[0])
    assert (state.to_move(), state.awaiting()) == (first, "push")
    assert list(state.cells().values()) == ["white"] * 9
    assert state.supply() == {"red": 9, "black": 9}


def test_every_empty_cell_takes_a_white_ball_centre_included() -> None:
    state = new_game(2)
    assert len(state.legal_actions()) == 27
    play(state, "N111")
    assert state.cells() == {"111": "white"}
    assert "N111" not in state.legal_actions()


def test_white_ball_on_a_taken_cell_is_illegal() -> None:
    state = play(new_game(2), "N012")
    assert reason(state, "N012") == "a ball is already there: put the white ball on an empty cell"


def test_push_during_the_setup_is_illegal() -> None:
    state = play(new_game(2), "N012 N000")
    assert reason(state, "F000") == "place the white balls first (7 left)"


def test_white_ball_after_the_setup_is_illegal() -> None:
    state = play(new_game(2), WHITES_ON_R)
    assert reason(state, "N000") == "the white balls are all placed: push from a face"


def test_there_are_no_white_balls_to_place_with_three_players() -> None:
    state = new_game(3)
    assert state.awaiting() == "push"
    assert "no neutral balls" in reason(state, "N000")


# Rule 3: the push, introducing.


def test_introduction_drops_the_ball_on_the_entry_cell() -> None:
    state = play(new_game(3), "F000")
    assert state.cells() == {"000": "red"}
    assert state.supply() == {"red": 8, "black": 9, "white": 9}


def test_introduction_pushes_the_run_one_step_in() -> None:
    state = play(new_game(3), "F000 F000 F000")
    assert state.cells() == {"000": "white", "010": "black", "020": "red"}


def test_introduction_moves_only_the_run_touching_the_entry() -> None:
    state = play(new_game(3), "B020 F000 F000")
    assert state.cells() == {"000": "white", "010": "black", "020": "red"}


def test_introduction_on_an_empty_entry_moves_nothing() -> None:
    state = play(new_game(3), "B020 B020 F000")
    assert state.cells() == {"000": "white", "010": "red", "020": "black"}


# Rule 3: the push, modifying a complete line.


def test_full_line_turns_round_seen_from_the_entry_face() -> None:
    state = play(new_game(3), "F000 F000 F000")  # from F: white, black, red
    play(state, "F000")
    assert state.cells() == {"000": "red", "010": "white", "020": "black"}
    assert state.supply() == {"red": 8, "black": 8, "white": 8}


def test_full_line_turns_the_other_way_from_the_opposite_face() -> None:
    state = play(new_game(3), "F000 F000 F000")  # from B: red, black, white
    play(state, "B020")
    assert state.cells() == {"020": "white", "010": "red", "000": "black"}


def _red_without_balls() -> CubulusState:
    """Two players: red has placed all 9 balls, black rotated a line; red to move."""
    whites = ["111", "002", "011", "102", "121", "200", "201", "202", "221"]
    reds = ["001", "012", "020", "100", "101", "120", "122", "211", "220"]
    blacks = ["000", "010", "022", "110", "112", "210", "212", "222"]
    tokens = " ".join(f"N{cell}" for cell in whites) + " " + in_turns(reds, blacks)
    state = play(new_game(2), tokens + " F100")
    assert (state.to_move(), state.supply()["red"], state.cells().get("021")) == ("red", 0, None)
    return state


def test_full_line_turns_even_with_an_empty_supply() -> None:
    state = _red_without_balls()
    line = ("101", "111", "121")  # full: red, white, white, seen from F
    before = [state.cells()[cell] for cell in line]
    play(state, "F101")
    assert [state.cells()[cell] for cell in line] == [before[2], before[0], before[1]]
    assert state.supply()["red"] == 0


def test_push_into_a_line_that_is_not_full_needs_a_ball() -> None:
    state = _red_without_balls()
    assert reason(state, "L021") == "you have no balls left: push a full line"
    assert reason(state, "F001") == "you have no balls left: push a full line"


def test_a_cell_must_lie_on_the_face_pushed_from() -> None:
    state = new_game(3)
    assert reason(state, "F111") == "cell 111 is not on face F"
    assert reason(state, "U000") == "cell 000 is not on face U"


@pytest.mark.parametrize("token", ["", "F", "X000", "f000", "F0000", "F300", "N", "h8", " F000"])
def test_a_token_that_is_no_move_is_named_in_the_reason(token: str) -> None:
    assert repr(token) in reason(new_game(3), token)


# Rule 4: no exact reverse.


def test_turning_back_the_line_just_turned_is_illegal() -> None:
    state = play(new_game(3), "F000 F000 F000 F000")  # red turns the full line from F
    assert reason(state, "B020") == "that would undo the last move"
    assert state.why_illegal("F000") is None  # the same end again is another move


def test_turning_back_is_legal_after_another_move() -> None:
    state = play(new_game(3), "F000 F000 F000 F000 U222")
    assert state.why_illegal("B020") is None


def test_an_introduction_has_no_reverse() -> None:
    state = play(new_game(3), "F000 F000 F000")  # white's introduction filled the line
    assert state.why_illegal("B020") is None


# Rule 5 and 6: squares and the end.


@pytest.mark.parametrize(
    ("square", "kind"),
    [
        (["000", "100", "010", "110"], "2x2"),
        (["000", "200", "020", "220"], "corners"),
        (["100", "010", "210", "120"], "edge-middles"),
    ],
)
@pytest.mark.parametrize("first", ["red", "black", "white"])
def test_a_square_on_a_face_wins_for_its_colour(square: list[str], kind: str, first: str) -> None:
    state = new_game(3, first)
    others = (["022", "122", "012"], ["002", "102", "202"])  # rows on U: no square
    play(state, in_turns(square, *others))
    outcome = state.outcome()
    assert (outcome.status, outcome.winner, kind) == (Status.WON, first, kind)
    assert list(outcome.line or ()) == sorted(square)


def test_three_of_a_square_is_not_yet_a_win() -> None:
    state = play(new_game(3), in_turns(["000", "100", "010"], ["022", "122"], ["002", "102"]))
    assert state.outcome().status is Status.IN_PROGRESS


def test_white_squares_count_for_nobody_with_two_players() -> None:
    state = play(new_game(2), "N002 N202 N022 N222 N200 N201 N210 N211 N212")  # U corners
    play(state, "D000")  # the push's line ends in a corner of the white square
    assert state.outcome().status is Status.IN_PROGRESS


# A full line 000-010-020 seen from F: (a, b, c) -> (c, a, b) puts c on 000, b on 020.
# Face F's square 000 100 001 101 waits for 000; face B's square 020 120 021 121 waits for 020.
F_SQUARE = ["100", "001", "101"]
B_SQUARE = ["120", "021", "121"]
FILLERS = ["222", "212", "202"]


def test_the_opponents_square_wins_even_when_the_mover_makes_one() -> None:
    red = [*F_SQUARE, "020"]
    black = [*B_SQUARE, "010"]
    white = ["000", *FILLERS]
    state = play(new_game(3, "red"), in_turns(red, black, white))
    play(state, "F000")  # red turns: red square on F, black square on B
    outcome = state.outcome()
    assert (outcome.winner, outcome.line) == ("black", ("020", "021", "120", "121"))


def test_of_several_others_the_first_after_the_mover_wins() -> None:
    black = ["000", *FILLERS]
    white = [*B_SQUARE, "010"]
    red = [*F_SQUARE, "020"]
    state = play(new_game(3, "black"), in_turns(black, white, red))
    play(state, "F000")  # black turns: red square on F, white square on B
    outcome = state.outcome()
    assert (outcome.winner, outcome.line) == ("white", ("020", "021", "120", "121"))


def red_wins_on_d() -> CubulusState:
    """Three players: red completes the 2x2 square 000 100 010 110 on face D at ply 10."""
    reds = ["000", "100", "010", "110"]
    return play(new_game(3), in_turns(reds, FILLERS, ["002", "102", "012"]))


def test_nothing_is_legal_after_the_end() -> None:
    state = play(
        new_game(3), in_turns(["000", "100", "010", "110"], FILLERS, ["002", "102", "012"])
    )
    assert state.outcome().is_over
    assert (state.to_move(), state.awaiting(), state.legal_actions()) == (None, None, [])
    assert reason(state, "U022") == "the game is over"


# Rule 7: no move.


def test_a_player_without_balls_or_full_lines_has_no_move() -> None:
    board = [0] * 27
    for cell in ("000", "010", "100", "220"):
        board[CELL_INDEX[cell]] = 1
    assert not has_legal_push(board, 0)
    assert has_legal_push(board, 1)
    board[CELL_INDEX["020"]] = 2  # completes the line 000 010 020
    assert has_legal_push(board, 0)


# The record and the board's view.


def test_summary_is_the_replay_object() -> None:
    state = play(new_game(3), "F000 F000")
    assert state.summary() == {
        "game": "cubulus",
        "status": "in_progress",
        "winner": None,
        "next": "white",
        "awaiting": "push",
        "ply": 2,
        "cells": {"000": "black", "010": "red"},
        "supply": {"red": 8, "black": 8, "white": 9},
        "line": None,
    }


def test_summary_during_the_setup_shows_only_the_players_supplies() -> None:
    state = play(new_game(2, "black"), "N111")
    summary = state.summary()
    assert (summary["next"], summary["awaiting"], summary["supply"]) == (
        "red",
        "neutral",
        {"red": 9, "black": 9},
    )
    assert state.neutral_left() == 8


def test_summary_of_a_won_game_names_the_square() -> None:
    state = play(
        new_game(3), in_turns(["000", "100", "010", "110"], FILLERS, ["002", "102", "012"])
    )
    summary = state.summary()
    assert (summary["status"], summary["winner"], summary["next"], summary["awaiting"]) == (
        "won",
        "red",
        None,
        None,
    )
    assert summary["line"] == ["000", "010", "100", "110"]


@pytest.mark.parametrize(("raw", "players"), [({}, 2), ({"players": 2}, 2), ({"players": 3}, 3)])
def test_rules_take_only_the_number_of_players(raw: dict[str, object], players: int) -> None:
    assert CUBULUS.parse_rules(raw) == {"players": players}


@pytest.mark.parametrize("value", [1, 4, "3", True, 3.0, None])
def test_players_must_be_two_or_three(value: object) -> None:
    with pytest.raises(InvalidRecordError, match=r"^rules\.players: must be 2 or 3$"):
        CUBULUS.parse_rules({"players": value})


def test_an_unknown_rule_is_named() -> None:
    with pytest.raises(InvalidRecordError, match=r"^rules\.size: unknown key"):
        CUBULUS.parse_rules({"players": 2, "size": 15})


def test_the_board_reads_seat_cells_supply_and_last_push() -> None:
    state = new_game(3, "white")
    assert (state.seat(), state.last_push()) == (0, None)
    play(state, "F000 L010")
    assert (state.seat(), state.to_move(), state.last_push()) == (2, "black", "L010")
    assert state.cells() == {"000": "white", "010": "red"}
    assert state.supply() == {"red": 8, "black": 9, "white": 8}
    assert state.undo() == "L010"
    assert (state.seat(), state.last_push(), state.cells()) == (1, "F000", {"000": "white"})


def test_undo_with_nothing_played_raises_index_error() -> None:
    with pytest.raises(IndexError):
        new_game(2).undo()


def test_a_copy_plays_on_alone() -> None:
    state = play(new_game(3), "F000")
    twin = state.copy()
    play(twin, "F000")
    assert state.cells() == {"000": "red"}
    assert twin.cells() == {"000": "black", "010": "red"}
    assert twin.moves == ("F000", "F000")
    twin.undo()
    twin.undo()
    assert state.moves == ("F000",)
