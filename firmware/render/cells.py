"""The ring of edge cells, for a grid of any size."""

from __future__ import annotations

from hal.interfaces import Cell


def edge_ring(columns: int, rows: int) -> list[Cell]:
    """The outermost cells of the grid."""
    return [
        (x, y)
        for x in range(columns)
        for y in range(rows)
        if x in (0, columns - 1) or y in (0, rows - 1)
    ]
