"""Positions where only a cull gives the best move, taken or prevented: a search blind to culls
fails them (``CullsPosition.cull_cells`` returning nothing, checked here once)."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from firmware.games.culls.position import CullsPosition
from firmware.players import LEVELS, Budget, choose, level
from firmware.rules.api import GameState
from tests.players.helpers import state_after

# Blue has two fours through k8: h8-k8 (g8 red, l8 free) and k5-k8 (k4 red, k9 free). No chip
# blocks both; red j9 culls k8 and l7 (j9 k8 l7 m6), and the flip of k8 breaks both fours.
DOUBLE_FOUR = [
    "h8", "k5", "g8", "k4", "i8", "m6", "k6", "a1", "j8", "c1", "k7", "e1", "l7", "g1", "k8",
]  # fmt: skip
# Red's four c3-f3 is closed by blue b3 and g3, but red g2 would cull g3 and g4 (g2 g3 g4 g5):
# the flipped g3 must move away and red completes the five there. Blue must prevent that cull.
CULL_THEN_FIVE = ["b3", "g3", "c3", "d3", "g4", "e3", "o15", "g5", "m15", "f3"]
PREVENTING_LEVELS = (5, 6)  # three plies with forcing extensions, or deeper: they see it


def _choose(state: GameState, number: int, seed: int, nodes: int = 20_000) -> str:
    return choose(state, level(number), Budget(max_nodes=nodes), random.Random(seed)).token


def _red_wins_by_the_cull(state: GameState) -> bool:
    """Whether red's g2 (the cull), a flip and red's g3 win whatever blue moves in between."""
    if "g2" not in state.legal_actions():
        return False
    after = state.copy()
    after.apply("g2")
    if after.awaiting() != "flip":
        return False
    return any(_wins_after_flip(after, flip) for flip in after.legal_actions())


def _wins_after_flip(state: GameState, flip: str) -> bool:
    flipped = state.copy()
    flipped.apply(flip)
    return all(_red_completes_g3(flipped, move) for move in flipped.legal_actions())


def _red_completes_g3(state: GameState, move: str) -> bool:
    after = state.copy()
    after.apply(move)
    if after.outcome().is_over or after.to_move() != "red" or after.awaiting() != "place":
        return False  # blue won, or blue's moved chip culled and red must answer that first
    if "g3" not in after.legal_actions():
        return False
    after.apply("g3")
    return after.outcome().winner == "red"


@pytest.fixture
def blind(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The search as if it knew nothing of culls: no cell ever proposed or extended as one."""
    monkeypatch.setattr(CullsPosition, "cull_cells", lambda self, colour: set())
    yield


@pytest.mark.parametrize("number", sorted(LEVELS))
def test_every_level_breaks_a_double_four_by_a_cull(number: int) -> None:
    state = state_after("culls", DOUBLE_FOUR, first="blue")
    assert state.to_move() == "red"
    for seed in range(3):
        assert _choose(state, number, seed) == "j9"
    state.apply("j9")
    assert _choose(state, number, 0) == "xk8"  # the chip both fours need
    state.apply("xk8")
    assert not state.outcome().is_over


def test_the_double_four_position_is_lost_to_every_block() -> None:
    for block in ("l8", "k9"):
        state = state_after("culls", [*DOUBLE_FOUR, block], first="blue")
        other = "k9" if block == "l8" else "l8"
        state.apply(other)
        assert state.outcome().winner == "blue"


@pytest.mark.parametrize("number", PREVENTING_LEVELS)
def test_the_deeper_levels_prevent_a_cull_that_would_open_a_five(number: int) -> None:
    state = state_after("culls", CULL_THEN_FIVE, first="blue")
    elsewhere = state_after("culls", [*CULL_THEN_FIVE, "a15"], first="blue")
    assert state.to_move() == "blue" and _red_wins_by_the_cull(elsewhere)
    for seed in range(3):
        move = _choose(state, number, seed)
        after = state.copy()
        after.apply(move)
        assert not _red_wins_by_the_cull(after), (number, seed, move)


@pytest.mark.usefixtures("blind")
def test_a_search_blind_to_culls_fails_both() -> None:
    double_four = state_after("culls", DOUBLE_FOUR, first="blue")
    assert _choose(double_four, 6, 0) != "j9"
    prevent = state_after("culls", CULL_THEN_FIVE, first="blue")
    move = _choose(prevent, 6, 0)
    prevent.apply(move)
    assert _red_wins_by_the_cull(prevent), move
