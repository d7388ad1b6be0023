"""What a mode may use and do: the match, the feedback, the timers, and push, pop and replace.

The table builds one ``ModeContext`` and hands it to every handler; a mode never reaches the
table itself. The stack holds the modes (the one on top takes the inputs and draws), the layers
lie over it; every change of the mode on top is told as a ``PhaseChanged`` event.

``BoardMode`` and ``Layer`` live here with the context whose handlers they are (``modes.base``
names them for the modes), so no mode module is imported by the context: a mode enters another
by the name it registered (``mode_kind``), and the mode following from the match is an opener.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence
from typing import ClassVar, TypeVar

from firmware.clock.sides import Reading
from firmware.controller.coach.mistakes import CoachView
from firmware.controller.commands import command_registry
from firmware.controller.commands.command_registry import Offered
from firmware.controller.computer.computer import ComputerPlayer
from firmware.controller.core.buttons import Button
from firmware.controller.core.events import PhaseChanged
from firmware.controller.core.players import PlayerKind
from firmware.controller.modes.parts import BoardOffers, PlayAids, TableParts
from firmware.render.stack import LightStack
from firmware.rules.api import JsonValue
from hal.interfaces import Cell

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


MODE_KINDS: dict[str, Callable[..., BoardMode]] = {}  # the mode classes, by the name they go by
_Kind = TypeVar("_Kind", bound=type[BoardMode])


def mode_kind(name: str) -> Callable[[_Kind], _Kind]:
    """Register a mode class as ``name``: another mode enters it by that name, not its class."""

    def registered(kind: _Kind) -> _Kind:
        MODE_KINDS[name] = kind
        return kind

    return registered


def make_mode(name: str, *args: object) -> BoardMode:
    """A new mode of the class registered as ``name`` (``modes/__init__`` imports them all)."""
    return MODE_KINDS[name](*args)


FOLLOW = "follow"  # the opener that puts the mode following from the match on the board
Opener = Callable[["ModeContext", float], None]  # enters a mode asked for by name


class ModeContext:
    """The match, the feedback, the timers and the board's parts, and the stack of modes."""

    def __init__(
        self,
        parts: TableParts,
        aids: PlayAids,
        offers: BoardOffers,
        *,
        openers: Callable[[str], Opener | None],
        first: BoardMode,
    ) -> None:
        self.match = parts.match
        self.feedback = parts.feedback
        self.timers = parts.timers
        self.events = parts.events
        self.menu = parts.menu
        self.strip = parts.strip
        self.columns = parts.match.columns
        self.rows = parts.match.rows
        self.rng = parts.rng
        self.learning = aids.learning
        self.ask_hint = aids.ask_hint
        self.computer = aids.computer  # the computer's seats and level (None: no computer here)
        self.thinking = aids.thinking
        self.hand_placed = aids.hand_placed
        self.undo_policy = aids.undo_policy
        self.explore = offers.explore  # a long press on a cell says it; the strip offers "read"
        self.coach = offers.coach  # the coach's analyses, on a board that runs one
        self.voice_on = offers.voice_on  # a board with a voice: whether it speaks now
        self.clocks: Callable[[float], Reading | None] | None = None  # see ``read_clocks_from``
        self._openers = openers
        self.modes: list[BoardMode] = [first]
        self.layers: list[Layer] = []
        self.since = 0.0  # when the position on the board last changed (blink phases)

    @property
    def top(self) -> BoardMode:
        """The mode on top: it takes the inputs and draws."""
        return self.modes[-1]

    @property
    def ready_cell(self) -> Cell:
        """The cell that goes on after a round or a match."""
        return (self.columns // 2, self.rows // 2)

    def moved(self, now: float) -> None:
        """The position shown changed at ``now`` (its blinking starts from there)."""
        self.since = now

    def below(self, mode: BoardMode) -> BoardMode | None:
        """The mode under ``mode`` on the stack (what it was opened over)."""
        at = self.modes.index(mode)
        return self.modes[at - 1] if at > 0 else None

    # -- the stack --------------------------------------------------------------------------

    def push(self, mode: BoardMode, now: float) -> None:
        """Open ``mode`` over the one on top (which waits, untouched)."""
        self._change(now, lambda: self.modes.append(mode))

    def pop(self, now: float) -> None:
        """Leave the mode on top; the one under it goes on (the last one never leaves)."""
        if len(self.modes) > 1:
            self._change(now, self._drop_top)

    def replace(self, mode: BoardMode, now: float) -> None:
        """Put ``mode`` in place of the one on top."""

        def swap() -> None:
            self._drop_top()
            self.modes.append(mode)

        self._change(now, swap)

    def reset(self, mode: BoardMode, now: float) -> None:
        """Make ``mode`` the only mode: every other one leaves."""

        def clear() -> None:
            while self.modes:
                self._drop_top()
            self.modes.append(mode)

        self._change(now, clear)

    def visit(self, mode: BoardMode, now: float) -> None:
        """Open a review, a lesson or puzzles: over the board, or in place of another visit."""
        if self.top.visit:
            self.replace(mode, now)
        else:
            self.push(mode, now)

    def open(self, name: str, now: float) -> None:
        """Enter the mode registered as ``name`` (its opener says no if it cannot)."""
        opener = self._openers(name)
        if opener is None:
            self.feedback.refuse(f"there is no {name} on this board", now)
        else:
            opener(self, now)

    def _drop_top(self) -> None:
        self.modes.pop().left(self)

    def _change(self, now: float, change: Callable[[], None]) -> None:
        before = self.top
        change()
        self.since = now
        if self.top is not before:
            self.top.shown(self, now)
        if self.top.phase != before.phase:
            self.events.post(PhaseChanged(str(self.top.phase)))

    # -- layers -----------------------------------------------------------------------------

    def lay(self, layer: Layer) -> None:
        """Put ``layer`` over the modes (over the other layers)."""
        self.layers.append(layer)

    def lift(self, layer: Layer) -> None:
        """Take ``layer`` off."""
        if layer in self.layers:
            self.layers.remove(layer)
            layer.left(self)

    def words_over(self) -> str | None:
        """What a layer says over the mode's sentence (the open strip's commands), if any."""
        for layer in reversed(self.layers):
            said = layer.words(self)
            if said is not None:
                return said
        return None

    # -- what the modes share ---------------------------------------------------------------

    def follow_match(self, now: float) -> None:
        """The position changed: the mode that follows from the match goes on the board."""
        self.open(FOLLOW, now)

    def new_match(
        self,
        game: str,
        rules: dict[str, JsonValue],
        now: float,
        first: str | None = None,
        players: Sequence[PlayerKind] | None = None,
        why: str = "new",
    ) -> None:
        """Begin a match of ``game`` (refused with its reason if it cannot be played here)."""
        level = None if self.computer is None else self.computer.level
        problem = self.match.new_match(game, rules, first, players, why=why, level=level)
        if problem is not None:
            self.feedback.refuse(problem, now)
            return
        self.show_match_on_menu()
        self.follow_match(now)

    def show_match_on_menu(self) -> None:
        """The menu shows the match's game and rules, and its computer's seats and level."""
        seated = self.match.seated
        if seated is None:
            return
        self.menu.select(seated.match.game, seated.match.rules)
        if self.computer is None:
            return
        computers = [p for p in seated.players if isinstance(p, ComputerPlayer)]
        names = [seated.specs[player.seat].name for player in computers]
        self.computer.choose(names, computers[0].level.number if computers else None)

    def read_clocks_from(self, reading: Callable[[float], Reading | None]) -> None:
        """The game clock's each side's time left now (None: the round is untimed), for READ."""
        self.clocks = reading

    def coached_by(self, coach: CoachView | None) -> None:
        """A new coach for the reviews (one restarted); the first is given in ``offers``."""
        self.coach = coach

    def switch_voice(self) -> bool:
        """The voice off if it was on, else on; whether it speaks now (a board with a voice)."""
        self.voice_on = not self.voice_on
        return self.voice_on

    def offered_commands(self, *allowed: Offered) -> tuple[str, ...]:
        """The strip's commands for a mode that allows ``allowed`` (undo, new and menu always),
        in the registry's order: hint, read and voice (with ``explore``), review, lesson and
        puzzle where this board and the match have them."""
        board = {
            Offered.HINT: self.ask_hint is not None,
            Offered.READ: self.explore and self.match.state is not None,
            Offered.VOICE: self.explore,
            Offered.REVIEW: self.match.reviewable() is not None,
            Offered.LEARNING: self.learning is not None,
        }
        asked = (*allowed, Offered.READ, Offered.VOICE, Offered.REVIEW, Offered.LEARNING)
        return command_registry.offered(when for when in asked if board.get(when, True))
