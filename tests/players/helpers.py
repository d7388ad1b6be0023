"""Build game states from named token sequences and play random games for the player tests."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

from firmware.rules import find_game
from firmware.rules.api import GameState


def state_after(game: str, moves: Sequence[str], *, first: str, **rules: object) -> GameState:
    """The state after ``moves`` under ``rules`` (every token must be legal)."""
    engine = find_game(game)
    state = engine.new_state(engine.parse_rules(rules), first)
    for token in moves:
        state.apply(token)
    return state


def random_positions(game: str, seed: int, games: int, **rules: object) -> Iterator[GameState]:
    """Every position of ``games`` seeded random games (a copy each), the end included."""
    engine = find_game(game)
    parsed = engine.parse_rules(rules)
    rng = random.Random(seed)
    for _ in range(games):
        state = engine.new_state(parsed, rng.choice(engine.colours(parsed)))
        while True:
            yield state.copy()
            if state.outcome().is_over or state.ply >= 150:
                break
            state.apply(rng.choice(state.legal_actions()))
