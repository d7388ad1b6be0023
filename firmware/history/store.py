"""The match history: SQLite (WAL) in ``<state_dir>/history.sqlite3``.

A match row is written when its first round ends and completed when the match ends (a match
resumed after a restart goes on in the same row); each finished round keeps its records.md
record. Day files of the older JSON day statistics (``stats/YYYY-MM-DD.json``) are read in once
and renamed ``.json.migrated``.
"""

from __future__ import annotations

import datetime
import json
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from firmware.kiosk.stats import DayTotals, FinishedGame
from firmware.rules.api import JsonValue
from firmware.rules.bounded_json import read_json

FILE_NAME = "history.sqlite3"
SCHEMA = """
CREATE TABLE IF NOT EXISTS matches (
    id INTEGER PRIMARY KEY,
    board TEXT NOT NULL,
    game TEXT NOT NULL,
    rules TEXT NOT NULL,
    players TEXT NOT NULL,
    started REAL NOT NULL,
    finished REAL,
    day TEXT NOT NULL,
    winner TEXT,
    rounds INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS rounds (
    match_id INTEGER NOT NULL REFERENCES matches(id),
    number INTEGER NOT NULL,
    record TEXT,
    status TEXT NOT NULL,
    winner TEXT,
    finished REAL NOT NULL,
    PRIMARY KEY (match_id, number)
);
CREATE INDEX IF NOT EXISTS matches_by_day ON matches(day);
"""


@dataclass(frozen=True, slots=True)
class MatchRow:
    """One match as stored."""

    id: int
    board: str
    game: str
    rules: dict[str, JsonValue]
    players: list[str]
    started: float
    finished: float | None
    day: str
    winner: str | None
    rounds: int

    def to_json(self) -> dict[str, JsonValue]:
        return {
            "id": self.id,
            "board": self.board,
            "game": self.game,
            "rules": self.rules,
            "players": list(self.players),
            "started": self.started,
            "finished": self.finished,
            "day": self.day,
            "winner": self.winner,
            "rounds": self.rounds,
        }


@dataclass(frozen=True, slots=True)
class RoundRow:
    number: int
    record: dict[str, JsonValue] | None  # None: migrated from a day file, no record kept
    status: str
    winner: str | None


