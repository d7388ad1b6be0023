"""The Culls computer player: a record's tokens in, the chosen token out."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from firmware.players.budget import Budget
from firmware.players.culls_position import FLIP, MOVE, PLACE, CullsPosition
from firmware.players.culls_search import CullsSearch, CullsStyle, SearchResult
from firmware.rules.api import JsonValue

COLOUR_CODES = {"blue": 1, "red": 2}


def culls_position(
    rules: Mapping[str, JsonValue], first: str, moves: Sequence[str]
) -> CullsPosition:
    """The search position after ``moves`` (tokens already known legal, as in a GameState)."""
    size = rules.get("size", 15)
    assert isinstance(size, int)
    position = CullsPosition(
        size,
        teams=rules.get("mode") == "teams",
        exact_five=rules.get("exact_five") is True,
        first=COLOUR_CODES[first],
    )
    index = position.tables.geo.index
    for token in moves:
        if position.phase == FLIP:
            position.play(index[token[1:]])
        elif position.phase == MOVE:
            position.play(index[token.partition("-")[2]])
        else:
            position.play(index[token])
    return position


def token_of(position: CullsPosition, cell: int) -> str:
    """The record token of the action on ``cell`` in the current phase."""
    names = position.tables.geo.names
    if position.phase == FLIP:
        return "x" + names[cell]
    if position.phase == MOVE:
        return f"{names[position.flipped]}-{names[cell]}"
    assert position.phase == PLACE
    return names[cell]


def choose_culls(
    position: CullsPosition, style: CullsStyle, budget: Budget, rng: random.Random
) -> tuple[str, SearchResult]:
    """Search ``position`` and return the chosen token with the search's figures."""
    result = CullsSearch(position, budget, style, rng).run()
    return token_of(position, result.action), result
