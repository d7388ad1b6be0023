"""The seam between the running board and its outside viewers (web pages, the kiosk screen).

The controller implements ``LiveBoard``; the web server only uses this interface. Listeners are
called from the controller's thread; ``submit`` may be called from any thread and only enqueues.
"""

from __future__ import annotations

import enum
import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from firmware.rules.api import JsonValue
from hal.interfaces import Cell, Frame


@dataclass(frozen=True, slots=True)
class BoardView:
    """What the board shows right now: the LED frame as sent, and the scoreboard.

    ``score`` is the scoreboard object documented in docs/scoreboard.md.
    """

    frame: Frame
    score: dict[str, JsonValue]


class RemoteKind(enum.Enum):
    """What a remote command asks for."""

    TOUCH = "touch"  # a tap on a cell: down and up
    PRESS = "press"  # a button: undo, new, menu
    RESET = "reset"  # staff: put the game away and start a fresh one of the same kind
    GAME = "game"  # staff: start ``game`` with ``rules``
    BRIGHTNESS = "brightness"  # staff: LED brightness ``level`` until the schedule's next step
    ONLINE = "online"  # ``online``: "host" (offer the chosen game) or "join:CODE"
    SHUTDOWN = "shutdown"  # staff: power the Pi off (the system stops the board first)
    COMPUTER = "computer"  # the computer takes ``seats`` at ``computer_level``, in a new match
    NAME = "name"  # a player's name (``player_name``, None: none) on seat ``seat`` for the match


# Why the computer's seats cannot be changed now (they would start a local match over it).
ONLINE_GAME_ON = (
    "an online game is on: leave it first (NEW on the board), then choose the computer's seats"
)


class CommandRefusedError(ValueError):
    """A well-formed command the board will not carry out as it stands (the web's 409)."""


@dataclass(frozen=True, slots=True)
class RemoteCommand:
    """A touch, a button press or a staff action that came from the network, not the board."""

    kind: RemoteKind
    cell: Cell | None = None
    button: str | None = None
    game: str | None = None
    rules: dict[str, JsonValue] | None = None
    level: float | None = None
    seats: tuple[str, ...] = ()
    computer_level: int | None = None
    online: str | None = None
    seat: int | None = None
    player_name: str | None = None


@dataclass(frozen=True, slots=True)
class LoopCall:
    """Work another thread hands to the loop: ``run(now)`` is called on the loop's thread."""

    run: Callable[[float], None]


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
