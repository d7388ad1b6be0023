"""The coach's analyses in the history: kept by match and round for the moves they were made of,
added to a database written before they existed, and gone with their match."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from firmware.history.snapshot import MatchSnapshot, SavedRound
from firmware.history.store import FILE_NAME, History
from firmware.rules.api import JsonValue

RECORD: dict[str, JsonValue] = {
    "format": 1,
    "game": "culls",
    "first": "blue",
    "moves": ["h8", "a1", "h9"],
}
ANALYSIS: list[JsonValue] = [{"ply": 1, "colour": "blue", "move": "h8", "eval": 10, "best": "h8",
             "best_eval": 10, "loss": 0}]  # fmt: skip
OLD_SCHEMA = """
CREATE TABLE matches (id INTEGER PRIMARY KEY, board TEXT NOT NULL, game TEXT NOT NULL,
    rules TEXT NOT NULL, players TEXT NOT NULL, started REAL NOT NULL, finished REAL,
    day TEXT NOT NULL, winner TEXT, rounds INTEGER NOT NULL DEFAULT 0, key TEXT, names TEXT);
CREATE TABLE rounds (match_id INTEGER NOT NULL, number INTEGER NOT NULL, record TEXT,
    status TEXT NOT NULL, winner TEXT, finished REAL NOT NULL, reason TEXT,
    PRIMARY KEY (match_id, number));
"""


def snapshot(rounds: int = 1) -> MatchSnapshot:
    return MatchSnapshot(
        key="m-1", board="", game="culls", rules={}, players=["here", "computer"],
        names=[None, None], started=1_700_000_000.0,
        rounds=tuple(SavedRound(1, dict(RECORD), "won", "blue", 1_700_000_100.0, "line")
                     for _ in range(rounds)),
        winner=None, finished=None,
    )  # fmt: skip


def test_an_analysis_is_kept_for_its_moves_and_survives_the_round_saved_again(
    tmp_path: Path,
) -> None:
    history = History(tmp_path)
    history.save(snapshot())
    moves = ["h8", "a1", "h9"]
    assert isinstance(moves, list)
    history.keep_analysis("m-1", 1, moves, list(ANALYSIS))
    history.save(snapshot())  # the rounds are written again (a rematch, a name): it stays
    assert history.analysis("m-1", 1, moves) == ANALYSIS
    assert history.analysis("m-1", 1, moves[:2]) is None  # played again after an UNDO
    assert history.analysis("m-1", 2, moves) is None
    history.save(snapshot(rounds=0))  # the match undone to nothing: its analyses go too
    assert history.analysis("m-1", 1, moves) is None
    history.close()


def test_a_database_from_before_the_coach_gets_its_table_on_opening(tmp_path: Path) -> None:
    old = sqlite3.connect(tmp_path / FILE_NAME)
    old.executescript(OLD_SCHEMA)
    old.execute(
        "INSERT INTO matches (board, game, rules, players, started, day, key, rounds)"
        " VALUES ('', 'culls', '{}', '[]', 1.0, '2026-11-30', 'old', 1)"
    )
    old.commit()
    old.close()
    history = History(tmp_path)
    assert [m.key for m in history.matches()] == ["old"]
    history.keep_analysis("old", 1, ["h8"], list(ANALYSIS))
    assert history.analysis("old", 1, ["h8"]) == ANALYSIS
    history.close()
