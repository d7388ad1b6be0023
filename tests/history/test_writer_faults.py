"""The history writer under faults: a database locked for 10 s, corrupt, killed mid-write; the
spool across a restart. No round is lost."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from firmware.cli import main
from firmware.history.store import FILE_NAME, History
from firmware.history.writer import SPOOL_NAME, HistoryWriter
from tests.history.snapshots import snapshot

ROOT = Path(__file__).resolve().parents[2]


def writer(state: Path, warnings: list[str]) -> HistoryWriter:
    return HistoryWriter(lambda: History(state), state / SPOOL_NAME, warnings.append)


def stored(state: Path, key: str) -> int | None:
    """How many rounds the database holds for ``key`` (None: no such match)."""
    history = History(state)
    try:
        found = history.snapshot(key)
        return None if found is None else len(found.rounds)
    finally:
        history.close()


def hold_write_lock(path: Path, seconds: float) -> Callable[[], None]:
    """Another program (a second connection in a thread) holds the write lock for ``seconds``;
    returns a wait for the lock to be let go."""
    taken = threading.Event()

    def hold() -> None:
        other = sqlite3.connect(path, isolation_level=None)
        other.execute("BEGIN IMMEDIATE")
        other.execute("INSERT INTO matches (board, game, rules, players, started, day)"
                      " VALUES ('x', 'culls', '{}', '[]', 0, '1970-01-01')")  # fmt: skip
        taken.set()
        time.sleep(seconds)
        other.execute("ROLLBACK")
        other.close()

    thread = threading.Thread(target=hold)
    thread.start()
    assert taken.wait(10)
    return thread.join


def test_a_database_locked_for_10_s_across_round_ends_loses_no_round(tmp_path: Path) -> None:
    warnings: list[str] = []
    first = writer(tmp_path, warnings)
    first.save(snapshot("m1", 1))
    assert not first.pending
    released = hold_write_lock(tmp_path / FILE_NAME, 10.0)
    started = time.monotonic()
    first.save(snapshot("m1", 2))  # round 2 ends while it is locked
    assert time.monotonic() - started < 5, "the board must not wait out the lock"
    first.save(snapshot("m2", 1))
    assert [s.key for s in first.pending] == ["m1", "m2"]
    first.close()
    # The board restarts while the lock is still held: the spool carries the rounds over.
    second = writer(tmp_path, warnings)
    assert [s.key for s in second.pending] == ["m1", "m2"]
    released()
    assert second.retry()
    assert (stored(tmp_path, "m1"), stored(tmp_path, "m2")) == (2, 1)
    assert not (tmp_path / SPOOL_NAME).exists()
    outage = [w for w in warnings if w.startswith("cannot write the match history")]
    assert len(outage) == 2 and "database is locked" in outage[0]  # once per run of the board
    assert f"kept in {tmp_path / SPOOL_NAME}" in outage[0]
    assert warnings[-1] == f"the match history {tmp_path / FILE_NAME} is written again"


@pytest.mark.parametrize("damage", ["not-sqlite", "torn-pages"])
def test_a_corrupt_database_is_set_aside_and_a_fresh_one_keeps_the_round(
    tmp_path: Path, damage: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / FILE_NAME
    if damage == "not-sqlite":
        path.write_bytes(b"these are not the bytes of a database\n" * 200)
    else:
        history = History(tmp_path)
        for number in range(40):
            history.save(snapshot(f"old{number}", 3))
        history._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        history.close()
        data = bytearray(path.read_bytes())
        data[4096:] = b"\xa5" * (len(data) - 4096)  # every page after the first overwritten
        path.write_bytes(bytes(data))
    before = path.read_bytes()
    assert main(["history", "list", "--state-dir", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "cannot read the history" in err and "quarantine/" in err

    warnings: list[str] = []
    board = writer(tmp_path, warnings)
    board.save(snapshot("m1", 1))
    assert not board.pending
    (moved,) = (tmp_path / "quarantine").glob("history-*.sqlite3")
    assert moved.read_bytes() == before  # set aside whole, never deleted
    assert warnings == [
        f"the match history {path} cannot be read ({warnings[0].split('(', 1)[1].split(')')[0]}):"
        f" moved it to {moved} and started a fresh one"
    ]
    assert stored(tmp_path, "m1") == 1
    assert main(["history", "list", "--state-dir", str(tmp_path)]) == 0


KILLED_IN_A_SAVE = """
import sys, time
from pathlib import Path
from firmware.history.store import History
from firmware.history.writer import SPOOL_NAME, HistoryWriter
from tests.history.snapshots import snapshot

state = Path(sys.argv[1])
history = History(state)

def pause(statement: str) -> None:
    if statement.startswith("INSERT INTO rounds"):
        print("inside the save", flush=True)
        time.sleep(60)

