"""One named test per rule of the Culls section of rules.md, as positions and move sequences."""

from __future__ import annotations

import random

import pytest

from firmware.games.culls.board import EMPTY, FLIPPED, trapped_chips, winning_line
from firmware.games.culls.geometry import geometry
from firmware.rules.api import IllegalActionError, Status
from firmware.rules.grid import cell_name
from tests.rules import board, culls, drawn_round, grid_cells, play


def _order(first: str, turns: int) -> list[str | None]:
    """Who acts on each of the first ``turns`` duel turns, chips far apart (no cull, no line)."""
    state = culls(first, size=15)
    seen = []
    for cell in grid_cells(15)[:turns]:
        seen.append(state.to_move())
        state.apply(cell)
    return seen


# -- rule 2: setup --------------------------------------------------------------------------


def test_rule_2_duel_setup_starter_places_two_then_the_other_two() -> None:
    assert _order("red", 4) == ["red", "red", "blue", "blue"]


def test_rule_2_teams_setup_one_chip_each_in_seat_order() -> None:
    state = culls("red", size=15, mode="teams")
    seats = []
    for cell in grid_cells(15)[:4]:
        seats.append((state.seat(), state.to_move()))
        state.apply(cell)
    assert seats == [(0, "red"), (1, "blue"), (2, "red"), (3, "blue")]
    assert state.supply() == {"blue": 28, "red": 28}


# -- rule 3: turns --------------------------------------------------------------------------


def test_rule_3_after_setup_the_starter_places_next_then_players_alternate() -> None:
    assert _order("blue", 9) == ["blue", "blue", "red", "red", "blue", "red", "blue", "red", "blue"]


def test_rule_3_a_taken_cell_cannot_be_placed_on() -> None:
    state = play(culls(), "h8")
    assert state.why_illegal("h8") == "h8 is taken"
    with pytest.raises(IllegalActionError, match="h8 is taken"):
        state.apply("h8")


def test_rule_3_one_chip_per_turn_comes_from_the_supply() -> None:
    state = play(culls(), "h8 a1 o15")
    assert state.supply() == {"blue": 28, "red": 29}


# -- rule 4: cull trigger -------------------------------------------------------------------


def test_rule_4_setup_chip_culls() -> None:
    state = play(culls(), "h8 i8 g8 j8")
    summary = state.summary()
    assert summary["next"] == "red"
    assert summary["awaiting"] == "flip"
    assert summary["cullable"] == ["h8", "i8"]


@pytest.mark.parametrize(
    ("dx", "dy"), [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1), (1, -1), (-1, 1)]
)
def test_rule_4_culls_in_all_eight_directions(dx: int, dy: int) -> None:
    def at(steps: int) -> str:
        return cell_name((4 + steps * dx, 4 + steps * dy))

    state = play(culls(size=9), f"{at(3)} a5 {at(1)} {at(2)} {at(0)}")
    assert state.awaiting() == "flip"
    assert state.summary()["cullable"] == sorted([at(1), at(2)])


def test_rule_4_cull_needs_exactly_two() -> None:
    # blue i5, red f5 g5 h5: blue arriving on e5 brackets three red chips, which is no cull.
    state = play(culls(size=9), "i5 a9 f5 g5 a7 h5 e5")
    assert state.awaiting() == "place"
    assert state.to_move() == "red"
    # A single chip between two of yours is no cull either.
    state = play(culls(size=9), "e5 a9 f5 a1 g5")
    assert state.awaiting() == "place"


def test_rule_4_stepping_into_a_bracket_is_safe() -> None:
    # blue c5 and f5; red steps into d5 then e5: red's arrival makes B R R B but culls nothing.
    state = play(culls(size=9), "c5 f5 d5 a9 a1 e5")
    assert board(state)[4] == "..BRRB..."
    assert state.awaiting() == "place"
    # Nor can blue cull them later by placing elsewhere: only an arriving end chip closes a trap.
    play(state, "i1")
    assert state.awaiting() == "place"


def test_rule_4_moved_chip_culls() -> None:
    # red culls blue g5 g6 from g7 and flips g6; blue moves it to d9: a9 B, b9 R, c9 R, d9 B.
    state = play(culls(size=9), "a9 e1 g4 b9 h1 c9 g5 i5 g6 g7 xg6")
    assert state.summary()["next"] == "blue"
    play(state, "g6-d9")
    summary = state.summary()
    assert (summary["next"], summary["awaiting"], summary["cullable"]) == (
        "blue",
        "flip",
        ["b9", "c9"],
    )


# -- rule 5: flip ---------------------------------------------------------------------------


def test_rule_5_double_cull_offers_every_trapped_chip() -> None:
    # blue b5 and e2; red c5 d5 and e4 e3; blue arrives on e5 and traps both pairs.
    state = play(culls(size=9), "b5 e2 c5 d5 a9 e4 c9 e3 e5")
    assert state.summary()["cullable"] == ["c5", "d5", "e3", "e4"]
    assert state.cullable_cells() == [(2, 4), (3, 4), (4, 2), (4, 3)]
    play(state, "xe3")
    assert board(state)[4:7] == [".BRRB....", "....R....", "....r...."]


