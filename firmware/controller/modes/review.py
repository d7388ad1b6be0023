"""Reviewing a recorded round: the arrows (or UNDO and NEW) step through it, MENU leaves.

With the coach's analysis of the round, the position after a mistake lights the mistake's cells
and the better move's in colours of their own and says the mistake in words; "show my
mistakes" (``mistakes``) opens the latest round at the worst move of the players at the table.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from firmware.controller.coach.mistakes import Mistake, coach_json, round_mistakes
from firmware.controller.core.adapter import board_adapter
from firmware.controller.core.buttons import Button
from firmware.controller.core.players import PlayerKind
from firmware.controller.match.review import ARROW_LOOK, Review
from firmware.controller.modes.base import Fields, Phase
from firmware.controller.modes.game import with_notice
from firmware.controller.modes.visit import Visit, position_fields
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

    def __init__(
        self, entered: float, review: Review, worst_of: frozenset[str] | None = None
    ) -> None:
        """``worst_of``: go to the worst move of these colours once the analysis is there."""
        super().__init__(entered)
        self.review = review
        self.worst_of = worst_of
        self._mistakes: list[Mistake] | None = None

    def mistakes(self, ctx: ModeContext) -> list[Mistake]:
        """The round's mistakes, once the coach has analysed it (the worst move is gone to)."""
        if self._mistakes is None and ctx.coach is not None:
            found = ctx.coach.found(self.review.record)
            if found is not None:
                self._mistakes = round_mistakes(self.review.record, found, ctx.columns, ctx.rows)
                self._go_to_worst()
        return self._mistakes or []

    def _go_to_worst(self) -> None:
        wanted = self.worst_of
        if wanted is None or self._mistakes is None:
            return
        self.worst_of = None
        theirs = [m for m in self._mistakes if m.colour in wanted]
        if theirs:
            self.review.go_to(max(theirs, key=lambda m: (m.loss, -m.ply)).ply)

    def mistake_shown(self, ctx: ModeContext) -> Mistake | None:
        """The mistake that led to the position shown, if it was one."""
        return next((m for m in self.mistakes(ctx) if m.ply == self.review.ply), None)

    def go_to(self, ctx: ModeContext, ply: int, now: float) -> None:
        """Show the position after ``ply`` moves (a mistake's point on the pages' graph)."""
        if self.review.go_to(ply):
            ctx.moved(now)
        else:
            ctx.feedback.refuse(f"the round has moves 1 to {self.review.total}", now)

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
        mistake = self.mistake_shown(ctx)
        if mistake is not None:
            stack.add(mistake.better_cells, Light(p.ANIMATION, p.BETTER))
            stack.add(mistake.cells, Light(p.ANIMATION, p.MISTAKE))

    def fields(self, ctx: ModeContext, now: float) -> Fields:
        mistake = self.mistake_shown(ctx)
        words = self.review.words()
        if mistake is not None:
            words = f"{mistake.words}. {words}"
        summary = self.review.summary()
        if ctx.coach is not None:
            record = self.review.record
            found = ctx.coach.found(record)
            waiting = ctx.coach.waiting(record)
            summary["coach"] = coach_json(record, found, self.mistakes(ctx), waiting)
        return {
            **position_fields(self.review.state()),
            "phase": self.phase,
            "message": with_notice(ctx, now, ctx.words_over() or words),
            "review": summary,
        }


def start_review(
    ctx: ModeContext, record: Record, now: float, worst_of: frozenset[str] | None = None
) -> None:
    """Show ``record`` for stepping through; the match waits, untouched. A round the coach has
    not analysed is asked for; ``worst_of``: open at those colours' worst move."""
    try:
        review = Review.of(record, ctx.columns, ctx.rows)
    except InvalidRecordError as exc:
        ctx.feedback.refuse(f"cannot review that record: {exc}", now)
        return
    ctx.match.cancel_players()
    if ctx.coach is not None and ctx.coach.found(review.record) is None:
        ctx.coach.ask(review.record)
    mode = ReviewMode(now, review, worst_of)
    mode.mistakes(ctx)
    if isinstance(ctx.top, ReviewMode):  # a review over a lesson goes back to the lesson
        ctx.replace(mode, now)
    else:
        ctx.push(mode, now)


def open_review(ctx: ModeContext, now: float) -> None:
    """The strip's ``review``: the latest finished round."""
    record = ctx.match.reviewable()
    if record is not None:
        start_review(ctx, record, now)


def open_mistakes(ctx: ModeContext, now: float) -> None:
    """``mistakes`` ("show my mistakes"): the latest finished round at the worst move of the
    players at the table (shown when the coach has analysed it)."""
    record = ctx.match.reviewable()
    seated = ctx.match.seated
    if record is None or ctx.coach is None or seated is None:
        ctx.feedback.refuse("there is no finished round to look at with the coach", now)
        return
    here = [
        spec.colour
        for spec, player in zip(seated.specs, seated.players, strict=True)
        if player.kind is PlayerKind.HERE
    ]
    start_review(ctx, record, now, frozenset(here or [spec.colour for spec in seated.specs]))