board = HistoryWriter(lambda: history, state / SPOOL_NAME, print)
board.save(snapshot("m1", 1))
history._db.set_trace_callback(pause)
board.save(snapshot("m1", 2))
"""


def test_a_board_killed_inside_a_save_loses_no_round(tmp_path: Path) -> None:
    process = subprocess.Popen(
        [sys.executable, "-c", KILLED_IN_A_SAVE, str(tmp_path)],
        stdout=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )
    assert process.stdout is not None
    assert process.stdout.readline() == "inside the save\n"
    process.kill()
    process.wait(10)
    assert stored(tmp_path, "m1") == 1  # the transaction never committed
    warnings: list[str] = []
    writer(tmp_path, warnings)  # the board starting again
    assert stored(tmp_path, "m1") == 2
    assert warnings == []


def test_a_spool_that_is_not_json_is_set_aside_whole(tmp_path: Path) -> None:
    (tmp_path / SPOOL_NAME).write_bytes(b'{"format": 1, "matches": [')
    warnings: list[str] = []
    board = writer(tmp_path, warnings)
    assert not board.pending
    (moved,) = (tmp_path / "quarantine").glob("history-spool-*.json")
    assert moved.read_bytes() == b'{"format": 1, "matches": ['
    assert len(warnings) == 1 and "cannot be read" in warnings[0]


def test_a_spool_entry_that_cannot_be_read_is_set_aside(tmp_path: Path) -> None:
    (tmp_path / SPOOL_NAME).write_bytes(b'{"format": 1, "matches": [{"key": 3}]}')
    warnings: list[str] = []
    board = writer(tmp_path, warnings)
    assert not board.pending
    (moved,) = (tmp_path / "quarantine").glob("history-spool-*.json")
    assert warnings == [
        f"the history spool {tmp_path / SPOOL_NAME} has an entry that cannot be saved (rounds:"
        f" not a list): moved to {moved}"
    ]


def test_the_history_page_answers_an_error_page_for_a_database_it_cannot_read(
    tmp_path: Path,
) -> None:
    from firmware.web import serve_in_thread
    from tests.controller.conftest import Rig
    from tests.web.client import request

    bad = tmp_path / "bad"
    bad.mkdir()
    (bad / FILE_NAME).write_bytes(b"not a database\n" * 300)
    rig = Rig(tmp_path / "state")
    with serve_in_thread(rig.controller, host="127.0.0.1", port=0, history_dir=bad) as server:
        reply = request(f"{server.url}history")
    rig.board.close()
    assert reply.status == 503
    page = reply.body.decode()
    assert "The history cannot be read (file is not a database)." in page
    assert "Traceback" not in page


@pytest.mark.parametrize(
    ("started", "why"),
    [
        (1e12, "started: not a time the calendar has"),  # the year 33658
        (1e300, "started: not a time the calendar has"),  # beyond what datetime takes
        (-1e300, "started: not a time the calendar has"),
    ],
)
def test_a_spool_entry_with_a_start_outside_the_calendar_is_set_aside_and_the_rest_saved(
    tmp_path: Path, started: float, why: str
) -> None:
    import json

    from tests.history.snapshots import snapshot

    good = snapshot("good", 1).to_json()
    bad = {**snapshot("bad", 1).to_json(), "started": started}
    body = {"format": 1, "matches": [bad, good]}
    (tmp_path / SPOOL_NAME).write_text(json.dumps(body), encoding="utf-8")
    warnings: list[str] = []
    board = writer(tmp_path, warnings)
    assert not board.pending
    assert stored(tmp_path, "good") == 1 and stored(tmp_path, "bad") is None
    (moved,) = (tmp_path / "quarantine").glob("history-spool-*.json")
    assert json.loads(moved.read_text(encoding="utf-8"))["matches"] == [bad]
    assert len(warnings) == 1 and why in warnings[0] and str(moved) in warnings[0]
    assert not (tmp_path / SPOOL_NAME).exists()
    again: list[str] = []
    writer(tmp_path, again)
    assert again == []  # set aside once: the next start is quiet


def test_a_board_starts_past_a_spool_entry_outside_the_calendar(tmp_path: Path) -> None:
    import json

    from tests.controller.conftest import Rig
    from tests.history.snapshots import snapshot

    state = tmp_path / "state"
    state.mkdir()
    bad = {**snapshot("bad", 1).to_json(), "started": 1e12}
    body = {"format": 1, "matches": [bad]}
    (state / SPOOL_NAME).write_text(json.dumps(body), encoding="utf-8")
    rig = Rig(state)
    rig.start("culls")
    rig.tap("h8")
    assert rig.moves == ["h8"]
    assert len([w for w in rig.warnings if "spool" in w]) == 1
    rig.board.close()


def test_a_snapshot_the_database_cannot_keep_is_set_aside_not_retried_forever(
    tmp_path: Path,
) -> None:
    import dataclasses

    from tests.history.snapshots import snapshot

    warnings: list[str] = []
    board = writer(tmp_path, warnings)
    board.save(dataclasses.replace(snapshot("far", 1), started=1e12))
    board.save(snapshot("near", 1))
    assert not board.pending and stored(tmp_path, "near") == 1
    (moved,) = (tmp_path / "quarantine").glob("history-spool-*.json")
    assert "year 33658 is out of range" in warnings[0] and str(moved) in warnings[0]
    assert len(warnings) == 1


def test_a_journal_start_time_outside_the_calendar_does_not_keep_the_match_from_the_history(
    tmp_path: Path,
) -> None:
    import json

    from tests.controller.conftest import Rig
    from tests.controller.games import culls_round_taps

    state = tmp_path / "state"
    first = Rig(state)
    first.start("culls", {"mode": "duel", "rounds_to_win": 3}, first="blue")
    first.tap("a1")
    first.board.close()
    journal = state / "journal.jsonl"
    lines = journal.read_text(encoding="utf-8").splitlines()
    head = json.loads(lines[0])
    head["started"] = 1e12  # the year 33658
    journal.write_text("\n".join([json.dumps(head), *lines[1:]]) + "\n", encoding="utf-8")

    again = Rig(state)
    again.start()
    assert again.moves == ["a1"]
    for cell in culls_round_taps("blue", "red")[1:]:
        again.tap(cell)
    again.board.close()
    history = History(state)
    (match,) = history.matches()
    history.close()
    assert match.rounds == 1 and match.day == "2026-11-30"  # the Rig's wall clock: the resume
    assert not [w for w in again.warnings if "spool" in w]