class History:
    """The history database, opened on first use (OSError or sqlite3.Error if it cannot be);
    one connection, used from one thread at a time."""

    def __init__(self, state_dir: Path) -> None:
        self.state_dir = state_dir
        self.path = state_dir / FILE_NAME
        self._connection: sqlite3.Connection | None = None

    @property
    def _db(self) -> sqlite3.Connection:
        if self._connection is None:
            self.state_dir.mkdir(parents=True, exist_ok=True)
            connection = sqlite3.connect(self.path, check_same_thread=False)
            connection.execute("PRAGMA journal_mode=WAL")
            connection.execute("PRAGMA synchronous=NORMAL")
            connection.executescript(SCHEMA)
            self._connection = connection
            self._migrate_day_files(self.state_dir / "stats")
        return self._connection

    def connection(self) -> sqlite3.Connection:
        """The open database (opened on first use)."""
        return self._db

    @staticmethod
    def day_of(stamp: float) -> str:
        """The day a match started at ``stamp`` counts for."""
        return _day(stamp)

    def close(self) -> None:
        if self._connection is not None:
            self._connection.close()
            self._connection = None

    # -- writing --------------------------------------------------------------------------

    def begin_match(
        self,
        *,
        board: str,
        game: str,
        rules: dict[str, JsonValue],
        players: Sequence[str],
        started: float,
    ) -> int:
        """A new match row (not finished yet); returns its id."""
        day = _day(started)
        with self._db:
            cursor = self._db.execute(
                "INSERT INTO matches (board, game, rules, players, started, day)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                (board, game, json.dumps(rules), json.dumps(list(players)), started, day),
            )
        assert cursor.lastrowid is not None
        return cursor.lastrowid

    def add_round(
        self,
        match_id: int,
        number: int,
        record: dict[str, JsonValue] | None,
        status: str,
        winner: str | None,
        finished: float,
    ) -> None:
        with self._db:
            self._db.execute(
                "INSERT OR REPLACE INTO rounds VALUES (?, ?, ?, ?, ?, ?)",
                (match_id, number, None if record is None else json.dumps(record), status,
                 winner, finished),
            )  # fmt: skip
            self._db.execute(
                "UPDATE matches SET rounds = (SELECT COUNT(*) FROM rounds WHERE match_id = ?)"
                " WHERE id = ?",
                (match_id, match_id),
            )

    def finish_match(self, match_id: int, winner: str | None, finished: float) -> None:
        with self._db:
            self._db.execute(
                "UPDATE matches SET winner = ?, finished = ? WHERE id = ?",
                (winner, finished, match_id),
            )

    # -- reading --------------------------------------------------------------------------

    def matches(self, day: datetime.date | None = None) -> list[MatchRow]:
        """Matches, oldest first (of ``day`` only, if given)."""
        query = "SELECT * FROM matches"
        params: tuple[str, ...] = ()
        if day is not None:
            query += " WHERE day = ?"
            params = (day.isoformat(),)
        return [_match(row) for row in self._db.execute(query + " ORDER BY id", params)]

    def unfinished_match(
        self, board: str, game: str, rules: dict[str, JsonValue], records: Sequence[JsonValue]
    ) -> MatchRow | None:
        """The latest unfinished match of ``board`` whose rounds so far are ``records``: the row
        a match resumed after a restart goes on in (None if there is no such row)."""
        row = self._db.execute(
            "SELECT * FROM matches WHERE board = ? AND game = ? AND finished IS NULL"
            " ORDER BY id DESC LIMIT 1",
            (board, game),
        ).fetchone()
        if row is None:
            return None
        found = _match(row)
        if found.rules != rules or found.rounds != len(records):
            return None
        stored = [kept.record for kept in self.rounds(found.id)]
        return found if stored == list(records) else None

    def match(self, match_id: int) -> MatchRow | None:
        row = self._db.execute("SELECT * FROM matches WHERE id = ?", (match_id,)).fetchone()
        return None if row is None else _match(row)

    def rounds(self, match_id: int) -> list[RoundRow]:
        rows = self._db.execute(
            "SELECT number, record, status, winner FROM rounds WHERE match_id = ? ORDER BY number",
            (match_id,),
        )
        return [
            RoundRow(number, None if record is None else json.loads(record), status, winner)
            for number, record, status, winner in rows
        ]

    def day_totals(self, day: datetime.date) -> DayTotals:
        """The kiosk's day statistics: the finished matches of ``day``."""
        finished = [
            FinishedGame(m.game, m.rounds, m.winner, (m.finished or m.started) - m.started)
            for m in self.matches(day)
            if m.finished is not None
        ]
        return DayTotals.of(day, finished)

    # -- the older JSON day files ---------------------------------------------------------

    def _migrate_day_files(self, folder: Path) -> None:
        for path in sorted(folder.glob("*.json")) if folder.is_dir() else []:
            try:
                data: Any = read_json(path.read_bytes())  # a wrong shape fails below
                day = datetime.date.fromisoformat(str(data["day"]))
                games = [FinishedGame(**entry) for entry in data["finished"]]
            except (OSError, ValueError, KeyError, TypeError):
                continue  # not a day file we know: leave it alone
            noon = datetime.datetime.combine(day, datetime.time(12)).timestamp()
            for game in games:
                match_id = self.begin_match(
                    board="", game=game.game, rules={}, players=[], started=noon
                )
                self.finish_match(match_id, game.winner, noon + game.seconds)
                with self._db:
                    self._db.execute(
                        "UPDATE matches SET rounds = ? WHERE id = ?", (game.rounds, match_id)
                    )
            path.rename(path.with_name(path.name + ".migrated"))


def _day(stamp: float) -> str:
    return datetime.datetime.fromtimestamp(stamp).date().isoformat()


def _match(row: tuple[object, ...]) -> MatchRow:
    id_, board, game, rules, players, started, finished, day, winner, rounds = row
    return MatchRow(
        id=int(str(id_)),
        board=str(board),
        game=str(game),
        rules=json.loads(str(rules)),
        players=json.loads(str(players)),
        started=float(str(started)),
        finished=None if finished is None else float(str(finished)),
        day=str(day),
        winner=None if winner is None else str(winner),
        rounds=int(str(rounds)),
    )
