"""Culls behind the game API: rule switches, cell names, token errors, summary, undo and copy."""

from __future__ import annotations

import pytest

from firmware.games.culls.game import CULLS
from firmware.rules import find_game, game_names
from firmware.rules.api import GameState, IllegalActionError, InvalidRecordError
from firmware.rules.grid import cell_name, parse_cell
from tests.rules import board, culls, play

# -- cell names -----------------------------------------------------------------------------


def test_cell_names_round_trip_on_every_size() -> None:
    for size in range(7, 20):
        for x in range(size):
            for y in range(size):
                assert parse_cell(cell_name((x, y)), size) == (x, y)
    assert cell_name((7, 7)) == "h8"
    assert cell_name((0, 0)) == "a1"
    assert cell_name((18, 18)) == "s19"


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("p3", "p3 is off the 15x15 board"),
        ("a16", "a16 is off the 15x15 board"),
        ("zz", "zz is not a cell"),
        ("a0", "a0 is not a cell"),
        ("h08", "h08 is not a cell"),
        ("H8", "H8 is not a cell"),
        ("", "an empty name is not a cell"),
    ],
)
def test_bad_cell_names_say_why(text: str, reason: str) -> None:
    with pytest.raises(ValueError, match=f"^{reason}$"):
        parse_cell(text, 15)


# -- rule switches --------------------------------------------------------------------------


def test_culls_is_registered_by_name() -> None:
    assert "culls" in game_names()
    assert find_game("culls") is CULLS


def test_rules_defaults_are_filled_in() -> None:
    assert CULLS.parse_rules({}) == {
        "size": 15,
        "mode": "duel",
        "exact_five": False,
        "rounds_to_win": 3,
    }
    assert CULLS.parse_rules({"size": 7, "mode": "teams", "rounds_to_win": 4})["size"] == 7


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        ({"sise": 15}, "rules.sise: unknown key (allowed: size, mode, exact_five, rounds_to_win)"),
        ({"size": 6}, "rules.size: must be an integer from 7 to 19, got 6"),
        ({"size": 20}, "rules.size: must be an integer from 7 to 19, got 20"),
        ({"size": True}, "rules.size: must be an integer from 7 to 19, got true"),
        ({"size": 15.0}, "rules.size: must be an integer from 7 to 19, got 15.0"),
        ({"mode": "trio"}, 'rules.mode: must be "duel" or "teams", got "trio"'),
        ({"exact_five": 1}, "rules.exact_five: must be true or false, got 1"),
        ({"rounds_to_win": 5}, "rules.rounds_to_win: must be 3 or 4, got 5"),
        ({"rounds_to_win": False}, "rules.rounds_to_win: must be 3 or 4, got false"),
    ],
)
def test_bad_rules_name_the_key(raw: dict[str, object], message: str) -> None:
    with pytest.raises(InvalidRecordError) as caught:
        CULLS.parse_rules(raw)
    assert str(caught.value) == message


def test_first_must_be_a_culls_colour() -> None:
    assert CULLS.colours(CULLS.parse_rules({})) == ("blue", "red")
    with pytest.raises(InvalidRecordError, match="first: must be blue or red"):
        CULLS.new_state({}, "white")


# -- tokens ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("token", "reason"),
    [
        ("p3", "p3 is off the 15x15 board"),
        ("zz", "zz is not a cell"),
        ("xi8", "there is no trapped chip to flip: place a chip on an empty cell"),
        ("i8-c3", "there is no flipped chip to move: place a chip on an empty cell"),
        ("h8", "h8 is taken"),
    ],
)
def test_illegal_placements_say_why_and_change_nothing(token: str, reason: str) -> None:
    state = play(culls(), "h8")
    before = (state.summary(), state.legal_actions(), list(state.moves))
    assert state.why_illegal(token) == reason
    with pytest.raises(IllegalActionError) as caught:
        state.apply(token)
    assert (caught.value.token, caught.value.reason) == (token, reason)
    assert (state.summary(), state.legal_actions(), list(state.moves)) == before


def test_legal_actions_name_every_empty_cell_then_the_trapped_then_the_moves() -> None:
    state = play(culls(size=7), "a1")
    assert len(state.legal_actions()) == 48
    assert "a1" not in state.legal_actions()
    state = play(culls(), "h8 i8 g8 j8")
    assert state.legal_actions() == ["xh8", "xi8"]
    play(state, "xh8")
    moves = state.legal_actions()
    assert len(moves) == 15 * 15 - 4
    assert all(move.startswith("h8-") for move in moves)


# -- the state seen from outside ------------------------------------------------------------


def test_summary_is_the_replay_json_of_records_md() -> None:
    state = play(culls(size=7, first="red"), "d4")
    assert state.summary() == {
        "game": "culls",
        "status": "in_progress",
        "winner": None,
        "next": "red",
        "awaiting": "place",
        "ply": 1,
        "board": [".......", ".......", ".......", "...R...", ".......", ".......", "......."],
        "supply": {"blue": 30, "red": 29},
        "line": None,
    }


def test_cullable_cells_sort_as_strings() -> None:
    # a10 and a11 sort before a9 as strings: the summary uses Python's sorted() on the names.
    state = play(culls(), "a9 a10 a8 a11")
    assert state.summary()["cullable"] == ["a10", "a9"]


def test_the_board_controller_sees_cells_by_coordinates() -> None:
    state = play(culls(size=9), "a1 b2 i9 h9")
    assert state.board_cells() == {(0, 0): "B", (1, 1): "B", (8, 8): "R", (7, 8): "R"}
    assert state.last_arrival() == (7, 8)
    assert (state.size, state.mode, state.turn_number, state.seat()) == (9, "duel", 4, 0)
    assert state.cullable_cells() == []
    assert state.flipped_cell() is None
    api: GameState = state  # the type checker holds the state to the API; here, its members
    assert [
        name for name in vars(GameState) if not name.startswith("_") and not hasattr(api, name)
    ] == []


def test_undo_restores_the_exact_previous_state_step_by_step() -> None:
    state = culls(size=9)
    moves = "a9 e1 g4 b9 h1 c9 g5 i5 g6 g7 xg6 g6-d9 xc9"
    tokens = moves.split()
    seen = []
    for token in tokens:
        seen.append((state.summary(), state.legal_actions(), state.last_arrival(), state.seat()))
        state.apply(token)
    for token in reversed(tokens):
        assert state.undo() == token
        assert (state.summary(), state.legal_actions(), state.last_arrival(), state.seat()) == (
            seen.pop()
        )
    with pytest.raises(IndexError):
        state.undo()


def test_copy_is_independent() -> None:
    state = play(culls(size=9), "b1 c1 a1")
    clone = state.copy()
    play(clone, "d1 xc1")
    assert board(state)[8] == "RBB......"
    assert board(clone)[8] == "RBbR....."
    clone.undo()
    clone.undo()
    assert clone.summary() == state.summary()
    state.undo()
    assert clone.moves == ("b1", "c1", "a1")
    assert state.moves == ("b1", "c1")
