"""The Cubulus position read aloud: the balls on each face of the cube, and one board cell."""

from __future__ import annotations

from firmware.games.cubulus import layout
from firmware.games.cubulus.layout import CentreCell, FaceCell, SupplySlot
from firmware.games.cubulus.state import CubulusState
from firmware.games.cubulus.words import FACE_WORDS, SHOWN_FIRST, faces_of, listed, on_face
from firmware.rules.grid import cell_name


def read_position(state: CubulusState) -> tuple[str, ...]:
    """A sentence per face (front, right, back, left, top, bottom): its balls by colour and board
    cell; then the centre and the balls left to each colour."""
    balls = state.cells()
    lines = []
    for face in SHOWN_FIRST:
        on = [
            (colour, on_face(face, cube))
            for cube, colour in balls.items()
            if face in faces_of(cube)
        ]
        if not on:
            lines.append(f"{FACE_WORDS[face].capitalize()}: empty.")
            continue
        by_colour = []
        for colour in sorted({colour for colour, _ in on}):
            cells = sorted(name for ball, name in on if ball == colour)
            by_colour.append(f"{colour} at {listed(cells)}")
        lines.append(f"{FACE_WORDS[face].capitalize()}: {'; '.join(by_colour)}.")
    centre = balls.get(layout.CENTRE_NAME)
    if centre is not None:
        lines.append(f"The centre, {cell_name(layout.centre_cell())}: a {centre} ball.")
    left = ", ".join(f"{colour} {count}" for colour, count in state.supply().items())
    lines.append(f"Balls left: {left}.")
    return tuple(lines)


def read_cell(state: CubulusState, cell: tuple[int, int]) -> str:
    """What the board cell ``cell`` shows (``e9: a red ball, on the front``)."""
    role = layout.role_of(cell)
    name = cell_name(cell)
    if isinstance(role, FaceCell):
        ball = state.cells().get(role.cube_cell)
        what = "empty" if ball is None else f"a {ball} ball"
        return f"{name}: {what}, on the {FACE_WORDS[role.face]}"
    if isinstance(role, CentreCell):
        ball = state.cells().get(role.cube_cell)
        return f"{name}: the centre of the cube, {'empty' if ball is None else f'a {ball} ball'}"
    if isinstance(role, SupplySlot):
        return f"{name}: {role.colour}'s supply"
    return f"{name}: not part of the cube"
