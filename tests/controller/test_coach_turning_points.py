"""A round lost to level 6 has its losing move named, with a reason in the game's words.

The rounds are played here by the project's own players at fixed seeds and node budgets (level 3
as Blue against level 6 as Red), so they are the same on every machine; the coach analyses them
with the board's judge. Before turning points were counted, the move after which the coach's own
evaluation fell to a forced loss was not a mistake when the search had preferred it at the time.
"""

from __future__ import annotations

import random

import pytest

from firmware.controller.coach.mistakes import coach_json, round_mistakes
from firmware.players import Budget, choose, level
from firmware.players.analysis import WON, MoveReview, analyse, best_moment, mistakes
from firmware.rules import find_game
from firmware.rules.records import Record

NODES = 3000  # the players' and the judge's budget (the board's ANALYSIS_NODES)


def _round(seed: int) -> Record:
    """Level 3 (Blue, first) against level 6 (Red) until the round ends."""
    game = find_game("culls")
    rules = game.parse_rules({})
    state = game.new_state(rules, "blue")
    levels = {"blue": 3, "red": 6}
    while not state.outcome().is_over:
        colour = state.to_move()
        assert colour is not None
        rng = random.Random(seed * 1000 + state.ply)
        state.apply(choose(state, level(levels[colour]), Budget(max_nodes=NODES), rng).token)
    return Record("culls", rules, "blue", tuple(state.moves))


def _seen_before(reviews: list[MoveReview], index: int) -> int:
    if index == 0:
        return 0
    last = reviews[index - 1]
    return last.evaluation if last.colour == reviews[index].colour else -last.evaluation


@pytest.mark.parametrize("seed", [0, 2])
def test_the_move_that_lost_a_round_to_level_6_is_named_with_its_reason(seed: int) -> None:
    record = _round(seed)
    end = record.new_state()
    for token in record.moves:
        end.apply(token)
    assert end.outcome().winner == "red"
    reviews = analyse(record.new_state(), list(record.moves), NODES)
    # the coach's own evaluation falls to a forced loss for Blue after one of Blue's moves
    falls = [
        i
        for i, r in enumerate(reviews)
        if r.colour == "blue" and r.evaluation <= -WON < _seen_before(reviews, i)
    ]
    assert falls, "the round is not one the coach sees lost"
    blue = {m.ply for m in mistakes(reviews, "blue")}
    fall = reviews[falls[0]]
    # the move itself, or (when the search would have played it too) Blue's move before it
    earlier = [r.ply for r in reviews[: falls[0]] if r.colour == "blue"]
    assert fall.ply in blue or earlier[-1] in blue
    found = round_mistakes(record, reviews, 15, 15)
    assert found
    for mistake in found:  # every mistake says why
        _, _, reason = mistake.words.partition(": ")
        assert reason, mistake.words
        assert "was the better move" not in mistake.words, mistake.words
    losing = [m for m in found if m.ply in (fall.ply, *earlier[-1:]) and m.colour == "blue"]
    assert losing, found


def test_a_round_without_mistakes_says_so_and_names_its_best_moment() -> None:
    record = _round(0)
    reviews = analyse(record.new_state(), list(record.moves[:4]), 300)
    quiet = [
        MoveReview(r.ply, r.colour, r.move, r.evaluation, r.best, r.evaluation, 0) for r in reviews
    ]
    short = Record(record.game, record.rules, record.first, record.moves[:4])
    said = coach_json(short, quiet, [], False)
    best = best_moment(quiet)
    assert best is not None
    assert said["summary"] == (
        f"No mistakes this round. The best moment: move {best.ply}, "
        f"{best.colour.capitalize()} {best.move}"
    )
