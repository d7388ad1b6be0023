"""A round saved while the history was locked is in the spool; ``cullsboard history`` and the
pages show it whenever they read the history, without writing anything themselves."""

from __future__ import annotations

import json
import sqlite3
import threading
from collections.abc import Callable
from pathlib import Path

import pytest

from firmware.cli import main
from firmware.controller.core.timing import TABLE_TIMING
from firmware.history.store import FILE_NAME
from firmware.history.writer import SPOOL_NAME
from firmware.web import serve_in_thread
from tests.controller.conftest import Rig
from tests.controller.games import culls_round_taps
from tests.web.client import request

DAY = "2026-11-30"  # the Rig's wall clock starts there


def hold_write_lock(path: Path) -> Callable[[], None]:
    """Another program holds the database's write lock until the returned call lets it go."""
    taken, release = threading.Event(), threading.Event()

    def hold() -> None:
        other = sqlite3.connect(path, isolation_level=None)
        other.execute("BEGIN IMMEDIATE")
        taken.set()
        release.wait(60)
        other.execute("ROLLBACK")
        other.close()

    thread = threading.Thread(target=hold)
    thread.start()
    assert taken.wait(10)

    def let_go() -> None:
        release.set()
        thread.join()

    return let_go


def play_round(rig: Rig, winner: str) -> None:
    for name in culls_round_taps(str(rig.score["to_move"]), winner):
        rig.tap(name)
    last = rig.score["last_result"]
    assert isinstance(last, dict) and last["winner"] == winner
    rig.advance(TABLE_TIMING.line_show)
    rig.tap("h8")  # the next round starts


def test_a_round_spooled_while_the_history_was_locked_is_listed_exported_and_shown(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    state = tmp_path / "state"
    rig = Rig(state)
    rig.start("culls", {"mode": "duel", "rounds_to_win": 3}, first="blue")
    play_round(rig, "blue")  # saved: the history has round 1
    released = hold_write_lock(state / FILE_NAME)
    play_round(rig, "red")  # round 2 ends while another program holds the database: spooled
    released()
    assert (state / SPOOL_NAME).exists()
    spool = (state / SPOOL_NAME).read_bytes()
    database = (state / FILE_NAME).read_bytes()

    assert main(["history", "list", "--state-dir", str(state)]) == 0
    (listed,) = capsys.readouterr().out.splitlines()
    assert " 2 rounds " in listed
    assert main(["history", "export", "--state-dir", str(state)]) == 0
    exported = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert len(exported) == 2
    assert main(["history", "show", "1", "--state-dir", str(state)]) == 0
    shown = json.loads(capsys.readouterr().out)["round_results"]
    assert [r["winner"] for r in shown] == ["blue", "red"]

    with serve_in_thread(rig.controller, host="127.0.0.1", port=0, history_dir=state) as web:
        page = request(f"{web.url}history?day={DAY}").body.decode()
        assert "Red won round 2" in page, page
        record = request(f"{web.url}api/history/1/2")
        assert record.status == 200 and json.loads(record.body)["moves"]
        leaders = request(f"{web.url}api/leaderboard?day={DAY}")
        assert leaders.status == 200
    # Readers change nothing: the board writes the spool in when it next can.
    assert (state / SPOOL_NAME).read_bytes() == spool
    assert (state / FILE_NAME).read_bytes() == database
    rig.board.close()
