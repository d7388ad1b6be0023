"""Culls actions and hints said in the game's words: a cull, a cull by the flipped chip, a win."""

from __future__ import annotations

from firmware.games.culls.adapter import CULLS_BOARD
from firmware.games.culls.game import CullsState
from tests.rules import culls, grid_cells, play

# Blue e10 and h10 around Red f10 g10; Blue h9 i9 between Red g9 and j9, once g10 moves to j9.
BEFORE_CULL = "e10 a1 f10 g10 h9 g9 i9 c3"


def said(state: CullsState, token: str, seat: str) -> str:
    """What the board says for ``token``, then play it."""
    line = CULLS_BOARD.describe(state, token, seat)
    state.apply(token)
    return line


def test_a_placement_that_traps_two_says_which_and_who_flips() -> None:
    state = play(culls("blue"), BEFORE_CULL)
    assert said(state, "h10", "Blue") == "Blue placed h10 and trapped f10 and g10: Blue flips one"


def test_a_flip_says_the_trap_that_made_it_and_whose_chip_must_move() -> None:
    state = play(culls("blue"), BEFORE_CULL + " h10")
    assert said(state, "xg10", "Blue") == (
        "Blue placed h10 and trapped f10 and g10; Blue flipped g10: Red moves it next"
    )


def test_a_flip_after_the_flipped_chip_culled_says_its_move() -> None:
    state = play(culls("blue"), BEFORE_CULL + " h10 xg10 g10-j9")
    assert said(state, "xh9", "Red") == (
        "Red moved the flipped chip from g10 to j9 and trapped h9 and i9; "
        "Red flipped h9: Blue moves it next"
    )


def test_in_teams_the_flip_names_the_seat_that_moves_and_whose_chip_it_was() -> None:
    # Blue A e10, Red A f10, Blue B a1, Red B g10; Blue A's h10 traps f10 and g10.
    state = play(culls("blue", mode="teams"), "e10 f10 a1 g10 h10")
    assert said(state, "xg10", "Blue A") == (
        "Blue A placed h10 and trapped f10 and g10; Blue A flipped g10: Red A moves it next"
    )
    assert CULLS_BOARD.prompt(state) == (
        "move Red B's flipped chip from g10 to an empty cell and tap it"
    )


def test_the_flipped_chip_moving_on_can_cull_in_turn() -> None:
    state = play(culls("blue"), BEFORE_CULL + " h10 xg10")
    assert (
        said(state, "g10-j9", "Red")
        == "Red moved the flipped chip from g10 to j9 and trapped h9 and i9: Red flips one"
    )


def test_a_double_cull_lists_all_four_chips() -> None:
    # Blue c8 and i8 hold Red d8 e8 and g8 h8 apart: Blue arriving on f8 closes both traps.
    state = play(culls("blue"), "c8 a1 d8 e8 i8 g8 a3 h8")
    assert said(state, "f8", "Blue") == (
        "Blue placed f8 and trapped d8, e8, g8 and h8: Blue flips one"
    )


def test_five_in_a_row_says_the_line_and_the_winner() -> None:
    state = play(culls("blue"), "e5 f5 a15 c15 g5 e15 h5 g15")
    assert said(state, "i5", "Blue") == (
        "Blue placed i5 and made five in a row, e5 to i5: Blue wins the round"
    )


def test_a_plain_placement_is_one_short_line() -> None:
    assert said(culls("red"), "h8", "Red A") == "Red A placed h8"


def test_hints_say_what_the_action_makes() -> None:
    state = play(culls("blue"), "e5 f5 a15 c15 g5 e15")
    assert CULLS_BOARD.describe_hint(state, "h5") == "Hint: h5 makes four"
    play(state, "h5 g15")
    assert CULLS_BOARD.describe_hint(state, "i5") == "Hint: i5 makes five in a row and wins"
    assert CULLS_BOARD.describe_hint(state, "o1") == "Hint: place a chip on o1"


def test_hints_for_a_block_a_cull_a_flip_and_a_move() -> None:
    state = play(culls("blue"), "e5 f5 a15 c15 g5 e15 h5")
    assert CULLS_BOARD.describe_hint(state, "i5") == "Hint: i5 blocks Blue's four"
    state = play(culls("blue"), BEFORE_CULL)
    assert CULLS_BOARD.describe_hint(state, "h10") == "Hint: h10 traps f10 and g10"
    play(state, "h10")
    assert CULLS_BOARD.describe_hint(state, "xg10") == "Hint: flip g10"
    play(state, "xg10")
    assert CULLS_BOARD.describe_hint(state, "g10-j9") == (
        "Hint: move the flipped chip to j9: it traps h9 and i9"
    )


def test_a_draw_names_the_side_that_ran_out() -> None:
    state = culls("blue")
    play(state, " ".join(grid_cells(15)[:58]))
    assert state.to_move() == "blue" and state.supply() == {"blue": 1, "red": 1}
    assert said(state, grid_cells(15)[58], "Blue") == "Blue placed " + grid_cells(15)[58]
    assert said(state, grid_cells(15)[59], "Red").endswith(
        ": Blue has no chips left, the round is a draw"
    )
