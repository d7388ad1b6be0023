"""The Cubulus computer player: a record's tokens in, the chosen token out, at levels 1-6."""

from __future__ import annotations

import random

from firmware.games.cubulus.position import cubulus_position, token_of
from firmware.games.cubulus.search import CubulusSearch, CubulusStyle
from firmware.rules.api import GameState
from firmware.rules.budget import Budget
from firmware.rules.players import WHOLE, Choice, Part

# What each level sees, and the part of the time it spends. Every level takes a win in one and
# never hands one over when another push avoids it (a first opponent's fair minimum). Below the
# top two, noise stands for a player's misjudgement: it halves or more from level to level, so
# each level errs about half as often as the one below; then depth takes over (two pushes, then
# as deep as the time allows). Tuned on pooled round robins so that neighbours are about 200
# points apart (docs/players.md, Levels).
LEVEL_STYLES = {
    1: CubulusStyle(max_depth=1, noise=200, share=0.1),
    2: CubulusStyle(max_depth=1, noise=45, share=0.1),
    3: CubulusStyle(max_depth=1, noise=24, share=0.1),
    4: CubulusStyle(max_depth=1, noise=5, share=0.2),
    5: CubulusStyle(max_depth=2, share=0.5),
    6: CubulusStyle(),
}

# Each level's rating from one round robin (bench/bench_ratings.py; docs/players.md, Levels).
LEVEL_RATINGS = {1: 909, 2: 1151, 3: 1406, 4: 1669, 5: 1860, 6: 2071}


class CubulusPlayer:
    """The computer player registered with Cubulus."""

    def share(self, level: int) -> float:
        return LEVEL_STYLES[level].share

    def rating(self, level: int) -> int | None:
        return LEVEL_RATINGS.get(level)

    def choose(
        self,
        state: GameState,
        level: int,
        budget: Budget,
        rng: random.Random,
        part: Part = WHOLE,
    ) -> Choice:
        players = state.rules.get("players", 2)
        assert isinstance(players, int)
        cube = cubulus_position(players, state.first, state.moves)
        found = CubulusSearch(cube, budget, LEVEL_STYLES[level], rng, part=part).run()
        return Choice(token_of(cube, found.action), found.score, found.depth, found.nodes)


CUBULUS_PLAYER = CubulusPlayer()
