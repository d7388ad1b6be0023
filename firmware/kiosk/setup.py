"""Kiosk mode from the config: attract and abandon, the brightness schedule (the day statistics
are the match history's)."""

from __future__ import annotations

import dataclasses
import datetime
from dataclasses import dataclass
from pathlib import Path

from firmware.config.schema import KioskConfig
from firmware.errors import InputError
from firmware.kiosk.brightness import BrightnessSchedule
from firmware.kiosk.dimmer import Dimmer, WallClock
from firmware.kiosk.idle import Attract, kiosk_attract
from hal.interfaces import Clock, LedOutput


class KioskSetupError(InputError):
    """The kiosk section cannot run as configured; the message is one line for the user."""


@dataclass(frozen=True, slots=True)
class KioskParts:
    """What the controller and the web server need for kiosk mode."""

    attract: Attract
    dimmer: Dimmer
    staff_pin: str


def kiosk_section(kiosk: KioskConfig, *, forced: bool) -> KioskConfig | None:
    """The kiosk section to run with (``forced``: as if enabled), or None when it is off."""
    if forced:
        kiosk = dataclasses.replace(kiosk, enabled=True)
    if not kiosk.enabled:
        return None
    if kiosk.staff_pin is None:
        raise KioskSetupError(
            'kiosk.staff_pin: kiosk mode needs a staff PIN (4 to 8 digits, e.g. staff_pin: "48260")'
        )
    return kiosk


def build_kiosk(
    kiosk: KioskConfig, *, clock: Clock, leds: LedOutput, state_dir: Path, wall: WallClock
) -> KioskParts:
    """The kiosk's parts for an enabled section (see ``kiosk_section``)."""
    attract = kiosk_attract(
        clock,
        enabled=True,
        attract_minutes=kiosk.attract_minutes,
        abandon_minutes=kiosk.abandon_minutes,
    )
    assert attract is not None and kiosk.staff_pin is not None
    schedule = BrightnessSchedule((step.at, step.brightness) for step in kiosk.brightness_schedule)
    return KioskParts(
        attract=attract,
        dimmer=Dimmer(schedule, wall, leds),
        staff_pin=kiosk.staff_pin,
    )


def wall_on(clock: Clock, start: datetime.datetime) -> WallClock:
    """A wall clock that starts at ``start`` and runs with ``clock`` (a scripted run's time)."""
    t0 = clock.now()
    return lambda: start + datetime.timedelta(seconds=clock.now() - t0)
