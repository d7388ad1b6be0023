"""A game's puzzles one after another: touch the winning move, seen played out until the next
tap; NEW skips to the next."""

from __future__ import annotations

from typing import TYPE_CHECKING

from firmware.controller.core.buttons import Button
from firmware.controller.learning.learning import puzzle_run
from firmware.controller.learning.puzzle_run import PuzzleRun
from firmware.controller.modes.base import Fields, Phase
from firmware.controller.modes.learning import run_fields, run_lights
from firmware.controller.modes.visit import Visit, open_visit, refuse_press
from firmware.render.stack import LightStack
from firmware.rules.grid import cell_name
from hal.interfaces import Cell

if TYPE_CHECKING:
    from firmware.controller.modes.context import ModeContext


class PuzzleMode(Visit):
    """A game's puzzles one after another; the mode it was opened over waits, untouched."""

    phase = Phase.PUZZLE

    def __init__(self, entered: float, run: PuzzleRun) -> None:
        super().__init__(entered)
        self.run = run

    def tap(self, ctx: ModeContext, cell: Cell, now: float) -> None:
        restoring, finishing = self.run.showing, self.run.finishing
        answer = self.run.touch(cell_name(cell))
        ctx.moved(now)
        begun = self.run.finishing and not finishing  # a right cull: its flip is asked for
        if restoring or begun or answer.right or answer.replies:  # the run's sentence says it
            ctx.feedback.clear()
        else:
            ctx.feedback.refuse_at(cell, answer.said, now)

    def press(self, ctx: ModeContext, button: Button, now: float) -> None:
        if button is Button.MENU:
            self.leave(ctx, now)
        elif button is Button.NEW:  # on to the next puzzle
            self.run.skip()
            ctx.moved(now)
        else:
            refuse_press(ctx, button, now)

    def learning_game(self, ctx: ModeContext) -> str:
        return self.run.game

    def lights(self, ctx: ModeContext, stack: LightStack, now: float) -> None:
        run_lights(ctx, stack, self.run)

    def fields(self, ctx: ModeContext, now: float) -> Fields:
        return {**run_fields(ctx, now, self.run), "phase": self.phase, "puzzle": self.run.view()}


def open_puzzles(ctx: ModeContext, now: float) -> None:
    """Open the puzzles of the game at hand over what the board is doing."""
    if ctx.learning is None:
        ctx.feedback.refuse("this board has no puzzles", now)
        return
    game = ctx.top.learning_game(ctx)
    try:
        run = puzzle_run(ctx.learning, game, ctx.rng, ctx.columns, ctx.rows)
    except ValueError as exc:
        ctx.feedback.refuse(f"cannot start the puzzles: {exc}", now)
        return
    open_visit(ctx, PuzzleMode(now, run), now)


def open_puzzle(ctx: ModeContext, puzzle_id: str, now: float) -> None:
    """Open the puzzle ``puzzle_id`` (ids are ``GAME-KIND-NNNN``), its game's next ones after it,
    over what the board is doing."""
    if ctx.learning is None:
        ctx.feedback.refuse("this board has no puzzles", now)
        return
    game = puzzle_id.split("-", 1)[0]
    try:
        run = puzzle_run(ctx.learning, game, ctx.rng, ctx.columns, ctx.rows, first=puzzle_id)
    except ValueError as exc:
        ctx.feedback.refuse(f"cannot open the puzzle: {exc}", now)
        return
    open_visit(ctx, PuzzleMode(now, run), now)
