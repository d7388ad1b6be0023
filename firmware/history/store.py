"""The match history: SQLite (WAL) in ``<state_dir>/history.sqlite3``.

``save`` makes the stored match exactly a ``MatchSnapshot`` in one transaction (the row found by
the match's stable key, its rounds replaced); each finished round keeps its records.md record.
Older databases get the ``key`` and ``names`` columns and the rounds' ``reason`` on opening; a
round saved without its reason has it derived from its record's position. The coach's analysis
of a round (``analyses``, by the match's key and the round's number, made after the round was
saved) is kept for the moves it was made of: a round played again after an UNDO has none. Day
files of the older JSON day statistics (``stats/YYYY-MM-DD.json``) are read in once and
renamed ``.json.migrated``. A connection waits at most ``busy_s`` for a lock another program holds;
``unreadable`` tells an error that means the file is not a database we can use from one that
may pass. The tables and the rows read back are ``rows``'s.
"""

from __future__ import annotations

import dataclasses
import datetime
import json
import sqlite3
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from firmware.history.day import DAY_ENDS, day_of_stamp
from firmware.history.rows import (
    MATCH_COLUMNS,
    SCHEMA,
    MatchRow,
    RoundRow,
    add_columns,
    fits_integer,
    match_row,
    reason_of,
    saved_round,
)
from firmware.history.snapshot import MatchSnapshot
from firmware.history.totals import DayTotals, FinishedGame
from firmware.rules.api import JsonValue, Termination
from firmware.rules.bounded_json import read_json

FILE_NAME = "history.sqlite3"
BUSY_S = 0.5  # how long a statement waits for another program's lock before it fails
SQLITE_CORRUPT, SQLITE_NOTADB = 11, 26


def unreadable(exc: BaseException) -> bool:
    """Whether ``exc`` says the file is not a database SQLite can use (corrupt, not SQLite)."""
    if not isinstance(exc, sqlite3.DatabaseError):
        return False
    try:
        code = exc.sqlite_errorcode  # set on errors SQLite itself reported
    except AttributeError:
        code = 0  # raised by the sqlite3 module (a closed connection ...): not the file's fault
    if code & 0xFF in (SQLITE_CORRUPT, SQLITE_NOTADB):  # the primary result code
        return True
    text = str(exc)
    return "file is not a database" in text or "malformed" in text


