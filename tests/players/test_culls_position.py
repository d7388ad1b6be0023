"""The search's Culls position plays exactly the rules, and its undo restores every count."""

from __future__ import annotations

import random

import pytest

from firmware.games.culls.game import CullsState
from firmware.games.culls.player import culls_position, token_of
from firmware.games.culls.position import DRAWN, OVER, CullsPosition
from firmware.rules import find_game

AWAITING = {0: "place", 1: "flip", 2: "move", 3: None}


def _snapshot(position: CullsPosition) -> tuple[object, ...]:
    return (
        list(position.board),
        position.hash,
        position.score,
        [set(f) for f in position.fours],
        list(position.threes),
        [set(c) for c in position.cull_segments],
        list(position.near),
        list(position.windows),
        list(position.segment_class),
        list(position.supply),
        position.key(),
    )


@pytest.mark.parametrize(
    ("rules", "seed"),
    [({"size": 7}, 1), ({"size": 9}, 2), ({"size": 9, "mode": "teams"}, 3), ({}, 4)],
)
def test_random_games_agree_with_the_rules(rules: dict[str, object], seed: int) -> None:
    rng = random.Random(seed)
    game = find_game("culls")
    for _ in range(3):
        state = game.new_state(game.parse_rules(rules), rng.choice(("blue", "red")))
        assert isinstance(state, CullsState)
        position = culls_position(state.rules, state.first, ())
        fresh = _snapshot(position)
        while True:
            assert AWAITING[position.phase] == state.awaiting()
            names = sorted(token_of(position, cell) for cell in position.actions())
            assert names == sorted(state.legal_actions())
            if position.phase == OVER:
                outcome = state.outcome()
                assert (outcome.winner is None) == (position.winner == DRAWN)
                break
            assert ("blue", "red")[position.mover() - 1] == state.to_move()
            token = rng.choice(state.legal_actions())
            state.apply(token)
            position.play(position.tables.geo.index[token.lstrip("x").rpartition("-")[2]])
        rebuilt = culls_position(state.rules, state.first, state.moves)
        assert _snapshot(rebuilt) == _snapshot(position)
        position.rewind(0)
        assert _snapshot(position) == fresh
