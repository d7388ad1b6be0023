"""A ready touch rig for tests and benchmarks: simulated panel, mock IRQ pin, sensor, fake clock."""

from __future__ import annotations

from dataclasses import dataclass, field

from gpiozero.pins.mock import MockFactory

from hal.clock import FakeClock
from hal.interfaces import Cell, FaultEvent, HalEvent, TouchEvent
from hal.sim.panel import SimTouchPanel
from hal.touch.direct import DirectTouchSensor
from hal.touch.matrix import MatrixTouchSensor
from hal.touch.sensor import PadTouchSensor
from hal.touch.settings import DirectLayout, MatrixLayout, TouchSettings


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
    def matrix(
        cls,
        *,
        settings: TouchSettings | None = None,
        layout: MatrixLayout | None = None,
        noise_counts: int = 0,
        seed: int = 0,
        start: bool = True,
        pin_factory: MockFactory | None = None,
    ) -> TouchRig:
        settings = settings or TouchSettings()
        panel = SimTouchPanel.matrix(layout, noise_counts=noise_counts, seed=seed)
        clock, factory = FakeClock(), pin_factory or MockFactory()
        sleeps: list[float] = []
        sensor = MatrixTouchSensor(
            panel.bus,
            clock=clock,
            layout=layout,
            settings=settings,
            pin_factory=factory,
            sleep=sleeps.append,
        )
        return cls._wire(panel, sensor, clock, sleeps, factory, settings, start)

    @classmethod
    def direct(
        cls,
        *,
        settings: TouchSettings | None = None,
        layout: DirectLayout | None = None,
        noise_counts: int = 0,
        seed: int = 0,
        start: bool = True,
        pin_factory: MockFactory | None = None,
    ) -> TouchRig:
        settings = settings or TouchSettings()
        panel = SimTouchPanel.direct(layout, noise_counts=noise_counts, seed=seed)
        clock, factory = FakeClock(), pin_factory or MockFactory()
        sleeps: list[float] = []
        sensor = DirectTouchSensor(
            panel.bus,
            clock=clock,
            layout=layout,
            settings=settings,
            pin_factory=factory,
            sleep=sleeps.append,
        )
        return cls._wire(panel, sensor, clock, sleeps, factory, settings, start)

    @classmethod
    def _wire(
        cls,
        panel: SimTouchPanel,
        sensor: PadTouchSensor,
        clock: FakeClock,
        sleeps: list[float],
        factory: MockFactory,
        settings: TouchSettings,
        start: bool,
    ) -> TouchRig:
        if settings.irq_pin is not None:
            panel.attach_pin(factory.pin(settings.irq_pin))
        rig = cls(panel, sensor, clock, factory, sleeps=sleeps)
        if start:
            sensor.start(rig.events.append)
            panel.step(3)  # let the chips take their first readings and settle
        return rig

    def touches(self) -> list[TouchEvent]:
        return [e for e in self.events if isinstance(e, TouchEvent)]

    def faults(self) -> list[FaultEvent]:
        return [e for e in self.events if isinstance(e, FaultEvent)]

    def tap(self, cell: Cell, *, hold: int = 5, after: int = 5) -> None:
        self.panel.tap(cell, hold=hold, after=after)

    def close(self) -> None:
        self.sensor.close()
