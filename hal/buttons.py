"""Named push buttons on gpiozero (UNDO, NEW, MENU ...), active low with pull-ups by default.

gpiozero calls back from its own thread: the sink given to ``start`` runs there, so it must only
enqueue the event for the controller's loop and never touch game state.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from gpiozero import Button, GPIOZeroError

from hal.errors import HardwareError
from hal.interfaces import ButtonEvent, Clock, EventSink


class GpioSetupError(HardwareError):
    """A GPIO device could not be opened; the message names the device, the pin and the fix."""


@dataclass(frozen=True, slots=True)
class ButtonSettings:
    """One button: its name, its GPIO (BCM number or a gpiozero pin name), and how it is wired."""

    name: str
    pin: int | str
    pull_up: bool = True  # pressed pulls the pin to ground
    bounce_time_s: float | None = None  # None: no software debounce


class GpioButtons:
    """A ``ButtonInput`` on gpiozero ``Button``s from the given (or the default) pin factory."""

    def __init__(
        self,
        settings: Sequence[ButtonSettings],
        clock: Clock,
        *,
        pin_factory: Any = None,
    ) -> None:
        names = [button.name for button in settings]
        if len(set(names)) != len(names):
            raise ValueError(f"button names must differ, got {names}")
        self._clock = clock
        self._sink: EventSink | None = None
        self._buttons: dict[str, Any] = {}
        try:
            for button in settings:
                self._buttons[button.name] = _open_button(button, pin_factory)
        except GpioSetupError:
            self.close()
            raise
        for name, device in self._buttons.items():
            device.when_pressed = self._reporter(name, pressed=True)
            device.when_released = self._reporter(name, pressed=False)

    @property
    def names(self) -> Sequence[str]:
        return tuple(self._buttons)

    def is_pressed(self, name: str) -> bool:
        """Whether ``name`` is held down now."""
        if name not in self._buttons:
            raise ValueError(f"unknown button {name!r}: the board has {', '.join(self.names)}")
        return bool(self._buttons[name].is_pressed)

    def start(self, sink: EventSink) -> None:
        """Report presses and releases to ``sink`` (called from gpiozero's thread)."""
        self._sink = sink

    def close(self) -> None:
        """Release the pins; safe to call twice."""
        self._sink = None
        buttons, self._buttons = self._buttons, {}
        for device in buttons.values():
            device.close()

    def _reporter(self, name: str, *, pressed: bool) -> Any:
        def report() -> None:
            sink = self._sink
            if sink is not None:
                sink(ButtonEvent(self._clock.now(), name, pressed))

        return report

    def __enter__(self) -> GpioButtons:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"<GpioButtons {list(self._buttons)}>"


def _open_button(button: ButtonSettings, pin_factory: Any) -> Any:
    try:
        return Button(
            button.pin,
            pull_up=button.pull_up,
            bounce_time=button.bounce_time_s,
            pin_factory=pin_factory,
        )
    except (GPIOZeroError, OSError, ValueError) as error:
        raise GpioSetupError(
            f"button {button.name!r} on pin {button.pin} could not be opened ({error}):"
            " check the pin in the config and that the user is in the gpio group"
        ) from error
