"""What the renderer needs from each game's state, as small protocols over the engines' extras."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Protocol

from firmware.rules.api import GameState
from hal.interfaces import Cell


class CullsView(GameState, Protocol):
    """A Culls game: chips by cell, the cull candidates and the flipped chip."""

    @property
    def size(self) -> int: ...

    def board_cells(self) -> Mapping[tuple[int, int], str]: ...

    def cullable_cells(self) -> Iterable[tuple[int, int]]: ...

    def flipped_cell(self) -> tuple[int, int] | None: ...

    def supply(self) -> Mapping[str, int]: ...


class CubulusView(GameState, Protocol):
    """A Cubulus game: balls by cube cell, supplies and the last push."""

    def cells(self) -> Mapping[str, str]: ...

    def supply(self) -> Mapping[str, int]: ...

    def last_push(self) -> str | None: ...

    def neutral_left(self) -> int: ...


class CubeLayout(Protocol):
    """Where the unfolded cube lies on the board (firmware.games.cubulus.layout)."""

    def push_token(self, cell: Cell) -> str | None: ...

    def board_cells_of(self, cube_cell: str) -> list[Cell]: ...

    def centre_cell(self) -> Cell: ...

    def supply_cells(self, colour: str) -> list[Cell]: ...
