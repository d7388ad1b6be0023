"""One judge: the HINT and the coach ask the same search (the top level within a node budget,
seeded by the ply), so the move the HINT proposes is never a mistake in the coach's eyes.

Checked over every position of 20 rounds that the computer levels play against each other,
deterministically (node budgets and fixed seeds), the HINT asked the board's way (``Seating``).
"""

from __future__ import annotations

import queue
import random

import pytest

from firmware.controller.computer import computer
from firmware.controller.computer.computer import HintFound, Seating
from firmware.controller.core.players import SeatMove
from firmware.players import Budget, choose, level
from firmware.players.analysis import MISTAKE, reviewed
from firmware.rules import find_game
from firmware.rules.api import GameState

ROUNDS = 20
PLIES = 14  # each round's first plies: enough for threats, short enough for a test
NODES = 200  # the judge's budget here (the board's is ANALYSIS_NODES)
PLAYER_NODES = 2000  # scaled by each level's share
WAIT_S = 60  # generous: only reached if a hint never comes


def _round(seed: int) -> tuple[GameState, list[str]]:
    """A round between two computer levels, the same every time for ``seed``."""
    game = find_game("culls")
    rng = random.Random(seed)
    start = game.new_state(game.parse_rules({}), rng.choice(("blue", "red")))
    levels = {"blue": 1 + seed % 3, "red": 1 + (seed // 3) % 3}
    state, moves = start.copy(), list[str]()
    while not state.outcome().is_over and len(moves) < PLIES:
        colour = state.to_move()
        assert colour is not None
        budget = Budget(max_nodes=PLAYER_NODES)
        token = choose(state, level(levels[colour]), budget, random.Random(seed * 1000 + state.ply))
        state.apply(token.token)
        moves.append(token.token)
    return start, moves


def _hint(seating: Seating, answers: queue.Queue[HintFound | SeatMove], state: GameState) -> str:
    seating.hint(state)
    found = answers.get(timeout=WAIT_S)
    assert isinstance(found, HintFound) and found.ply == state.ply
    return found.token


def test_the_hint_is_never_a_mistake_for_the_coach_in_any_position_of_20_rounds(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(computer, "ANALYSIS_NODES", NODES)
    answers: queue.Queue[HintFound | SeatMove] = queue.Queue()
    seating = Seating(clock=lambda: 0.0, level=level(3), seed=1)  # a frozen clock: nodes only
    seating.connect(answers.put)
    checked = 0
    for seed in range(ROUNDS):
        start, moves = _round(seed)
        position = start.copy()
        for index, played in enumerate(moves):
            hint = _hint(seating, answers, position)
            review = next(reviewed(start, [*moves[:index], hint], NODES, first=index + 1))
            assert review.move == hint
            assert review.best == hint and review.loss == 0, (seed, index, review)
            assert review.loss < MISTAKE
            position.apply(played)
            checked += 1
    assert checked >= ROUNDS * PLIES // 2
