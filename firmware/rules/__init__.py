"""The game-agnostic side of every game: the Game/State API, records, the match and the registry.

Each game's own rules live in its package under ``firmware.games``; find them with ``find_game``.
"""

from __future__ import annotations

import importlib

TYPE_CHECKING = False
if TYPE_CHECKING:
    from firmware.rules.api import (
        Game,
        GameState,
        IllegalActionError,
        InvalidRecordError,
        Outcome,
        Status,
    )
    from firmware.rules.registry import find_game, game_names, load_games, register

# Each name is imported when asked for: a module of the package (a config check reads
# ``firmware.rules.bounded_json``) loads neither the registry nor anything it does not use.
_HOMES = {
    "Game": "api",
    "GameState": "api",
    "IllegalActionError": "api",
    "InvalidRecordError": "api",
    "Outcome": "api",
    "Status": "api",
    "find_game": "registry",
    "game_names": "registry",
    "load_games": "registry",
    "register": "registry",
}

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


def __getattr__(name: str) -> object:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f"{__name__}.{home}"), name)
