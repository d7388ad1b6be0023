"""What the loop's one queue carries: every input, posted from any thread."""

from __future__ import annotations

import queue
from dataclasses import dataclass

from firmware.controller.computer.computer import HintFound
from firmware.controller.core.live import LoopCall, Redraw, RemoteCommand, StartMatch, UndoAgreed
from firmware.controller.core.players import SeatMove
from firmware.controller.match.review import StartReview
from hal.interfaces import FaultEvent, HalEvent


@dataclass(frozen=True, slots=True)
class StopLoop:
    """Asks a blocking run to return."""


QueueItem = (
    HalEvent
    | RemoteCommand
    | SeatMove
    | HintFound
    | StartReview
    | LoopCall
    | StartMatch
    | UndoAgreed
    | Redraw
    | StopLoop
)
# What comes from no person at the board: it never wakes the kiosk's idle board.
NOT_A_PERSON = (FaultEvent, SeatMove, HintFound, LoopCall, StartMatch, UndoAgreed, Redraw, StopLoop)
Inbox = queue.SimpleQueue[object]  # the loop's queue, made first so every part can post to it