def test_rule_5_flip_must_be_one_of_the_trapped_chips() -> None:
    state = play(culls(), "i8 j8 h8 k8")
    assert state.summary()["cullable"] == ["i8", "j8"]
    assert state.why_illegal("xh8") == "h8 is not a trapped chip"
    assert state.why_illegal("a1") == "you must flip one of the trapped chips: i8, j8"
    assert state.why_illegal("xp3") == "p3 is off the 15x15 board"


def test_rule_5_the_flip_is_part_of_the_same_turn() -> None:
    state = play(culls(), "h8 i8 g8 j8")
    turn, seat = state.turn_number, state.seat()
    play(state, "xi8")
    assert board(state)[7] == "......RBbR....."
    assert state.flipped_cell() == (8, 7)
    assert state.turn_number == turn + 1
    assert state.seat() != seat
    assert state.supply() == {"blue": 28, "red": 28}


def test_rule_5_a_flipped_chip_counts_for_nobody() -> None:
    # The engine never lets a chip arrive while one lies flipped, so check the board logic itself:
    # row 1 of a 9x9 board holds B B b B and blue arrives on e1: no five. Red arriving on d1
    # after R b B on a1..c1 traps nothing either.
    geo = geometry(9)
    blue, red, flipped_blue = 1, 2, 1 + FLIPPED
    row = [blue, blue, flipped_blue, blue, blue, EMPTY, EMPTY, EMPTY, EMPTY]
    cells = row + [EMPTY] * 72
    assert winning_line(cells, geo, 4, blue, exact_five=False) is None
    cells[2] = blue
    assert winning_line(cells, geo, 4, blue, exact_five=False) == [0, 1, 2, 3, 4]
    cells = [red, flipped_blue, blue, red] + [EMPTY] * 77
    assert trapped_chips(cells, geo, 3, red) == []
    cells[1] = blue
    assert trapped_chips(cells, geo, 3, red) == [1, 2]


# -- rule 6: win first ----------------------------------------------------------------------

WIN_AND_CULL = "a1 b1 e2 e3 c1 i9 d1 h9 e4 g9"  # blue a1-d1 and e4 around red e2 e3


def test_rule_6_five_in_a_row_wins() -> None:
    state = play(culls(size=9), "a1 b1 a9 b9 c1 c9 d1 d9 e1")
    outcome = state.outcome()
    assert (outcome.status, outcome.winner) == (Status.WON, "blue")
    assert outcome.line == ("a1", "b1", "c1", "d1", "e1")
    assert (state.to_move(), state.awaiting()) == (None, None)


def test_rule_6_win_before_cull() -> None:
    state = play(culls(size=9), WIN_AND_CULL + " e1")
    summary = state.summary()
    assert (summary["status"], summary["winner"], summary["awaiting"]) == ("won", "blue", None)
    assert "cullable" not in summary
    # Without the row, the same arrival culls: the win really did come first.
    state = play(culls(size=9), WIN_AND_CULL.replace("d1", "f9") + " e1")
    assert state.summary()["cullable"] == ["e2", "e3"]


def test_rule_6_six_in_a_row_wins_by_default() -> None:
    state = play(culls(size=9), "a1 b1 a9 b9 c1 c9 e1 e9 f1 f9 d1")
    assert state.outcome().line == ("a1", "b1", "c1", "d1", "e1", "f1")


def test_rule_6_exact_five_switch_six_does_not_win() -> None:
    state = play(culls(size=9, exact_five=True), "a1 b1 a9 b9 c1 c9 e1 e9 f1 f9 d1")
    assert state.outcome().status is Status.IN_PROGRESS
    assert state.to_move() == "red"


def test_rule_6_exact_five_still_wins_in_another_direction() -> None:
    # d1 completes six along row 1 (no win) and exactly five up column d (a win).
    moves = "a1 b1 a9 b9 c1 c9 e1 e9 f1 f9 d2 h9 d3 h7 d4 h5 d5 h3 d1"
    state = play(culls(size=9, exact_five=True), moves)
    assert state.outcome().line == ("d1", "d2", "d3", "d4", "d5")


def test_rule_6_line_is_reported_horizontal_first() -> None:
    moves = "a1 b1 a9 b9 c1 c9 d1 d9 e2 h9 e3 h7 e4 h5 e5 h3 e1"
    state = play(culls(size=9), moves)
    assert state.outcome().line == ("a1", "b1", "c1", "d1", "e1")


def test_rule_6_vertical_line_reads_from_the_lower_row() -> None:
    state = play(culls(size=9), "c2 c4 a9 b9 c5 i9 c6 i7 c3")
    assert state.outcome().line == ("c2", "c3", "c4", "c5", "c6")


def test_rule_6_diagonal_lines_read_from_the_lower_column() -> None:
    state = play(culls(size=9), "b2 c3 h1 i1 e5 h3 f6 i3 d4")
    assert state.outcome().line == ("b2", "c3", "d4", "e5", "f6")
    state = play(culls(size=9), "a9 b8 h1 i1 d6 h3 e5 i3 c7")
    assert state.outcome().line == ("a9", "b8", "c7", "d6", "e5")


