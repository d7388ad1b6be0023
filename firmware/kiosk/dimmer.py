"""The kiosk's brightness: the schedule by wall-clock time, or a staff level until its next step."""

from __future__ import annotations

import datetime
import logging
from collections.abc import Callable

from firmware.kiosk.brightness import BrightnessSchedule
from hal.interfaces import LedOutput

WallClock = Callable[[], datetime.datetime]

log = logging.getLogger("cullsboard.kiosk")


class Dimmer:
    """Keeps the LEDs at the schedule's brightness; a staff level holds until the next step."""

    def __init__(self, schedule: BrightnessSchedule, wall: WallClock, target: LedOutput) -> None:
        self._schedule = schedule
        self._wall = wall
        self._target = target
        self._override: tuple[float, str | None] | None = None  # level, step it was set in

    @property
    def level(self) -> float | None:
        """The brightness the LEDs should have now (None: no schedule, leave it as configured)."""
        step = self._step_now()
        if self._override is not None and self._override[1] == step:
            return self._override[0]
        self._override = None
        if not self._schedule.steps:
            return None
        return self._schedule.at(self._wall().time())

    def set_level(self, level: float) -> None:
        """A staff setting: ``level`` (0 to 1) until the schedule's next step."""
        if not 0.0 <= level <= 1.0:
            raise ValueError(f"brightness must be from 0 to 1, not {level}")
        self._override = (float(level), self._step_now())

    def apply(self) -> bool:
        """Give the LEDs the brightness for now; True if it changed."""
        level = self.level
        if level is None or self._target.brightness == level:
            return False
        log.info("LED brightness %.2f -> %.2f", self._target.brightness, level)
        self._target.brightness = level
        return True

    def seconds_to_next_check(self) -> float | None:
        """Steps fall on whole minutes: the time to the next minute, or None with no schedule."""
        if not self._schedule.steps:
            return None
        now = self._wall()
        return 60.0 - (now.second + now.microsecond / 1_000_000)

    def _step_now(self) -> str | None:
        """The time of the step in force now (before the day's first: the last one)."""
        steps = self._schedule.steps
        if not steps:
            return None
        now = self._wall().strftime("%H:%M")
        held = [at for at, _ in steps if at <= now]
        return held[-1] if held else steps[-1][0]

    def __repr__(self) -> str:
        return f"<Dimmer {self._schedule!r} override={self._override}>"
