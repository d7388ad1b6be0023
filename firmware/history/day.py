"""The café's day: it ends at ``kiosk.day_ends`` (04:00 unless set), not at midnight, so a
round finished at 00:30 counts for the evening before. Every "today" of the history, the
champions, the games today and the pages is this day, read from an injected wall clock."""

from __future__ import annotations

import datetime
from collections.abc import Callable
from dataclasses import dataclass

DAY_ENDS = datetime.time(4, 0)
WallNow = Callable[[], datetime.datetime]


def parse_day_ends(text: str) -> datetime.time:
    """``"04:00"`` as a time of day (the config's pattern has checked it is HH:MM)."""
    hours, minutes = text.split(":")
    return datetime.time(int(hours), int(minutes))


def business_day(instant: datetime.datetime, day_ends: datetime.time = DAY_ENDS) -> datetime.date:
    """The day ``instant`` (local time) belongs to: before ``day_ends`` it is still the day
    before's."""
    day = instant.date()
    if instant.time() < day_ends and day > datetime.date.min:
        return day - datetime.timedelta(days=1)
    return day


def day_of_stamp(stamp: float, day_ends: datetime.time = DAY_ENDS) -> datetime.date:
    """The business day of a wall-clock ``stamp`` (seconds since the epoch, local time)."""
    return business_day(datetime.datetime.fromtimestamp(stamp), day_ends)


@dataclass(frozen=True, slots=True)
class Today:
    """The business day now, on ``wall`` (``datetime.datetime.now`` on a board; a fixed or a
    fake clock in tests)."""

    wall: WallNow
    day_ends: datetime.time = DAY_ENDS

    def __call__(self) -> datetime.date:
        return business_day(self.wall(), self.day_ends)
