"""The game-agnostic side of every game: the Game/State API, records, the match and the registry.

Each game's own rules live in its package under ``firmware.games``; find them with ``find_game``.
"""

from __future__ import annotations

from firmware.rules.api import (
    Game,
    GameState,
    IllegalActionError,
    InvalidRecordError,
    Outcome,
    Status,
)
from firmware.rules.registry import find_game, game_names, load_games, register

__all__ = [
    "Game",
    "GameState",
    "IllegalActionError",
    "InvalidRecordError",
    "Outcome",
    "Status",
    "find_game",
    "game_names",
    "load_games",
    "register",
]
