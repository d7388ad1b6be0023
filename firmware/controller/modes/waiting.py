"""A move made away from this board, waiting for its piece to be placed and tapped."""

from __future__ import annotations

from typing import TYPE_CHECKING

from firmware.controller.core.buttons import Button
from firmware.controller.match.seated import Seated
from firmware.controller.modes.base import Fields, Phase
from firmware.controller.modes.context import mode_kind
from firmware.controller.modes.game import (
    GameMode,
    drop_pending,
    game_lights,
    match_fields,
    turn_lights,
    with_notice,
)
from firmware.controller.modes.playing import Pending, apply
from firmware.render import palette as p
from firmware.render.stack import Light, LightStack
from firmware.rules.api import JsonValue
from firmware.rules.grid import cell_name
from hal.interfaces import Cell

if TYPE_CHECKING:
    from firmware.controller.modes.context import ModeContext

PENDING_BLINK_S = 0.5  # a cell waiting for a piece placed by hand


@mode_kind("waiting")
class WaitingForPiece(GameMode):
    """A seat away from this board moved; the move counts once its piece is placed and tapped."""

    phase = Phase.WAITING_FOR_PIECE

    def __init__(self, entered: float, seated: Seated, pending: Pending) -> None:
        super().__init__(entered, seated)
        self.pending = pending

    def tap(self, ctx: ModeContext, cell: Cell, now: float) -> None:
        pending = self.pending
        if cell not in pending.cells:
            name = ctx.match.seat_called(pending.seat)
            ctx.feedback.refuse_at(cell, f"first put {name}'s move on the blinking cell", now)
            return
        apply(ctx, pending.seat, pending.token, now)

    def press(self, ctx: ModeContext, button: Button, now: float) -> None:
        if button is Button.UNDO:  # the move made elsewhere is dropped
            drop_pending(ctx, self.pending.seat, self.pending.token, now)
        else:
            super().press(ctx, button, now)

    def lights(self, ctx: ModeContext, stack: LightStack, now: float) -> None:
        game_lights(ctx, stack, self.seated)
        colour = p.piece(self.seated.specs[self.pending.seat].colour)
        blink = p.Blink(colour, p.OFF, PENDING_BLINK_S)
        stack.add(self.pending.cells, Light(p.ANIMATION, blink, self.entered))
        turn_lights(ctx, stack, self.seated, breathe=False)

    def fields(self, ctx: ModeContext, now: float) -> Fields:
        cells: list[JsonValue] = [cell_name(cell) for cell in self.pending.cells]
        return {
            **match_fields(ctx, now),
            "phase": self.phase,
            "message": with_notice(ctx, now, ctx.words_over() or self.message(ctx)),
            "pending": {"seat": self.pending.seat, "token": self.pending.token, "cells": cells},
            "thinking": False,
        }

    def message(self, ctx: ModeContext) -> str:
        state = self.seated.match.current
        assert state is not None
        seat = self.seated.seat_to_act()
        colour = state.to_move()
        who = ctx.match.seat_called(seat, colour)
        said = self.seated.adapter.describe(
            state, self.pending.token, who, called=ctx.match.called()
        )
        return f"{said}. Put the chip on the board and tap the blinking cell"
