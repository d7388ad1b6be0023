"""How a round ended: every positional ending says which, and a round can be ended off the board
(time, resignation, agreement), scored like any other and taken back by UNDO."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from firmware.rules.api import Outcome, Status, Termination
from firmware.rules.match import Match
from firmware.rules.records import record_from_json, record_of, replay


def round_over(match: Match) -> bool:
    return match.round_over


def match_over(match: Match) -> bool:
    return match.is_over


CASES = json.loads((Path(__file__).parent / "replay_endings.json").read_text())


@pytest.mark.parametrize(
    ("name", "termination"),
    [
        ("culls-duel-7-0", Termination.LINE),
        ("cubulus-2--0", Termination.SQUARE),
        ("culls-duel-9-1", Termination.NO_CHIPS),
        ("culls-duel-7-no-move-0", Termination.NO_MOVE),
        ("culls-duel-7-0-half", None),
    ],
)
def test_the_position_says_how_the_round_ended(name: str, termination: Termination | None) -> None:
    record = record_from_json(CASES[name]["record"])
    state, error = replay(record)
    assert error is None
    assert state.outcome().termination is termination
    assert record.termination() is termination, "derived from the position: the file has none"
    assert record_of(state).reason is None, "a positional reason is never stored"


def test_the_words_are_those_of_the_rules() -> None:
    words = {t.value for t in Termination}
    assert words == {"line", "square", "no chips", "no move", "time", "resignation", "agreement"}
    assert {t for t in Termination if not t.positional} == {
        Termination.TIME,
        Termination.RESIGNATION,
        Termination.AGREEMENT,
    }


def test_a_resignation_ends_the_round_scores_it_and_undo_takes_it_back() -> None:
    match = Match("culls", {"mode": "duel"}, first="blue")
    for token in ("a1", "a2", "o15", "o14", "h8"):
        match.current.apply(token)
    outcome = match.end_round(Termination.RESIGNATION, "red")
    assert outcome == Outcome(Status.WON, "red", None, Termination.RESIGNATION)
    assert match.round_over and match.scores == {"blue": 0, "red": 1}
    assert match.current.to_move() is None and match.current.legal_actions() == []
    assert match.current.why_illegal("h9") is not None
    assert record_of(match.current).reason is Termination.RESIGNATION
    copy = match.current.copy()
    assert copy.outcome().termination is Termination.RESIGNATION
    match.undo()
    assert not round_over(match) and match.scores == {"blue": 0, "red": 0}
    assert tuple(match.current.moves) == ("a1", "a2", "o15", "o14", "h8"), "the moves stay"
    assert match.current.to_move() == "red"
    match.undo()
    assert match.current.ply == 4, "the next UNDO takes back a move"


def test_an_agreed_draw_and_a_loss_on_time_in_cubulus() -> None:
    match = Match("cubulus", {"players": 3}, first="red")
    assert match.end_round(Termination.AGREEMENT, None).status is Status.DRAW
    assert match.is_over and match.winner is None
    match.undo()
    assert not match_over(match)
    match.end_round(Termination.TIME, "black")
    assert match_over(match) and match.winner == "black"


@pytest.mark.parametrize(
    ("termination", "winner", "why"),
    [
        (Termination.LINE, "blue", "only through its moves"),
        (Termination.TIME, "green", "winner: must be one of blue, red"),
    ],
)
def test_an_ending_that_cannot_be_is_refused(
    termination: Termination, winner: str, why: str
) -> None:
    match = Match("culls", {"mode": "duel"}, first="blue")
    with pytest.raises(ValueError, match=why):
        match.end_round(termination, winner)
    assert not match.round_over


def test_an_ended_round_cannot_end_again() -> None:
    match = Match("culls", {"mode": "duel"}, first="blue")
    match.end_round(Termination.RESIGNATION, "blue")
    with pytest.raises(ValueError, match="over already"):
        match.end_round(Termination.TIME, "red")


def test_an_ending_a_token_gave_is_taken_back_with_the_token() -> None:
    match = Match("culls", {"mode": "duel"}, first="blue")
    match.current.apply("a1")
    match.current.conclude(Outcome.ended_by(Termination.TIME, "red"))  # as a game's own token
    assert match.round_over and not match.concluded
    match.undo()
    assert match.current.ply == 0 and not match.round_over
