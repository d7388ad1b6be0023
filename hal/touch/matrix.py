"""The matrix layout: row and column electrodes, one touch at a time, ghosts rejected."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from hal.interfaces import Cell, Clock, TouchEvent, TouchKind
from hal.touch.chip import tuned_chips
from hal.touch.sensor import PadTouchSensor
from hal.touch.settings import MatrixLayout, Pad, TouchSettings


def _numbers(values: frozenset[int]) -> str:
    return ",".join(str(v) for v in sorted(values))


class MatrixDecoder:
    """Single active row and column -> a cell; two rows or two columns -> AMBIGUOUS, no guess."""

    def __init__(self, layout: MatrixLayout) -> None:
        self._rows = {pad: index for index, pad in enumerate(layout.rows)}
        self._columns = {pad: index for index, pad in enumerate(layout.columns)}
        self.held: Cell | None = None
        self._ghost: tuple[frozenset[int], frozenset[int]] | None = None

    def update(self, active: frozenset[Pad], stale: frozenset[Pad], t: float) -> list[TouchEvent]:
        # A held cell stays while its row and column are touched, even if only as last known;
        # anything new is judged on live electrodes alone, so a stale pad never makes a touch.
        events: list[TouchEvent] = []
        if self.held is not None:
            rows, columns = self._axes(active)
            if self.held[1] not in rows or self.held[0] not in columns:
                events.append(TouchEvent(t, TouchKind.UP, self.held))
                self.held = None
        rows, columns = self._axes(active - stale)
        if not rows or not columns:
            self._ghost = None  # half a touch: wait for the other axis
            return events
        if len(rows) > 1 or len(columns) > 1:
            if self._ghost != (rows, columns):
                self._ghost = (rows, columns)
                row_word = "rows" if len(rows) > 1 else "row"
                column_word = "cols" if len(columns) > 1 else "col"
                detail = f"{row_word} {_numbers(rows)} {column_word} {_numbers(columns)}"
                events.append(TouchEvent(t, TouchKind.AMBIGUOUS, None, detail))
            return events
        self._ghost = None
        if self.held is None:
            self.held = (next(iter(columns)), next(iter(rows)))
            events.append(TouchEvent(t, TouchKind.DOWN, self.held))
        return events

    def _axes(self, pads: frozenset[Pad]) -> tuple[frozenset[int], frozenset[int]]:
        rows = frozenset(self._rows[p] for p in pads if p in self._rows)
        return rows, frozenset(self._columns[p] for p in pads if p in self._columns)

    def label(self, pad: Pad) -> str:
        if pad in self._rows:
            return f"row {self._rows[pad]}"
        if pad in self._columns:
            return f"column {self._columns[pad]}"
        return ""

    def describe(self) -> str:
        return f"held={self.held}"


class MatrixTouchSensor(PadTouchSensor):
    """15 row and 15 column electrodes on three MPR121 on the main I2C bus (by default)."""

    def __init__(
        self,
        bus: Any,
        *,
        clock: Clock,
        layout: MatrixLayout | None = None,
        settings: TouchSettings | None = None,
        pin_factory: Any = None,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        layout = layout or MatrixLayout()
        settings = settings or TouchSettings()
        used = [*layout.rows, *layout.columns]
        chips = tuned_chips(layout.chips, lambda _: bus, used, settings, sleep)
        super().__init__(
            chips, MatrixDecoder(layout), settings, clock=clock, bus=bus, pin_factory=pin_factory
        )
