"""Each side's time under a time control (rules.md "Timed play"), with every instant passed in.

A ``SideClocks`` keeps the milliseconds each side has left and which side's clock runs since
when. Nothing here reads a clock: the caller passes ``now`` (seconds on a monotonic clock), so
the board, the bench and the tests on a simulated clock all drive it the same way.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from firmware.rules.time_control import TimeControl


@dataclass(frozen=True, slots=True)
class Reading:
    """Every side's time left (ms) at one instant, and the side whose clock runs (or None)."""

    left_ms: Mapping[str, int]
    running: str | None

    def to_json(self) -> dict[str, int]:
        return dict(self.left_ms)


class SideClocks:
    """One clock per side: run one, stop it, end its turn (increment or a fresh per-turn limit)."""

    def __init__(self, control: TimeControl, sides: Iterable[str]) -> None:
        self.control = control
        start = control.per_turn_ms if control.per_turn else control.start_ms
        self._left = dict.fromkeys(sides, start)
        self._running: str | None = None
        self._since = 0.0

    def __repr__(self) -> str:
        return f"<SideClocks {self.control} {self._left} running={self._running}>"

    @property
    def sides(self) -> tuple[str, ...]:
        return tuple(self._left)

    @property
    def running(self) -> str | None:
        """The side whose clock runs, or None."""
        return self._running

    def left_ms(self, side: str, now: float) -> int:
        """``side``'s time left at ``now`` (never below 0)."""
        left = self._left[side]
        if side != self._running:
            return left
        return max(0, left - math.floor((now - self._since) * 1000 + 1e-6))

    def reading(self, now: float) -> Reading:
        return Reading({side: self.left_ms(side, now) for side in self._left}, self._running)

    def flag_at(self) -> float | None:
        """The instant the running side's time reaches 0 (None when no clock runs)."""
        if self._running is None:
            return None
        return self._since + self._left[self._running] / 1000

    def stop(self, now: float) -> None:
        """Stop the running clock, charging its side the time since it started."""
        if self._running is not None:
            self._left[self._running] = self.left_ms(self._running, now)
            self._running = None

    def run(self, side: str | None, now: float) -> None:
        """Stop whatever runs and start ``side``'s clock (None: no clock runs)."""
        self.stop(now)
        if side is not None and self.control.timed:
            self._running = side
            self._since = now

    def end_turn(self, side: str, now: float) -> None:
        """``side`` finished a turn at ``now``: its increment is added, or its next turn gets
        the full per-turn limit again (unused time not kept). A side at 0 has flagged: it
        stays at 0."""
        if side == self._running:
            self.stop(now)
        if self._left[side] == 0:
            return
        if self.control.per_turn:
            self._left[side] = self.control.per_turn_ms
        else:
            self._left[side] += self.control.increment_ms

    def set_left(self, left_ms: Mapping[str, int]) -> None:
        """Put each named side's time back (a resumed journal, an UNDO); nothing runs after."""
        self._running = None
        for side, ms in left_ms.items():
            if side in self._left:
                self._left[side] = max(0, int(ms))
