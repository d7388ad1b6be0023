"""The staff page's download of the history as CSV: the rounds of a day, of its week (Monday to
Sunday) or of every day, the same rows ``cullsboard history export --csv`` prints."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest

from firmware.web import serve_in_thread
from tests.history.test_export import named_match
from tests.web.client import request
from tests.web.fake_board import FakeLiveBoard


@pytest.mark.parametrize(
    ("query", "rounds"),
    [
        ("period=day&day=2026-11-30", 4),  # the day the match was played (a Monday)
        ("period=day&day=2026-12-01", 0),
        ("day=2026-11-30", 4),  # a day when no period is given
        ("period=week&day=2026-12-06", 4),  # that Sunday: the same week
        ("period=week&day=2026-12-07", 0),  # the next Monday: the next week
        ("period=week&day=2026-11-29", 0),  # the Sunday before: the week before
        ("period=all&day=2027-01-01", 4),
    ],
)
def test_the_csv_download_holds_the_rounds_of_the_period_asked(
    board: FakeLiveBoard, tmp_path: Path, query: str, rounds: int
) -> None:
    state = tmp_path / "state"
    named_match(state)
    with serve_in_thread(board, host="127.0.0.1", port=0, pin=None, history_dir=state) as web:
        reply = request(f"{web.url}api/history.csv?{query}")
    assert reply.status == 200
    assert reply.headers["Content-Type"].startswith("text/csv")
    assert "attachment" in reply.headers["Content-Disposition"]
    rows = list(csv.DictReader(io.StringIO(reply.body.decode())))
    assert len(rows) == rounds
    assert all(row["seat1_player"] == "Ana" and row["round_reason"] for row in rows)
