"""What a lesson and puzzles share: the run's position and the cells to touch, lit alone."""

from __future__ import annotations

from typing import TYPE_CHECKING

from firmware.controller.core.adapter import board_adapter
from firmware.controller.learning.lesson_run import LessonRun
from firmware.controller.learning.puzzle_run import PuzzleRun
from firmware.controller.modes.base import Fields
from firmware.controller.modes.visit import position_fields
from firmware.render import screens
from firmware.render.stack import LightStack
from firmware.rules.grid import parse_board_cell

if TYPE_CHECKING:
    from firmware.controller.modes.context import ModeContext

HINT_BLINK_S = 0.8


def run_lights(ctx: ModeContext, stack: LightStack, run: LessonRun | PuzzleRun) -> None:
    """The run's position and its cells to touch (or an answer and its reply), blinking with
    what they hold."""
    state = run.state
    board_adapter(state.game).lights(stack, state, ctx.since)
    cells = [parse_board_cell(name, ctx.columns, ctx.rows) for name in run.cells()]
    screens.target_lights(stack, cells, ctx.since, HINT_BLINK_S)


def run_fields(ctx: ModeContext, now: float, run: LessonRun | PuzzleRun) -> Fields:
    """The keys that show a lesson's or a puzzle's position, and its sentence."""
    state = run.state
    said = ctx.words_over() or run.say
    notice = ctx.feedback.current_notice(now)  # a lesson's hint, as written
    return {
        **position_fields(state),
        "to_move": state.to_move(),
        "awaiting": state.awaiting(),
        "message": said if notice is None else f"{notice.rstrip('.')}. {said}",
    }
