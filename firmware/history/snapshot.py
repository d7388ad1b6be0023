"""A match as the history keeps it, saved whole: the same snapshot saved twice changes nothing."""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass

from firmware.history.store import History
from firmware.rules.api import JsonValue

KEYS = "CREATE TABLE IF NOT EXISTS match_keys (key TEXT PRIMARY KEY, match_id INTEGER NOT NULL)"
NAMES = (
    "CREATE TABLE IF NOT EXISTS seat_names (match_id INTEGER NOT NULL, seat INTEGER NOT NULL,"
    " name TEXT NOT NULL, PRIMARY KEY (match_id, seat))"
)


@dataclass(frozen=True, slots=True)
class SavedRound:
    """A finished round: its number, record, status ("won", "draw"), winner and end time."""

    number: int
    record: dict[str, JsonValue]
    status: str
    winner: str | None
    ended: float


@dataclass(frozen=True, slots=True)
class MatchSnapshot:
    """A match as it stands: its finished rounds and, once decided, its winner."""

    key: str  # the match's id, the same across restarts
    board: str
    game: str
    rules: dict[str, JsonValue]
    players: list[str]
    names: list[str | None]
    started: float
    rounds: tuple[SavedRound, ...]
    winner: str | None
    finished: float | None


def save_snapshot(history: History, snapshot: MatchSnapshot) -> None:
    """Make the stored match exactly ``snapshot`` (one transaction); no rounds: not stored."""
    db = history.connection()
    db.execute(KEYS)
    db.execute(NAMES)
    row = db.execute("SELECT match_id FROM match_keys WHERE key = ?", (snapshot.key,)).fetchone()
    with db:
        if row is not None:
            db.execute("DELETE FROM seat_names WHERE match_id = ?", (row[0],))
            db.execute("DELETE FROM rounds WHERE match_id = ?", (row[0],))
            db.execute("DELETE FROM matches WHERE id = ?", (row[0],))
            db.execute("DELETE FROM match_keys WHERE key = ?", (snapshot.key,))
        if not snapshot.rounds:
            return
        cursor = db.execute(
            "INSERT INTO matches (board, game, rules, players, started, day, finished, winner,"
            " rounds) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                snapshot.board,
                snapshot.game,
                json.dumps(snapshot.rules),
                json.dumps(snapshot.players),
                snapshot.started,
                history.day_of(snapshot.started),
                snapshot.finished,
                snapshot.winner,
                len(snapshot.rounds),
            ),
        )
        match_id = cursor.lastrowid
        db.execute("INSERT INTO match_keys VALUES (?, ?)", (snapshot.key, match_id))
        db.executemany(
            "INSERT INTO rounds VALUES (?, ?, ?, ?, ?, ?)",
            [
                (match_id, r.number, json.dumps(r.record), r.status, r.winner, r.ended)
                for r in snapshot.rounds
            ],
        )
        db.executemany(
            "INSERT INTO seat_names VALUES (?, ?, ?)",
            [(match_id, seat, name) for seat, name in enumerate(snapshot.names) if name],
        )


def saved_names(history: History, key: str) -> dict[int, str]:
    """The names kept for the match under ``key`` (a match resumed after a restart keeps them);
    none if it has none or the history cannot be read."""
    try:
        db = history.connection()
        db.execute(KEYS)
        row = db.execute("SELECT match_id FROM match_keys WHERE key = ?", (key,)).fetchone()
        return {} if row is None else seat_names(history, int(row[0]))
    except (OSError, sqlite3.Error):
        return {}


def seat_names(history: History, match_id: int) -> dict[int, str]:
    """The names players put on a match's seats, by seat."""
    db = history.connection()
    db.execute(NAMES)
    rows = db.execute("SELECT seat, name FROM seat_names WHERE match_id = ?", (match_id,))
    return {int(seat): str(name) for seat, name in rows}


class SnapshotWriter:
    """Saves snapshots to the history; a failed save is kept and tried again with the next."""

    def __init__(self, history: History, warn: object) -> None:
        self.history = history
        self._warn = warn
        self._unsaved: dict[str, MatchSnapshot] = {}
        self._failing = False

    def save(self, snapshot: MatchSnapshot) -> None:
        self._unsaved[snapshot.key] = snapshot
        for key, waiting in list(self._unsaved.items()):
            try:
                save_snapshot(self.history, waiting)
            except (OSError, sqlite3.Error) as exc:
                if not self._failing and callable(self._warn):
                    self._warn(f"the match history cannot be kept in {self.history.path} ({exc})")
                self._failing = True
                return
            del self._unsaved[key]
        self._failing = False
