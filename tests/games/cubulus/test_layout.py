"""The Cubulus cube on the 15x15 board: every cell placed once, folds meeting as on a real cube."""

from __future__ import annotations

import pytest

from firmware.games.cubulus.geometry import (
    CELL_INDEX,
    CELL_NAMES,
    COLOURS,
    FACE_PLANE,
    FACES,
    PUSH_INDEX,
    coords_of,
)
from firmware.games.cubulus.layout import (
    SIZE,
    CentreCell,
    FaceCell,
    SupplySlot,
    board_cells_of,
    centre_cell,
    cube_cell_at,
    face_to_board,
    push_token,
    push_tokens_by_cell_name,
    role_of,
    supply_cells,
)
from firmware.rules.grid import Coord

BOARD = [(x, y) for y in range(SIZE) for x in range(SIZE)]
# Faces that touch in the drawing, and the board step from the first to the second.
FOLDS = [
    ("L", "F", (1, 0)),
    ("F", "R", (1, 0)),
    ("R", "B", (1, 0)),
    ("D", "F", (0, 1)),
    ("F", "U", (0, 1)),
]


def face_cells(face: str) -> dict[Coord, str]:
    """The board cells of ``face`` and the cube cell each shows."""
    found = {}
    for cell in BOARD:
        role = role_of(cell)
        if isinstance(role, FaceCell) and role.face == face:
            found[cell] = role.cube_cell
    return found


def outward(face: str) -> tuple[int, int, int]:
    axis, value = FACE_PLANE[face]
    normal = [0, 0, 0]
    normal[axis] = 1 if value == 2 else -1
    return normal[0], normal[1], normal[2]


def step(a: str, b: str) -> tuple[int, int, int]:
    pa, pb = coords_of(CELL_INDEX[a]), coords_of(CELL_INDEX[b])
    return pb[0] - pa[0], pb[1] - pa[1], pb[2] - pa[2]


def test_every_push_has_exactly_one_board_cell() -> None:
    tokens = [token for cell in BOARD if (token := push_token(cell)) is not None]
    assert sorted(tokens) == sorted(PUSH_INDEX)


@pytest.mark.parametrize("face", FACES)
def test_each_face_is_a_three_by_three_block(face: str) -> None:
    cells = face_cells(face)
    xs = sorted({x for x, _ in cells})
    ys = sorted({y for _, y in cells})
    assert len(cells) == 9
    assert xs == list(range(xs[0], xs[0] + 3))
    assert ys == list(range(ys[0], ys[0] + 3))


def test_the_faces_form_a_cross_with_one_empty_line_between() -> None:
    corner = {face: min(face_cells(face)) for face in FACES}
    middle = corner["F"][1]
    assert [corner[face] for face in "LFRB"] == [
        (0, middle),
        (4, middle),
        (8, middle),
        (12, middle),
    ]
    assert corner["U"] == (4, middle + 4)
    assert corner["D"] == (4, middle - 4)


@pytest.mark.parametrize(("near", "far", "direction"), FOLDS)
def test_faces_that_touch_in_the_drawing_meet_at_the_same_cube_cells(
    near: str, far: str, direction: tuple[int, int]
) -> None:
    dx, dy = direction
    near_cells, far_cells = face_cells(near), face_cells(far)
    edge = [(x, y) for x, y in near_cells if (x + dx, y + dy) not in near_cells]
    assert len(edge) == 3
    for x, y in edge:
        assert role_of((x + dx, y + dy)) is None  # the empty line between faces
        across = (x + 2 * dx, y + 2 * dy)
        assert far_cells[across] == near_cells[(x, y)]


@pytest.mark.parametrize("face", FACES)
def test_each_face_is_seen_from_outside_the_cube(face: str) -> None:
    cells = face_cells(face)
    for (x, y), cube_cell in cells.items():
        if (x + 1, y) in cells and (x, y + 1) in cells:
            right = step(cube_cell, cells[(x + 1, y)])
            up = step(cube_cell, cells[(x, y + 1)])
            cross = (
                right[1] * up[2] - right[2] * up[1],
                right[2] * up[0] - right[0] * up[2],
                right[0] * up[1] - right[1] * up[0],
            )
            assert cross == outward(face), (x, y)


@pytest.mark.parametrize("cube_cell", CELL_NAMES)
def test_a_cube_cell_shows_once_on_each_of_its_faces(cube_cell: str) -> None:
    shown = board_cells_of(cube_cell)
    outer = sum(1 for value in coords_of(CELL_INDEX[cube_cell]) if value != 1)
    assert len(shown) == max(outer, 1)
    assert {cube_cell_at(cell) for cell in shown} == {cube_cell}
    if cube_cell == "111":
        assert shown == [centre_cell()]
        assert isinstance(role_of(centre_cell()), CentreCell)


def test_face_to_board_refuses_a_cell_off_the_face() -> None:
    assert face_to_board("U", "002") == (4, 12)
    with pytest.raises(ValueError, match="not on face U"):
        face_to_board("U", "000")


@pytest.mark.parametrize("colour", COLOURS)
def test_each_colour_has_nine_supply_slots(colour: str) -> None:
    cells = supply_cells(colour)
    assert [role_of(cell) for cell in cells] == [SupplySlot(colour, i) for i in range(9)]
    assert all(push_token(cell) is None and cube_cell_at(cell) is None for cell in cells)


def test_every_board_cell_has_at_most_one_role() -> None:
    roles = [role_of(cell) for cell in BOARD]
    used = [role for role in roles if role is not None]
    assert len(used) == 54 + 1 + 27
    assert len(set(used)) == len(used)
    assert role_of((SIZE, 0)) is None and role_of((-1, 3)) is None


def test_unknown_cube_cells_and_colours_are_refused() -> None:
    with pytest.raises(ValueError, match="not a cube cell"):
        board_cells_of("300")
    with pytest.raises(ValueError, match="not a Cubulus colour"):
        supply_cells("blue")


def test_cell_names_map_to_pushes() -> None:
    names = push_tokens_by_cell_name()
    assert len(names) == 54
    assert names["e13"] == "U002"
    assert names["c11"] == "L002"
    assert names["e11"] == "F002"
