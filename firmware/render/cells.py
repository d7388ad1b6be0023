"""Cells given by name or position, and the ring of edge cells, for a grid of any size."""

from __future__ import annotations

from firmware.rules.grid import LETTERS
from hal.interfaces import Cell


def as_cell(value: object) -> Cell | None:
    """A cell given either as ``(x, y)`` or as a name like ``"h8"``; None if neither."""
    if isinstance(value, tuple) and len(value) == 2:
        x, y = value
        if isinstance(x, int) and isinstance(y, int):
            return (x, y)
    if isinstance(value, str) and len(value) >= 2 and value[0] in LETTERS and value[1:].isdigit():
        return (LETTERS.index(value[0]), int(value[1:]) - 1)
    return None


def edge_ring(columns: int, rows: int) -> list[Cell]:
    """The outermost cells of the grid."""
    return [
        (x, y)
        for x in range(columns)
        for y in range(rows)
        if x in (0, columns - 1) or y in (0, rows - 1)
    ]
