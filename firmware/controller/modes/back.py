"""Back to the game: from the menu, a lesson, puzzles or a review opened over a match, straight
back to that match (what UNDO does on the menu, in one step from anywhere)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from firmware.rules.api import JsonValue

if TYPE_CHECKING:
    from firmware.controller.modes.context import ModeContext

NOTHING_PAUSED = "no game is waiting: start one from the menu"
OPENED_OVER = ("menu", "lesson", "puzzle", "review")  # the phases opened over the board


def game_waits(ctx: ModeContext) -> bool:
    """Whether a match waits under what is on top (the bottom mode is the match's)."""
    bottom, top = ctx.modes[0], ctx.top
    return (
        len(ctx.modes) > 1
        and str(top.phase) in OPENED_OVER
        and str(bottom.phase) not in OPENED_OVER
        and ctx.match.seated is not None
    )


def paused(ctx: ModeContext) -> JsonValue:
    """The scoreboard's ``paused``: the game waiting under the top mode, or null."""
    seated = ctx.match.seated
    if not game_waits(ctx) or seated is None:
        return None
    return {"game": seated.match.game, "round": len(seated.match.rounds)}


def open_back(ctx: ModeContext, now: float) -> None:
    """Leave whatever was opened over the match, back to the match as it was."""
    if not game_waits(ctx):
        ctx.feedback.refuse(NOTHING_PAUSED, now)
        return
    while len(ctx.modes) > 1:
        ctx.pop(now)
