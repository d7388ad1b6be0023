"""The history database's tables and its rows read back: the schema (and the columns an older
database gets on opening), a match and a round as stored, and a round saved without its reason
given the one its record's position shows."""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass

from firmware.history.snapshot import INTEGER_MAX, INTEGER_MIN, SavedRound
from firmware.rules.api import JsonValue
from firmware.rules.records import record_from_json

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
    rounds INTEGER NOT NULL DEFAULT 0,
    key TEXT,
    names TEXT,
    abandoned TEXT
);
CREATE TABLE IF NOT EXISTS rounds (
    match_id INTEGER NOT NULL REFERENCES matches(id),
    number INTEGER NOT NULL,
    record TEXT,
    status TEXT NOT NULL,
    winner TEXT,
    finished REAL NOT NULL,
    reason TEXT,
    PRIMARY KEY (match_id, number)
);
CREATE INDEX IF NOT EXISTS matches_by_day ON matches(day);
CREATE TABLE IF NOT EXISTS analyses (
    match_key TEXT NOT NULL,
    number INTEGER NOT NULL,
    moves TEXT NOT NULL,
    analysis TEXT NOT NULL,
    PRIMARY KEY (match_key, number)
);
"""
# Columns added since the first version: (name, type), added to an older table on opening.
ADDED_COLUMNS = (("key", "TEXT"), ("names", "TEXT"), ("abandoned", "TEXT"))
ADDED_ROUND_COLUMNS = (("reason", "TEXT"),)
MATCH_COLUMNS = (
    "id, board, game, rules, players, started, finished, day, winner, rounds, key, names, abandoned"
)


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
    key: str | None = None  # None: written before matches had keys
    names: tuple[str | None, ...] = ()
    abandoned: str | None = None  # why it was put away unfinished (NEW, idle, ...); None: not

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
            "abandoned": self.abandoned,
        }


@dataclass(frozen=True, slots=True)
class RoundRow:
    number: int
    record: dict[str, JsonValue] | None  # None: migrated from a day file, no record kept
    status: str
    winner: str | None
    ended: float | None = None  # wall seconds
    reason: str | None = None  # how it ended: "line", "square", "no chips", "no move", "time", ...


def fits_integer(number: int) -> bool:
    """Whether ``number`` fits an SQLite INTEGER (a larger one cannot even be looked up)."""
    return INTEGER_MIN <= number <= INTEGER_MAX


def add_columns(connection: sqlite3.Connection) -> None:
    """Bring a table written by an older version up to the current columns."""
    have = {str(row[1]) for row in connection.execute("PRAGMA table_info(matches)")}
    have_rounds = {str(row[1]) for row in connection.execute("PRAGMA table_info(rounds)")}
    with connection:
        for name, kind in ADDED_COLUMNS:
            if name not in have:
                connection.execute(f"ALTER TABLE matches ADD COLUMN {name} {kind}")
        for name, kind in ADDED_ROUND_COLUMNS:
            if name not in have_rounds:
                connection.execute(f"ALTER TABLE rounds ADD COLUMN {name} {kind}")
        connection.execute("CREATE UNIQUE INDEX IF NOT EXISTS matches_by_key ON matches(key)")


def saved_round(
    number: int, text: str | None, status: str, winner: str | None, ended: float, why: str | None
) -> SavedRound:
    record = json.loads(text) if text else {}
    reason = why or reason_of(record)
    return SavedRound(int(number), record, str(status), winner, float(ended), reason)


def reason_of(record: dict[str, JsonValue]) -> str | None:
    """How a round saved without its reason ended, from its record's position (None: the
    record is missing or cannot be played)."""
    if not record:
        return None
    try:
        termination = record_from_json(record).termination()
    except ValueError:
        return None
    return None if termination is None else termination.value


def match_row(row: tuple[object, ...]) -> MatchRow:
    id_, board, game, rules, players, started, finished, day, winner, rounds, key, names, gone = row
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
        key=None if key is None else str(key),
        names=() if names is None else tuple(json.loads(str(names))),
        abandoned=None if gone is None else str(gone),
    )
