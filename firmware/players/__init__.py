"""Computer players for every game: each game's pure search, reached through the registry.

``choose`` asks the player registered with the state's game for a move at a level, within a
budget (a node cap and a stop question): no clock here either.
"""

from __future__ import annotations

import random

from firmware.players.levels import HIGHEST, LEVELS, LOWEST, Level, level, level_words
from firmware.rules.api import GameState
from firmware.rules.budget import SEARCH_SHARE, UNLIMITED, Budget, SearchStoppedError
from firmware.rules.players import NO_ACTION, WHOLE, Choice, Part
from firmware.rules.registry import find_player


def choose(
    state: GameState,
    chosen: Level,
    budget: Budget,
    rng: random.Random,
    part: Part = WHOLE,
) -> Choice:
    """The move ``chosen`` plays for the colour to act in ``state``; the state is not touched.

    ``budget`` stops the search. The caller applies the level's ``share`` to the time it gives
    (it owns the clock); a node cap is scaled here. ``part``: the share of the root's actions
    searched (a parallel worker's).
    """
    if state.outcome().is_over:
        raise ValueError("the game is over: there is nothing to play")
    player = find_player(state.game)
    if budget.max_nodes < UNLIMITED:
        share = player.share(chosen.number)
        budget.max_nodes = budget.nodes + max(1, int(budget.max_nodes * share))
    return player.choose(state, chosen.number, budget, rng, part)


__all__ = [
    "HIGHEST",
    "LEVELS",
    "LOWEST",
    "NO_ACTION",
    "SEARCH_SHARE",
    "UNLIMITED",
    "WHOLE",
    "Budget",
    "Choice",
    "Level",
    "Part",
    "SearchStoppedError",
    "choose",
    "level",
    "level_words",
]
