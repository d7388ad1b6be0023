"""Pure game rules: Culls and Cubulus behind one API (see ``api``)."""

from __future__ import annotations

import importlib

from firmware.rules.api import (
    Game,
    GameState,
    IllegalActionError,
    InvalidRecordError,
    Outcome,
    Status,
    find_game,
    game_names,
    register,
)

GAME_MODULES = ("firmware.games.culls.game", "firmware.games.cubulus.game")


def load_games() -> None:
    """Import every game module so that each registers itself (idempotent)."""
    for module in GAME_MODULES:
        importlib.import_module(module)


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
