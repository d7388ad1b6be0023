"""Matches: starters, alternation, scores, the end of the match, and the journal."""

from __future__ import annotations

import random

import pytest

from firmware.rules import game_names
from firmware.rules.api import GameState, InvalidRecordError
from firmware.rules.match import Match
from tests.rules import grid_cells

STARTER_WINS = "a1 b1 a9 b9 c1 c9 d1 d9 e1"  # on 9x9: the starter completes row 1 first
OTHER_WINS = "a1 c1 a9 b9 e1 c9 g1 d9 i1 e9"  # the starter scatters; the other fills row 9


def _play(state: GameState, moves: str) -> None:
    for token in moves.split():
        state.apply(token)


def _round(match: Match, moves: str) -> str | None:
    """Play a round to its end, start the next unless the match is over, return its winner."""
    _play(match.current, moves)
    winner = match.current.outcome().winner
    if not match.is_over:
        match.next_round()
    return winner


def _culls_match(seed: int = 0, **rules: object) -> Match:
    return Match("culls", {"size": 9, **rules}, rng=random.Random(seed))


def test_rule_1_round_one_starter_comes_from_the_random_source() -> None:
    starters = {_culls_match(seed).current.first for seed in range(40)}
    assert starters == {"blue", "red"}
    for seed in range(10):
        assert _culls_match(seed).current.first == _culls_match(seed).current.first


def test_rule_1_later_rounds_alternate_the_starter_draws_included() -> None:
    match = Match("culls", {"size": 15}, rng=random.Random(3))
    first = match.current.first
    _play(match.current, " ".join(grid_cells(15)[:60]))
    assert match.current.outcome().status.value == "draw"
    match.next_round()
    assert match.scores == {"blue": 0, "red": 0}
    assert match.round_number == 2
    assert match.current.first != first
    assert match.current.ply == 0
    _round(match, "a1 b1 a15 b15 c1 c15 d1 d15 e1")
    assert match.current.first == first
    assert [state.first for state in match.rounds[:2]] == [first, match.starter(2)]


def test_rule_9_first_to_three_round_wins_takes_the_match() -> None:
    match = _culls_match(1)
    first = match.current.first
    winners = []
    while not match.is_over:
        winners.append(_round(match, STARTER_WINS))
    other = "red" if first == "blue" else "blue"
    assert winners == [first, other, first, other, first]
    assert match.winner == first
    assert match.scores == {first: 3, other: 2}
    assert match.round_number == 5
    assert match.current.outcome().is_over
    with pytest.raises(ValueError, match="the match is over"):
        match.next_round()


def test_rule_9_seven_rounds_switch_needs_four_wins() -> None:
    match = _culls_match(2, rounds_to_win=4)
    assert match.rounds_to_win == 4
    rounds = 0
    while not match.is_over:
        _round(match, STARTER_WINS)
        rounds += 1
    assert rounds == 7
    assert max(match.scores.values()) == 4


def test_rule_9_the_other_side_can_win_a_round() -> None:
    match = _culls_match(4)
    other = "red" if match.current.first == "blue" else "blue"
    assert _round(match, OTHER_WINS) == other
    assert match.scores[other] == 1


def test_rule_10_the_starting_team_alternates() -> None:
    match = _culls_match(5, mode="teams")
    starters = []
    for _ in range(3):
        starters.append(match.current.first)
        assert match.current.rules["mode"] == "teams"
        _round(match, "a1 a9 b1 b9 c1 c9 d1 d9 e1")
    assert starters[0] != starters[1]
    assert starters[0] == starters[2]


def test_a_round_must_be_over_to_finish_it() -> None:
    match = _culls_match()
    _play(match.current, "a1")
    with pytest.raises(ValueError, match="the round is not over"):
        match.next_round()
    assert match.round_number == 1


@pytest.mark.skipif("cubulus" not in game_names(), reason="Cubulus is not registered")
def test_a_one_game_match_ends_after_one_game_even_drawn() -> None:
    rng = random.Random(1)
    for seed in range(20):  # random pushes can go round in circles: take the first game that ends
        match = Match("cubulus", {}, rng=random.Random(seed))
        state = match.current
        while not state.outcome().is_over and state.ply < 400:
            state.apply(rng.choice(state.legal_actions()))
        if state.outcome().is_over:
            break
    assert match.rounds_to_win == 1
    assert match.is_over
    with pytest.raises(ValueError, match="the match is over"):
        match.next_round()
    assert match.winner == state.outcome().winner
    assert match.starter(2) != state.first, "a rematch is started by the other colour"


def test_round_one_can_be_started_by_a_given_colour() -> None:
    assert Match("culls", {"size": 9}, first="red").current.first == "red"
    with pytest.raises(InvalidRecordError, match="first: must be one of blue, red"):
        Match("culls", {"size": 9}, first="green")
    with pytest.raises(ValueError, match="first colour or a random source"):
        Match("culls", {"size": 9})


def test_undo_takes_back_tokens_and_round_starts_and_the_scores_follow() -> None:
    match = Match("culls", {"size": 9}, first="blue")
    assert not match.can_undo()
    _round(match, STARTER_WINS)
    assert match.round_number == 2 and match.scores == {"blue": 1, "red": 0}
    _play(match.current, "a1")
    match.undo()
    assert match.round_number == 2 and match.current.ply == 0
    match.undo()  # the start of round 2
    assert match.round_number == 1 and match.current.outcome().is_over
    match.undo()  # the winning chip of round 1
    assert match.scores == {"blue": 0, "red": 0}
    assert not match.current.outcome().is_over
    assert match.current.ply == len(STARTER_WINS.split()) - 1
    assert match.round_number == 1
    while match.can_undo():
        match.undo()
    assert match.current.ply == 0
    with pytest.raises(IndexError, match="nothing to undo"):
        match.undo()


def test_undoing_the_deciding_chip_reopens_the_match() -> None:
    match = Match("culls", {"size": 9}, first="blue")
    while not match.is_over:
        _round(match, STARTER_WINS)
    assert _result(match) == (True, "blue", {"blue": 3, "red": 2})
    match.undo()
    assert _result(match) == (False, None, {"blue": 2, "red": 2})
    assert list(match.current.moves) == STARTER_WINS.split()[:-1]
    match.current.apply(STARTER_WINS.split()[-1])
    assert _result(match) == (True, "blue", {"blue": 3, "red": 2})


def _result(match: Match) -> tuple[bool, str | None, dict[str, int]]:
    return match.is_over, match.winner, match.scores
