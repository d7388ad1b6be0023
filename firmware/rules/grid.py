"""Cell names on a grid, as players write them: column letter, then row number (``h8``).

One reader for every place a cell name comes from: records and tokens (``parse_cell``, exact)
and what a person types or sends (``parse_board_cell``: case and surrounding spaces forgiven).
"""

from __future__ import annotations

Coord = tuple[int, int]

LETTERS = "abcdefghijklmnopqrstuvwxyz"  # not ``string``'s: importing it compiles a pattern
MAX_ROW_DIGITS = 3


def cell_name(cell: Coord) -> str:
    """The name of ``(x, y)``: column x from 0 (``a``), row y from 0 (row 1 at the bottom)."""
    x, y = cell
    if not 0 <= x < len(LETTERS) or y < 0:
        raise ValueError(f"{cell} has no cell name")
    return f"{LETTERS[x]}{y + 1}"


def _read(name: str) -> Coord | None:
    """The cell a well-formed name stands for on a board of any size, else None."""
    letter, digits = name[:1], name[1:]
    if (
        len(letter) != 1
        or letter not in LETTERS
        or not 1 <= len(digits) <= MAX_ROW_DIGITS
        or not digits.isascii()
        or not digits.isdigit()
        or digits.startswith("0")
    ):
        return None
    return LETTERS.index(letter), int(digits) - 1


def parse_cell(text: str, size: int) -> Coord:
    """The ``(x, y)`` of a cell name on a ``size`` x ``size`` board; ValueError says why not."""
    cell = _read(text)
    if cell is None:
        raise ValueError(f"{text or 'an empty name'} is not a cell")
    if cell[0] >= size or cell[1] >= size:
        raise ValueError(f"{text} is off the {size}x{size} board")
    return cell


def parse_board_cell(text: str, columns: int, rows: int) -> Coord:
    """A cell a person typed or sent, on a ``columns`` x ``rows`` grid; case and spaces forgiven."""
    name = text.strip().lower()
    cell = _read(name)
    if cell is None:
        shown = text.strip()[:12] or "an empty name"
        raise ValueError(
            f"{shown!r} is not a cell name (write it like h8: a..{LETTERS[columns - 1]}, 1..{rows})"
        )
    if cell[0] >= columns or cell[1] >= rows:
        last = f"{LETTERS[columns - 1]}{rows}"
        raise ValueError(f"{name} is off the {columns}x{rows} board (a1..{last})")
    return cell
