"""The IRQ wires a touch sensor listens to: the GPIO of each, and which chips pull it low."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from gpiozero import DigitalInputDevice, GPIOZeroError


@dataclass(frozen=True, slots=True)
class IrqWire:
    """One open-drain IRQ wire: the GPIO it arrives on and the chips (indices) tied to it."""

    pin: int
    chips: tuple[int, ...]


class IrqInputs:
    """gpiozero inputs on the IRQ wires; a falling edge on wire ``i`` calls ``on_edge(i)``."""

    def __init__(self, wires: Sequence[IrqWire], pin_factory: Any = None) -> None:
        self.wires = tuple(wires)
        self._pin_factory = pin_factory
        self._devices: list[Any] = []

    def open(self, on_edge: Callable[[int], None]) -> None:
        """Watch every wire; a wire already low (a chip asserted before) reports at once."""
        for index, wire in enumerate(self.wires):
            try:
                device = DigitalInputDevice(wire.pin, pull_up=True, pin_factory=self._pin_factory)
            except GPIOZeroError as error:
                self.close()
                raise RuntimeError(
                    f"cannot watch the touch IRQ on GPIO{wire.pin}: {error}"
                ) from error
            device.when_activated = partial(on_edge, index)
            self._devices.append(device)
        for index, device in enumerate(self._devices):
            if device.is_active:
                on_edge(index)

    def low(self, index: int) -> bool:
        """Whether wire ``index`` is held low (some chip on it has an unread change)."""
        return index < len(self._devices) and bool(self._devices[index].is_active)

    def close(self) -> None:
        """Release the GPIOs; safe to call twice."""
        devices, self._devices = self._devices, []
        for device in devices:
            device.close()
