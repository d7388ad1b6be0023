"""A stack of lights with priorities, composed into one LED frame (like a pinball light stack)."""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

from firmware.render.palette import OFF, Blink
from hal.interfaces import RGB, Cell, Frame

Look = RGB | Blink
EPSILON = 1e-6


@dataclass(frozen=True, slots=True)
class Light:
    """One look on one cell (or status LED) at one priority, from ``start`` until ``until``."""

    priority: int
    look: Look
    start: float = 0.0
    until: float | None = None

    def colour_at(self, now: float) -> RGB | None:
        """The colour shown at ``now``, or None when the light is not active."""
        if now < self.start or (self.until is not None and now >= self.until):
            return None
        if isinstance(self.look, Blink):
            return (
                self.look.on
                if _phase(now - self.start, self.look.period) % 2 == 0
                else self.look.off
            )
        return self.look

    def next_change(self, now: float) -> float | None:
        """The first time after ``now`` at which this light looks different, if any."""
        times: list[float] = []
        if now < self.start:
            times.append(self.start)
        else:
            if self.until is not None and now < self.until:
                times.append(self.until)
            if isinstance(self.look, Blink) and (self.until is None or now < self.until):
                half = self.look.period / 2
                step = _phase(now - self.start, self.look.period) + 1
                times.append(self.start + step * half)
        return min(times) if times else None


class LightStack:
    """Lights per cell and per status LED; the highest priority active light wins."""

    def __init__(self, columns: int, rows: int, status_count: int = 0) -> None:
        self.columns = columns
        self.rows = rows
        self.status_count = status_count
        self._cells: dict[Cell, list[Light]] = {}
        self._status: dict[int, list[Light]] = {}

    def add(self, cells: Iterable[Cell], light: Light) -> None:
        """Put ``light`` on each of ``cells`` (cells off the grid are ignored)."""
        for x, y in cells:
            if 0 <= x < self.columns and 0 <= y < self.rows:
                self._cells.setdefault((x, y), []).append(light)

    def add_status(self, indexes: Iterable[int], light: Light) -> None:
        """Put ``light`` on status LEDs (indexes beyond the strip are ignored)."""
        for index in indexes:
            if 0 <= index < self.status_count:
                self._status.setdefault(index, []).append(light)

    def lit_cells(self) -> set[Cell]:
        """The cells that have any light, whenever it shows."""
        return {cell for cell, lights in self._cells.items() if lights}

    def colour_at(self, cell: Cell, now: float) -> RGB:
        """The colour ``cell`` shows at ``now`` (off when nothing lights it)."""
        return _top(self._cells.get(cell), now)

    def compose(self, now: float) -> Frame:
        """The frame at ``now``."""
        rows = []
        for y in range(self.rows):
            rows.append(tuple(_top(self._cells.get((x, y)), now) for x in range(self.columns)))
        status = tuple(_top(self._status.get(i), now) for i in range(self.status_count))
        return Frame(tuple(rows), status)

    def next_change(self, now: float) -> float | None:
        """The earliest time after ``now`` at which the composed frame may change."""
        best: float | None = None
        for lights in (*self._cells.values(), *self._status.values()):
            for light in lights:
                when = light.next_change(now)
                if when is not None and (best is None or when < best):
                    best = when
        return best


def _phase(elapsed: float, period: float) -> int:
    """Which half period ``elapsed`` falls in; a hair of slack so float sums land on boundaries."""
    return math.floor(elapsed / (period / 2) + EPSILON)


def _top(lights: list[Light] | None, now: float) -> RGB:
    if not lights:
        return OFF
    best: tuple[int, RGB] | None = None
    for light in lights:
        colour = light.colour_at(now)
        if colour is not None and (best is None or light.priority >= best[0]):
            best = (light.priority, colour)
    return OFF if best is None else best[1]
