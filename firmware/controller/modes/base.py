"""What every board mode and every layer is: the handlers, lights and words it owns.

A mode is what the board is doing (the menu, a round, a review, a lesson ...): it takes the taps
and presses, says its lights, its scoreboard keys and its strip commands, and knows when its own
moments end. Modes stack: a review or a lesson is opened over a game and MENU goes back to it. A
layer (the command strip) lies over the mode on top: it sees inputs first and draws over it.
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING, ClassVar

from firmware.controller.buttons import Button
from firmware.render.stack import LightStack
from firmware.rules.api import JsonValue
from hal.interfaces import Cell

if TYPE_CHECKING:
    from firmware.controller.modes.context import ModeContext

Fields = dict[str, JsonValue]


class Phase(enum.StrEnum):
    """The built-in modes' words for the scoreboard's ``phase`` (``attract``: the kiosk's idle
    show, drawn over whichever mode the board is in); a new mode may bring its own word."""

    MENU = "menu"
    PLAYING = "playing"
    WAITING_FOR_PIECE = "waiting_for_chip"  # a seat away moved: place its piece (JSON word kept)
    ROUND_OVER = "round_over"
    MATCH_OVER = "match_over"
    REVIEW = "review"
    LESSON = "lesson"
    PUZZLE = "puzzle"
    ATTRACT = "attract"


class BoardMode:
    """A mode of the board: by default it refuses taps, ignores presses and lights nothing."""

    phase: ClassVar[str]
    visit: ClassVar[bool] = False  # a review, a lesson: another one opened replaces it

    def __init__(self, entered: float) -> None:
        self.entered = entered

    def shown(self, ctx: ModeContext, now: float) -> None:
        """It became the mode on top (entered, or back after the one over it left)."""

    def left(self, ctx: ModeContext) -> None:
        """It left the board: its timers go."""
        ctx.timers.cancel(self)

    def tap(self, ctx: ModeContext, cell: Cell, now: float) -> None:
        ctx.feedback.refuse_at(cell, "that cell means nothing now", now)

    def press(self, ctx: ModeContext, button: Button, now: float) -> None:
        """A button pressed (or its command tapped on the strip)."""

    def lights(self, ctx: ModeContext, stack: LightStack, now: float) -> None:
        """Its lights at ``now`` (composing changes nothing)."""

    def fields(self, ctx: ModeContext, now: float) -> Fields:
        """Its scoreboard keys (docs/scoreboard.md); the rest stay null."""
        return {"phase": self.phase, "message": ctx.words_over() or ""}

    def commands(self, ctx: ModeContext) -> tuple[str, ...]:
        """The commands the strip lights while it is on the board."""
        return ctx.offered_commands()

    def command(self, ctx: ModeContext, name: str, now: float) -> None:
        """A command tapped on the strip: a button's, or a mode opened by name."""
        button = Button.named(name)
        if button is not None:
            self.press(ctx, button, now)
        else:
            ctx.open(name, now)

    def go_to(self, ctx: ModeContext, ply: int, now: float) -> None:
        """Show the position after move ``ply``: only a review can."""
        ctx.feedback.refuse("only a review goes to a move", now)

    def learning_game(self, ctx: ModeContext) -> str:
        """The game a lesson or puzzles opened now are of: the match's, else the menu's."""
        play = ctx.match.play
        return ctx.menu.game_and_rules().game if play is None else play.game

    # What the match's other players ask of the board: by default it is not the time.
    def play(
        self, ctx: ModeContext, token: str, seat: int | None, now: float, cell: Cell | None
    ) -> bool:
        """A move from ``seat``: only a round being played takes one."""
        ctx.feedback.refuse_at(cell, "no move is expected now", now)
        return False

    def agreed_undo(self, ctx: ModeContext, now: float) -> None:
        """The other board agreed to an UNDO: one action back, and the game follows."""
        if ctx.match.play is None or not ctx.match.play.can_undo():
            return
        ctx.match.take_back()
        ctx.feedback.clear()
        ctx.follow_match(now)

    def show_hint(self, ctx: ModeContext, token: str, ply: int, now: float) -> None:
        """A hint found for position ``ply``: only a round being played shows it."""


class Layer:
    """Something lying over the mode on top (the command strip): it sees taps first."""

    def tap(self, ctx: ModeContext, cell: Cell, now: float) -> bool:
        """A tap: True if the layer took it (the mode below does not see it)."""
        return False

    def lights(self, ctx: ModeContext, stack: LightStack, now: float) -> None:
        """Its lights, over the mode's."""

    def words(self, ctx: ModeContext) -> str | None:
        """What it says instead of the mode's sentence, if anything."""
        return None

    def left(self, ctx: ModeContext) -> None:
        """It was taken off: its timers go."""
        ctx.timers.cancel(self)
