"""Every game, found by name: its rules and its board adapter, registered together.

``GAME_PACKAGES`` is the list of games: a game is known when its package is listed here. Each
package registers itself when imported, by calling ``register(GAME, board=ADAPTER, player=...,
pages=..., teaching=...)``; nothing else in the program imports a game package, it asks here. The
board adapter is opaque to the rules (they never look inside it): the controller reads it through
its own protocol (``firmware.controller.core.adapter.BoardAdapter``).
"""

from __future__ import annotations

import dataclasses
import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, cast

from firmware.rules.api import Game, GameState, InvalidRecordError

if TYPE_CHECKING:  # only named: a replay or a config check loads no player
    from firmware.rules.options import Option
    from firmware.rules.players import GamePlayer

GAME_PACKAGES = ["firmware.games.culls", "firmware.games.cubulus"]


# A puzzle kind's answers: every action that solves the position for the side to act (sorted;
# empty when the position is not a puzzle of that kind).
PuzzleSolver = Callable[[GameState], list[str]]


@dataclass(frozen=True, slots=True)
class Teaching:
    """The folders of a game's lessons, puzzles and sample records, and its puzzle kinds."""

    lessons: str
    puzzles: str
    kinds: Mapping[str, PuzzleSolver] = field(default_factory=dict)
    samples: str = ""  # the example records puzzles are also made from
    tasks: Mapping[str, str] = field(default_factory=dict)  # each kind's task: "{side} to play..."


@dataclass(frozen=True, slots=True)
class Later:
    """A part of a game named by where it is (``"package.module:NAME"``), imported when asked."""

    target: str

    def resolve(self) -> object:
        module, _, name = self.target.partition(":")
        found: object = getattr(importlib.import_module(module), name)
        return found


@dataclass(frozen=True, slots=True)
class Registered:
    """A game's rules and how it lives on the board."""

    game: Game
    board: object
    player: GamePlayer | Later | None = None
    pages: str | None = None
    teaching: Teaching | None = None
    options: tuple[Option, ...] = ()


_REGISTRY: dict[str, Registered] = {}


def register(
    game: Game,
    *,
    board: object,
    player: GamePlayer | Later | None = None,
    pages: str | None = None,
    teaching: Teaching | None = None,
    options: tuple[Option, ...] = (),
) -> Game:
    """Make ``game`` (with its board adapter, computer player, page folder and teaching)
    findable by name.

    ``pages``: the path of the folder of the game's own assets for the web pages (its ``page.js``
    and what that loads), wherever the package lives; None: the pages show the lights alone.
    ``teaching``: where its lessons and puzzles are, and its puzzle kinds; None: it has none.
    ``options``: the rule switches offered when starting it (``firmware.rules.options``)."""
    _REGISTRY[game.name] = Registered(game, board, player, pages, teaching, options)
    return game


def load_games() -> None:
    """Import every package of ``GAME_PACKAGES`` so that each registers itself (idempotent)."""
    for package in GAME_PACKAGES:
        importlib.import_module(package)


def _entry(name: str) -> Registered:
    own = next((p for p in GAME_PACKAGES if p.rpartition(".")[2] == name), None)
    if own is not None:  # the game's own package is enough (a replay loads one game)
        importlib.import_module(own)
    entry = _REGISTRY.get(name)
    if entry is None or _rank(entry) == len(GAME_PACKAGES):
        entry = _REGISTRY.get(name) if name in game_names() else None
    if entry is None:
        known = ", ".join(game_names()) or "none"
        raise InvalidRecordError(f"game: unknown game {name!r} (known: {known})")
    return entry


def find_game(name: str) -> Game:
    """The rules of the game called ``name``; InvalidRecordError names the choices."""
    return _entry(name).game


def find_board(name: str) -> object:
    """The board adapter registered with the game called ``name``."""
    entry = _entry(name)
    if isinstance(entry.board, Later):
        entry = _settle(name, board=entry.board.resolve())
    return entry.board


def find_player(name: str) -> GamePlayer:
    """The computer player of the game called ``name``; InvalidRecordError if it has none."""
    player = _entry(name).player
    if isinstance(player, Later):
        player = _settle(name, player=cast("GamePlayer", player.resolve())).player
    if player is None:
        raise InvalidRecordError(f"game: {name} has no computer player")
    assert not isinstance(player, Later)
    return player


def _settle(name: str, **resolved: object) -> Registered:
    """The entry of ``name`` with the parts in ``resolved`` imported in place of their Later."""
    entry = dataclasses.replace(_REGISTRY[name], **resolved)  # type: ignore[arg-type]
    _REGISTRY[name] = entry
    return entry


def find_options(name: str) -> tuple[Option, ...]:
    """The rule switches offered when starting the game called ``name``."""
    return _entry(name).options


def find_pages(name: str) -> str | None:
    """The folder of the web page assets registered with the game called ``name``, if any."""
    return _entry(name).pages


def find_teaching(name: str) -> Teaching:
    """Where the game called ``name`` keeps its lessons and puzzles; InvalidRecordError if none."""
    teaching = _entry(name).teaching
    if teaching is None:
        raise InvalidRecordError(f"game: {name} has no lessons or puzzles")
    return teaching


def game_names() -> list[str]:
    """The names of the games of ``GAME_PACKAGES``, in its order."""
    load_games()
    ranked = [(_rank(entry), name) for name, entry in _REGISTRY.items()]
    return [name for rank, name in sorted(ranked) if rank < len(GAME_PACKAGES)]


def _rank(entry: Registered) -> int:
    """The position in ``GAME_PACKAGES`` of the package defining ``entry``'s game (else last)."""
    module = type(entry.game).__module__
    for index, package in enumerate(GAME_PACKAGES):
        if module == package or module.startswith(f"{package}."):
            return index
    return len(GAME_PACKAGES)
