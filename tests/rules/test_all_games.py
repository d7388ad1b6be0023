"""Every registered game, played at random: copy, record, undo and legality all hold together."""

from __future__ import annotations

import random

import pytest

from firmware.rules.api import GameState, IllegalActionError, JsonValue
from firmware.rules.records import parse_record, record_of, replay
from firmware.rules.registry import find_game, game_names

# The rule switches worth a game of their own; a game not listed is played with its defaults.
VARIANTS: dict[str, list[dict[str, object]]] = {
    "culls": [
        {},
        {"size": 7},
        {"size": 9, "mode": "teams"},
        {"size": 7, "exact_five": True, "rounds_to_win": 4},
    ],
    "cubulus": [{"players": 2}, {"players": 3}],
}
SEEDS = range(3)
MAX_PLIES = 300  # a game still going after this many tokens must simply still have a move
CHECKED_PER_PLY = 12  # legal tokens checked against why_illegal at each ply
JUNK = ["", " ", "zz", "h8h8", "N999", "F111x"]


def _cases() -> list[tuple[str, dict[str, object]]]:
    return [(name, raw) for name in game_names() for raw in VARIANTS.get(name, [{}])]


def _view(state: GameState) -> tuple[dict[str, JsonValue], list[str], tuple[str, ...]]:
    return state.summary(), state.legal_actions(), tuple(state.moves)


def _check_legality(state: GameState, rng: random.Random, seen: set[str]) -> None:
    legal = state.legal_actions()
    for token in rng.sample(legal, min(CHECKED_PER_PLY, len(legal))):
        assert state.why_illegal(token) is None, token
    illegal = sorted(seen.difference(legal)) + JUNK
    for token in rng.sample(illegal, min(CHECKED_PER_PLY, len(illegal))):
        reason = state.why_illegal(token)
        assert reason and "\n" not in reason, token
        view = _view(state)
        with pytest.raises(IllegalActionError):
            state.apply(token)
        assert _view(state) == view
    seen.update(legal)


def _apply_checking_copy(state: GameState, token: str) -> None:
    view = _view(state)
    twin = state.copy()
    state.apply(token)
    assert _view(twin) == view, "playing on the original changed its copy"
    twin.apply(token)
    assert _view(twin) == _view(state)
    twin.undo()
    assert _view(twin) == view
    assert state.moves[-1] == token, "undoing on a copy changed the original"


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize(("name", "raw"), _cases(), ids=lambda case: str(case))
def test_random_games_hold_together(name: str, raw: dict[str, object], seed: int) -> None:
    rng = random.Random(seed)
    game = find_game(name)
    rules = game.parse_rules(raw)
    first = rng.choice(game.colours(rules))
    state = game.new_state(rules, first)
    start = _view(game.new_state(rules, first))
    seen: set[str] = set()
    while not state.outcome().is_over and state.ply < MAX_PLIES:
        assert state.to_move() is not None and state.legal_actions(), "no move, yet not over"
        _check_legality(state, rng, seen)
        token = rng.choice(state.legal_actions())
        if state.ply % 7 == 0:
            _apply_checking_copy(state, token)
        else:
            state.apply(token)
    if state.outcome().is_over:
        assert (state.to_move(), state.legal_actions()) == (None, [])
    again, error = replay(parse_record(record_of(state).dumps()))
    assert error is None
    assert _view(again) == _view(state)
    plies = state.ply
    for _ in range(plies):
        state.undo()
    assert _view(state) == start
    with pytest.raises(IndexError):
        state.undo()
