"""Level 1 is a fair first opponent for someone who has just learnt Culls: it always blocks a
four, but now and then misses an open three, which the strongest level never lets through."""

from __future__ import annotations

import random

from firmware.players import HIGHEST, LOWEST, Budget, choose, level
from tests.players.helpers import state_after

SEEDS = range(40)
# Blue's setup chips g8 h8, red's f8 a1, then blue i8, red c1, blue j8: blue's four g8-j8 is
# closed at f8 by red, so k8 is the one cell that stops the five (no cull breaks it).
CLOSED_FOUR = ["g8", "h8", "f8", "a1", "i8", "c1", "j8"]
FOUR_BLOCK = {"k8"}
# Blue's setup chips g8 h8, red's a1 c1, then blue i8: an open three (f8 to j8 free), which
# becomes an open four, and so a five, unless red blocks it next to its ends or one further.
OPEN_THREE = ["g8", "h8", "a1", "c1", "i8"]
THREE_BLOCKS = {"e8", "f8", "j8", "k8"}


def _answers(moves: list[str], number: int) -> list[str]:
    """Red's move after ``moves`` at level ``number``, once for every seed."""
    state = state_after("culls", moves, first="blue")
    assert state.to_move() == "red" and state.awaiting() == "place"
    return [
        choose(state, level(number), Budget(max_nodes=4000), random.Random(seed)).token
        for seed in SEEDS
    ]


def test_the_first_level_always_blocks_a_four() -> None:
    assert set(_answers(CLOSED_FOUR, LOWEST)) == FOUR_BLOCK


def test_the_first_level_blocks_an_open_three_mostly_but_not_always() -> None:
    blocked = sum(answer in THREE_BLOCKS for answer in _answers(OPEN_THREE, LOWEST))
    assert len(SEEDS) // 4 <= blocked <= len(SEEDS) - len(SEEDS) // 10, blocked


def test_the_strongest_level_always_blocks_an_open_three() -> None:
    assert set(_answers(OPEN_THREE, HIGHEST)) <= THREE_BLOCKS
