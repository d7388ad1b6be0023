"""The board's modes: one object each, holding exactly what that mode needs.

A mode is what the board is doing (the menu, a round being played, a move from elsewhere waiting
for its piece, a round or the match over, a review). Each mode handles the taps and buttons it
accepts by asking the table (``TableOps``) to act; a mode never changes another one, it is
replaced. So a pending move exists only while waiting for its piece, a hint only while playing, a
review only in review: combinations that cannot happen cannot be built.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Protocol

from firmware.controller.adapter import BoardAdapter, SeatSpec
from firmware.controller.buttons import Button
from firmware.controller.match_play import MatchPlay
from firmware.controller.players import Player
from firmware.controller.review import Review
from firmware.controller.timing import TABLE_TIMING as T
from firmware.learn.puzzle_run import PuzzleRun
from firmware.learn.runner import LessonRun
from firmware.rules.api import GameState
from hal.interfaces import Cell


class Phase(enum.Enum):
    """The scoreboard's ``phase``: the mode's word (``attract``: the kiosk's idle show, drawn
    over whichever mode the board is in)."""

    MENU = "menu"
    PLAYING = "playing"
    WAITING_FOR_CHIP = "waiting_for_chip"  # a seat away from this board moved: place its piece
    ROUND_OVER = "round_over"
    MATCH_OVER = "match_over"
    REVIEW = "review"
    LESSON = "lesson"
    PUZZLE = "puzzle"
    ATTRACT = "attract"


@dataclass(eq=False)
class Seated:
    """The match at the table: its rules and rounds, its game's adapter and each seat's player."""

    match: MatchPlay
    adapter: BoardAdapter
    specs: tuple[SeatSpec, ...]
    players: list[Player]
    match_id: str
    started: float  # wall-clock seconds

    @property
    def state(self) -> GameState | None:
        return self.match.current

    def seat_to_act(self) -> int | None:
        state = self.match.current
        return None if state is None else self.adapter.seat_to_act(state, self.specs)


@dataclass(frozen=True, slots=True)
class Hint:
    """The strongest move, lit on ``cells`` until ``until``; ``said`` names what it does."""

    token: str
    cells: tuple[Cell, ...]
    until: float
    said: str


@dataclass(frozen=True, slots=True)
class Pending:
    """A move made away from this board, waiting for its piece to be placed on ``cells``."""

    seat: int
    token: str
    cells: tuple[Cell, ...]


class TableOps(Protocol):
    """What a mode may ask of the table."""

    @property
    def ready_cell(self) -> Cell:
        """The cell that goes on after a round or a match."""

    def refuse_at(self, cell: Cell | None, reason: str, now: float) -> None: ...
    def play_tap(self, seated: Seated, cell: Cell, now: float) -> None: ...
    def place_pending(self, mode: WaitingForPiece, cell: Cell, now: float) -> None: ...
    def go_on(self, seated: Seated, now: float) -> None: ...
    def show_scores(self, mode: RoundOverMode, now: float) -> None: ...
    def pick_from_menu(self, mode: MenuMode, cell: Cell, now: float) -> None: ...
    def step_review(self, mode: ReviewMode, by: int, now: float) -> None: ...
    def press_in_game(self, mode: GameMode, button: Button, now: float) -> None: ...
    def press_in_menu(self, mode: MenuMode, button: Button, now: float) -> None: ...
    def leave_review(self, now: float) -> None: ...
    def lesson_tap(self, mode: LessonMode, cell: Cell, now: float) -> None: ...
    def puzzle_tap(self, mode: PuzzleMode, cell: Cell, now: float) -> None: ...
    def press_in_learning(self, mode: LearningMode, button: Button, now: float) -> None: ...


@dataclass(frozen=True, slots=True)
class MenuMode:
    """The menu is open; ``back`` is the game it was opened over (UNDO returns to it)."""

    entered: float
    seated: Seated | None = None
    back: GameMode | None = None
    phase = Phase.MENU

    def tap(self, table: TableOps, cell: Cell, now: float) -> None:
        table.pick_from_menu(self, cell, now)

    def press(self, table: TableOps, button: Button, now: float) -> None:
        table.press_in_menu(self, button, now)


@dataclass(frozen=True, slots=True)
class PlayingMode:
    """A round is being played; a tap is a move of the seat to act."""

    entered: float
    seated: Seated
    hint: Hint | None = None
    phase = Phase.PLAYING

    def tap(self, table: TableOps, cell: Cell, now: float) -> None:
        table.play_tap(self.seated, cell, now)

    def press(self, table: TableOps, button: Button, now: float) -> None:
        table.press_in_game(self, button, now)


@dataclass(frozen=True, slots=True)
class WaitingForPiece:
    """A seat away from this board moved; the move counts once its piece is placed and tapped."""

    entered: float
    seated: Seated
    pending: Pending
    phase = Phase.WAITING_FOR_CHIP

    def tap(self, table: TableOps, cell: Cell, now: float) -> None:
        table.place_pending(self, cell, now)

    def press(self, table: TableOps, button: Button, now: float) -> None:
        table.press_in_game(self, button, now)


@dataclass(frozen=True, slots=True)
class RoundOverMode:
    """A round is over and the match goes on: the final position (its winning line) stays until
    a touch shows the scores; the ready cell starts the next round."""

    entered: float
    seated: Seated
    scores_shown: bool = False
    phase = Phase.ROUND_OVER

    @property
    def ready_after(self) -> float:
        return self.entered + T.line_show

    def tap(self, table: TableOps, cell: Cell, now: float) -> None:
        if not _ready_tap(self, table, cell, now) and not self.scores_shown:
            table.show_scores(self, now)

    def press(self, table: TableOps, button: Button, now: float) -> None:
        table.press_in_game(self, button, now)


@dataclass(frozen=True, slots=True)
class MatchOverMode:
    """The match is decided: the final position and the winner; the ready cell starts a
    rematch."""

    entered: float
    seated: Seated
    phase = Phase.MATCH_OVER

    @property
    def ready_after(self) -> float:
        return self.entered + T.confirm_guard

    def tap(self, table: TableOps, cell: Cell, now: float) -> None:
        _ready_tap(self, table, cell, now)

    def press(self, table: TableOps, button: Button, now: float) -> None:
        table.press_in_game(self, button, now)


@dataclass(frozen=True, slots=True)
class ReviewMode:
    """A recorded round stepped through; the mode it was opened over waits, untouched."""

    entered: float
    review: Review
    back: Mode
    phase = Phase.REVIEW

    @property
    def seated(self) -> Seated | None:
        return self.back.seated

    def tap(self, table: TableOps, cell: Cell, now: float) -> None:
        if cell == self.review.back_cell:
            table.step_review(self, -1, now)
        elif cell == self.review.forward_cell:
            table.step_review(self, 1, now)

    def press(self, table: TableOps, button: Button, now: float) -> None:
        if button is Button.MENU:
            table.leave_review(now)
        elif button is Button.UNDO:
            table.step_review(self, -1, now)
        elif button is Button.NEW:
            table.step_review(self, 1, now)


@dataclass(frozen=True, slots=True)
class LessonMode:
    """A lesson being played on the board; the mode it was opened over waits, untouched."""

    entered: float
    run: LessonRun
    back: Mode
    phase = Phase.LESSON

    @property
    def seated(self) -> Seated | None:
        return self.back.seated

    def tap(self, table: TableOps, cell: Cell, now: float) -> None:
        table.lesson_tap(self, cell, now)

    def press(self, table: TableOps, button: Button, now: float) -> None:
        table.press_in_learning(self, button, now)


@dataclass(frozen=True, slots=True)
class PuzzleMode:
    """A game's puzzles one after another; the mode it was opened over waits, untouched."""

    entered: float
    run: PuzzleRun
    back: Mode
    phase = Phase.PUZZLE

    @property
    def seated(self) -> Seated | None:
        return self.back.seated

    def tap(self, table: TableOps, cell: Cell, now: float) -> None:
        table.puzzle_tap(self, cell, now)

    def press(self, table: TableOps, button: Button, now: float) -> None:
        table.press_in_learning(self, button, now)


def _ready_tap(
    mode: RoundOverMode | MatchOverMode, table: TableOps, cell: Cell, now: float
) -> bool:
    """After a round or the match: the ready cell, once its guard has passed, goes on (True)."""
    if cell != table.ready_cell or now < mode.ready_after:
        return False
    table.go_on(mode.seated, now)
    return True


GameMode = PlayingMode | WaitingForPiece | RoundOverMode | MatchOverMode
LearningMode = LessonMode | PuzzleMode
Mode = MenuMode | GameMode | ReviewMode | LearningMode
