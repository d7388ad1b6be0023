"""A touch sensor made of MPR121 chips: interrupt driven, with a slow safety poll on request."""

from __future__ import annotations

import threading
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from types import TracebackType
from typing import Any, Protocol

from hal.interfaces import Clock, EventSink, FaultEvent, HalEvent, TouchEvent
from hal.touch.bank import ChipBank
from hal.touch.chip import ChipHealth, ChipUnavailableError, Mpr121Chip
from hal.touch.irq import IrqInputs, IrqWire
from hal.touch.mux import MuxSelector
from hal.touch.probe import ScanResult, scan
from hal.touch.settings import Pad, TouchSettings

POLL_ONLY_INTERVAL_S = 0.02


class Decoder(Protocol):
    """Turns the set of touched electrodes into cell events (the layout's logic)."""

    @property
    def wants_levels(self) -> bool:
        """Whether ``update`` should get each live electrode's strength."""

    def update(
        self,
        active: frozenset[Pad],
        stale: frozenset[Pad],
        t: float,
        levels: Mapping[Pad, float] | None = None,
    ) -> list[TouchEvent]:
        """Events for the touched electrodes ``active``; those in ``stale`` may be out of date.
        ``levels``: how far each live electrode reads below its baseline, in touch thresholds."""

    def label(self, pad: Pad) -> str: ...

    def describe(self) -> str: ...


@dataclass(frozen=True, slots=True)
class PadReading:
    """One electrode's raw numbers, for finding stuck or dead pads."""

    chip: str
    electrode: int
    label: str  # what the pad is for, e.g. "row 3" or "cell (4, 7)"; "" if unused
    filtered: int
    baseline: int
    touched: bool