class History:
    """The history database, opened on first use (OSError or sqlite3.Error if it cannot be);
    one connection, used from one thread at a time."""

    def __init__(
        self, state_dir: Path, *, busy_s: float = BUSY_S, day_ends: datetime.time = DAY_ENDS
    ) -> None:
        """``day_ends``: when a match's day ends (``kiosk.day_ends``): one started before
        then belongs to the day before."""
        self.state_dir = state_dir
        self._day_ends = day_ends
        self.path = state_dir / FILE_NAME
        self._busy_s = busy_s
        self._connection: sqlite3.Connection | None = None

    @property
    def _db(self) -> sqlite3.Connection:
        if self._connection is None:
            self.state_dir.mkdir(parents=True, exist_ok=True)
            connection = sqlite3.connect(self.path, timeout=self._busy_s, check_same_thread=False)
            try:
                connection.execute("PRAGMA journal_mode=WAL")
                connection.execute("PRAGMA synchronous=FULL")  # a committed round survives a cut
                connection.executescript(SCHEMA)
                add_columns(connection)
            except BaseException:
                connection.close()
                raise
            self._connection = connection
            self._migrate_day_files(self.state_dir / "stats")
        return self._connection

    def read_with(self, snapshots: Sequence[MatchSnapshot]) -> None:
        """From now on read a copy in memory with ``snapshots`` saved over it (what the spool
        holds and the database does not yet); the file is not changed."""
        if not snapshots:
            return
        memory = sqlite3.connect(":memory:", check_same_thread=False)
        try:
            if self.path.exists():
                self._db.backup(memory)
                self.close()
            else:
                memory.executescript(SCHEMA)
                add_columns(memory)
        except BaseException:
            memory.close()
            raise
        self._connection = memory
        for snapshot in snapshots:
            self.save(snapshot)

    def close(self) -> None:
        if self._connection is not None:
            self._connection.close()
            self._connection = None

    # -- writing --------------------------------------------------------------------------

    def save(self, snapshot: MatchSnapshot) -> None:
        """Make the stored match exactly ``snapshot``, in one transaction (idempotent); one with
        no rounds removes the match if it is stored."""
        db = self._db
        with db:
            db.execute("BEGIN IMMEDIATE")
            found = db.execute("SELECT id FROM matches WHERE key = ?", (snapshot.key,)).fetchone()
            if not snapshot.rounds:
                if found is not None:
                    db.execute("DELETE FROM rounds WHERE match_id = ?", (found[0],))
                    db.execute("DELETE FROM matches WHERE id = ?", (found[0],))
                    db.execute("DELETE FROM analyses WHERE match_key = ?", (snapshot.key,))
                return
            values = (
                snapshot.board,
                snapshot.game,
                json.dumps(snapshot.rules),
                json.dumps(list(snapshot.players)),
                snapshot.started,
                snapshot.finished,
                self._day(snapshot.started),
                snapshot.winner,
                len(snapshot.rounds),
                json.dumps(list(snapshot.names)),
                snapshot.abandoned,
            )
            if found is None:
                cursor = db.execute(
                    "INSERT INTO matches (board, game, rules, players, started, finished, day,"
                    " winner, rounds, names, abandoned, key)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (*values, snapshot.key),
                )
                match_id = cursor.lastrowid
            else:
                match_id = found[0]
                db.execute(
                    "UPDATE matches SET board = ?, game = ?, rules = ?, players = ?, started = ?,"
                    " finished = ?, day = ?, winner = ?, rounds = ?, names = ?, abandoned = ?"
                    " WHERE id = ?",
                    (*values, match_id),
                )
                db.execute("DELETE FROM rounds WHERE match_id = ?", (match_id,))
            db.executemany(
                "INSERT INTO rounds (match_id, number, record, status, winner, finished, reason)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                [
                    (
                        match_id,
                        r.number,
                        json.dumps(r.record),
                        r.status,
                        r.winner,
                        r.ended,
                        r.reason,
                    )
                    for r in snapshot.rounds
                ],
            )

    def keep_analysis(
        self, key: str, number: int, moves: Sequence[str], analysis: list[JsonValue]
    ) -> None:
        """Keep the coach's ``analysis`` (one object per move) of round ``number`` of the match
        ``key``, made of ``moves``, in place of any older one."""
        with self._db:
            self._db.execute(
                "INSERT OR REPLACE INTO analyses (match_key, number, moves, analysis)"
                " VALUES (?, ?, ?, ?)",
                (key, number, json.dumps(list(moves)), json.dumps(analysis)),
            )

    def analysis(self, key: str, number: int, moves: Sequence[str]) -> list[JsonValue] | None:
        """The kept analysis of round ``number`` of the match ``key`` if it was made of
        ``moves`` (None: none kept, or one of moves since taken back)."""
        row = self._db.execute(
            "SELECT moves, analysis FROM analyses WHERE match_key = ? AND number = ?",
            (key, number),
        ).fetchone()
        if row is None or json.loads(str(row[0])) != list(moves):
            return None
        found = json.loads(str(row[1]))
        return found if isinstance(found, list) else None

    def snapshot(self, key: str) -> MatchSnapshot | None:
        """The stored match with ``key`` as a snapshot (None if there is none)."""
        row = self._db.execute(
            f"SELECT {MATCH_COLUMNS} FROM matches WHERE key = ?", (key,)
        ).fetchone()
        if row is None:
            return None
        match = match_row(row)
        rounds = self._db.execute(
            "SELECT number, record, status, winner, finished, reason FROM rounds"
            " WHERE match_id = ? ORDER BY number",
            (match.id,),
        ).fetchall()
        return MatchSnapshot(
            key=key,
            board=match.board,
            game=match.game,
            rules=match.rules,
            players=list(match.players),
            names=list(match.names),
            started=match.started,
            rounds=tuple(saved_round(*row) for row in rounds),
            winner=match.winner,
            finished=match.finished,
        )

    def _begin_match(
        self,
        *,
        board: str,
        game: str,
        rules: dict[str, JsonValue],
        players: Sequence[str],
        started: float,
    ) -> int:
        """A new match row (not finished yet); returns its id."""
        day = self._day(started)
        with self._db:
            cursor = self._db.execute(
                "INSERT INTO matches (board, game, rules, players, started, day)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                (board, game, json.dumps(rules), json.dumps(list(players)), started, day),
            )
        assert cursor.lastrowid is not None
        return cursor.lastrowid

    def _finish_match(self, match_id: int, winner: str | None, finished: float) -> None:
        with self._db:
            self._db.execute(
                "UPDATE matches SET winner = ?, finished = ? WHERE id = ?",
                (winner, finished, match_id),
            )

    # -- reading --------------------------------------------------------------------------

    def matches(self, day: datetime.date | None = None) -> list[MatchRow]:
        """Matches, oldest first (of ``day`` only, if given)."""
        query = f"SELECT {MATCH_COLUMNS} FROM matches"
        params: tuple[str, ...] = ()
        if day is not None:
            query += " WHERE day = ?"
            params = (day.isoformat(),)
        return [match_row(row) for row in self._db.execute(query + " ORDER BY id", params)]

    def match(self, match_id: int) -> MatchRow | None:
        """The match with ``match_id`` (None: none, or an id no row can have)."""
        if not fits_integer(match_id):
            return None
        row = self._db.execute(
            f"SELECT {MATCH_COLUMNS} FROM matches WHERE id = ?", (match_id,)
        ).fetchone()
        return None if row is None else match_row(row)

    def rounds(self, match_id: int) -> list[RoundRow]:
        """The stored rounds of ``match_id``, in order (none for an id no row can have)."""
        if not fits_integer(match_id):
            return []
        rows = self._db.execute(
            "SELECT number, record, status, winner, finished, reason FROM rounds"
            " WHERE match_id = ? ORDER BY number",
            (match_id,),
        )
        found = []
        for number, text, status, winner, ended, reason in rows:
            record = None if text is None else json.loads(text)
            derived = None if record is None else reason_of(record)
            found.append(RoundRow(number, record, status, winner, ended, reason or derived))
        return found

    def _day(self, stamp: float) -> str:
        """The business day of a match started at ``stamp``, as the ``day`` column keeps it."""
        return day_of_stamp(stamp, self._day_ends).isoformat()

    def day_totals(self, day: datetime.date) -> DayTotals:
        """The kiosk's day statistics: the finished matches of ``day``, and the rounds of all
        its matches lost on time (as the history page counts them)."""
        matches = self.matches(day)
        finished = [
            FinishedGame(m.game, m.rounds, m.winner, (m.finished or m.started) - m.started)
            for m in matches
            if m.finished is not None
        ]
        on_time = sum(
            r.reason == Termination.TIME.value for m in matches for r in self.rounds(m.id)
        )
        return dataclasses.replace(DayTotals.of(day, finished), lost_on_time=on_time)

    # -- the older JSON day files ---------------------------------------------------------

    def _migrate_day_files(self, folder: Path) -> None:
        for path in sorted(folder.glob("*.json")) if folder.is_dir() else []:
            try:
                data: Any = read_json(path.read_bytes())  # a wrong shape fails below
                day = datetime.date.fromisoformat(str(data["day"]))
                games = [_day_file_game(entry) for entry in data["finished"]]
                noon = datetime.datetime.combine(day, datetime.time(12)).timestamp()
                _calendar_day(noon)
                for game in games:
                    _calendar_day(noon + game.seconds)
            except (OSError, ValueError, KeyError, TypeError, OverflowError):
                continue  # not a day file we know, or numbers no row can hold: leave it alone
            for game in games:
                match_id = self._begin_match(
                    board="", game=game.game, rules={}, players=[], started=noon
                )
                self._finish_match(match_id, game.winner, noon + game.seconds)
                with self._db:
                    self._db.execute(
                        "UPDATE matches SET rounds = ? WHERE id = ?", (game.rounds, match_id)
                    )
            path.rename(path.with_name(path.name + ".migrated"))


def _day_file_game(entry: Any) -> FinishedGame:
    """One game of an older day file; ValueError unless each field has a value a row holds."""
    game, rounds, winner, seconds = (entry[k] for k in ("game", "rounds", "winner", "seconds"))
    if not isinstance(game, str) or not (winner is None or isinstance(winner, str)):
        raise ValueError("a game and its winner are text")
    if isinstance(rounds, bool) or not isinstance(rounds, int) or not fits_integer(rounds):
        raise ValueError("rounds: a whole number a row holds")
    if isinstance(seconds, bool) or not isinstance(seconds, int | float) or seconds < 0:
        raise ValueError("seconds: a duration")
    return FinishedGame(game, rounds, winner, float(seconds))


def _calendar_day(stamp: float) -> str:
    return datetime.datetime.fromtimestamp(stamp).date().isoformat()
