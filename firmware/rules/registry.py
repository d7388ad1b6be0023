"""Every game, found by name: its rules and its board adapter, registered together.

``GAME_PACKAGES`` is the list of games: a game is known when its package is listed here. Each
package registers itself when imported, by calling ``register(GAME, board=ADAPTER, player=...,
pages=..., teaching=..., options=...)``, every part but the options possibly a ``Later`` (named,
imported when first asked for: listing the games' options loads no rules); nothing else in the
program imports a game package, it asks here. The
board adapter is opaque to the rules (they never look inside it): the controller reads it through
its own protocol (``firmware.controller.core.adapter.BoardAdapter``).
"""

from __future__ import annotations

import importlib

# Neither typing nor dataclasses nor the rules' API is imported here: ``cullsboard --help`` asks
# every game for its options through the registry, and pays for what it loads.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from firmware.rules.api import Game
    from firmware.rules.options import Option
    from firmware.rules.players import GamePlayer
    from firmware.rules.teaching import Teaching

GAME_PACKAGES = ["firmware.games.culls", "firmware.games.cubulus"]


class Later:
    """A part of a game named by where it is (``"package.module:NAME"``), imported when asked."""

    __slots__ = ("target",)

    def __init__(self, target: str) -> None:
        self.target = target

    def __repr__(self) -> str:
        return f"Later(target={self.target!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Later) and other.target == self.target

    def __hash__(self) -> int:
        return hash(self.target)

    @property
    def module(self) -> str:
        return self.target.partition(":")[0]

    def resolve(self) -> Any:
        module, _, name = self.target.partition(":")
        return getattr(importlib.import_module(module), name)


class Registered:
    """A game's rules and how it lives on the board (each part maybe still a ``Later``)."""

    __slots__ = ("board", "game", "options", "pages", "player", "teaching")

    def __init__(
        self,
        game: Game | Later,
        board: object,
        player: GamePlayer | Later | None = None,
        pages: str | None = None,
        teaching: Teaching | Later | None = None,
        options: tuple[Option, ...] = (),
    ) -> None:
        self.game = game
        self.board = board
        self.player = player
        self.pages = pages
        self.teaching = teaching
        self.options = options

    def replace(self, **parts: Any) -> Registered:
        """A copy with ``parts`` (attribute -> value) in place of its own."""
        fields = {name: getattr(self, name) for name in self.__slots__}
        return Registered(**{**fields, **parts})


_REGISTRY: dict[str, Registered] = {}


def register(
    game: Game | Later,
    *,
    name: str | None = None,
    board: object,
    player: GamePlayer | Later | None = None,
    pages: str | None = None,
    teaching: Teaching | Later | None = None,
    options: tuple[Option, ...] = (),
) -> None:
    """Make ``game`` (with its board adapter, computer player, page folder and teaching)
    findable by name.

    ``pages``: the path of the folder of the game's own assets for the web pages (its ``page.js``
    and what that loads), wherever the package lives; None: the pages show the lights alone.
    ``teaching``: where its lessons and puzzles are, and its puzzle kinds; None: it has none.
    ``options``: the rule switches offered when starting it (``firmware.rules.options``).
    ``game``, the board, the player and the teaching may be ``Later``: imported when first
    asked for (a game given as ``Later`` needs its ``name``), so that reading a game's options
    (``cullsboard --help``) loads nothing of its rules."""
    if not isinstance(game, Later):
        name = game.name
    assert name is not None, f"register: a game given as {game!r} needs its name"
    _REGISTRY[name] = Registered(game, board, player, pages, teaching, options)


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
        from firmware.rules.api import InvalidRecordError

        known = ", ".join(game_names()) or "none"
        raise InvalidRecordError(f"game: unknown game {name!r} (known: {known})")
    return entry


def find_game(name: str) -> Game:
    """The rules of the game called ``name``; InvalidRecordError names the choices."""
    entry = _entry(name)
    if isinstance(entry.game, Later):
        entry = _settle(name, game=entry.game.resolve())
    assert not isinstance(entry.game, Later)
    return entry.game


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
        player = _settle(name, player=player.resolve()).player
    if player is None:
        from firmware.rules.api import InvalidRecordError

        raise InvalidRecordError(f"game: {name} has no computer player")
    assert not isinstance(player, Later)
    return player


def _settle(name: str, **resolved: object) -> Registered:
    """The entry of ``name`` with the parts in ``resolved`` imported in place of their Later."""
    entry = _REGISTRY[name].replace(**resolved)
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
    if isinstance(teaching, Later):
        teaching = _settle(name, teaching=teaching.resolve()).teaching
    if teaching is None:
        from firmware.rules.api import InvalidRecordError

        raise InvalidRecordError(f"game: {name} has no lessons or puzzles")
    assert not isinstance(teaching, Later)
    return teaching


def game_names() -> list[str]:
    """The names of the games of ``GAME_PACKAGES``, in its order."""
    load_games()
    ranked = [(_rank(entry), name) for name, entry in _REGISTRY.items()]
    return [name for rank, name in sorted(ranked) if rank < len(GAME_PACKAGES)]


def _rank(entry: Registered) -> int:
    """The position in ``GAME_PACKAGES`` of the package defining ``entry``'s game (else last)."""
    module = entry.game.module if isinstance(entry.game, Later) else type(entry.game).__module__
    for index, package in enumerate(GAME_PACKAGES):
        if module == package or module.startswith(f"{package}."):
            return index
    return len(GAME_PACKAGES)
