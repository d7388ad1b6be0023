"""The shared IRQ wire: open-drain outputs tied together with a pull-up, low while any pulls."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol


class IrqSource(Protocol):
    """An open-drain, active-low output (a simulated MPR121)."""

    @property
    def irq_asserted(self) -> bool: ...

    def on_irq_change(self, listener: Callable[[], None]) -> None: ...


class DrivenPin(Protocol):
    """An input pin whose level can be forced, such as gpiozero's ``MockPin``."""

    def drive_low(self) -> None: ...

    def drive_high(self) -> None: ...


class WiredOrLine:
    """Drives the pins attached to it low while any connected source asserts its IRQ."""

    def __init__(self) -> None:
        self._sources: list[IrqSource] = []
        self._pins: list[DrivenPin] = []
        self._low = False
        self.falling_edges = 0

    def connect(self, source: IrqSource) -> None:
        self._sources.append(source)
        source.on_irq_change(self._update)
        self._update()

    def attach_pin(self, pin: DrivenPin, *, first: bool = False) -> None:
        """Wire a GPIO input to the line; ``first`` makes it hear each change before the others."""
        self._pins.insert(0 if first else len(self._pins), pin)
        if self._low:
            pin.drive_low()
        else:
            pin.drive_high()

    @property
    def low(self) -> bool:
        return self._low

    def _update(self) -> None:
        low = any(source.irq_asserted for source in self._sources)
        if low == self._low:
            return
        self._low = low
        if low:
            self.falling_edges += 1
        for pin in self._pins:
            if low:
                pin.drive_low()
            else:
                pin.drive_high()

    def __repr__(self) -> str:
        return f"<WiredOrLine {'low' if self._low else 'high'} sources={len(self._sources)}>"


class StuckLow:
    """A fault on an IRQ wire (a solder bridge to GND, a chip stuck asserting): holds it low."""

    def __init__(self) -> None:
        self._held = True
        self._listeners: list[Callable[[], None]] = []

    @property
    def irq_asserted(self) -> bool:
        return self._held

    def on_irq_change(self, listener: Callable[[], None]) -> None:
        self._listeners.append(listener)

    def clear(self) -> None:
        """The fault is repaired: let the wire go."""
        self._held = False
        for listener in self._listeners:
            listener()
