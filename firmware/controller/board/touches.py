"""A finger on the board, read for the table: the command strip's corners, taps and ghosts, and
a long press that says a cell aloud."""

from __future__ import annotations

from collections.abc import Callable

from firmware.controller.board.taps import Ghost, Tap, TapReader
from firmware.controller.core.timers import Timers
from firmware.controller.modes.read import EXPLORE_HOLD_S, explore_cell
from firmware.controller.table.table import Table
from hal.interfaces import TouchEvent, TouchKind


class BoardTouches:
    """Turns touch events into the table's taps; a held corner opens the command strip."""

    def __init__(self, table: Table, timers: Timers, changed: Callable[[], None]) -> None:
        """``changed``: called when the strip opened by itself (the picture looks different)."""
        self._table = table
        self._timers = timers
        self._changed = changed
        self._taps = TapReader()

    def feed(self, event: TouchEvent, now: float) -> None:
        strip = self._table.strip
        if event.cell is not None and event.kind == TouchKind.DOWN:
            strip.pressed(event.cell, event.t)
            self._timers.replace(strip, strip.deadline(), self._strip_due)
        if event.kind == TouchKind.UP and event.cell is not None:
            swallow = strip.released(event.cell)
            self._timers.replace(strip, strip.deadline(), self._strip_due)
            if swallow:
                self._taps.feed(event)  # the finger that opened the strip: not a tap
                return
        meaning = self._taps.feed(event)
        if isinstance(meaning, Tap) and self._explores(meaning):
            explore_cell(self._table.context, meaning.cell, now)
        elif isinstance(meaning, Tap):
            self._table.tap(meaning.cell, now)
        elif isinstance(meaning, Ghost):
            self._table.ghost(now)

    def _explores(self, tap: Tap) -> bool:
        """A long press on a cell, not a corner, with ``speech.explore``: said, not played."""
        held = tap.held >= EXPLORE_HOLD_S
        table = self._table
        return table.context.explore and held and tap.cell not in table.strip.corners

    def _strip_due(self, now: float) -> None:
        if self._table.strip.due(now):
            self._table.open_strip()
            self._changed()
