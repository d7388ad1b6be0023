"""The café's tournaments, kept in SQLite in the fleet's state directory: each tournament one
row of JSON, written whole in one transaction with every change, so a fleet restart (or a power
cut) finds every pairing and every result counted as it was."""

from __future__ import annotations

import json
import sqlite3
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

from firmware.rules.bounded_json import JsonInputError, read_json
from firmware.tournament.event import Tournament
from firmware.tournament.model import TournamentError

FILE_NAME = "tournaments.sqlite3"
SCHEMA = """
CREATE TABLE IF NOT EXISTS tournaments (
    id INTEGER PRIMARY KEY,
    created REAL NOT NULL,
    kept TEXT NOT NULL
)
"""
T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Kept:
    """A tournament with its id and when it was created (wall seconds)."""

    id: int
    created: float
    tournament: Tournament


class TournamentStore:
    """The tournaments in ``state_dir``; OSError or sqlite3.Error if they cannot be read. The
    page's requests and the broker's results use it from two threads: one at a time."""

    def __init__(self, state_dir: Path) -> None:
        state_dir.mkdir(parents=True, exist_ok=True)
        self._lock = threading.RLock()
        self._db = sqlite3.connect(state_dir / FILE_NAME, check_same_thread=False)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")  # a result, once answered, survives a cut
        with self._db:
            self._db.execute(SCHEMA)

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def create(self, tournament: Tournament, created: float) -> int:
        with self._lock, self._db:
            cursor = self._db.execute(
                "INSERT INTO tournaments (created, kept) VALUES (?, ?)",
                (created, json.dumps(tournament.to_json())),
            )
        assert cursor.lastrowid is not None
        return cursor.lastrowid

    def all(self) -> list[Kept]:
        """Every tournament, newest first."""
        with self._lock:
            rows = self._db.execute("SELECT id, created, kept FROM tournaments ORDER BY id DESC")
            return [Kept(number, created, _read(kept)) for number, created, kept in rows]

    def get(self, number: int) -> Kept:
        """Tournament ``number``; TournamentError if there is none."""
        with self._lock:
            row = self._db.execute(
                "SELECT id, created, kept FROM tournaments WHERE id = ?", (number,)
            ).fetchone()
        if row is None:
            raise TournamentError(f"no tournament {number}")
        return Kept(row[0], row[1], _read(row[2]))

    def change(self, number: int, change: Callable[[Tournament], T]) -> T:
        """Apply ``change`` to tournament ``number`` and keep the result, all in one
        transaction (a change that raises keeps nothing)."""
        with self._lock, self._db:
            self._db.execute("BEGIN IMMEDIATE")
            tournament = self.get(number).tournament
            answer = change(tournament)
            self._db.execute(
                "UPDATE tournaments SET kept = ? WHERE id = ?",
                (json.dumps(tournament.to_json()), number),
            )
        return answer


def _read(kept: str) -> Tournament:
    try:
        return Tournament.from_json(read_json(kept))
    except JsonInputError as exc:
        raise TournamentError(f"a kept tournament cannot be read ({exc})") from None
