"""The seam between the running board and its outside viewers (web pages, the kiosk screen).

The controller implements ``LiveBoard``; the web server only uses this interface. Listeners are
called from the controller's thread; ``submit`` may be called from any thread and only enqueues.
"""

from __future__ import annotations

import enum
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


@dataclass(frozen=True, slots=True)
class RemoteCommand:
    """A touch, a button press or a staff action that came from the network, not the board."""

    kind: RemoteKind
    cell: Cell | None = None
    button: str | None = None
    game: str | None = None
    rules: dict[str, JsonValue] | None = None
    level: float | None = None


Listener = Callable[[BoardView], None]


class LiveBoard(Protocol):
    """A running board, seen from outside."""

    def view(self) -> BoardView:
        """The latest view (thread-safe)."""

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Call ``listener`` with every new view; returns a function that unsubscribes."""

    def submit(self, command: RemoteCommand) -> None:
        """Queue a command for the controller's loop; raise ValueError if it is malformed."""
