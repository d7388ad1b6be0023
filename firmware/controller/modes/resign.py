"""Resigning by touch: RESIGN (the strip's command, the page's button) asks first; only a tap on
the blinking cell resigns for the side to act, any other tap goes on with the game."""

from __future__ import annotations

from typing import TYPE_CHECKING

from firmware.controller.modes.base import Layer, Phase
from firmware.controller.modes.side_out import side_out
from firmware.render import palette as p
from firmware.render.stack import Light, LightStack
from firmware.rules.api import Termination
from firmware.rules.grid import cell_name
from hal.interfaces import Cell

if TYPE_CHECKING:
    from firmware.controller.modes.context import ModeContext

CONFIRM_BLINK_S = 0.5
CONFIRM_LOOK = (255, 40, 40)


class ResignLayer(Layer):
    """Asks the side to act to confirm its resignation on one cell; the clock keeps running."""

    def __init__(self, side: str, cell: Cell) -> None:
        self.side = side
        self.cell = cell

    def asked(self, ctx: ModeContext) -> bool:
        """Whether the question still stands: the same side to act, the round in play."""
        state = ctx.match.state
        side = None if state is None else state.to_move()
        return ctx.top.phase == Phase.PLAYING and side == self.side

    def tap(self, ctx: ModeContext, cell: Cell, now: float) -> bool:
        ctx.lift(self)
        if not self.asked(ctx):
            return False  # the game moved on: the tap is the game's
        if cell == self.cell:
            side_out(ctx, Termination.RESIGNATION, now)
        return True  # any other tap only closes the question: a stray tap plays nothing

    def lights(self, ctx: ModeContext, stack: LightStack, now: float) -> None:
        if self.asked(ctx):
            look = p.Blink(CONFIRM_LOOK, p.OFF, CONFIRM_BLINK_S)
            stack.add([self.cell], Light(p.ERRORS - 2, look))

    def words(self, ctx: ModeContext) -> str | None:
        if not self.asked(ctx):
            return None
        where = cell_name(self.cell)
        return (
            f"{self.side.title()} resigns? Tap the blinking cell {where} to resign; "
            "any other cell goes on with the game"
        )


def open_resign(ctx: ModeContext, now: float) -> None:
    """Ask the side to act whether it resigns (only while a round is played)."""
    state = ctx.match.state
    side = None if state is None else state.to_move()
    if ctx.top.phase != Phase.PLAYING or side is None:
        ctx.feedback.refuse("there is no round being played to resign", now)
        return
    for layer in [layer for layer in ctx.layers if isinstance(layer, ResignLayer)]:
        ctx.lift(layer)
    ctx.lay(ResignLayer(side, ctx.ready_cell))
