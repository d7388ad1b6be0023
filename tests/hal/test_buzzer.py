"""The beeper on gpiozero's mock PWM pins, with the stop timer run on a fake clock."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from gpiozero.pins.mock import MockFactory, MockPWMPin

from hal.buttons import GpioSetupError
from hal.buzzer import HIGHEST_HZ, LOWEST_HZ, GpioBuzzer
from hal.clock import FakeClock


class RecordingPWMPin(MockPWMPin):  # type: ignore[misc]
    """A mock PWM pin that keeps every frequency it was set to."""

    def __init__(self, factory: Any, info: Any) -> None:
        self.frequencies: list[float | None] = []
        super().__init__(factory, info)

    def _set_frequency(self, value: float | None) -> None:
        self.frequencies.append(value)
        super()._set_frequency(value)


class ClockScheduler:
    """Runs scheduled actions when the fake clock has reached them."""

    def __init__(self, clock: FakeClock) -> None:
        self.clock = clock
        self.pending: list[tuple[float, Callable[[], None]]] = []

    def __call__(self, delay_s: float, action: Callable[[], None]) -> None:
        self.pending.append((self.clock.now() + delay_s, action))

    def advance(self, seconds: float) -> None:
        self.clock.advance(seconds)
        due = [entry for entry in self.pending if entry[0] <= self.clock.now()]
        self.pending = [entry for entry in self.pending if entry[0] > self.clock.now()]
        for _, action in sorted(due, key=lambda entry: entry[0]):
            action()


def open_buzzer() -> tuple[GpioBuzzer, RecordingPWMPin, ClockScheduler]:
    factory = MockFactory(pin_class=RecordingPWMPin)
    scheduler = ClockScheduler(FakeClock())
    buzzer = GpioBuzzer(13, pin_factory=factory, scheduler=scheduler)
    pin = factory.pin(13)
    pin.frequencies.clear()
    return buzzer, pin, scheduler


def test_a_beep_starts_at_once_and_stops_by_itself() -> None:
    buzzer, pin, scheduler = open_buzzer()
    buzzer.beep(440.0, 0.1)
    assert pin.frequencies == [440.0]
    assert pin.state == 0.5  # a square wave
    assert buzzer.sounding
    scheduler.advance(0.05)
    assert pin.frequencies == [440.0]
    scheduler.advance(0.05)
    assert pin.frequencies == [440.0, None]
    assert not buzzer.sounding


def test_a_new_beep_replaces_the_old_one_whose_stop_then_does_nothing() -> None:
    buzzer, pin, scheduler = open_buzzer()
    buzzer.beep(440.0, 0.2)
    scheduler.advance(0.1)
    buzzer.beep(880.0, 0.2)
    scheduler.advance(0.1)  # the first beep's stop comes due
    assert pin.frequencies == [440.0, 880.0]
    scheduler.advance(0.1)
    assert pin.frequencies == [440.0, 880.0, None]


def test_tones_out_of_range_are_clamped() -> None:
    buzzer, pin, _ = open_buzzer()
    buzzer.beep(20.0, 0.1)
    buzzer.beep(20_000.0, 0.1)
    assert pin.frequencies == pytest.approx([LOWEST_HZ, HIGHEST_HZ])


def test_a_beep_needs_a_positive_tone_and_length() -> None:
    buzzer, pin, _ = open_buzzer()
    with pytest.raises(ValueError, match=r"got 440\.0 Hz, 0 s"):
        buzzer.beep(440.0, 0)
    with pytest.raises(ValueError, match=r"got -5\.0 Hz, 0\.1 s"):
        buzzer.beep(-5.0, 0.1)
    assert pin.frequencies == []


def test_close_silences_releases_the_pin_and_later_beeps_are_ignored() -> None:
    buzzer, pin, scheduler = open_buzzer()
    buzzer.beep(440.0, 1.0)
    buzzer.close()
    buzzer.close()
    assert pin.frequencies[-1] is None
    buzzer.beep(660.0, 0.1)
    scheduler.advance(1.0)
    assert 660.0 not in pin.frequencies
    assert not buzzer.sounding


def test_a_pin_without_pwm_is_refused_with_the_fix() -> None:
    with pytest.raises(GpioSetupError, match=r"buzzer on pin 13 could not be opened .* needs PWM"):
        GpioBuzzer(13, pin_factory=MockFactory())
