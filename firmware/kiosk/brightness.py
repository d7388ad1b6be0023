"""A brightness schedule by time of day, e.g. bright while the cafe opens, dim late at night."""

from __future__ import annotations

import bisect
import datetime
import re
from collections.abc import Iterable

HH_MM = re.compile(r"([01][0-9]|2[0-3]):([0-5][0-9])")
FULL = 1.0  # the brightness of an empty schedule


class BrightnessSchedule:
    """Steps ``("HH:MM", brightness)``: each holds from its time until the next step's.

    Before the first step of the day the last one still holds (from the evening before), so
    ``[("09:00", 0.8), ("23:00", 0.2)]`` gives 0.2 from 23:00 to 09:00. Empty means full.
    """

    def __init__(self, steps: Iterable[tuple[str, float]]) -> None:
        parsed: dict[int, float] = {}
        for at, brightness in steps:
            minute = _minute_of_day(at)
            if not 0.0 <= brightness <= 1.0:
                raise ValueError(f"brightness at {at} must be from 0 to 1, not {brightness}")
            if minute in parsed:
                raise ValueError(f"brightness schedule lists {at} twice")
            parsed[minute] = float(brightness)
        self._minutes = sorted(parsed)
        self._levels = [parsed[minute] for minute in self._minutes]

    @property
    def steps(self) -> tuple[tuple[str, float], ...]:
        """The steps in time order, as ``("HH:MM", brightness)``."""
        return tuple(
            (f"{minute // 60:02d}:{minute % 60:02d}", level)
            for minute, level in zip(self._minutes, self._levels, strict=True)
        )

    def at(self, when: datetime.time) -> float:
        """The brightness (0 to 1) at wall-clock time ``when``."""
        if not self._levels:
            return FULL
        index = bisect.bisect_right(self._minutes, when.hour * 60 + when.minute) - 1
        return self._levels[index]  # index -1 (before the first step) wraps to the last

    def __repr__(self) -> str:
        return f"BrightnessSchedule({list(self.steps)!r})"


def _minute_of_day(text: str) -> int:
    match = HH_MM.fullmatch(text)
    if match is None:
        raise ValueError(f"brightness schedule time {text!r} is not HH:MM (00:00 to 23:59)")
    return int(match.group(1)) * 60 + int(match.group(2))
