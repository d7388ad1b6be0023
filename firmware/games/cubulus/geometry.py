"""The fixed shape of the Cubulus cube: cells, faces, lines, pushes and squares, as lookup tables.

A cell is written ``xyz`` (x left to right, y front to back, z bottom to top, each 0..2) and
indexed by that name read in base 3, so ``int("012", 3)`` is its index.
"""

from __future__ import annotations

from firmware.rules.frozen import Frozen

COLOURS = ("red", "black", "white")
FACES = "LRFBDU"
OPPOSITE_FACE = {"L": "R", "R": "L", "F": "B", "B": "F", "D": "U", "U": "D"}
# Each face fixes one axis (0 = x, 1 = y, 2 = z) at one value.
FACE_PLANE = {"L": (0, 0), "R": (0, 2), "F": (1, 0), "B": (1, 2), "D": (2, 0), "U": (2, 2)}

Coords = tuple[int, int, int]

CELL_NAMES = tuple(f"{x}{y}{z}" for x in range(3) for y in range(3) for z in range(3))
CELL_INDEX = {name: index for index, name in enumerate(CELL_NAMES)}
CENTRE = CELL_INDEX["111"]


def coords_of(index: int) -> Coords:
    """The ``(x, y, z)`` of a cell index."""
    return index // 9, index // 3 % 3, index % 3


def index_of(coords: Coords) -> int:
    """The cell index of ``(x, y, z)``."""
    x, y, z = coords
    return 9 * x + 3 * y + z


def is_on_face(index: int, face: str) -> bool:
    """Whether the cell lies on ``face``."""
    axis, value = FACE_PLANE[face]
    return coords_of(index)[axis] == value


def face_cells(face: str) -> tuple[int, ...]:
    """The 9 cells of ``face``, in index order."""
    return tuple(index for index in range(27) if is_on_face(index, face))


class Push(Frozen):
    """A push from outside ``face`` into ``entry``: its line of cells from the entry inward."""

    FIELDS = ("token", "face", "cells", "line", "opposite")
    __slots__ = FIELDS
    token: str
    face: str
    cells: tuple[int, int, int]
    line: int
    opposite: int  # the index in PUSHES of the push into the same line from the other end

    def __init__(
        self, token: str, face: str, cells: tuple[int, int, int], line: int, opposite: int
    ) -> None:
        self._init(token, face, cells, line, opposite)


def _line_cells(face: str, entry: int) -> tuple[int, int, int]:
    axis, value = FACE_PLANE[face]
    start = list(coords_of(entry))
    steps = (0, 1, 2) if value == 0 else (2, 1, 0)
    cells = []
    for step in steps:
        start[axis] = step
        cells.append(index_of((start[0], start[1], start[2])))
    return cells[0], cells[1], cells[2]


def _build_pushes() -> tuple[tuple[Push, ...], tuple[tuple[int, int, int], ...]]:
    raw = [(face, entry, _line_cells(face, entry)) for face in FACES for entry in face_cells(face)]
    lines = sorted({tuple(sorted(cells)) for _, _, cells in raw})
    line_id = {cells: number for number, cells in enumerate(lines)}
    position = {(face, entry): number for number, (face, entry, _) in enumerate(raw)}
    pushes = tuple(
        Push(
            token=f"{face}{CELL_NAMES[entry]}",
            face=face,
            cells=cells,
            line=line_id[tuple(sorted(cells))],
            opposite=position[(OPPOSITE_FACE[face], cells[2])],
        )
        for face, entry, cells in raw
    )
    return pushes, tuple((c[0], c[1], c[2]) for c in lines)


PUSHES, LINES = _build_pushes()
PUSH_INDEX = {push.token: number for number, push in enumerate(PUSHES)}

# Squares in a face's own 3x3 coordinates: four 2x2 blocks, the corners, the edge-middles.
_LOCAL_SQUARES = (
    *(((i, j), (i + 1, j), (i, j + 1), (i + 1, j + 1)) for i in (0, 1) for j in (0, 1)),
    ((0, 0), (2, 0), (0, 2), (2, 2)),
    ((1, 0), (0, 1), (2, 1), (1, 2)),
)


def _face_squares(face: str) -> list[tuple[int, int, int, int]]:
    axis, value = FACE_PLANE[face]
    across = [a for a in range(3) if a != axis]
    squares = []
    for local in _LOCAL_SQUARES:
        cells = []
        for u, v in local:
            coords = [0, 0, 0]
            coords[axis], coords[across[0]], coords[across[1]] = value, u, v
            cells.append(index_of((coords[0], coords[1], coords[2])))
        squares.append((cells[0], cells[1], cells[2], cells[3]))
    return squares


SQUARES = tuple(square for face in FACES for square in _face_squares(face))
SQUARES_AT = tuple(
    tuple(number for number, square in enumerate(SQUARES) if index in square) for index in range(27)
)
