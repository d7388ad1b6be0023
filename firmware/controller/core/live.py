"""The seam between the running board and its outside viewers (web pages, the kiosk screen).

The controller implements ``LiveBoard``; the web server only uses this interface. Listeners are
called from the controller's thread; ``submit`` may be called from any thread and only enqueues.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

from firmware.controller.core.players import PlayerKind
from firmware.errors import InputError
from firmware.players.analysis import MoveReview
from firmware.rules.api import JsonValue
from firmware.rules.records import Record
from hal.interfaces import Cell, Frame


@dataclass(frozen=True, slots=True)
class BoardView:
    """What the board shows right now: the LED frame as sent, and the scoreboard.

    ``score`` is the scoreboard object documented in docs/scoreboard.md.
    """

    frame: Frame
    score: dict[str, JsonValue]


# Why the computer's seats cannot be changed now (they would start a local match over it).
ONLINE_GAME_ON = (
    "an online game is on: leave it first (NEW on the board), then choose the computer's seats"
)


class CommandRefusedError(InputError):
    """A well-formed command the board will not carry out as it stands (the web's 409)."""


@dataclass(frozen=True, slots=True)
class Touch:
    """A tap on a cell from the pages: down and up."""

    cell: Cell


@dataclass(frozen=True, slots=True)
class Press:
    """A button pressed on the pages (undo, new, menu, hint or one of the board's own)."""

    button: str


@dataclass(frozen=True, slots=True)
class GoOnline:
    """``request``: "host" (offer the game chosen on the menu) or "join:CODE"."""

    request: str


@dataclass(frozen=True, slots=True)
class SeatComputer:
    """The computer takes ``seats`` (colours or names; none: people everywhere) at ``level``,
    in a new match."""

    seats: tuple[str, ...]
    level: int


@dataclass(frozen=True, slots=True)
class ResetBoard:
    """Staff: put the game away and start a fresh one of the same kind."""


@dataclass(frozen=True, slots=True)
class StartGame:
    """Staff: start ``game`` with ``rules``."""

    game: str
    rules: dict[str, JsonValue] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class SetBrightness:
    """Staff: the LED brightness ``level`` (0 to 1) until the schedule's next step."""

    level: float


@dataclass(frozen=True, slots=True)
class ShutDown:
    """Staff: power the Pi off (the system stops the board first)."""


@dataclass(frozen=True, slots=True)
class RestartBoard:
    """Staff: start the board program again; the match is kept (the journal resumes it)."""


@dataclass(frozen=True, slots=True)
class NameSeat:
    """A player's name (None: none) on seat ``seat`` for the match."""

    seat: int
    player_name: str | None


@dataclass(frozen=True, slots=True)
class ReviewAt:
    """Show the reviewed round (``record``: this one, opened first) after move ``ply`` (a point
    of the pages' evaluation graph)."""

    ply: int
    record: Record | None = None
    analysis: tuple[MoveReview, ...] = ()  # the history's analysis of ``record``, if it has one


# the staff PIN was checked
StaffCommand = ResetBoard | StartGame | SetBrightness | ShutDown | RestartBoard
RemoteCommand = (
    Touch | Press | GoOnline | SeatComputer | NameSeat | ReviewAt | StaffCommand
)  # from the network


@dataclass(frozen=True, slots=True)
class LoopCall:
    """Work another thread hands to the loop: ``run(now)`` is called on the loop's thread."""

    run: Callable[[float], None]


@dataclass(frozen=True, slots=True)
class StartMatch:
    """Start ``game`` with ``rules``, ``first`` to move (None: drawn), each seat's player kind
    (an online game setting up its match)."""

    game: str
    rules: dict[str, JsonValue]
    first: str | None
    kinds: tuple[PlayerKind, ...]


@dataclass(frozen=True, slots=True)
class UndoAgreed:
    """The other board agreed to the UNDO this board asked for: take one action back."""


@dataclass(frozen=True, slots=True)
class Redraw:
    """Something outside the table changed what the board shows (the broker link)."""


Listener = Callable[[BoardView], None]

log = logging.getLogger(__name__)


class ViewHub:
    """The latest view and its listeners, safe to use from any thread."""

    def __init__(self, first: BoardView) -> None:
        self._lock = threading.Lock()
        self._view = first
        self._listeners: list[Listener] = []

    def view(self) -> BoardView:
        with self._lock:
            return self._view

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        with self._lock:
            self._listeners.append(listener)

        def unsubscribe() -> None:
            with self._lock:
                if listener in self._listeners:
                    self._listeners.remove(listener)

        return unsubscribe

    @property
    def listener_count(self) -> int:
        with self._lock:
            return len(self._listeners)

    def publish(self, view: BoardView) -> None:
        """Make ``view`` the latest and hand it to every listener, in the calling thread."""
        with self._lock:
            self._view = view
            listeners = list(self._listeners)
        for listener in listeners:
            try:
                listener(view)
            except Exception:  # a viewer's bug must never stop the board
                log.exception("a board listener failed")


class LiveBoard(Protocol):
    """A running board, seen from outside."""

    def view(self) -> BoardView:
        """The latest view (thread-safe)."""

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Call ``listener`` with every new view; returns a function that unsubscribes."""

    def submit(self, command: RemoteCommand) -> None:
        """Queue a command for the controller's loop; raise ValueError if it is malformed,
        CommandRefusedError if the board cannot carry it out now."""
