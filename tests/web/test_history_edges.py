"""The history pages on edge input: the calendar's first and last days, match and round ids that
no SQLite integer holds, and ids too long for Python's int: each a clear 400 or 404, nothing
logged as a traceback, and 503 only for a history that really cannot be read."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from pathlib import Path

import pytest

from firmware.history.store import History
from firmware.web import WebServer, serve_in_thread
from tests.web.client import request
from tests.web.fake_board import FakeLiveBoard


@pytest.fixture
def history_server(board: FakeLiveBoard, tmp_path: Path) -> Iterator[WebServer]:
    History(tmp_path).matches()  # an empty, readable history
    with serve_in_thread(board, host="127.0.0.1", port=0, pin=None, history_dir=tmp_path) as web:
        yield web


@pytest.mark.parametrize(
    ("path", "status"),
    [
        ("history?day=0001-01-01", 200),
        ("history?day=9999-12-31", 200),
        ("history?day=10000-01-01", 400),
        ("history?day=" + "9" * 5000, 400),
        ("api/leaderboard?day=0001-01-01", 200),
        ("api/leaderboard?day=9999-12-31", 200),
        ("players?period=week&day=0001-01-01", 200),
        ("players?period=week&day=9999-12-31", 200),
        ("api/players?period=week&day=9999-12-31", 200),
        ("api/players?period=day&day=0001-01-01", 200),
        ("players/" + "9" * 5000, 404),
        ("api/history/1/1", 404),
        ("api/history.csv?period=week&day=0001-01-01", 200),
        ("api/history.csv?period=week&day=9999-12-31", 200),
        ("api/history.csv?period=year", 400),
        ("api/history.csv?period=month&day=9999-12-31", 200),
        ("api/history.csv?period=all", 200),
        ("api/history.csv?day=" + "9" * 5000, 400),
        ("api/history/" + "9" * 20 + "/1", 404),
        ("api/history/1/" + "9" * 20, 404),
        ("api/history/" + "9" * 5000 + "/1", 404),
        ("api/history/1/" + "9" * 5000, 404),
    ],
)
def test_edge_input_is_answered_clearly_and_logs_no_traceback(
    history_server: WebServer, path: str, status: int, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.INFO):
        reply = request(history_server.url + path)
    assert reply.status == status, reply.body[:300]
    assert not [r for r in caplog.records if r.exc_info or r.levelno >= logging.ERROR]
    if status >= 400 and path.startswith("history?"):  # a person's page: the one line, in words
        assert b"That is not a day: day: write YYYY-MM-DD" in reply.body
    elif status >= 400:
        assert b"\n" not in reply.body.strip()


def test_the_first_and_last_days_link_only_to_days_there_are(history_server: WebServer) -> None:
    first = request(history_server.url + "history?day=0001-01-01").body.decode()
    assert "day=0001-01-02" in first and "day=0000" not in first
    last = request(history_server.url + "history?day=9999-12-31").body.decode()
    assert "day=9999-12-30" in last and "day=10000" not in last


def test_a_stored_time_no_calendar_holds_is_shown_as_unknown_not_a_500(
    board: FakeLiveBoard, tmp_path: Path
) -> None:
    import sqlite3

    from tests.history.snapshots import snapshot

    history = History(tmp_path)
    history.save(snapshot("m1", 1, finished=True))
    history.close()
    with sqlite3.connect(tmp_path / "history.sqlite3") as db:  # written by an older version
        db.execute("UPDATE matches SET finished = 1e300")
    with serve_in_thread(board, host="127.0.0.1", port=0, pin=None, history_dir=tmp_path) as web:
        day = History(tmp_path).matches()[0].day
        reply = request(f"{web.url}history?day={day}")
    assert reply.status == 200, reply.body[:300]
