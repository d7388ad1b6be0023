"""Levels 1-6: what each sees, and how much of the time it is given it uses.

The low levels are shallow and noisy (they still take a win in one and stop a five, since those
are found before any noise); the middle ones search a few plies; the top one deepens for as long
as it is allowed.
"""

from __future__ import annotations

from dataclasses import dataclass

from firmware.players.cubulus_search import CubulusStyle
from firmware.players.culls_search import CullsStyle

LOWEST, HIGHEST = 1, 6


@dataclass(frozen=True, slots=True)
class Level:
    """One level: a search style per game and its own time per move."""

    number: int
    culls: CullsStyle
    cubulus: CubulusStyle
    movetime_ms: int  # the time per move when the caller does not say

    def share(self, game: str) -> float:
        """The part of the given time (or node budget) this level spends on ``game``."""
        return self.cubulus.share if game == "cubulus" else self.culls.share


LEVELS = {
    1: Level(
        1,
        CullsStyle(max_depth=1, noise=150, sees_culls=False, extensions=0, share=0.05),
        CubulusStyle(max_depth=1, noise=40, leaf_wins=False, share=0.1),
        movetime_ms=300,
    ),
    2: Level(
        2,
        CullsStyle(max_depth=1, noise=15, extensions=2, share=0.05),
        CubulusStyle(max_depth=1, leaf_wins=False, share=0.1),
        movetime_ms=300,
    ),
    3: Level(
        3,
        CullsStyle(max_depth=2, beam=8, root_beam=12, noise=10, share=0.2),
        CubulusStyle(max_depth=1, share=0.2),  # sees the wins its move would hand over
        movetime_ms=300,
    ),
    4: Level(
        4,
        CullsStyle(max_depth=3, beam=8, share=0.25),
        CubulusStyle(max_depth=2, leaf_wins=False, share=0.5),
        movetime_ms=500,
    ),
    5: Level(
        5,
        CullsStyle(beam=8, extensions=2, share=0.4),
        CubulusStyle(max_depth=3, leaf_wins=False),
        movetime_ms=800,
    ),
    6: Level(6, CullsStyle(), CubulusStyle(), movetime_ms=1000),
}


def level(number: int) -> Level:
    """The level called ``number``; ValueError names the range."""
    try:
        return LEVELS[number]
    except KeyError:
        raise ValueError(f"level must be {LOWEST} to {HIGHEST}, got {number}") from None
