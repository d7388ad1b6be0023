"""Day statistics: totals, one file per day, and no lost games when the disk cannot be written."""

from __future__ import annotations

import datetime
import errno
import json
import logging
import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from firmware.kiosk.stats import DayStats

MONDAY = datetime.date(2026, 11, 30)
TUESDAY = datetime.date(2026, 12, 1)
NOBODY = 65534


class Calendar:
    """A settable date, standing in for the wall clock."""

    def __init__(self, day: datetime.date) -> None:
        self.day = day

    def __call__(self) -> datetime.date:
        return self.day


def _warnings(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]


def test_totals_for_the_day(tmp_path: Path) -> None:
    stats = DayStats(tmp_path, Calendar(MONDAY))
    stats.record("culls", rounds=3, winner="blue", seconds=600)
    stats.record("culls", rounds=4, winner="red", seconds=900)
    totals = stats.record("cubulus", rounds=1, winner=None, seconds=300)
    assert totals.day == MONDAY
    assert (totals.games, totals.rounds, totals.seconds) == (3, 8, 1800)
    assert totals.average_seconds == 600
    assert totals.by_game == {"culls": 2, "cubulus": 1}
    assert totals.wins == {"blue": 1, "red": 1}
    assert totals.draws == 1
    assert stats.totals() == totals


def test_a_day_without_games(tmp_path: Path) -> None:
    totals = DayStats(tmp_path, Calendar(MONDAY)).totals()
    assert (totals.games, totals.average_seconds) == (0, None)


def test_one_small_json_file_per_day(tmp_path: Path) -> None:
    calendar = Calendar(MONDAY)
    stats = DayStats(tmp_path, calendar)
    stats.record("culls", rounds=3, winner="blue", seconds=610)
    calendar.day = TUESDAY
    stats.record("cubulus", rounds=1, winner="white", seconds=300)
    stats.record("cubulus", rounds=1, winner="red", seconds=200)
    assert sorted(p.name for p in (tmp_path / "stats").iterdir()) == [
        "2026-11-30.json",
        "2026-12-01.json",
    ]
    monday = json.loads((tmp_path / "stats" / "2026-11-30.json").read_text(encoding="utf-8"))
    assert monday["games"] == 1
    assert monday["average_seconds"] == 610
    assert monday["finished"] == [{"game": "culls", "rounds": 3, "winner": "blue", "seconds": 610}]
    assert stats.totals().games == 2
    assert stats.totals(MONDAY).games == 1


def test_a_restart_carries_on_counting(tmp_path: Path) -> None:
    DayStats(tmp_path, Calendar(MONDAY)).record("culls", rounds=3, winner="red", seconds=400)
    again = DayStats(tmp_path, Calendar(MONDAY))
    totals = again.record("culls", rounds=4, winner="blue", seconds=800)
    assert (totals.games, totals.rounds, totals.average_seconds) == (2, 7, 600)


def test_a_damaged_file_is_reported_and_started_afresh(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    stats = DayStats(tmp_path, Calendar(MONDAY))
    stats.path(MONDAY).parent.mkdir()
    stats.path(MONDAY).write_text("{not json", encoding="utf-8")
    with caplog.at_level(logging.WARNING):
        totals = stats.record("culls", rounds=3, winner="red", seconds=400)
    assert totals.games == 1
    assert len(_warnings(caplog)) == 1
    assert "2026-11-30.json" in _warnings(caplog)[0]


@pytest.mark.parametrize(
    "text",
    ["[" * 100_000, '{"finished": [' + "9" * 5000 + "]}", '{"finished": [1]}', "[]"],
    ids=["deep", "long-number", "not-games", "not-an-object"],
)
def test_a_hostile_stats_file_is_one_warning(
    text: str, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    stats = DayStats(tmp_path, Calendar(MONDAY))
    stats.path(MONDAY).parent.mkdir()
    stats.path(MONDAY).write_text(text, encoding="utf-8")
    with caplog.at_level(logging.WARNING):
        totals = stats.record("culls", rounds=3, winner="red", seconds=400)
    assert totals.games == 1
    (warning,) = _warnings(caplog)
    assert "2026-11-30.json" in warning and len(warning) < 300


def test_a_full_disk_warns_once_and_keeps_counting(caplog: pytest.LogCaptureFixture) -> None:
    attempts: list[Path] = []

    def full_disk(path: Path, text: str) -> None:
        attempts.append(path)
        raise OSError(errno.ENOSPC, "No space left on device")

    stats = DayStats(Path("/nonexistent"), Calendar(MONDAY), write=full_disk)
    with caplog.at_level(logging.WARNING):
        for _ in range(4):
            stats.record("culls", rounds=3, winner="blue", seconds=500)
    assert len(attempts) == 4  # it keeps trying, in case space comes back
    assert stats.totals().games == 4
    assert not stats.saving
    warnings = _warnings(caplog)
    assert len(warnings) == 1
    assert "No space left" in warnings[0]


def test_saving_resumes_when_the_disk_has_room_again(tmp_path: Path) -> None:
    full = True

    def sometimes_full(path: Path, text: str) -> None:
        if full:
            raise OSError(errno.ENOSPC, "No space left on device")
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")

    stats = DayStats(tmp_path, Calendar(MONDAY), write=sometimes_full)
    stats.record("culls", rounds=3, winner="blue", seconds=500)
    full = False
    stats.record("culls", rounds=3, winner="red", seconds=700)
    assert stats.saving
    saved = json.loads(stats.path(MONDAY).read_text(encoding="utf-8"))
    assert saved["games"] == 2  # the game from the full-disk time was kept and saved now


@contextmanager
def _unprivileged() -> Iterator[None]:
    """Run as nobody for a moment if we are root (root writes anywhere, read-only or not)."""
    if os.geteuid() != 0:
        yield
        return
    os.setegid(NOBODY)
    os.seteuid(NOBODY)
    try:
        yield
    finally:
        os.seteuid(0)
        os.setegid(0)


def test_a_read_only_state_dir_warns_once_and_keeps_counting(
    caplog: pytest.LogCaptureFixture,
) -> None:
    with tempfile.TemporaryDirectory() as top:
        Path(top).chmod(0o755)
        state_dir = Path(top) / "state"
        state_dir.mkdir(mode=0o555)
        state_dir.chmod(0o555)
        with _unprivileged(), caplog.at_level(logging.WARNING):
            with pytest.raises(PermissionError):  # the directory really is read-only to us
                (state_dir / "probe").touch()
            stats = DayStats(state_dir, Calendar(MONDAY))
            for seconds in (300, 500, 700):
                stats.record("culls", rounds=3, winner="blue", seconds=seconds)
            totals = stats.totals()
        assert (totals.games, totals.average_seconds) == (3, 500)
        assert len(_warnings(caplog)) == 1
        assert "keeping them in memory" in _warnings(caplog)[0]
        assert list(state_dir.iterdir()) == []


@pytest.mark.parametrize(
    ("game", "rounds", "seconds", "message"),
    [("", 1, 10, "name"), ("culls", -1, 10, "negative"), ("culls", 1, -5, "negative")],
)
def test_nonsense_is_refused(
    tmp_path: Path, game: str, rounds: int, seconds: float, message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        DayStats(tmp_path, Calendar(MONDAY)).record(game, rounds, "blue", seconds)
