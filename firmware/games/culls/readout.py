"""What the board controller reads off a Culls round beyond the game API: chips and supply."""

from __future__ import annotations

from firmware.games.culls.board import EMPTY, LETTERS
from firmware.games.culls.geometry import Geometry


class CullsReadout:
    """Read-only views of a Culls round's fields, mixed into ``CullsState``."""

    __slots__ = ()

    _geo: Geometry
    _teams: bool
    _turn: int
    _board: list[int]
    _cullable: tuple[int, ...]
    _flipped: int
    _supply: list[int]
    _last: int

    @property
    def size(self) -> int:
        return self._geo.size

    @property
    def mode(self) -> str:
        return "teams" if self._teams else "duel"

    @property
    def turn_number(self) -> int:
        """Turns completed so far (0 at the start); a flip belongs to the turn that culled."""
        return self._turn

    def board_rows(self) -> list[str]:
        """One string per row, top row first: ``.`` empty, ``B``/``R`` chip, ``b``/``r`` flipped."""
        size, board = self._geo.size, self._board
        return [
            "".join(LETTERS[code] for code in board[y * size : (y + 1) * size])
            for y in range(size - 1, -1, -1)
        ]

    def board_cells(self) -> dict[tuple[int, int], str]:
        """Every occupied cell ``(x, y)`` with its letter (``B``, ``R``, ``b``, ``r``)."""
        coord = self._geo.coord
        return {coord(i): LETTERS[code] for i, code in enumerate(self._board) if code != EMPTY}

    def cullable_cells(self) -> list[tuple[int, int]]:
        """The trapped chips the mover may flip now (empty unless awaiting a flip), by (x, y)."""
        return sorted(self._geo.coord(i) for i in self._cullable)

    def flipped_cell(self) -> tuple[int, int] | None:
        """The flipped chip waiting to be moved, if any."""
        return self._geo.coord(self._flipped) if self._flipped >= 0 else None

    def supply(self) -> dict[str, int]:
        """Chips left to place per colour."""
        return {"blue": self._supply[1], "red": self._supply[2]}

    def last_arrival(self) -> tuple[int, int] | None:
        """The cell of the last placed or moved chip."""
        return self._geo.coord(self._last) if self._last >= 0 else None
