"""A Culls game as lights: chips, the latest arrival, cull candidates, the flipped chip, a line."""

from __future__ import annotations

from firmware.games.culls.game import CullsState
from firmware.render import palette as p
from firmware.render.stack import Light, LightStack
from firmware.rules.grid import parse_cell
from hal.interfaces import Cell

COLOUR_OF_MARK = {"B": "blue", "R": "red", "b": "blue", "r": "red"}


def play_offset(columns: int, rows: int, size: int) -> Cell:
    """Where game cell a1 lies on the board: a smaller game is centred, the rest stays dark."""
    return ((columns - size) // 2, (rows - size) // 2)


def culls_lights(stack: LightStack, state: CullsState, since: float) -> None:
    """Add the game's lights; ``since`` is when the current position appeared (blink phase)."""
    ox, oy = play_offset(stack.columns, stack.rows, state.size)

    def on_board(cell: Cell) -> Cell:
        return (cell[0] + ox, cell[1] + oy)

    if state.size < min(stack.columns, stack.rows):
        area = [on_board((x, y)) for x in range(state.size) for y in range(state.size)]
        stack.add(area, Light(p.BOARD - 1, p.dim(p.ACCEPT, 0.02)))
    for cell, mark in state.board_cells().items():
        colour = p.piece(COLOUR_OF_MARK.get(mark, "white"))
        if mark.islower():
            pale, faint = p.flipped_looks(colour)
            look = p.Blink(pale, faint, p.TIMING.flipped_blink)
            stack.add([on_board(cell)], Light(p.HIGHLIGHT, look, since))
        else:
            stack.add([on_board(cell)], Light(p.BOARD, colour))
    last = state.last_arrival()
    last_mark = state.board_cells().get(last) if last is not None else None
    if last is not None and last_mark is not None and last_mark.isupper():
        # The chip that arrived last, paled and steady; a blink or the winning line covers it.
        marked = p.last_move(p.piece(COLOUR_OF_MARK[last_mark]))
        stack.add([on_board(last)], Light(p.HIGHLIGHT - 1, marked))
    if state.awaiting() == "flip":
        marks = state.board_cells()
        for candidate in state.cullable_cells():
            colour = p.piece(COLOUR_OF_MARK.get(marks.get(candidate, ""), "white"))
            blink = p.Blink(colour, p.CANDIDATE_ALT, p.TIMING.candidate_blink)
            stack.add([on_board(candidate)], Light(p.HIGHLIGHT, blink, since))
    outcome = state.outcome()
    if outcome.line and outcome.winner:
        colour = p.piece(outcome.winner)
        cells = [parse_cell(name, state.size) for name in outcome.line]
        blink = p.Blink(p.ACCEPT, colour, p.TIMING.line_blink)
        stack.add([on_board(c) for c in cells], Light(p.ANIMATION, blink, since))
