"""The coach's evaluations agree from one move to the next, in rounds the players make.

Each round (level 3 as Blue against level 6 as Red, fixed seeds and node budgets) is analysed by
the board's judge. An evaluation is from its mover's side; the next move's, turned to the same
side when the other side made it, must say the same within ``MARGIN`` unless that move explains
the difference (it lost that much: a mistake). A position the search only now sees decided
(an ordinary evaluation followed by a forced win or loss) is the search seeing further, not a
contradiction: those moves are the coach's turning points. What may never happen is a forced
win followed, unexplained, by anything less, or a forced loss by anything more: the same
position cannot be won by force and not.

Two causes made it happen: an only move (the one block of a four) was answered with the score
0 without being searched, and a loss proven against the beam's few replies was taken for a
forced loss though a reply outside the beam escaped it.
"""

from __future__ import annotations

import itertools
import random

import pytest

from firmware.players import Budget, choose, level
from firmware.players.analysis import WON, MoveReview, analyse
from firmware.rules import find_game

NODES = 3000  # the players' and the judge's budget (the board's ANALYSIS_NODES)
MARGIN = 300  # what one more ply of search may change in an ordinary evaluation
SEEDS = (0, 1, 2, 3, 4, 5)


def _reviews(seed: int) -> list[MoveReview]:
    game = find_game("culls")
    start = game.new_state(game.parse_rules({}), "blue")
    state, levels = start.copy(), {"blue": 3, "red": 6}
    while not state.outcome().is_over:
        colour = state.to_move()
        assert colour is not None
        rng = random.Random(seed * 1000 + state.ply)
        state.apply(choose(state, level(levels[colour]), Budget(max_nodes=NODES), rng).token)
    return analyse(start, list(state.moves), NODES)


def _contradictions(reviews: list[MoveReview]) -> list[tuple[MoveReview, MoveReview]]:
    found = []
    for one, two in itertools.pairwise(reviews):
        seen = two.evaluation if two.colour == one.colour else -two.evaluation
        gap = abs(one.evaluation - seen)
        if gap <= MARGIN or two.loss >= gap - MARGIN:
            continue  # agreed, or the move explains it
        decided = one.evaluation >= WON or one.evaluation <= -WON
        if decided or abs(seen) < WON:  # a forced result undone, or two ordinary ones apart
            found.append((one, two))
    return found


@pytest.mark.parametrize("seed", SEEDS)
def test_no_evaluation_contradicts_the_next_one_unexplained(seed: int) -> None:
    assert _contradictions(_reviews(seed)) == []
