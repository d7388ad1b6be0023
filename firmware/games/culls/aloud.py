"""The Culls position read aloud: each side's chips row by row, the flipped chip, one cell."""

from __future__ import annotations

from firmware.games.culls.game import CullsState
from firmware.games.culls.words import LETTER_OF, listed
from firmware.rules.grid import cell_name


def read_position(state: CullsState) -> tuple[str, ...]:
    """A sentence per side (its chips by row, top row first, and those left to place), then the
    flipped chip waiting to be moved or the chips that may be flipped."""
    rows = state.board_rows()  # top row first
    supply = state.supply()
    lines = []
    for colour, letter in LETTER_OF.items():
        by_row = []
        for top, marks in enumerate(rows):
            row = len(rows) - top
            cells = [cell_name((x, row - 1)) for x, mark in enumerate(marks) if mark == letter]
            if cells:
                by_row.append(f"row {row}: {listed(cells)}")
        chips = "; ".join(by_row) if by_row else "no chips on the board"
        lines.append(f"{colour.capitalize()}: {chips}. {supply[colour]} to place.")
    flipped = state.flipped_cell()
    if flipped is not None:
        owner = "blue" if state.board_cells().get(flipped) == "b" else "red"
        lines.append(f"The flipped {owner} chip on {cell_name(flipped)} waits to be moved.")
    cullable = [cell_name(cell) for cell in state.cullable_cells()]
    if cullable:
        lines.append(f"Trapped, one to flip: {listed(cullable)}.")
    return tuple(lines)


def read_cell(state: CullsState, x: int, y: int) -> str:
    """What the game's cell ``(x, y)`` holds, in the game's words (``h8: a blue chip``)."""
    if not (0 <= x < state.size and 0 <= y < state.size):
        return "outside the playing area"
    mark = state.board_cells().get((x, y))
    name = cell_name((x, y))
    if mark is None:
        return f"{name}: empty"
    colour = "blue" if mark.lower() == "b" else "red"
    return f"{name}: a {'flipped ' if mark.islower() else ''}{colour} chip"
