"""Seeded random Culls games on every size and switch, checking what must always hold."""

from __future__ import annotations

import random

import pytest

from firmware.games.culls.game import CullsState
from firmware.rules.api import JsonValue, Status
from firmware.rules.grid import cell_name
from firmware.rules.records import parse_record, record_of, replay
from tests.rules import board, culls

CASES = [
    (size, mode, exact_five)
    for size in range(7, 20)
    for mode in ("duel", "teams")
    for exact_five in (False, True)
]


def _random_game(seed: int, **rules: JsonValue) -> tuple[CullsState, list[CullsState]]:
    """Play one seeded random round to its end; return it and a snapshot after every token."""
    rng = random.Random(seed)
    state = culls(rng.choice(("blue", "red")), **rules)
    snapshots = [state.copy()]
    while not state.outcome().is_over:
        state.apply(rng.choice(state.legal_actions()))
        snapshots.append(state.copy())
    return state, snapshots


def _check_chip_count(state: CullsState) -> None:
    letters = "".join(board(state))
    supply = state.supply()
    assert letters.count("B") + letters.count("b") + supply["blue"] == 30
    assert letters.count("R") + letters.count("r") + supply["red"] == 30
    flipped = letters.count("b") + letters.count("r")
    assert flipped == (1 if state.awaiting() == "move" else 0)
    assert (state.flipped_cell() is not None) == (flipped == 1)


def _check_legal_actions_agree(state: CullsState) -> None:
    legal = set(state.legal_actions())
    size = state.size
    flipped = state.flipped_cell()
    start = cell_name(flipped) + "-" if flipped else "a1-"
    for x in range(size):
        for y in range(size):
            name = cell_name((x, y))
            for token in (name, "x" + name, start + name):
                assert (state.why_illegal(token) is None) == (token in legal), token


@pytest.mark.parametrize(("size", "mode", "exact_five"), CASES)
def test_random_games_keep_the_invariants(size: int, mode: str, exact_five: bool) -> None:
    seed = size * 4 + (mode == "teams") * 2 + exact_five
    state, snapshots = _random_game(seed, size=size, mode=mode, exact_five=exact_five)
    for index, snapshot in enumerate(snapshots):
        _check_chip_count(snapshot)
        assert snapshot.ply == index
        if index % 7 == 0 or snapshot.awaiting() != "place":
            _check_legal_actions_agree(snapshot)
    outcome = state.outcome()
    assert outcome.is_over
    if outcome.status is Status.WON:
        assert outcome.line is not None
        assert len(outcome.line) == 5 if exact_five else len(outcome.line) >= 5
        assert outcome.winner == state.summary()["winner"]


@pytest.mark.parametrize("seed", range(12))
def test_undo_walks_a_random_game_back_exactly(seed: int) -> None:
    state, snapshots = _random_game(seed, size=7 + seed, mode=("duel", "teams")[seed % 2])
    while snapshots:
        expected = snapshots.pop()
        assert state.summary() == expected.summary()
        assert state.legal_actions() == expected.legal_actions()
        assert (state.last_arrival(), state.seat()) == (expected.last_arrival(), expected.seat())
        if snapshots:
            state.undo()
    assert state.ply == 0


@pytest.mark.parametrize("seed", range(12))
def test_records_round_trip_a_random_game(seed: int) -> None:
    state, snapshots = _random_game(100 + seed, size=19 - seed, mode=("teams", "duel")[seed % 2])
    for snapshot in (snapshots[len(snapshots) // 2], state):
        record = parse_record(record_of(snapshot).dumps())
        replayed, error = replay(record)
        assert error is None
        assert replayed.summary() == snapshot.summary()


def test_a_copy_made_mid_game_does_not_follow_the_original() -> None:
    _, snapshots = _random_game(7, size=11)
    middle = snapshots[len(snapshots) // 2]
    frozen = middle.summary()
    middle_copy = middle.copy()
    middle_copy.apply(middle_copy.legal_actions()[0])
    assert middle.summary() == frozen
    assert middle_copy.summary() != frozen
