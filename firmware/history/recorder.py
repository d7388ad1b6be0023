"""Watches the table and writes each finished round and match to the history."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable

from firmware.controller.match_play import MatchPlay
from firmware.controller.table import Table
from firmware.history.store import History
from firmware.rules.api import JsonValue
from firmware.rules.records import record_of


class HistoryRecorder:
    """A ``MatchWatcher``: rounds as they end, the match when it is decided. Never stops play."""

    def __init__(
        self,
        history: History,
        board: str,
        wall: Callable[[], float],
        warn: Callable[[str], None],
    ) -> None:
        self.history = history
        self._warn = warn
        self.board = board
        self._wall = wall
        self._match: MatchPlay | None = None
        self._match_id: int | None = None
        self._started = 0.0
        self._rounds_written = 0
        self._failed = False

    def watch(self, table: Table, now: float) -> None:
        match = table.match
        if match is not self._match:
            self._match = match
            self._match_id = None
            self._started = self._wall()
            # The rounds of a resumed match that had ended were written before the restart.
            self._rounds_written = self._finished_rounds(match) if match is not None else 0
            if match is not None and self._rounds_written:
                self._go_on_with_its_row(match)
            return
        if match is None:
            return
        try:
            self._write(table, match)
        except (OSError, sqlite3.Error) as exc:
            if not self._failed:
                self._warn(f"the match history cannot be kept in {self.history.path} ({exc})")
            self._failed = True

    def _go_on_with_its_row(self, match: MatchPlay) -> None:
        """A resumed match keeps the row its rounds before the restart were written in."""
        records: list[JsonValue] = [
            record_of(state).to_json() for state in match.rounds[: self._rounds_written]
        ]
        try:
            row = self.history.unfinished_match(self.board, match.name, dict(match.rules), records)
        except (OSError, sqlite3.Error):
            return  # the first write says what is wrong
        if row is not None:
            self._match_id, self._started = row.id, row.started

    def _write(self, table: Table, match: MatchPlay) -> None:
        finished = self._finished_rounds(match)
        while self._rounds_written < finished:
            if self._match_id is None:
                self._match_id = self.history.begin_match(
                    board=self.board,
                    game=match.name,
                    rules=dict(match.rules),
                    players=[seat.player.value for seat in table.seats],
                    started=self._started,
                )
            state = match.rounds[self._rounds_written]
            outcome = state.outcome()
            self._rounds_written += 1
            self.history.add_round(
                self._match_id,
                self._rounds_written,
                record_of(state).to_json(),
                outcome.status.value,
                outcome.winner,
                self._wall(),
            )
            if match.is_over and self._rounds_written == finished:
                self.history.finish_match(self._match_id, match.winner, self._wall())

    @staticmethod
    def _finished_rounds(match: MatchPlay) -> int:
        return sum(1 for state in match.rounds if state.outcome().is_over)
