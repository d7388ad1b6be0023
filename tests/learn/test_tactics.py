"""The puzzle kinds' brute force on positions worked out on paper."""

from __future__ import annotations

from firmware.games.culls.tactics import culling_actions
from firmware.rules.api import GameState
from firmware.rules.registry import find_game
from firmware.rules.tactics import (
    double_threat_actions,
    stopping_actions,
    winning_actions,
    wins_this_turn,
)


def _culls(*moves: str, **rules: object) -> GameState:
    game = find_game("culls")
    state = game.new_state(game.parse_rules(rules), "blue")
    for token in moves:
        state.apply(token)
    return state


def _cubulus(*moves: str, players: int = 2) -> GameState:
    game = find_game("cubulus")
    state = game.new_state(game.parse_rules({"players": players}), "red")
    for token in moves:
        state.apply(token)
    return state


WHITES = ("N111", "N002", "N102", "N012", "N212", "N022", "N222", "N221", "N121")


def test_a_four_is_won_at_either_end() -> None:
    # Blue h8 h9 h10 h11 on column h, red far away: h7 and h12 make five.
    state = _culls("h8", "h9", "a15", "o1", "h10", "a13", "h11", "o3")
    assert winning_actions(state) == ["h12", "h7"]
    assert state.ply == 8  # the solvers leave the position as it was


def test_the_flipped_chips_move_can_win() -> None:
    # Red culled h8 and i8 and flipped i8; Blue has c10-f10, so its move of i8 makes five.
    state = _culls(
        "h8", "c10", "a1", "a3", "d10", "g8", "e10", "a5", "i8", "o15", "f10", "j8", "xi8"
    )
    assert winning_actions(state) == ["i8-b10", "i8-g10"]


def test_only_the_chip_closing_a_pair_culls() -> None:
    # Blue h8, red i8 j8: k8 traps the pair; three red chips in a row would not be culled.
    assert culling_actions(_culls("h8", "a1", "i8", "j8")) == ["k8"]
    three = _culls("b6", "h4", "c6", "d6", "a15", "i4", "a13", "j4", "a11", "k4")
    assert culling_actions(three) == ["e6"]


def test_no_cull_puzzle_where_the_mover_can_win() -> None:
    state = _culls("h8", "h9", "a15", "o1", "h10", "b3", "h11", "c3")  # Blue wins; a3 would cull
    assert state.why_illegal("a3") is None
    assert culling_actions(state) == []


def test_a_four_with_one_open_end_is_stopped_there() -> None:
    # Red c5 d5 e5 f5, Blue b5: only g5 keeps Red from five (no cull breaks the line).
    state = _culls("b5", "o15", "c5", "d5", "a13", "e5", "o13", "f5")
    assert state.to_move() == "blue"
    assert stopping_actions(state) == ["g5"]


def test_an_open_four_cannot_be_stopped_and_a_quiet_position_threatens_nothing() -> None:
    open_four = _culls("a1", "o15", "c5", "d5", "a13", "e5", "o13", "f5")  # b5 and g5 both open
    assert stopping_actions(open_four) == []
    assert stopping_actions(_culls("h8", "a1", "o15", "o1")) == []


def test_a_cull_that_breaks_the_four_stops_it_too() -> None:
    # Red c5 d5 e5 f5 (four) and e6; Blue b5 and d7. Blue g4 traps f5 and e6 (g4-f5-e6-d7):
    # flipping f5 breaks the four, and Red's move of it may not go back to f5, so g4 stops
    # as well as g5.
    state = _culls("b5", "d7", "c5", "d5", "a15", "e5", "o13", "f5", "a13", "e6")
    assert state.to_move() == "blue"
    assert stopping_actions(state) == ["g4", "g5"]


def test_an_open_three_made_four_at_either_end_wins_next_turn() -> None:
    # Blue d8 e8 f8, Red far away: c8 and g8 make an open four (b8..h8 empty).
    state = _culls("d8", "e8", "a15", "o15", "f8", "a1")
    assert not wins_this_turn(state, "blue")
    assert double_threat_actions(state) == ["c8", "g8"]


def test_setup_positions_are_no_puzzles() -> None:
    # Two setup chips in a row are the same kind of action twice: not one turn.
    empty = _culls()
    assert (stopping_actions(empty), double_threat_actions(empty)) == ([], [])
    assert stopping_actions(_cubulus()) == []  # the nine white balls


def test_a_cubulus_square_is_completed_three_ways() -> None:
    # Red 000, 100, 001 of the front face's bottom-left square; 101 is reached from F, D
    # (pushing 100 on to 101) and L (pushing 001 on to 101).
    state = _cubulus(*WHITES, "F000", "U202", "F100", "L020", "F001", "D010")
    assert winning_actions(state) == ["D100", "F101", "L001"]


def test_a_cubulus_threat_is_stopped_only_by_the_pushes_after_which_it_cannot_win() -> None:
    state = _cubulus(*WHITES, "F000", "U202", "F100", "L020", "F001")
    assert state.to_move() == "black"
    answers = stopping_actions(state)
    assert answers
    for token in state.legal_actions():
        after = state.copy()
        after.apply(token)
        red_wins = after.outcome().winner == "red" or bool(winning_actions(after))
        assert (token in answers) == (not red_wins and after.outcome().winner != "red"), token
