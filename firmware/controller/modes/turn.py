"""TURN: the board says whose turn it is, for a player who looked away (a board without a screen
says it on its notice line, the voice says the notice)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from firmware.controller.modes.context import ModeContext

NO_TURN = "no round is being played: nobody is to play"


def open_turn(ctx: ModeContext, now: float) -> None:
    """Say which side is to play now, or refuse when no round is being played."""
    state = ctx.match.state
    side = None if state is None else state.to_move()
    if side is None:
        ctx.feedback.refuse(NO_TURN, now)
        return
    ctx.feedback.say(f"{side.title()} to play", now)