class PadTouchSensor:
    """Reads the chips on each falling edge of an IRQ wire (only the chips on that wire) and on
    ``poll()`` (all of them).

    ``irq_wires`` defaults to one wire shared by every chip, on the settings' ``irq_pin``.
    """

    def __init__(
        self,
        chips: Sequence[Mpr121Chip],
        decoder: Decoder,
        settings: TouchSettings,
        *,
        clock: Clock,
        bus: Any,
        mux: MuxSelector | None = None,
        pin_factory: Any = None,
        irq_wires: Sequence[IrqWire] | None = None,
    ) -> None:
        if irq_wires is None:
            shared = settings.irq_pin
            irq_wires = [] if shared is None else [IrqWire(shared, tuple(range(len(chips))))]
        self._bus = bus
        self._mux = mux
        self._bank = ChipBank(
            chips,
            clock=clock,
            dead_retry_s=settings.retry.dead_retry_s,
            recent_first=mux is not None,  # many chips behind a mux; three are read in order
        )
        self._decoder = decoder
        self._settings = settings
        self._clock = clock
        self._irq = IrqInputs(irq_wires, pin_factory)
        self._sink: EventSink | None = None
        self._lock = threading.Lock()
        self._pending = [False] * len(irq_wires)  # per wire: an edge not yet served
        self._stuck = [False] * len(irq_wires)  # per wire: low though every chip was read
        self._closed = False
        self.edges = 0  # falling edges seen, for diagnostics and the benchmark

    @property
    def poll_interval(self) -> float | None:
        """How often the caller should call ``poll()``: 50 Hz without an IRQ wire or while one
        is stuck low, else the safety poll (None: never needed). It can change: ask again."""
        if not self._irq.wires or any(self._stuck):
            return POLL_ONLY_INTERVAL_S
        return self._settings.safety_poll_s

    def start(self, sink: EventSink) -> None:
        """Configure the chips and listen to the IRQ wires.

        ``sink`` runs on the IRQ thread or the polling one with the sensor's lock held: it
        should only queue the event (calling back into the sensor from it would deadlock).
        """
        if self._sink is not None:
            raise RuntimeError("the touch sensor is already started")
        if self._closed:
            raise RuntimeError("the touch sensor is closed")
        self._sink = sink
        with self._lock:
            self._deliver(self._bank.start())
            self._cycle(thorough=False)
        self._irq.open(self._on_edge)

    def poll(self) -> None:
        """Read every chip, check for resets and retry dead chips that are due; no-op if closed."""
        if self._sink is None or self._closed:
            return
        with self._lock:
            self._cycle(thorough=True)
            self._deliver(self._check_stuck())
        self._drain()

    def close(self) -> None:
        """Stop listening to the IRQ wires; safe to call twice. The bus belongs to the caller."""
        self._closed = True
        self._irq.close()

    def health(self) -> list[ChipHealth]:
        """Per chip: where it is, ok or dead, resets seen, errors."""
        with self._lock:
            return self._bank.health()

    def readings(self, chips: Collection[str] | None = None) -> list[PadReading]:
        """Filtered data and baseline of every electrode of every working chip (or of the
        chips named in ``chips``)."""
        result: list[PadReading] = []
        with self._lock:
            for index, chip in enumerate(self._bank.chips):
                if not chip.ok or (chips is not None and chip.name not in chips):
                    continue
                try:
                    values = chip.readings()
                except ChipUnavailableError:
                    continue
                for electrode, (filtered, baseline) in enumerate(values):
                    label = self._decoder.label(Pad(index, electrode))
                    touched = bool(chip.touched >> electrode & 1)
                    result.append(
                        PadReading(chip.name, electrode, label, filtered, baseline, touched)
                    )
        return result

    def charges(self) -> dict[str, list[tuple[int, float]]]:
        """Per working chip: each electrode's charge current (uA) and time (us), as set or as
        the chip's auto-configuration found them."""
        result: dict[str, list[tuple[int, float]]] = {}
        with self._lock:
            for chip in self._bank.chips:
                if chip.ok:
                    try:
                        result[chip.name] = chip.charges()
                    except ChipUnavailableError:
                        continue
        return result

    def scan(self) -> ScanResult:
        """Addresses answering on the bus and behind the mux (safe while running)."""
        with self._lock:
            if self._mux is None:
                return scan(self._bus)
            return scan(self._bus, mux_address=self._mux.address, selector=self._mux)

    def __enter__(self) -> PadTouchSensor:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    def __repr__(self) -> str:
        chips = self._bank.chips
        dead = sum(not chip.ok for chip in chips)
        state = "closed" if self._closed else "started" if self._sink else "new"
        return (
            f"<{type(self).__name__} {state} chips={len(chips)} dead={dead} "
            f"{self._decoder.describe()}>"
        )

    # --- internals ----------------------------------------------------------------------------
    def _on_edge(self, wire: int) -> None:
        self.edges += 1
        self._pending[wire] = True
        self._drain()

    def _drain(self) -> None:
        # An edge that arrives while another thread holds the lock only sets its flag; the
        # holder (or this loop, once the lock is free) reads that wire's chips for it.
        while any(self._pending) and not self._closed:
            if not self._lock.acquire(blocking=False):
                return
            try:
                while any(self._pending):
                    for wire, pending in enumerate(self._pending):
                        if pending:
                            self._pending[wire] = False
                            self._serve(wire)
            finally:
                self._lock.release()

    def _serve(self, wire: int) -> None:
        self._cycle(thorough=False, wire=wire)
        chips = self._irq.wires[wire].chips
        if self._irq.low(wire) and self._bank.any_dead(chips):
            # the wire is still held: a chip we gave up on is alive and asserting
            self._cycle(thorough=False, revive=True, wire=wire)
        if self._irq.low(wire) and not self._stuck[wire]:
            # a chip may have changed again during the pass: read once more before judging
            self._cycle(thorough=False, wire=wire)
            if self._irq.low(wire) and not self._bank.any_dead(chips):
                self._stuck[wire] = True
                pin = self._irq.wires[wire].pin
                message = (
                    "stays low after every chip on it was read (a short to GND, or a chip "
                    f"stuck asserting?): reading its chips every {POLL_ONLY_INTERVAL_S:g} s"
                )
                self._deliver([FaultEvent(self._clock.now(), f"touch IRQ GPIO{pin}", message)])

    def _check_stuck(self) -> list[FaultEvent]:
        """Wires that were stuck low and have let go: back to interrupts."""
        events: list[FaultEvent] = []
        for wire, stuck in enumerate(self._stuck):
            if stuck and not self._irq.low(wire):
                self._stuck[wire] = False
                device = f"touch IRQ GPIO{self._irq.wires[wire].pin}"
                message = "released again; back to interrupts"
                events.append(FaultEvent(self._clock.now(), device, message, recovered=True))
        return events

    def _cycle(self, *, thorough: bool, revive: bool = False, wire: int | None = None) -> None:
        """Read the chips of ``wire`` until it is released, or (None) every chip."""
        t = self._clock.now()
        if wire is None:
            changed, faults = self._bank.refresh(thorough=thorough, revive=revive)
        else:
            changed, faults = self._bank.refresh(
                thorough=thorough,
                revive=revive,
                line_low=lambda: self._irq.low(wire),
                only=self._irq.wires[wire].chips,
            )
        events: list[HalEvent] = list(faults)
        if changed:
            active, stale = self._bank.active_pads(), self._bank.stale_pads()
            levels = self._bank.levels() if self._decoder.wants_levels else None
            events.extend(self._decoder.update(active, stale, t, levels))
        self._deliver(events)

    def _deliver(self, events: Sequence[HalEvent]) -> None:
        if self._sink is not None:
            for event in events:
                self._sink(event)
