"""A lesson on the board: touch the lit cells step by step; each result stays until the green
cell its sentence names is tapped, which also opens the next lesson."""

from __future__ import annotations

from typing import TYPE_CHECKING

from firmware.controller.core.buttons import Button
from firmware.controller.learning.learning import lesson_named, lesson_run, next_lesson
from firmware.controller.learning.lesson_run import LessonRun
from firmware.controller.modes.base import Fields, Phase
from firmware.controller.modes.learning import run_fields, run_lights
from firmware.controller.modes.visit import Visit, open_visit, refuse_press
from firmware.render import screens
from firmware.render.stack import LightStack
from firmware.rules.grid import cell_name, parse_board_cell
from hal.interfaces import Cell

if TYPE_CHECKING:
    from firmware.controller.modes.context import ModeContext


class LessonMode(Visit):
    """A lesson being played on the board; the mode it was opened over waits, untouched."""

    phase = Phase.LESSON

    def __init__(self, entered: float, run: LessonRun) -> None:
        super().__init__(entered)
        self.run = run

    def tap(self, ctx: ModeContext, cell: Cell, now: float) -> None:
        run = self.run
        if run.done:
            if cell_name(cell) != run.go_on:
                ctx.feedback.refuse_at(cell, f"tap {run.go_on} to go on", now)
                return
            after = None if ctx.learning is None else next_lesson(ctx.learning, run.lesson)
            if after is None:
                self.leave(ctx, now)
                return
            following = lesson_run(after, ctx.rng, ctx.columns, ctx.rows)
            open_visit(ctx, LessonMode(now, following), now)
            return
        answer = run.touch(cell_name(cell))
        if not answer.right:
            ctx.feedback.refuse_at(cell, answer.said, now)
            return
        ctx.feedback.clear()  # the run's sentence says the result and the cell to go on
        ctx.moved(now)

    def press(self, ctx: ModeContext, button: Button, now: float) -> None:
        if button is Button.MENU:
            self.leave(ctx, now)
        elif button is Button.NEW:  # the lesson from the start
            again = lesson_run(self.run.lesson, ctx.rng, ctx.columns, ctx.rows)
            open_visit(ctx, LessonMode(now, again), now)
        elif button is Button.HINT and not self.run.done and not self.run.showing:
            ctx.feedback.say(self.run.hint, now)
        else:
            refuse_press(ctx, button, now)

    def learning_game(self, ctx: ModeContext) -> str:
        return self.run.game

    def lights(self, ctx: ModeContext, stack: LightStack, now: float) -> None:
        run_lights(ctx, stack, self.run)
        go_on = self.run.go_on
        if go_on is not None:
            screens.ready_light(stack, ctx.since, parse_board_cell(go_on, ctx.columns, ctx.rows))

    def fields(self, ctx: ModeContext, now: float) -> Fields:
        return {**run_fields(ctx, now, self.run), "phase": self.phase, "lesson": self.run.view()}


def start_lesson(ctx: ModeContext, name: str, now: float) -> None:
    """Open the lesson ``GAME/NAME`` (or a game's first) over what the board is doing."""
    if ctx.learning is None:
        ctx.feedback.refuse("this board has no lessons", now)
        return
    try:
        lesson = lesson_named(ctx.learning, name)
    except ValueError as exc:
        ctx.feedback.refuse(f"cannot start the lesson: {exc}", now)
        return
    run = lesson_run(lesson, ctx.rng, ctx.columns, ctx.rows)
    open_visit(ctx, LessonMode(now, run), now)


def open_lessons(ctx: ModeContext, now: float) -> None:
    """The strip's (or the menu's) ``lesson``: the first lesson of the game at hand."""
    start_lesson(ctx, ctx.top.learning_game(ctx), now)
