"""A ready touch rig for tests and benchmarks: simulated panel, mock IRQ pin, sensor, fake clock."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import TypedDict, Unpack

from gpiozero.pins.mock import MockFactory

from hal.clock import FakeClock
from hal.interfaces import Cell, FaultEvent, HalEvent, TouchEvent
from hal.sim.panel import SimTouchPanel
from hal.touch.direct import DirectTouchSensor
from hal.touch.matrix import MatrixTouchSensor
from hal.touch.sensor import PadTouchSensor
from hal.touch.settings import DirectLayout, MatrixLayout, TouchSettings


class RigOptions(TypedDict, total=False):
    """What both kinds of rig can be given besides the layout."""

    settings: TouchSettings | None
    noise_counts: int
    seed: int
    start: bool
    pin_factory: MockFactory | None


@dataclass
class TouchRig:
    """Everything wired: fingers go in through ``panel``, events come out in ``events``."""

    panel: SimTouchPanel
    sensor: PadTouchSensor
    clock: FakeClock
    pin_factory: MockFactory
    events: list[HalEvent] = field(default_factory=list)
    sleeps: list[float] = field(default_factory=list)

    @classmethod
    def matrix(cls, layout: MatrixLayout | None = None, **options: Unpack[RigOptions]) -> TouchRig:
        """Three chips on the main bus (or ``layout``), one shared IRQ wire."""
        return cls.build(layout or MatrixLayout(), **options)

    @classmethod
    def direct(cls, layout: DirectLayout | None = None, **options: Unpack[RigOptions]) -> TouchRig:
        """Nineteen chips behind the mux (or ``layout``), IRQ wires as the layout says."""
        return cls.build(layout or DirectLayout(), **options)

    @classmethod
    def build(
        cls,
        layout: MatrixLayout | DirectLayout,
        *,
        settings: TouchSettings | None = None,
        noise_counts: int = 0,
        seed: int = 0,
        start: bool = True,
        pin_factory: MockFactory | None = None,
    ) -> TouchRig:
        """The panel and sensor for ``layout``; started and settled unless ``start`` is False."""
        settings = settings or TouchSettings()
        clock, factory = FakeClock(), pin_factory or MockFactory()
        sleeps: list[float] = []
        make: Callable[..., PadTouchSensor]
        per_channel: tuple[tuple[int, int], ...]
        if isinstance(layout, MatrixLayout):
            panel = SimTouchPanel.matrix(layout, noise_counts=noise_counts, seed=seed)
            make, per_channel = partial(MatrixTouchSensor, layout=layout), ()
        else:
            panel = SimTouchPanel.direct(layout, noise_counts=noise_counts, seed=seed)
            make, per_channel = partial(DirectTouchSensor, layout=layout), layout.irq_pins
        sensor = make(
            panel.bus, clock=clock, settings=settings, pin_factory=factory, sleep=sleeps.append
        )
        panel.attach_irq_pins(factory.pin, shared=settings.irq_pin, per_channel=per_channel)
        rig = cls(panel, sensor, clock, factory, sleeps=sleeps)
        if start:
            sensor.start(rig.events.append)
            panel.step(3)  # let the chips take their first readings and settle
        return rig

    def touches(self) -> list[TouchEvent]:
        return [e for e in self.events if isinstance(e, TouchEvent)]

    def faults(self) -> list[FaultEvent]:
        return [e for e in self.events if isinstance(e, FaultEvent)]

    def tap(self, cell: Cell, *, hold: int = 8, after: int = 8) -> None:
        self.panel.tap(cell, hold=hold, after=after)

    def close(self) -> None:
        self.sensor.close()
