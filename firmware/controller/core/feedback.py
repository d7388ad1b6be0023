"""What the board says back: error flashes, the error and the notice shown a while, beeps."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from firmware.controller.core.events import EventBus, Refused
from firmware.controller.core.timers import Timers
from firmware.controller.core.timing import TABLE_TIMING as T
from firmware.rules.grid import cell_name
from hal.interfaces import Cell

Beep = Callable[[float, float], None]


@dataclass(frozen=True, slots=True)
class Flash:
    """An error flash on a cell (None: the whole edge) that started at ``t``."""

    cell: Cell | None
    t: float


class Feedback:
    """The flashes, the error and the notice of the moment, and the buzzer."""

    def __init__(self, events: EventBus, timers: Timers, beep: Beep | None = None) -> None:
        self._events = events
        self._timers = timers
        self._beep = beep
        self.flashes: list[Flash] = []
        self.error: tuple[str, float] | None = None
        self.notice: tuple[str, float] | None = None  # something the board did, said a while

    def refuse_at(self, cell: Cell | None, reason: str, now: float) -> None:
        """Something asked of the board was not done: flash ``cell`` (or the edge), say why."""
        self.flashes = [f for f in self.flashes if now - f.t < T.error_flash]
        self.flashes.append(Flash(cell, now))
        self._timers.schedule(now + T.error_flash, _drawn_again, self)
        self.say_error(reason, now)
        self._events.post(Refused(reason, None if cell is None else cell_name(cell)))
        self.beep(T.error_beep_hz, T.error_beep_s)

    def refuse(self, reason: str, now: float) -> None:
        """Something asked of the board was not done: flash the edge and say ``reason``."""
        self.refuse_at(None, reason, now)

    def say(self, notice: str, now: float) -> None:
        """Show ``notice`` for a while."""
        self.notice = (notice, now)
        self._timers.schedule(now + T.error_shown, _drawn_again, self)

    def say_error(self, error: str, now: float) -> None:
        """Show ``error`` for a while, with no flash."""
        self.error = (error, now)
        self._timers.schedule(now + T.error_shown, _drawn_again, self)

    def clear(self, *, notice: bool = False) -> None:
        """Take the error (and the notice) off."""
        self.error = None
        if notice:
            self.notice = None

    def beep(self, hz: float, seconds: float) -> None:
        if self._beep is not None:
            self._beep(hz, seconds)

    def current_error(self, now: float) -> str | None:
        if self.error is None or now - self.error[1] >= T.error_shown:
            return None
        return self.error[0]

    def current_notice(self, now: float) -> str | None:
        if self.notice is None or now - self.notice[1] >= T.error_shown:
            return None
        return self.notice[0]


def _drawn_again(now: float) -> None:
    """Something said or flashed goes out: the loop draws the board again after a timer."""
