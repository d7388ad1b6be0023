"""Back to the game: from the menu, a lesson, puzzles or a review opened over a match, straight
back to that match (what UNDO does on the menu, in one step from anywhere)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from firmware.controller.modes.game import GameMode
from firmware.rules.api import JsonValue

if TYPE_CHECKING:
    from firmware.controller.modes.context import ModeContext

NOTHING_PAUSED = "no game is waiting: start one from the menu"


def waiting_game(ctx: ModeContext) -> GameMode | None:
    """The match's mode waiting under the top one (None when the match is on top or none is)."""
    games = [mode for mode in ctx.modes[:-1] if isinstance(mode, GameMode)]
    return games[-1] if games and not isinstance(ctx.top, GameMode) else None


def paused(ctx: ModeContext) -> JsonValue:
    """The scoreboard's ``paused``: the game waiting under the top mode, or null."""
    waiting = waiting_game(ctx)
    if waiting is None:
        return None
    match = waiting.seated.match
    return {"game": match.name, "round": len(match.rounds)}


def open_back(ctx: ModeContext, now: float) -> None:
    """Leave whatever was opened over the match, back to the match as it was."""
    waiting = waiting_game(ctx)
    if waiting is None:
        ctx.feedback.refuse(NOTHING_PAUSED, now)
        return
    while ctx.top is not waiting:
        ctx.pop(now)
