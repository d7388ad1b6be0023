"""The running clock's seconds: a timer at each new whole second of the side to act's time, so
the pages show it, and a tick on the buzzer at each of the last five."""

from __future__ import annotations

from collections.abc import Callable

from firmware.controller.core.timers import Timers

TICKS_FROM_MS = 5_000  # the buzzer ticks each of the last five seconds
TICK_HZ = 1_800.0
TICK_S = 0.03


class ClockTicks:
    """Follows the running side's time (``left``: its ms left at an instant, None when no clock
    runs) on the board's ``timers``; ``beep`` (hz, seconds) sounds a tick."""

    def __init__(
        self,
        timers: Timers,
        left: Callable[[float], int | None],
        beep: Callable[[float, float], None] | None,
    ) -> None:
        self._timers = timers
        self._left = left
        self._beep = beep

    def __repr__(self) -> str:
        return "<the clock's next second>"

    def follow(self, now: float) -> None:
        """Wait for the running side's next new second (none runs: wait for nothing)."""
        self._timers.replace(self, self._next_tick(now), self._tick)

    def stop(self) -> None:
        self._timers.cancel(self)

    def _next_tick(self, now: float) -> float | None:
        """When the running side's time next shows a new whole second (None: none runs)."""
        left = self._left(now)
        return None if left is None or left <= 0 else now + ((left - 1) % 1000 + 1) / 1000

    def _tick(self, now: float) -> None:
        """A new second on the running clock: the pages show it; the last seconds tick aloud."""
        left = self._left(now)
        if left is not None and 0 < left <= TICKS_FROM_MS and self._beep is not None:
            self._beep(TICK_HZ, TICK_S)
        self.follow(now)
