"""Day statistics kept until written: retried without a new game, a day that ends while the
card is full, and a game taken back (an UNDO of the deciding move)."""

from __future__ import annotations

import datetime
import errno
import json
from pathlib import Path

import pytest

from firmware.kiosk.stats import DayStats

MONDAY = datetime.date(2026, 11, 30)
TUESDAY = MONDAY + datetime.timedelta(days=1)


class Card:
    """A file writer that fails while ``full``."""

    def __init__(self) -> None:
        self.full = False

    def __call__(self, path: Path, text: str) -> None:
        if self.full:
            raise OSError(errno.ENOSPC, "No space left on device")
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


class Calendar:
    def __init__(self, day: datetime.date) -> None:
        self.day = day

    def __call__(self) -> datetime.date:
        return self.day


def _games(stats: DayStats, day: datetime.date) -> int:
    saved: int = json.loads(stats.path(day).read_text(encoding="utf-8"))["games"]
    return saved


def test_kept_games_are_written_at_the_next_retry(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    card = Card()
    stats = DayStats(tmp_path, Calendar(MONDAY), write=card)
    card.full = True
    stats.record("culls", 3, "blue", 500)
    assert not stats.retry()
    card.full = False
    assert stats.retry()
    assert _games(stats, MONDAY) == 1
    assert [r.getMessage() for r in caplog.records][-1].startswith("stats saved to")


def test_a_day_that_ends_while_the_card_is_full_is_written_later(tmp_path: Path) -> None:
    card, calendar = Card(), Calendar(MONDAY)
    stats = DayStats(tmp_path, calendar, write=card)
    stats.record("culls", 3, "blue", 500)
    card.full = True
    stats.record("cubulus", 1, "red", 300)
    calendar.day = TUESDAY
    stats.record("culls", 4, "red", 900)
    card.full = False
    assert stats.retry()
    assert (_games(stats, MONDAY), _games(stats, TUESDAY)) == (2, 1)


def test_unrecord_takes_back_a_record(tmp_path: Path) -> None:
    stats = DayStats(tmp_path, Calendar(MONDAY), write=Card())
    stats.record("culls", 3, "blue", 500)
    stats.record("culls", 3, "red", 600)
    totals = stats.unrecord("culls", 3, "red", 600)
    assert (totals.games, dict(totals.wins)) == (1, {"blue": 1})
    assert _games(stats, MONDAY) == 1
    with pytest.raises(ValueError, match="no finished culls game like that today"):
        stats.unrecord("culls", 3, "red", 600)
