"""Every cell of a board, in the order electrodes and LEDs are assigned by default."""

from __future__ import annotations

from hal.interfaces import Cell


def all_cells(columns: int, rows: int) -> list[Cell]:
    """Every cell, row by row from the bottom, each row from column a."""
    return [(column, row) for row in range(rows) for column in range(columns)]
