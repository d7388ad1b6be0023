"""Clocks: the real monotonic one and a fake one that only moves when told."""

from __future__ import annotations

import time


class MonotonicClock:
    """The system's monotonic clock, in seconds."""

    def now(self) -> float:
        return time.monotonic()

    def __repr__(self) -> str:
        return "MonotonicClock()"


class FakeClock:
    """A clock for tests and scripted runs: time stands still until ``advance``."""

    def __init__(self, start: float = 0.0) -> None:
        self._now = start

    def now(self) -> float:
        return self._now

    def advance(self, seconds: float) -> None:
        if seconds < 0:
            raise ValueError("a clock cannot go backwards")
        self._now += seconds

    def __repr__(self) -> str:
        return f"FakeClock(start={self._now!r})"
