"""Named buttons on gpiozero, driven through its mock pins."""

from __future__ import annotations

import pytest
from gpiozero import Button
from gpiozero.pins.mock import MockFactory

from hal.buttons import ButtonSettings, GpioButtons, GpioSetupError
from hal.clock import FakeClock
from hal.interfaces import ButtonEvent, HalEvent

REFERENCE = (
    ButtonSettings("undo", 17, bounce_time_s=0.05),
    ButtonSettings("new", 27),
    ButtonSettings("menu", 22),
)


def test_presses_and_releases_are_reported_by_name_at_the_clock_time() -> None:
    factory, clock, events = MockFactory(), FakeClock(100.0), list[HalEvent]()
    with GpioButtons(REFERENCE, clock, pin_factory=factory) as buttons:
        buttons.start(events.append)
        factory.pin(17).drive_low()  # active low: pressed
        clock.advance(0.25)
        factory.pin(27).drive_low()
        clock.advance(0.5)
        factory.pin(17).drive_high()
        assert buttons.is_pressed("new")
        assert not buttons.is_pressed("undo")
    assert events == [
        ButtonEvent(100.0, "undo", True),
        ButtonEvent(100.25, "new", True),
        ButtonEvent(100.75, "undo", False),
    ]


def test_nothing_is_reported_before_start_or_after_close() -> None:
    factory, events = MockFactory(), list[HalEvent]()
    buttons = GpioButtons(REFERENCE, FakeClock(), pin_factory=factory)
    factory.pin(22).drive_low()
    factory.pin(22).drive_high()
    buttons.start(events.append)
    buttons.close()
    buttons.close()
    assert events == []
    Button(22, pin_factory=factory).close()  # the pin was given back


def test_an_active_high_button_is_pressed_when_driven_high() -> None:
    factory, events = MockFactory(), list[HalEvent]()
    settings = [ButtonSettings("undo", 5, pull_up=False)]
    with GpioButtons(settings, FakeClock(), pin_factory=factory) as buttons:
        buttons.start(events.append)
        factory.pin(5).drive_high()
    assert events == [ButtonEvent(0.0, "undo", True)]


def test_settings_reach_the_pin() -> None:
    factory = MockFactory()
    with GpioButtons(REFERENCE, FakeClock(), pin_factory=factory) as buttons:
        assert buttons.names == ("undo", "new", "menu")
        assert factory.pin(17).bounce == 0.05
        assert factory.pin(27).bounce is None
        assert factory.pin(17).pull == "up"


def test_a_bad_pin_names_the_button_and_gives_back_the_pins_already_taken() -> None:
    factory = MockFactory()
    settings = [ButtonSettings("undo", 17), ButtonSettings("new", 99)]
    with pytest.raises(GpioSetupError, match=r"button 'new' on pin 99 could not be opened"):
        GpioButtons(settings, FakeClock(), pin_factory=factory)
    Button(17, pin_factory=factory).close()


def test_two_buttons_on_one_pin_are_refused() -> None:
    settings = [ButtonSettings("undo", 17), ButtonSettings("new", 17)]
    with pytest.raises(GpioSetupError, match=r"button 'new' on pin 17"):
        GpioButtons(settings, FakeClock(), pin_factory=MockFactory())


def test_names_must_differ_and_unknown_names_are_refused() -> None:
    with pytest.raises(ValueError, match="button names must differ"):
        GpioButtons([ButtonSettings("a", 5), ButtonSettings("a", 6)], FakeClock())
    buttons = GpioButtons(REFERENCE, FakeClock(), pin_factory=MockFactory())
    with buttons, pytest.raises(ValueError, match="unknown button 'reset'"):
        buttons.is_pressed("reset")
