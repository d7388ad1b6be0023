"""rules.md Timed play 4: with three players, one whose time runs out (or who resigns) is out:
their balls stay and act as neutral, their supply is gone, their turns are skipped, and the other
two play on with the "no exact reverse" rule unchanged. With two in, the tokens are refused."""

from __future__ import annotations

import pytest

from firmware.games.cubulus.cube import square_owners
from firmware.games.cubulus.geometry import CELL_INDEX
from firmware.rules.api import Status
from firmware.rules.endings import winner_if_out
from firmware.rules.records import parse_record, record_of, replay
from tests.games.cubulus.test_rules import drop, in_turns, new_game, play, reason

COLOURS = ("red", "black", "white")


@pytest.mark.parametrize("token", ["time", "resign"])
def test_the_player_to_act_is_out_and_the_turns_skip_them(token: str) -> None:
    state = play(new_game(3, "red"), drop("000"))
    assert state.to_move() == "black" and winner_if_out(state, COLOURS) is None
    state.apply(token)
    assert state.sides_in() == ("red", "white")
    assert state.supply() == {"red": 8, "black": 0, "white": 9}
    assert state.cells() == {"000": "red"}
    assert state.to_move() == "white"
    play(state, drop("022"))
    assert state.to_move() == "red"
    play(state, drop("202"))
    assert state.to_move() == "white"


def test_an_out_players_square_wins_for_nobody() -> None:
    # Black holds three of face D's square 000 100 010 110 and goes out; a fourth black ball on
    # 110 (as a turned line could bring it) makes a square that decides nothing.
    others = (["022", "122", "012"], ["002", "102", "202"])  # rows on U: no square
    state = play(new_game(3, "black"), in_turns(["000", "100", "010"], *others))
    assert state.to_move() == "black"
    state.apply("time")
    black = CELL_INDEX["000"]
    state._board[CELL_INDEX["110"]] = state._board[black]
    assert square_owners(state._board, [CELL_INDEX["110"]]) == {2}
    assert state._judge((CELL_INDEX["110"],)).status is Status.IN_PROGRESS


def test_the_last_two_end_the_game_off_the_board_and_who_wins_is_named() -> None:
    state = play(new_game(3, "red"), drop("000"))
    state.apply("resign")  # black
    assert winner_if_out(state, COLOURS) == "red"  # white to act: if white goes, red wins
    assert reason(state, "time").startswith("time: with two players in")
    assert reason(new_game(2), "time").startswith("time: with two players in")


def test_undo_brings_the_player_back_with_their_supply() -> None:
    state = play(new_game(3, "red"), drop("000"))
    before = state.summary()
    state.apply("time")
    assert state.undo() == "time"
    assert state.summary() == before and state.sides_in() == COLOURS
    assert state.to_move() == "black"


def test_the_no_exact_reverse_rule_is_unchanged_across_an_out_player() -> None:
    # A full line 000 010 020 turned by red from F; black goes out; white may not turn it back.
    state = play(new_game(3, "red"), in_turns(["000", "222"], ["010", "212"], ["020"]))
    play(state, "F000")  # red turns the full line 000 010 020 from F
    state.apply("time")  # black
    assert reason(state, "B020") == "that would undo the last move"


def test_a_record_with_a_player_out_replays() -> None:
    state = play(new_game(3, "red"), drop("000"))
    state.apply("time")
    play(state, drop("022"))
    replayed, error = replay(parse_record(record_of(state).dumps()))
    assert error is None and replayed.summary() == state.summary()
    assert replayed.summary()["supply"] == {"red": 8, "black": 0, "white": 8}


def test_the_computer_plays_on_between_the_two_left() -> None:
    import random

    from firmware.players import Budget, choose, level

    state = play(new_game(3, "red"), drop("000"))
    state.apply("time")  # black out
    for _ in range(6):
        choice = choose(state, level(6), Budget(max_nodes=400), random.Random(1))
        assert state.why_illegal(choice.token) is None
        assert state.to_move() in ("red", "white")
        state.apply(choice.token)
    assert "black" not in set(state.cells().values())
