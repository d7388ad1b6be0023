"""The board's lights: the mode on top, the layers over it, then the error flashes."""

from __future__ import annotations

from firmware.controller.core.timing import TABLE_TIMING as T
from firmware.controller.table.table import Table
from firmware.render import screens
from firmware.render.stack import LightStack


def table_lights(table: Table, status_count: int, now: float) -> LightStack:
    """Every light the board wants at ``now`` (composing changes nothing)."""
    ctx = table.context
    stack = LightStack(ctx.columns, ctx.rows, status_count)
    ctx.top.lights(ctx, stack, now)
    for layer in ctx.layers:
        layer.lights(ctx, stack, now)
    for flash in ctx.feedback.flashes:
        screens.error_lights(stack, flash.cell, flash.t, T.error_flash)
    return stack
