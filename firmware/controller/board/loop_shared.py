"""The loop's parts that other parts are given before the loop is built."""

from __future__ import annotations

from dataclasses import dataclass

from firmware.controller.board.inbox import Inbox
from firmware.controller.core.live import ViewHub
from firmware.controller.core.timers import Timers


@dataclass(frozen=True, slots=True)
class Shared:
    """The loop's parts other parts were given first: its queue (the broker link posts to it),
    its views (the link follows them) and the board's timers (every part that waits schedules
    on them); None: the loop makes its own."""

    inbox: Inbox | None = None
    views: ViewHub | None = None
    timers: Timers | None = None


NOTHING_SHARED = Shared()
