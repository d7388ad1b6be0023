"""Which game token a tap on a board cell stands for, per game."""

from __future__ import annotations

from typing import cast

from firmware.games.culls.scene import play_offset
from firmware.render.views import CubeLayout, CubulusView, CullsView
from firmware.rules.api import GameState
from firmware.rules.grid import cell_name
from hal.interfaces import Cell

CENTRE = "111"


class Refusal(str):
    """Why a tap means nothing in the game (the words a player is shown)."""


def culls_token(state: CullsView, cell: Cell, columns: int, rows: int) -> str | Refusal:
    """Place on an empty cell, flip a candidate, or move the flipped chip there."""
    ox, oy = play_offset(columns, rows, state.size)
    x, y = cell[0] - ox, cell[1] - oy
    if not (0 <= x < state.size and 0 <= y < state.size):
        return Refusal("that cell is outside the playing area")
    name = cell_name((x, y))
    awaiting = state.awaiting()
    if awaiting == "flip":
        return f"x{name}"
    if awaiting == "move":
        flipped = state.flipped_cell()
        if flipped == (x, y):
            return Refusal(f"put the flipped chip from {name} on a different empty cell")
        if flipped is not None:
            return f"{cell_name(flipped)}-{name}"
    return name


def cubulus_token(state: CubulusView, cell: Cell, layout: CubeLayout) -> str | Refusal:
    """A push from the face of the tapped cell, or during setup a neutral ball on it."""
    push = layout.push_token(cell)
    if state.awaiting() == "neutral":
        if cell == layout.centre_cell():
            return f"N{CENTRE}"
        if push is None:
            return Refusal("tap a cell of the cube to place a white ball there")
        return f"N{push[1:]}"
    if push is None:
        return Refusal("tap a cell on a face of the cube to push from that face")
    return push


def token_for(
    state: GameState, cell: Cell, columns: int, rows: int, layout: CubeLayout | None
) -> str | Refusal:
    """The token a tap stands for in whichever game is being played."""
    if state.game == "culls":
        return culls_token(cast(CullsView, state), cell, columns, rows)
    if layout is None:
        return Refusal("the cube layout is not available")
    return cubulus_token(cast(CubulusView, state), cell, layout)
