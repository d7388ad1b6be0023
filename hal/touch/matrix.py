"""The matrix layout: row and column electrodes, one touch at a time, ghosts rejected."""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from typing import Any

from hal.interfaces import Cell, Clock, TouchEvent, TouchKind
from hal.touch.chip import tuned_chips
from hal.touch.sensor import PadTouchSensor
from hal.touch.settings import MatrixLayout, Pad, TouchSettings


def _numbers(values: frozenset[int]) -> str:
    return ",".join(str(v) for v in sorted(values))


FINGER_LEVEL = 1.4  # a touched strip this many thresholds down carries a finger, not a trip
PAIR_WINDOW_S = 0.5  # a finger's row and column go down within this of each other


class MatrixDecoder:
    """The strongest row and column -> a cell; AMBIGUOUS when another row or column competes.

    Each axis is judged on the touched electrodes' strength: how far the reading is below the
    baseline, in units of the electrode's touch threshold (so a weak pad with a low threshold
    counts as much as a strong one). The strongest wins only if the runner-up on its axis (a
    touched electrode, or one already past its own threshold that the chip has yet to debounce)
    has at most ``RUNNER_UP_SHARE`` of its strength: a palm over several cells lifts several
    strips about equally, so it competes rather than wins. At most a half share keeps a palm
    over three cells in a line from making a wrong cell: its strip would need three times a
    palm's share to beat the finger's, while each of its crossing strips loses to the finger.
    A second touched strip on an axis at ``FINGER_LEVEL`` or more carries a finger of its own
    (a calibrated threshold is at most 0.6 of a finger; what crosstalk trips reads just past
    1): then a palm's strip may be the strongest, so that axis is AMBIGUOUS whatever the share.
    Without strengths (``levels`` None) two touched electrodes on an axis are always AMBIGUOUS.
    """

    wants_levels = True
    RUNNER_UP_SHARE = 0.5

    def __init__(self, layout: MatrixLayout) -> None:
        self._rows = {pad: index for index, pad in enumerate(layout.rows)}
        self._columns = {pad: index for index, pad in enumerate(layout.columns)}
        self.held: Cell | None = None
        self._ghost: tuple[frozenset[int], frozenset[int]] | None = None
        # After AMBIGUOUS or a release no cell is named until one axis is clear again: as hands
        # lift, strips let go one by one, and what is left (a palm's row, a finger's column) is
        # no touch.
        self._confused = False
        self._since: dict[Pad, float] = {}  # when each touched electrode went down

    def update(
        self,
        active: frozenset[Pad],
        stale: frozenset[Pad],
        t: float,
        levels: Mapping[Pad, float] | None = None,
    ) -> list[TouchEvent]:
        # A held cell stays while its row and column are touched, even if only as last known;
        # anything new is judged on live electrodes alone, so a stale pad never makes a touch.
        events: list[TouchEvent] = []
        if self.held is not None:
            rows, columns = self._axes(active)
            if self.held[1] not in rows or self.held[0] not in columns:
                events.append(TouchEvent(t, TouchKind.UP, self.held))
                self.held = None
                self._confused = True  # its other strip lets go a moment later
        live = active - stale
        self._since = {pad: self._since.get(pad, t) for pad in live}
        rows, columns = self._axes(live)
        if not rows or not columns:
            self._ghost = None  # half a touch: wait for the other axis
            self._confused = False
            return events
        row = _winner(self._rows, live, stale, levels, self.RUNNER_UP_SHARE)
        column = _winner(self._columns, live, stale, levels, self.RUNNER_UP_SHARE)
        if row is None or column is None:
            if self._ghost != (rows, columns):
                self._ghost = (rows, columns)
                row_word = "rows" if len(rows) > 1 else "row"
                column_word = "cols" if len(columns) > 1 else "col"
                detail = f"{row_word} {_numbers(rows)} {column_word} {_numbers(columns)}"
                if (row is None and len(rows) == 1) or (column is None and len(columns) == 1):
                    detail += " (a strong neighbour competes)"
                events.append(TouchEvent(t, TouchKind.AMBIGUOUS, None, detail))
            self._confused = True
            return events
        self._ghost = None
        if self.held is None and not self._confused and self._together(row, column, live):
            self.held = (column, row)
            events.append(TouchEvent(t, TouchKind.DOWN, self.held))
        return events

    def _together(self, row: int, column: int, live: frozenset[Pad]) -> bool:
        """Whether the row and column went down together, as under one finger. A strip held
        for longer (a resting palm's) with one that just went down is no cell: the other
        strip of the new finger may be on a chip not read yet."""
        since = [
            self._since[pad]
            for pad in live
            if self._rows.get(pad) == row or self._columns.get(pad) == column
        ]
        return max(since) - min(since) <= PAIR_WINDOW_S

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


def _winner(
    axis: Mapping[Pad, int],
    live: frozenset[Pad],
    stale: frozenset[Pad],
    levels: Mapping[Pad, float] | None,
    share: float,
) -> int | None:
    """The index of the axis's clear winner among the touched ``live`` pads, or None."""
    touched = [pad for pad in live if pad in axis]
    if levels is None:
        return axis[touched[0]] if len(touched) == 1 else None
    best = max(touched, key=lambda pad: levels.get(pad, 0.0))
    strength = levels.get(best, 0.0)
    rivals = [
        level
        for pad in axis
        if pad != best and pad not in stale
        for level in (levels.get(pad, 0.0),)
        if pad in live or level > 1.0  # not past its own threshold, a pad does not compete
    ]
    runner_up = max(rivals, default=0.0)
    if len(touched) > 1 and strength <= 0:
        return None
    if any(levels.get(pad, 0.0) >= FINGER_LEVEL for pad in touched if pad != best):
        return None  # a second finger (or a palm) on this axis: the board cannot tell which
    return axis[best] if runner_up <= share * strength else None


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
