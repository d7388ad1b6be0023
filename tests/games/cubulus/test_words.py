"""Cubulus actions and hints said in the game's words, with the board's cell names."""

from __future__ import annotations

import random
import re

from firmware.games.cubulus.adapter import CUBULUS_BOARD
from firmware.games.cubulus.state import CubulusState
from firmware.rules.grid import parse_board_cell

# Black's nine white balls, none on the front face's lower left block nor in the top back row.
WHITES = "N020 N120 N220 N021 N121 N221 N111 N011 N211"


def game(moves: str = "") -> CubulusState:
    """A 2-player game, Red first, with ``moves`` played."""
    state = CubulusState(2, "red")
    for token in moves.split():
        state.apply(token)
    return state


def said(state: CubulusState, token: str, seat: str) -> str:
    line = CUBULUS_BOARD.describe(state, token, seat)
    state.apply(token)
    return line


def test_a_white_ball_is_placed_at_a_board_cell() -> None:
    state = game()
    assert said(state, "N001", "Black") == (
        "Black placed a white ball on the edge shown at e10 (front) and c10 (left) (1 of 9)"
    )
    assert said(state, "N111", "Black") == "Black placed a white ball in the centre, m2 (2 of 9)"


TWO_IN_A_LINE = "N000 N010 N222 N221 N202 N211 N212 N210 N111"  # 000 010 020: white white empty


def test_a_push_of_two_balls_says_they_moved_in() -> None:
    state = game(TWO_IN_A_LINE)
    assert said(state, "F000", "Red") == (
        "Red pushed a ball in from the front at e9: two white balls moved in"
    )


def test_a_push_into_an_empty_line_and_one_ball_moving_in() -> None:
    state = game(WHITES)
    assert said(state, "F001", "Red") == "Red pushed a ball in from the front at e10"
    assert said(state, "B020", "Black") == (
        "Black pushed a ball in from the back at o9: a white ball moved in"
    )


def test_a_full_line_turned_says_which_ball_came_round() -> None:
    state = game(TWO_IN_A_LINE + " F000")  # the line 000 010 020: red, white, white
    assert said(state, "B020", "Black") == (
        "Black turned the full line from the back at o9: the red ball at the far end came in at o9"
    )


def test_a_win_names_the_square_and_the_winner() -> None:
    state = game(WHITES + " F000 U022 F100 U122 F001 U222")
    assert said(state, "F101", "Red") == (
        "Red pushed a ball in from the front at f10, and made a square on the front face "
        "(e9, e10, f9 and f10): Red wins"
    )


def test_hints_name_where_to_push_and_the_square() -> None:
    state = game(WHITES + " F000 U022 F100 U122 F001 U222")
    assert CUBULUS_BOARD.describe_hint(state, "F101") == (
        "Hint: push in at f10 from the front: it makes a square on the front face "
        "(e9, e10, f9 and f10)"
    )
    assert CUBULUS_BOARD.describe_hint(state, "U002") == "Hint: push in at e13 from the top"
    assert CUBULUS_BOARD.describe_hint(game(), "N111") == "Hint: a white ball in the centre, m2"


def test_a_square_made_for_another_player_says_who_wins() -> None:
    """Found by random play: a push that completes an opponent's square names them."""
    for seed in range(200):
        rng = random.Random(seed)
        state = CubulusState(3, "red")
        while state.legal_actions():
            token = rng.choice(state.legal_actions())
            mover = state.to_move()
            line = CUBULUS_BOARD.describe(state, token, str(mover).capitalize())
            state.apply(token)
            winner = state.outcome().winner
            if winner is not None and winner != mover:
                name = winner.capitalize()
                assert re.search(rf", and made a square for {name} on the \w+ face \(", line)
                assert line.endswith(f": {name} wins"), line
                return
    raise AssertionError("no random game ended with a square for another player")


def test_a_corner_is_named_by_every_cell_that_shows_it_the_tapped_one_among_them() -> None:
    state = game()
    for name in ("g9", "i9", "g7"):
        token = CUBULUS_BOARD.token_for(state, parse_board_cell(name, 15, 15), 15, 15)
        assert token == "N200"
        line = CUBULUS_BOARD.describe(state, token, "Black")
        assert line == (
            "Black placed a white ball on the corner shown at g9 (front), i9 (right) "
            "and g7 (bottom) (1 of 9)"
        )
