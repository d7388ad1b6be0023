"""The café's day ends at 04:00, not at midnight: a round finished at 00:30 counts for the
evening before (the history's day, the day totals, the champions and the pages' "today"), one
at 04:30 for the new day."""

from __future__ import annotations

import datetime
from pathlib import Path

import pytest

from firmware.config import ConfigError, parse_config
from firmware.history.day import Today, business_day, parse_day_ends
from firmware.history.leaderboard import day_leaderboard
from firmware.history.store import History
from tests.controller.conftest import Rig
from tests.history.test_leaderboard import name, play_rounds

EVENING = datetime.date(2026, 11, 30)
NEXT_DAY = datetime.date(2026, 12, 1)


@pytest.mark.parametrize(
    ("clock", "day"),
    [
        ("2026-11-30 19:00", EVENING),
        ("2026-11-30 23:59", EVENING),
        ("2026-12-01 00:00", EVENING),
        ("2026-12-01 00:30", EVENING),
        ("2026-12-01 03:59", EVENING),
        ("2026-12-01 04:00", NEXT_DAY),
        ("2026-12-01 04:30", NEXT_DAY),
    ],
)
def test_the_day_ends_at_four(clock: str, day: datetime.date) -> None:
    instant = datetime.datetime.fromisoformat(clock)
    assert business_day(instant) == day
    assert Today(lambda: instant)() == day
    assert business_day(instant, parse_day_ends("00:00")) == instant.date()  # a midnight café


def test_the_calendars_first_day_has_no_day_before() -> None:
    first = datetime.datetime(1, 1, 1, 1, 0)
    assert business_day(first) == datetime.date(1, 1, 1)


def _named_win(state: Path, at: datetime.datetime) -> Rig:
    rig = Rig(state, wall_start=at).start(
        "culls", {"mode": "duel", "rounds_to_win": 3}, first="blue"
    )
    name(rig, "blue", "Ana")
    name(rig, "red", "Ben")
    play_rounds(rig, ["blue", "blue", "blue"])
    assert rig.score["phase"] == "match_over"
    return rig


@pytest.mark.parametrize(
    ("started", "day"),
    [
        (datetime.datetime(2026, 12, 1, 0, 30), EVENING),
        (datetime.datetime(2026, 12, 1, 4, 30), NEXT_DAY),
    ],
)
def test_a_match_after_midnight_counts_for_the_evening_before(
    tmp_path: Path, started: datetime.datetime, day: datetime.date
) -> None:
    state = tmp_path / "state"
    rig = _named_win(state, started)
    assert rig.today() == day
    rig.board.close()
    history = History(state)
    try:
        (match,) = history.matches()
        assert match.day == day.isoformat()
        assert history.day_totals(day).games == 1
        assert [s.name for s in day_leaderboard(history, day)] == ["Ana", "Ben"]
        other = EVENING if day == NEXT_DAY else NEXT_DAY
        assert history.day_totals(other).games == 0 and day_leaderboard(history, other) == []
    finally:
        history.close()


def test_the_setting_is_a_time_of_day() -> None:
    config = parse_config('kiosk:\n  day_ends: "06:30"\n')
    assert parse_day_ends(config.kiosk.day_ends) == datetime.time(6, 30)
    with pytest.raises(ConfigError, match=r"kiosk\.day_ends"):
        parse_config('kiosk:\n  day_ends: "25:00"\n')
