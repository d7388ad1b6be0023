"""Cubulus, seeded random games of 2 and 3 players checked for the invariants at every ply."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from firmware.games.cubulus.game import CUBULUS, CubulusState
from firmware.games.cubulus.geometry import CELL_NAMES, COLOURS, PUSH_INDEX, PUSHES
from firmware.rules.api import Status
from firmware.rules.records import parse_record, record_of, replay

EVERY_TOKEN = [*PUSH_INDEX, *(f"N{name}" for name in CELL_NAMES), "F111", "N", "x", ""]
GAMES = [(players, seed) for players in (2, 3) for seed in range(12)]


def _line(state: CubulusState, token: str) -> list[str | None]:
    """The colours along a push's line, from its entry cell inward."""
    cells = state.cells()
    return [cells.get(CELL_NAMES[i]) for i in PUSHES[PUSH_INDEX[token]].cells]


def _view(state: CubulusState) -> tuple[object, ...]:
    return (state.summary(), state.legal_actions(), state.last_push(), state.seat(), state.moves)


def _check_counts(state: CubulusState) -> None:
    on_cube = Counter(state.cells().values())
    assert sum(on_cube.values()) <= 27
    left = dict(state.supply())
    if len(state.players) == 2:
        left["white"] = state.neutral_left()
    for colour in COLOURS:
        assert on_cube[colour] + left[colour] == 9, colour


def _check_agreement(state: CubulusState) -> None:
    legal = set(state.legal_actions())
    for token in EVERY_TOKEN:
        assert (state.why_illegal(token) is None) == (token in legal), token


def _check_push(before: CubulusState, after: CubulusState, token: str) -> None:
    line_before, line_after = _line(before, token), _line(after, token)
    if None in line_before:
        return
    a, b, c = line_before
    assert line_after == [c, a, b]
    opposite = PUSHES[PUSHES[PUSH_INDEX[token]].opposite].token
    if not after.outcome().is_over:
        assert after.why_illegal(opposite) == "that would undo the last move"


def play_random_game(players: int, seed: int) -> CubulusState:
    """A seeded random game, checked after every token; returns it at its end."""
    rng = random.Random(seed)
    state = CUBULUS.new_state({"players": players}, rng.choice(COLOURS[:players]))
    while not state.outcome().is_over:
        _check_counts(state)
        _check_agreement(state)
        legal = state.legal_actions()
        assert legal, "a player without a move"
        token = rng.choice(legal)
        before = state.copy()
        view = _view(state)
        state.apply(token)
        if token in PUSH_INDEX:
            _check_push(before, state, token)
        assert _view(before) == view
        assert state.undo() == token
        assert _view(state) == view
        state.apply(token)
    _check_counts(state)
    return state


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_random_game_keeps_the_invariants(players: int, seed: int) -> None:
    state = play_random_game(players, seed)
    outcome = state.outcome()
    assert outcome.status is Status.WON
    assert outcome.winner in state.players
    assert outcome.line is not None
    cells = state.cells()
    assert {cells.get(cell) for cell in outcome.line} == {outcome.winner}


@pytest.mark.parametrize(("players", "seed"), GAMES[::4])
def test_random_game_survives_a_record_round_trip(players: int, seed: int) -> None:
    state = play_random_game(players, seed)
    for cut in (state.ply, state.ply // 2):
        while state.ply > cut:
            state.undo()
        again, error = replay(parse_record(record_of(state).dumps()))
        assert error is None
        assert again.summary() == state.summary()
        assert again.legal_actions() == state.legal_actions()


@pytest.mark.parametrize(("players", "seed"), GAMES[1::4])
def test_undoing_every_token_gives_back_a_new_game(players: int, seed: int) -> None:
    state = play_random_game(players, seed)
    fresh = CUBULUS.new_state(state.rules, state.first)
    while state.ply:
        state.undo()
    assert _view(state) == _view(fresh)
