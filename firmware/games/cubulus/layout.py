"""How the Cubulus cube is drawn and touched on the 15x15 board (docs/cubulus-layout.md).

The cube is unfolded as a cross: L F R B side by side in the middle band, U above F and D below
F, with one empty row or column between faces. Each face is seen from outside the cube, so a
cube cell on a fold shows on both faces, facing itself across the gap. Below the cross are the
three supply rows and the display of the hidden centre cell 111. Board cells are ``(x, y)``:
column from 0 at the left, row from 0 at the bottom (``a1``), as in ``firmware.rules.grid``.
"""

from __future__ import annotations

from dataclasses import dataclass

from firmware.games.cubulus.geometry import CELL_INDEX, CELL_NAMES, COLOURS, FACES, coords_of
from firmware.rules.grid import Coord, cell_name

SIZE = 15
CENTRE_NAME = "111"
SUPPLY_SLOTS = 9
SUPPLY_ROW = {"red": 2, "black": 1, "white": 0}
SUPPLY_FIRST_COLUMN = 0
CENTRE_DISPLAY: Coord = (12, 1)
MIDDLE_ROW = 8  # the bottom row of the L F R B band
UP_ROW = 12  # the bottom row of U
DOWN_ROW = 6  # the top row of D


@dataclass(frozen=True, slots=True)
class FaceCell:
    """A board cell that shows ``cube_cell`` as seen on ``face``; touching it pushes there."""

    face: str
    cube_cell: str

    @property
    def push_token(self) -> str:
        return f"{self.face}{self.cube_cell}"


@dataclass(frozen=True, slots=True)
class CentreCell:
    """The board cell that shows the hidden centre of the cube (cell 111)."""

    cube_cell: str = CENTRE_NAME


@dataclass(frozen=True, slots=True)
class SupplySlot:
    """One LED of a colour's supply row: lit while that colour has more than ``index`` balls."""

    colour: str
    index: int


CellRole = FaceCell | CentreCell | SupplySlot


def face_to_board(face: str, cube_cell: str) -> Coord:
    """Where ``cube_cell`` shows on ``face`` in the drawing; ValueError if it is not on it."""
    x, y, z = coords_of(CELL_INDEX[cube_cell])
    places = {
        "L": (x == 0, (2 - y, MIDDLE_ROW + z)),
        "F": (y == 0, (4 + x, MIDDLE_ROW + z)),
        "R": (x == 2, (8 + y, MIDDLE_ROW + z)),
        "B": (y == 2, (14 - x, MIDDLE_ROW + z)),
        "U": (z == 2, (4 + x, UP_ROW + y)),
        "D": (z == 0, (4 + x, DOWN_ROW - y)),
    }
    on_face, board_cell = places[face]
    if not on_face:
        raise ValueError(f"cell {cube_cell} is not on face {face}")
    return board_cell


def _build_roles() -> dict[Coord, CellRole]:
    roles: dict[Coord, CellRole] = {}
    for face in FACES:
        for name in CELL_NAMES:
            try:
                roles[face_to_board(face, name)] = FaceCell(face, name)
            except ValueError:
                continue
    roles[CENTRE_DISPLAY] = CentreCell()
    for colour, row in SUPPLY_ROW.items():
        for index in range(SUPPLY_SLOTS):
            roles[(SUPPLY_FIRST_COLUMN + index, row)] = SupplySlot(colour, index)
    return roles


_ROLES = _build_roles()


def role_of(board_cell: Coord) -> CellRole | None:
    """What a board cell shows: a face cell, the centre, a supply slot, or None (unlit)."""
    return _ROLES.get(board_cell)


def push_token(board_cell: Coord) -> str | None:
    """The push a touch on ``board_cell`` means (``"U002"``), or None if it is not a face cell."""
    role = _ROLES.get(board_cell)
    return role.push_token if isinstance(role, FaceCell) else None


def cube_cell_at(board_cell: Coord) -> str | None:
    """The cube cell shown on ``board_cell`` (face cells and the centre), else None."""
    role = _ROLES.get(board_cell)
    return role.cube_cell if isinstance(role, FaceCell | CentreCell) else None


def board_cells_of(cube_cell: str) -> list[Coord]:
    """Every board cell showing ``cube_cell``: 3 for a corner, 2 for an edge, 1 otherwise."""
    if cube_cell not in CELL_INDEX:
        raise ValueError(f"{cube_cell!r} is not a cube cell (xyz, each 0..2)")
    return sorted(cell for cell in _ROLES if cube_cell_at(cell) == cube_cell)


def centre_cell() -> Coord:
    """The board cell that shows the centre cell 111."""
    return CENTRE_DISPLAY


def supply_cells(colour: str) -> list[Coord]:
    """The board cells of ``colour``'s supply row, slot 0 first."""
    if colour not in SUPPLY_ROW:
        raise ValueError(f"{colour!r} is not a Cubulus colour ({', '.join(COLOURS)})")
    row = SUPPLY_ROW[colour]
    return [(SUPPLY_FIRST_COLUMN + index, row) for index in range(SUPPLY_SLOTS)]


def push_tokens_by_cell_name() -> dict[str, str]:
    """Every face cell's board name and the push it means (``{"e13": "U002", ...}``), 54 in all."""
    return {
        cell_name(cell): role.push_token
        for cell, role in sorted(_ROLES.items(), key=lambda item: (-item[0][1], item[0][0]))
        if isinstance(role, FaceCell)
    }
