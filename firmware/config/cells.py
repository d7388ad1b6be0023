"""Every cell of a board, and the orders electrodes and LEDs are assigned in by default."""

from __future__ import annotations

from hal.interfaces import Cell

BAND_ROWS = 3  # the direct layout's chips serve blocks three rows tall


def all_cells(columns: int, rows: int) -> list[Cell]:
    """Every cell, row by row from the bottom, each row from column a."""
    return [(column, row) for row in range(rows) for column in range(columns)]


def block_order(columns: int, rows: int, band: int = BAND_ROWS) -> list[Cell]:
    """Every cell in the order the direct layout gives out electrodes: bands ``band`` rows tall
    from the bottom, a band column by column (left to right, then back right to left in the next
    band), each column up then down in turn. Twelve in a row of this order form a compact
    block (four columns of three cells), so each chip's leads stay short."""
    order: list[Cell] = []
    for number, bottom in enumerate(range(0, rows, band)):
        band_rows = list(range(bottom, min(bottom + band, rows)))
        column_order = range(columns) if number % 2 == 0 else range(columns - 1, -1, -1)
        for step, column in enumerate(column_order):
            upwards = step % 2 == 0
            order += [(column, row) for row in (band_rows if upwards else reversed(band_rows))]
    return order
