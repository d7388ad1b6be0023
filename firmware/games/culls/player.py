"""The Culls computer player: a record's tokens in, the chosen token out, at levels 1-6."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from firmware.games.culls.position import FLIP, MOVE, PLACE, CullsPosition
from firmware.games.culls.search import CullsSearch, CullsStyle, SearchResult
from firmware.rules.api import GameState, JsonValue
from firmware.rules.budget import Budget
from firmware.rules.players import WHOLE, Choice, Part

COLOUR_CODES = {"blue": 1, "red": 2}
# What each level sees, and the part of the time it spends. Every level takes a win in one and
# blocks a five (found before any noise). Levels 1-2 look one chip ahead, blind to culls, with
# noise for a beginner's misjudgement (level 1 misses an open three now and then); levels 3-4
# read two plies, the higher wider and less noisy; level 5 three plies, narrow, on a fifth of
# the time (at two plies it was level 4's equal); level 6 deepens for all its time. Tuned on
# pooled round robins so that neighbours are about 200 points apart (docs/players.md, Levels).
LEVEL_STYLES = {
    1: CullsStyle(max_depth=1, noise=150, sees_culls=False, extensions=0, share=0.05),
    2: CullsStyle(max_depth=1, noise=80, sees_culls=False, extensions=0, share=0.05),
    3: CullsStyle(max_depth=2, beam=8, root_beam=12, noise=90, extensions=2, share=0.12),
    4: CullsStyle(max_depth=2, root_beam=16, noise=10, extensions=4, share=0.2),
    5: CullsStyle(max_depth=3, beam=8, root_beam=16, extensions=2, share=0.18),
    6: CullsStyle(proves=4),
}

# Each level's rating from one round robin (bench/bench_ratings.py; docs/players.md, Levels).
LEVEL_RATINGS = {1: 901, 2: 1072, 3: 1303, 4: 1443, 5: 1603, 6: 1779}


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
    position: CullsPosition,
    style: CullsStyle,
    budget: Budget,
    rng: random.Random,
    part: Part = WHOLE,
) -> tuple[str, SearchResult]:
    """Search ``position`` (``part`` of its root) and return the chosen token with the
    search's figures."""
    result = CullsSearch(position, budget, style, rng, part=part).run()
    return token_of(position, result.action), result


class CullsPlayer:
    """The computer player registered with Culls."""

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
        position = culls_position(state.rules, state.first, state.moves)
        token, found = choose_culls(position, LEVEL_STYLES[level], budget, rng, part)
        return Choice(token, found.score, found.depth, found.nodes)


CULLS_PLAYER = CullsPlayer()
