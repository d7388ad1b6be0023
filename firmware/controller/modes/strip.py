"""The command strip as a layer over the mode on top: its commands are that mode's."""

from __future__ import annotations

from typing import TYPE_CHECKING

from firmware.controller.modes.base import Layer
from firmware.render.stack import LightStack
from hal.interfaces import Cell

if TYPE_CHECKING:
    from firmware.controller.modes.context import ModeContext


class StripLayer(Layer):
    """The open strip: a tap on a command does it (the mode's), any other tap closes it."""

    def tap(self, ctx: ModeContext, cell: Cell, now: float) -> bool:
        command = ctx.strip.command_at(cell)
        close_strip(ctx)
        if command is not None:
            ctx.top.command(ctx, command, now)
        return True

    def lights(self, ctx: ModeContext, stack: LightStack, now: float) -> None:
        ctx.strip.lights(stack)

    def words(self, ctx: ModeContext) -> str | None:
        return ctx.strip.words()


def open_strip(ctx: ModeContext) -> None:
    """Light the commands of the mode on top across the middle row."""
    close_strip(ctx)
    ctx.strip.open(ctx.top.commands(ctx))
    ctx.lay(StripLayer())


def close_strip(ctx: ModeContext) -> None:
    ctx.strip.close()
    for layer in [layer for layer in ctx.layers if isinstance(layer, StripLayer)]:
        ctx.lift(layer)
