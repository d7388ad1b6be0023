"""A Cubulus game as lights on the unfolded cube: balls, supplies, the centre, the last push."""

from __future__ import annotations

from firmware.games.cubulus import layout
from firmware.games.cubulus.state import CubulusState
from firmware.render import palette as p
from firmware.render.stack import Light, LightStack

CENTRE = "111"
CUBE_CELLS = [f"{x}{y}{z}" for x in range(3) for y in range(3) for z in range(3)]
SURFACE = [cell for cell in CUBE_CELLS if cell != CENTRE]
COLOURS = ("red", "black", "white")


def cubulus_lights(stack: LightStack, state: CubulusState, since: float) -> None:
    """Add the game's lights; ``since`` is when the current position appeared (blink phase)."""
    balls = state.cells()
    for cube_cell in SURFACE:
        colour = balls.get(cube_cell)
        look = p.FACE_TINT if colour is None else p.piece(colour)
        stack.add(layout.board_cells_of(cube_cell), Light(p.BOARD, look))
    centre = balls.get(CENTRE)
    stack.add(
        [layout.centre_cell()],
        Light(p.BOARD, p.CENTRE_TINT if centre is None else p.piece(centre)),
    )
    supplies = state.supply()
    for colour in COLOURS:
        slots = layout.supply_cells(colour)
        left = supplies.get(colour, 0)
        if colour == "white" and colour not in supplies:
            left = state.neutral_left()
        stack.add(slots[:left], Light(p.BOARD, p.dim(p.piece(colour), 0.5)))
    last = state.last_push()
    if last is not None:
        entry = [c for c in layout.board_cells_of(last[1:]) if layout.push_token(c) == last]
        colour = balls.get(last[1:], "white")
        stack.add(entry, Light(p.HIGHLIGHT, p.last_move(p.piece(colour))))
    outcome = state.outcome()
    if outcome.line and outcome.winner:
        blink = p.Blink(p.ACCEPT, p.piece(outcome.winner), p.TIMING.line_blink)
        for cube_cell in outcome.line:
            stack.add(layout.board_cells_of(cube_cell), Light(p.ANIMATION, blink, since))
