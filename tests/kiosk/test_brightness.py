"""The brightness schedule by time of day, wrapping past midnight."""

from __future__ import annotations

import datetime

import pytest

from firmware.kiosk.brightness import BrightnessSchedule

CAFE = [("09:00", 0.8), ("20:00", 0.5), ("23:00", 0.2)]


@pytest.mark.parametrize(
    ("clock", "brightness"),
    [
        ("09:00", 0.8),
        ("12:30", 0.8),
        ("19:59", 0.8),
        ("20:00", 0.5),
        ("22:59", 0.5),
        ("23:00", 0.2),
        ("23:59", 0.2),
        ("00:00", 0.2),  # past midnight the evening's last step still holds
        ("08:59", 0.2),
    ],
)
def test_brightness_at(clock: str, brightness: float) -> None:
    assert BrightnessSchedule(CAFE).at(datetime.time.fromisoformat(clock)) == brightness


def test_order_of_steps_does_not_matter() -> None:
    schedule = BrightnessSchedule(reversed(CAFE))
    assert schedule.steps == tuple(CAFE)
    assert schedule.at(datetime.time(21, 15)) == 0.5


def test_seconds_do_not_matter() -> None:
    assert BrightnessSchedule(CAFE).at(datetime.time(19, 59, 59)) == 0.8


def test_one_step_holds_all_day() -> None:
    schedule = BrightnessSchedule([("12:00", 0.3)])
    assert schedule.at(datetime.time(0, 0)) == 0.3
    assert schedule.at(datetime.time(18, 0)) == 0.3


def test_empty_is_full_brightness() -> None:
    assert BrightnessSchedule([]).at(datetime.time(3, 0)) == 1.0


@pytest.mark.parametrize(
    ("steps", "message"),
    [
        ([("9:00", 0.5)], "'9:00' is not HH:MM"),
        ([("24:00", 0.5)], "'24:00' is not HH:MM"),
        ([("09:00", 1.5)], "brightness at 09:00 must be from 0 to 1"),
        ([("09:00", 0.5), ("09:00", 0.6)], "lists 09:00 twice"),
    ],
)
def test_bad_steps_name_the_step(steps: list[tuple[str, float]], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        BrightnessSchedule(steps)


def test_repr_round_trips() -> None:
    schedule = BrightnessSchedule(CAFE)
    assert repr(schedule) == f"BrightnessSchedule({CAFE!r})"
