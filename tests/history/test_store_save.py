"""``History.save``: the stored match becomes exactly the snapshot, in one transaction; older
databases are brought up to date on opening."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from firmware.history.store import FILE_NAME, History
from tests.history.snapshots import snapshot

SAMPLE = (
    Path(__file__).resolve().parents[2] / "firmware/games/culls/samples/culls-cull-and-win.json"
)

OLD_SCHEMA = """
CREATE TABLE matches (id INTEGER PRIMARY KEY, board TEXT NOT NULL, game TEXT NOT NULL,
    rules TEXT NOT NULL, players TEXT NOT NULL, started REAL NOT NULL, finished REAL,
    day TEXT NOT NULL, winner TEXT, rounds INTEGER NOT NULL DEFAULT 0);
CREATE TABLE rounds (match_id INTEGER NOT NULL REFERENCES matches(id), number INTEGER NOT NULL,
    record TEXT, status TEXT NOT NULL, winner TEXT, finished REAL NOT NULL,
    PRIMARY KEY (match_id, number));
INSERT INTO matches VALUES (1, 'old', 'culls', '{}', '["here","here"]', 1.0, 2.0, '1970-01-01',
    'red', 1);
INSERT INTO rounds VALUES (1, 1, NULL, 'won', 'red', 2.0);
"""


def test_a_snapshot_is_stored_exactly_and_saving_it_again_changes_nothing(tmp_path: Path) -> None:
    history = History(tmp_path)
    history.save(snapshot("m1", 1))
    history.save(snapshot("m1", 2))
    history.save(snapshot("m1", 2))
    assert history.snapshot("m1") == snapshot("m1", 2)
    (row,) = history.matches()
    assert (row.key, row.rounds, row.finished, row.names) == ("m1", 2, None, ("Ada", None))
    history.save(snapshot("m1", 3, finished=True))
    assert history.snapshot("m1") == snapshot("m1", 3, finished=True)
    assert [r.number for r in history.rounds(row.id)] == [1, 2, 3]
    assert history.matches()[0].id == row.id  # the same row all along


def test_a_round_taken_back_is_taken_back_and_no_rounds_removes_the_match(tmp_path: Path) -> None:
    history = History(tmp_path)
    history.save(snapshot("m1", 2))
    history.save(snapshot("keep", 1))
    history.save(snapshot("m1", 1))  # UNDO of the move that decided round 2
    assert history.snapshot("m1") == snapshot("m1", 1)
    history.save(snapshot("m1", 0))  # and of the one that decided round 1
    assert history.snapshot("m1") is None
    assert [row.key for row in history.matches()] == ["keep"]
    history.save(snapshot("never-stored", 0))
    assert [row.key for row in history.matches()] == ["keep"]
    left = history._db.execute("SELECT COUNT(*) FROM rounds").fetchone()[0]
    assert left == 1


def test_an_old_database_gets_the_new_columns_and_keeps_its_matches(tmp_path: Path) -> None:
    old = sqlite3.connect(tmp_path / FILE_NAME)
    old.executescript(OLD_SCHEMA)
    old.close()
    history = History(tmp_path)
    (row,) = history.matches()
    assert (row.id, row.board, row.winner, row.key, row.names) == (1, "old", "red", None, ())
    history.save(snapshot("m1", 1))
    assert [r.key for r in history.matches()] == [None, "m1"]
    history.close()
    again = History(tmp_path)  # opening it a second time adds nothing twice
    assert len(again.matches()) == 2
    again.close()


def test_a_round_saved_before_rounds_kept_their_reason_has_it_from_its_position(
    tmp_path: Path,
) -> None:
    won = json.loads(SAMPLE.read_text())  # a Culls round that ends in five in a row
    old = sqlite3.connect(tmp_path / FILE_NAME)
    old.executescript(OLD_SCHEMA)
    old.execute("INSERT INTO rounds VALUES (1, 2, ?, 'won', 'blue', 3.0)", (json.dumps(won),))
    old.commit()
    old.close()
    history = History(tmp_path)
    rounds = history.rounds(1)
    assert [(r.number, r.reason) for r in rounds] == [(1, None), (2, "line")]
    history.save(snapshot("m1", 1))
    assert history.snapshot("m1") == snapshot("m1", 1), "a new round keeps what it was given"
