"""Counts every finished match in the day statistics, once, with its rounds and length."""

from __future__ import annotations

from firmware.controller.match_play import MatchPlay
from firmware.controller.table import Table
from firmware.kiosk.stats import DayStats


class Tally:
    """Watches the table after each change; a match that has just ended goes into the stats."""

    def __init__(self, stats: DayStats) -> None:
        self.stats = stats
        self._match: MatchPlay | None = None
        self._started = 0.0
        self._counted = False

    def watch(self, table: Table, now: float) -> None:
        """Look at the table after an input; record the match the moment it is decided."""
        match = table.match
        if match is not self._match:
            self._match = match
            self._started = now
            # A match that is already over when first seen was resumed: it was counted before.
            self._counted = match is not None and match.is_over
            return
        if match is None or self._counted or not match.is_over:
            return
        self._counted = True
        self.stats.record(match.name, len(match.rounds), match.winner, now - self._started)

    def __repr__(self) -> str:
        return f"<Tally {self.stats!r}>"
