"""Reviewing a recorded round: the arrows (or UNDO and NEW) step through it, MENU leaves."""

from __future__ import annotations

from typing import TYPE_CHECKING

from firmware.controller.adapter import board_adapter
from firmware.controller.buttons import Button
from firmware.controller.modes.base import Fields, Phase
from firmware.controller.modes.game import with_notice
from firmware.controller.modes.visit import Visit, position_fields
from firmware.controller.review import ARROW_LOOK, Review
from firmware.render import palette as p
from firmware.render.stack import Light, LightStack
from firmware.rules.api import InvalidRecordError
from firmware.rules.records import Record
from hal.interfaces import Cell

if TYPE_CHECKING:
    from firmware.controller.modes.context import ModeContext

COMMANDS = {"back": Button.UNDO, "forward": Button.NEW, "leave": Button.MENU}


class ReviewMode(Visit):
    """A recorded round stepped through; the mode it was opened over waits, untouched."""

    phase = Phase.REVIEW

    def __init__(self, entered: float, review: Review) -> None:
        super().__init__(entered)
        self.review = review

    def tap(self, ctx: ModeContext, cell: Cell, now: float) -> None:
        if cell == self.review.back_cell:
            self.step(ctx, -1, now)
        elif cell == self.review.forward_cell:
            self.step(ctx, 1, now)

    def press(self, ctx: ModeContext, button: Button, now: float) -> None:
        if button is Button.MENU:
            ctx.pop(now)
        elif button is Button.UNDO:
            self.step(ctx, -1, now)
        elif button is Button.NEW:
            self.step(ctx, 1, now)

    def step(self, ctx: ModeContext, by: int, now: float) -> None:
        if self.review.step(by):
            ctx.moved(now)
        else:
            ctx.feedback.refuse(
                "that is the end of the round" if by > 0 else "that is the start of the round",
                now,
            )

    def commands(self, ctx: ModeContext) -> tuple[str, ...]:
        return tuple(COMMANDS)

    def command(self, ctx: ModeContext, name: str, now: float) -> None:
        if name in COMMANDS:
            self.press(ctx, COMMANDS[name], now)

    def lights(self, ctx: ModeContext, stack: LightStack, now: float) -> None:
        """The reviewed position, and the two arrows: lit while there is a move that way."""
        review = self.review
        board_adapter(review.record.game).lights(stack, review.state(), ctx.since)
        if review.ply > 0:
            stack.add([review.back_cell], Light(p.ANIMATION + 1, ARROW_LOOK))
        if review.ply < review.total:
            stack.add([review.forward_cell], Light(p.ANIMATION + 1, ARROW_LOOK))
        stack.add_status(range(stack.status_count), Light(p.BOARD, p.dim(ARROW_LOOK, 0.5)))

    def fields(self, ctx: ModeContext, now: float) -> Fields:
        words = ctx.words_over() or self.review.words()
        return {
            **position_fields(self.review.state()),
            "phase": self.phase,
            "message": with_notice(ctx, now, words),
            "review": self.review.summary(),
        }


def start_review(ctx: ModeContext, record: Record, now: float) -> None:
    """Show ``record`` for stepping through; the match waits, untouched."""
    try:
        review = Review.of(record, ctx.columns, ctx.rows)
    except InvalidRecordError as exc:
        ctx.feedback.refuse(f"cannot review that record: {exc}", now)
        return
    ctx.match.cancel_players()
    if isinstance(ctx.top, ReviewMode):  # a review over a lesson goes back to the lesson
        ctx.replace(ReviewMode(now, review), now)
    else:
        ctx.push(ReviewMode(now, review), now)


def open_review(ctx: ModeContext, now: float) -> None:
    """The strip's ``review``: the latest finished round."""
    record = ctx.match.reviewable()
    if record is not None:
        start_review(ctx, record, now)
