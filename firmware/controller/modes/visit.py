"""What a review, a lesson and puzzles share: they are opened over the board and shown alone.

A visit's scoreboard keys are its own position's, never the match's waiting under it: no seats,
no scores, no last action of the match.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from firmware.controller.core.buttons import Button
from firmware.controller.modes.base import BoardMode, Fields
from firmware.rules.api import GameState
from firmware.rules.registry import find_game

if TYPE_CHECKING:
    from firmware.controller.modes.context import ModeContext


class Visit(BoardMode):
    """A mode opened over the board that MENU leaves; another visit opened replaces it."""

    visit = True

    def leave(self, ctx: ModeContext, now: float) -> None:
        """To the menu; UNDO there goes back to the game the visit was opened over."""
        from firmware.controller.modes.menu import menu_instead

        menu_instead(ctx, self, now)


def open_visit(ctx: ModeContext, mode: Visit, now: float) -> None:
    """Open ``mode`` over what the board is doing: the match's players wait, nothing is said."""
    ctx.match.cancel_players()
    ctx.feedback.clear(notice=True)
    ctx.visit(mode, now)


def position_fields(state: GameState) -> Fields:
    """The scoreboard keys of a position shown on its own (its game, not the match's)."""
    outcome = state.outcome()
    mode = state.rules.get("mode")
    return {
        "game": state.game,
        "mode": mode if isinstance(mode, str) else None,
        "players": len(find_game(state.game).colours(state.rules)),
        "seats": [],
        "scores": {},
        "moves": list(state.moves),
        "status": outcome.status.value,
        "winner": outcome.winner,
        "line": None if outcome.line is None else list(outcome.line),
        "position": state.summary(),
    }


NO_UNDO = "nothing to take back here: MENU leaves, NEW starts again"
NO_HINT = "no hint here: the lit cells and the sentence are all there is"


def refuse_press(ctx: ModeContext, button: Button, now: float) -> None:
    """A lesson's or puzzle's answer to UNDO and HINT."""
    ctx.feedback.refuse(NO_HINT if button is Button.HINT else NO_UNDO, now)
