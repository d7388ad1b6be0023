"""Cell names on a square board, as players write them: column letter, then row number (``h8``)."""

from __future__ import annotations

import string

Coord = tuple[int, int]

LETTERS = string.ascii_lowercase


def cell_name(cell: Coord) -> str:
    """The name of ``(x, y)``: column x from 0 (``a``), row y from 0 (row 1 at the bottom)."""
    x, y = cell
    if not 0 <= x < len(LETTERS) or y < 0:
        raise ValueError(f"{cell} has no cell name")
    return f"{LETTERS[x]}{y + 1}"


def parse_cell(text: str, size: int) -> Coord:
    """The ``(x, y)`` of a cell name on a ``size`` x ``size`` board; ValueError says why not."""
    letter, digits = text[:1], text[1:]
    if (
        len(letter) != 1
        or letter not in LETTERS
        or not digits.isascii()
        or not digits.isdigit()
        or digits.startswith("0")
    ):
        raise ValueError(f"{text or 'an empty name'} is not a cell")
    x, y = LETTERS.index(letter), int(digits) - 1
    if x >= size or y >= size:
        raise ValueError(f"{text} is off the {size}x{size} board")
    return x, y


def parse_board_cell(text: str, columns: int, rows: int) -> Coord:
    """A cell a person typed or sent, on a ``columns`` x ``rows`` grid; case and spaces forgiven."""
    name = text.strip().lower()
    last = f"{LETTERS[columns - 1]}{rows}"
    if len(name) < 2 or name[0] not in LETTERS or not name[1:].isascii() or not name[1:].isdigit():
        raise ValueError(
            f"{text!r} is not a cell (write it like h8: a..{LETTERS[columns - 1]}, 1..{rows})"
        )
    x, y = LETTERS.index(name[0]), int(name[1:]) - 1
    if not (0 <= x < columns and 0 <= y < rows):
        raise ValueError(f"{text!r} is off the board (a1..{last})")
    return (x, y)
