"""Levels 1-6: what each sees and how much time it takes when the caller gives none."""

from __future__ import annotations

from dataclasses import dataclass

from firmware.players.cubulus_search import CubulusStyle
from firmware.players.culls_search import CullsStyle

LOWEST, HIGHEST = 1, 6


@dataclass(frozen=True, slots=True)
class Level:
    """One level: a search style per game, a node cap and its own time per move."""

    number: int
    culls: CullsStyle
    cubulus: CubulusStyle
    max_nodes: int  # the level never searches more than this, whatever the time
    movetime_ms: int  # the time per move when the caller does not say


LEVELS = {
    1: Level(
        1,
        CullsStyle(max_depth=1, noise=60, sees_culls=False, extensions=0),
        CubulusStyle(max_depth=1, noise=8),
        2_000,
        150,
    ),
    2: Level(
        2,
        CullsStyle(max_depth=1, noise=20, extensions=2),
        CubulusStyle(max_depth=2, noise=4),
        5_000,
        200,
    ),
    3: Level(3, CullsStyle(max_depth=2, beam=8, noise=8), CubulusStyle(max_depth=2), 10_000, 300),
    4: Level(4, CullsStyle(max_depth=3, beam=8), CubulusStyle(max_depth=3), 20_000, 500),
    5: Level(5, CullsStyle(max_depth=4, beam=10), CubulusStyle(max_depth=4), 60_000, 800),
    6: Level(6, CullsStyle(), CubulusStyle(), 10**9, 1000),
}


def level(number: int) -> Level:
    """The level called ``number``; ValueError names the range."""
    try:
        return LEVELS[number]
    except KeyError:
        raise ValueError(f"level must be {LOWEST} to {HIGHEST}, got {number}") from None
