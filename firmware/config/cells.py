"""Cell names as players say them: column letter a.. and row number 1.., e.g. ``h8``."""

from __future__ import annotations

import re

from hal.interfaces import Cell

_CELL = re.compile(r"([a-z])([1-9][0-9]?)")


def cell_name(cell: Cell) -> str:
    """``(7, 7)`` -> ``"h8"``."""
    column, row = cell
    return f"{chr(ord('a') + column)}{row + 1}"


def parse_cell(text: str, columns: int, rows: int) -> Cell:
    """``"h8"`` -> ``(7, 7)``; raise ValueError (with a reason) if it is not on the board."""
    match = _CELL.fullmatch(text.strip().lower())
    if match is None:
        raise ValueError(f"{text!r} is not a cell name like h8")
    column = ord(match.group(1)) - ord("a")
    row = int(match.group(2)) - 1
    if column >= columns or row >= rows:
        raise ValueError(f"{text} is not on a {columns}x{rows} board")
    return column, row


def all_cells(columns: int, rows: int) -> list[Cell]:
    """Every cell, row by row from the bottom, each row from column a."""
    return [(column, row) for row in range(rows) for column in range(columns)]
