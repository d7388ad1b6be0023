"""Board cell names (``h8``) and the ring of edge cells, for a grid of any size up to 26 columns."""

from __future__ import annotations

from hal.interfaces import Cell

LETTERS = "abcdefghijklmnopqrstuvwxyz"


def cell_name(cell: Cell) -> str:
    """``(7, 7)`` -> ``"h8"``: column letter, then row number counted from 1 at the bottom."""
    x, y = cell
    return f"{LETTERS[x]}{y + 1}"


def parse_cell(text: str, columns: int, rows: int) -> Cell:
    """``"h8"`` -> ``(7, 7)``; raise ValueError with a clear message if it is not on the grid."""
    name = text.strip().lower()
    last = f"{LETTERS[columns - 1]}{rows}"
    if len(name) < 2 or name[0] not in LETTERS or not name[1:].isdigit():
        raise ValueError(
            f"{text!r} is not a cell (write it like h8: a..{LETTERS[columns - 1]}, 1..{rows})"
        )
    x, y = LETTERS.index(name[0]), int(name[1:]) - 1
    if not (0 <= x < columns and 0 <= y < rows):
        raise ValueError(f"{text!r} is off the board (a1..{last})")
    return (x, y)


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
