"""The direct layout: one electrode per cell behind a TCA9548A; many touches at once."""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from typing import Any

from hal.interfaces import Cell, Clock, TouchEvent, TouchKind
from hal.touch.chip import tuned_chips
from hal.touch.irq import IrqWire
from hal.touch.mux import MuxSelector
from hal.touch.sensor import PadTouchSensor
from hal.touch.settings import DirectLayout, Pad, TouchSettings


class DirectDecoder:
    """Each assigned electrode is a cell: DOWN when it becomes touched, UP when it lets go."""

    wants_levels = False

    def __init__(self, layout: DirectLayout) -> None:
        self._cells: dict[Pad, Cell] = {pad: cell for cell, pad in layout.cells}
        self.held: frozenset[Cell] = frozenset()

    def update(
        self,
        active: frozenset[Pad],
        stale: frozenset[Pad],
        t: float,
        levels: Mapping[Pad, float] | None = None,
    ) -> list[TouchEvent]:
        # a dead chip's bits never change, so its cells simply stay as they were
        now = frozenset(self._cells[p] for p in active if p in self._cells)
        events = [TouchEvent(t, TouchKind.UP, cell) for cell in sorted(self.held - now)]
        events += [TouchEvent(t, TouchKind.DOWN, cell) for cell in sorted(now - self.held)]
        self.held = now
        return events

    def label(self, pad: Pad) -> str:
        cell = self._cells.get(pad)
        return "" if cell is None else f"cell {cell}"

    def describe(self) -> str:
        return f"held={sorted(self.held)}"


class DirectTouchSensor(PadTouchSensor):
    """225 electrodes on 19 MPR121, four per mux channel on channels 0..4 (by default).

    The chips' IRQ pins share the settings' ``irq_pin``, or with ``layout.irq_pins`` each
    channel has its own wire, and an edge reads only that channel's chips.
    """

    def __init__(
        self,
        bus: Any,
        *,
        clock: Clock,
        layout: DirectLayout | None = None,
        settings: TouchSettings | None = None,
        pin_factory: Any = None,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        layout = layout or DirectLayout()
        settings = settings or TouchSettings()
        self.mux = MuxSelector(bus, layout.mux_address)
        pads = [pad for _, pad in layout.cells]
        chips = tuned_chips(
            layout.chips, lambda spec: self.mux.channel(spec.channel or 0), pads, settings, sleep
        )
        super().__init__(
            chips,
            DirectDecoder(layout),
            settings,
            clock=clock,
            bus=bus,
            mux=self.mux,
            pin_factory=pin_factory,
            irq_wires=channel_wires(layout, settings),
        )


def channel_wires(layout: DirectLayout, settings: TouchSettings) -> list[IrqWire] | None:
    """One IRQ wire per mux channel when the layout gives them; None: the shared wire."""
    if not layout.irq_pins:
        return None
    if settings.irq_pin is not None:
        raise ValueError(
            f"the direct layout has an IRQ pin per mux channel: set irq_pin to None, "
            f"not {settings.irq_pin}"
        )
    return [IrqWire(pin, layout.channel_chips(channel)) for channel, pin in layout.irq_pins]