def test_rule_6_any_token_after_the_win_is_illegal() -> None:
    state = play(culls(size=9), "a1 b1 a9 b9 c1 c9 d1 d9 e1")
    before = state.summary()
    assert state.legal_actions() == []
    with pytest.raises(IllegalActionError, match="the round is over"):
        state.apply("i5")
    assert state.summary() == before


# -- rule 7: move the flipped chip ----------------------------------------------------------


def test_rule_7_the_owner_moves_the_flipped_chip_instead_of_placing() -> None:
    state = play(culls(), "h8 i8 g8 j8 xi8")
    assert (state.to_move(), state.awaiting()) == ("blue", "move")
    assert state.why_illegal("a1") == (
        "you must move the flipped chip on i8 to an empty cell, as i8-a1"
    )
    assert state.why_illegal("h8-c3") == "the flipped chip is on i8, not on h8"
    assert state.why_illegal("i8-i8") == "the flipped chip must go to a different empty cell"
    assert state.why_illegal("i8-h8") == "h8 is taken"
    assert state.why_illegal("i8-z3") == "z3 is off the 15x15 board"
    play(state, "i8-c3")
    rows = board(state)
    assert (rows[7], rows[12]) == ("......RB.R.....", "..B............")
    assert state.supply() == {"blue": 28, "red": 28}
    assert (state.to_move(), state.awaiting()) == ("red", "place")
    assert state.last_arrival() == (2, 2)
    assert state.flipped_cell() is None


def test_rule_7_the_moved_chip_can_win() -> None:
    state = play(culls(size=9), "a1 b1 g4 a9 c1 c9 d1 e9 g5 i9 g6 g7 xg6")
    play(state, "g6-e1")
    assert state.outcome().winner == "blue"
    assert state.outcome().line == ("a1", "b1", "c1", "d1", "e1")


def test_rule_7_teams_the_next_seat_moves_it() -> None:
    state = play(culls("blue", size=9, mode="teams"), "e5 d5 f5 g5")
    assert (state.seat(), state.summary()["cullable"]) == (3, ["e5", "f5"])
    play(state, "xf5")
    assert (state.seat(), state.to_move(), state.awaiting()) == (0, "blue", "move")
    play(state, "f5-a1")
    assert (state.seat(), state.to_move(), state.awaiting()) == (1, "red", "place")


# -- rule 8: running out --------------------------------------------------------------------


def test_rule_8_draw_when_the_placer_has_no_chips_left() -> None:
    state = drawn_round(size=15)
    summary = state.summary()
    assert summary["supply"] == {"blue": 0, "red": 0}
    assert (summary["status"], summary["winner"], summary["next"]) == ("draw", None, None)
    assert state.legal_actions() == []


def test_rule_8_a_move_turn_needs_no_chip() -> None:
    cells = grid_cells(19)[10:]  # rows 3 and up, well away from row 1
    blue = ["b1", "c1", *cells[:28]]
    red = ["a1", *cells[28:56], "d1"]
    order = (
        blue[:2] + red[:2] + [chip for pair in zip(blue[2:], red[2:], strict=True) for chip in pair]
    )
    state = play(culls(size=19), " ".join(order) + " xc1")
    assert state.supply() == {"blue": 0, "red": 0}
    assert (state.to_move(), state.awaiting()) == ("blue", "move")
    play(state, "c1-s1")
    assert state.outcome().status is Status.DRAW


def test_decision_no_empty_cell_is_a_draw() -> None:
    # On a 7x7 board (49 cells, 60 chips) the board fills up. Whenever the last empty cell is
    # filled without a win, or a flip is chosen on a full board, the next player cannot act.
    filled = flipped_on_full = 0
    for seed in range(40):
        rng = random.Random(seed)
        state = culls(size=7)
        while not state.outcome().is_over:
            actions = state.legal_actions()
            if state.awaiting() == "place" and len(actions) == 1:
                last = state.copy()
                last.apply(actions[0])
                if last.awaiting() not in ("flip", None):
                    pytest.fail(f"{last!r} waits for a chip with no empty cell")
                filled += last.outcome().status is Status.DRAW
            if state.awaiting() == "flip" and not any("." in row for row in board(state)):
                after = state.copy()
                after.apply(actions[0])
                assert after.outcome().status is Status.DRAW
                flipped_on_full += 1
            state.apply(rng.choice(actions))
    assert min(filled, flipped_on_full) > 0, (filled, flipped_on_full)


# -- rule 10: team mode ---------------------------------------------------------------------


def test_rule_10_teams_go_clockwise_and_share_their_colour_supply() -> None:
    state = culls("red", size=15, mode="teams")
    seen = []
    for cell in grid_cells(15)[:8]:
        seen.append((state.seat(), state.to_move()))
        state.apply(cell)
    assert seen == [(seat % 4, ("red", "blue")[seat % 2]) for seat in range(8)]
    assert state.supply() == {"blue": 26, "red": 26}
