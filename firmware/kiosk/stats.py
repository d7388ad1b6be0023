"""The day's totals (from the match history), and the older JSON day files the history reads in.

``DayStats`` is how boards before the match history kept their day: one JSON file per day in
``<state_dir>/stats/YYYY-MM-DD.json``, which the history migrates once. If they cannot be
written (a full disk, a read-only card) it warns once and keeps counting in memory. What is kept
in memory (a day that ended meanwhile too) is written at the next ``record``, ``unrecord`` or
``retry``; every save writes the whole day, so nothing is counted twice.
"""

from __future__ import annotations

import datetime
import json
import logging
from collections.abc import Callable
from dataclasses import asdict
from pathlib import Path
from typing import Any, cast

from firmware.history.totals import DayTotals, FinishedGame
from firmware.rules.bounded_json import read_json

LOG = logging.getLogger(__name__)
FORMAT = 1

FileWriter = Callable[[Path, str], None]


def write_atomically(path: Path, text: str) -> None:
    """Replace ``path`` with ``text`` so a crash never leaves half a file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(path.name + ".tmp")
    temporary.write_text(text, encoding="utf-8")
    temporary.replace(path)


class DayStats:
    """Records finished games and keeps per-day totals on disk (or in memory if it must)."""

    def __init__(
        self,
        state_dir: Path,
        today: Callable[[], datetime.date],
        *,
        write: FileWriter = write_atomically,
        logger: logging.Logger = LOG,
    ) -> None:
        self._dir = Path(state_dir) / "stats"
        self._today = today
        self._write = write
        self._logger = logger
        self._day: datetime.date | None = None
        self._finished: list[FinishedGame] = []
        self._saving = True  # False after a failed write, until one works again
        self._unsaved_days: dict[datetime.date, list[FinishedGame]] = {}  # earlier days

    @property
    def saving(self) -> bool:
        """False while the stats can only be kept in memory."""
        return self._saving

    def path(self, day: datetime.date) -> Path:
        """The file for ``day``."""
        return self._dir / f"{day.isoformat()}.json"

    def record(self, game: str, rounds: int, winner: str | None, seconds: float) -> DayTotals:
        """Count one finished game today and save the day; returns today's totals."""
        if not game:
            raise ValueError("a finished game needs the game's name")
        if rounds < 0 or seconds < 0:
            raise ValueError(f"rounds ({rounds}) and seconds ({seconds}) cannot be negative")
        today = self._roll_over()
        self._finished.append(FinishedGame(game, rounds, winner, seconds))
        return self._save_all(today)

    def unrecord(self, game: str, rounds: int, winner: str | None, seconds: float) -> DayTotals:
        """Take back a ``record`` of today (the move that decided the game was taken back);
        ValueError if today has no such game."""
        today = self._roll_over()
        finished = FinishedGame(game, rounds, winner, seconds)
        for index in range(len(self._finished) - 1, -1, -1):
            if self._finished[index] == finished:
                del self._finished[index]
                return self._save_all(today)
        raise ValueError(f"no finished {game} game like that today to take back")

    def retry(self) -> bool:
        """Write what is kept in memory only; True when everything is on disk."""
        if not self._saving or self._unsaved_days:
            self._save_all(self._roll_over())
        return self._saving

    def _save_all(self, today: datetime.date) -> DayTotals:
        for day, finished in list(self._unsaved_days.items()):
            if self._save(DayTotals.of(day, finished), finished):
                del self._unsaved_days[day]
        totals = DayTotals.of(today, self._finished)
        self._save(totals, self._finished)
        return totals

    def totals(self, day: datetime.date | None = None) -> DayTotals:
        """The totals for ``day`` (default today); other days are read from their files."""
        today = self._roll_over()
        if day is None or day == today:
            return DayTotals.of(today, self._finished)
        return DayTotals.of(day, self._load(day))

    def _roll_over(self) -> datetime.date:
        """Today; a new day's list when the date changes (on first use: today's file, if any)."""
        today = self._today()
        if today != self._day:
            if self._day is not None and not self._saving:
                self._unsaved_days[self._day] = self._finished  # written at the next save
            self._day = today
            self._finished = self._load(today)
        return today

    def _load(self, day: datetime.date) -> list[FinishedGame]:
        path = self.path(day)
        try:
            data = read_json(path.read_bytes())
            entries = data.get("finished") if isinstance(data, dict) else None
            if not isinstance(entries, list) or not all(isinstance(e, dict) for e in entries):
                raise ValueError("not a list of finished games")
            return [FinishedGame(**cast(dict[str, Any], entry)) for entry in entries]
        except FileNotFoundError:
            return []
        except (OSError, ValueError, KeyError, TypeError) as exc:
            self._logger.warning(
                "cannot read the stats in %s (%s): starting them afresh", path, exc
            )
            return []

    def _save(self, totals: DayTotals, finished: list[FinishedGame]) -> bool:
        path = self.path(totals.day)
        try:
            self._write(path, json.dumps(_to_json(totals, finished), indent=1) + "\n")
        except OSError as exc:
            if self._saving:
                self._logger.warning(
                    "cannot save the stats to %s (%s): keeping them in memory", path, exc
                )
            self._saving = False
            return False
        if not self._saving:
            self._logger.warning("stats saved to %s again", path)
        self._saving = True
        return True

    def __repr__(self) -> str:
        return f"<DayStats {self._dir} day={self._day} games={len(self._finished)}>"


def _to_json(totals: DayTotals, finished: list[FinishedGame]) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "day": totals.day.isoformat(),
        "games": totals.games,
        "rounds": totals.rounds,
        "seconds": round(totals.seconds, 1),
        "average_seconds": None
        if totals.average_seconds is None
        else round(totals.average_seconds, 1),
        "by_game": dict(totals.by_game),
        "wins": dict(totals.wins),
        "draws": totals.draws,
        "finished": [asdict(game) for game in finished],
    }
