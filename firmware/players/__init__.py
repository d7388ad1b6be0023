"""Computer players for every game: pure searches that take a budget and return a token."""

from __future__ import annotations

import random
from dataclasses import dataclass

from firmware.players.budget import SEARCH_SHARE, UNLIMITED, Budget, SearchStoppedError
from firmware.players.cubulus_position import cubulus_position
from firmware.players.cubulus_position import token_of as cubulus_token
from firmware.players.cubulus_search import CubulusSearch
from firmware.players.culls_player import culls_position
from firmware.players.culls_player import token_of as culls_token
from firmware.players.culls_search import CullsSearch
from firmware.players.levels import HIGHEST, LEVELS, LOWEST, Level, level
from firmware.rules.api import GameState


@dataclass(frozen=True, slots=True)
class Choice:
    """A computer's move: the token, its score for the mover, the depth reached, nodes spent."""

    token: str
    score: int
    depth: int
    nodes: int


def choose(state: GameState, chosen: Level, budget: Budget, rng: random.Random) -> Choice:
    """The move ``chosen`` plays for the colour to act in ``state``; the state is not touched.

    ``budget`` stops the search. The caller applies the level's ``share`` to the time it gives
    (it owns the clock); a node cap is scaled here.
    """
    if state.outcome().is_over:
        raise ValueError("the game is over: there is nothing to play")
    if budget.max_nodes < UNLIMITED:
        budget.max_nodes = budget.nodes + max(1, int(budget.max_nodes * chosen.share(state.game)))
    if state.game == "culls":
        position = culls_position(state.rules, state.first, state.moves)
        found = CullsSearch(position, budget, chosen.culls, rng).run()
        return Choice(culls_token(position, found.action), found.score, found.depth, found.nodes)
    if state.game == "cubulus":
        players = state.rules.get("players", 2)
        assert isinstance(players, int)
        cube = cubulus_position(players, state.first, state.moves)
        result = CubulusSearch(cube, budget, chosen.cubulus, rng).run()
        return Choice(cubulus_token(cube, result.action), result.score, result.depth, result.nodes)
    raise ValueError(f"no computer player for {state.game}")


__all__ = [
    "HIGHEST",
    "LEVELS",
    "LOWEST",
    "SEARCH_SHARE",
    "Budget",
    "Choice",
    "Level",
    "SearchStoppedError",
    "choose",
    "level",
]
