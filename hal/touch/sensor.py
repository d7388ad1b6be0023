"""A touch sensor made of MPR121 chips: interrupt driven, with a slow safety poll on request."""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import dataclass
from types import TracebackType
from typing import Any, Protocol

from gpiozero import DigitalInputDevice, GPIOZeroError

from hal.interfaces import Clock, EventSink, HalEvent, TouchEvent
from hal.touch.bank import ChipBank
from hal.touch.chip import ChipHealth, ChipUnavailableError, Mpr121Chip
from hal.touch.mux import MuxSelector
from hal.touch.probe import ScanResult, scan
from hal.touch.settings import Pad, TouchSettings

POLL_ONLY_INTERVAL_S = 0.02


class Decoder(Protocol):
    """Turns the set of touched electrodes into cell events (the layout's logic)."""

    def update(self, active: frozenset[Pad], stale: frozenset[Pad], t: float) -> list[TouchEvent]:
        """Events for the touched electrodes ``active``; those in ``stale`` may be out of date."""

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
    """Reads the chips on each falling edge of the shared IRQ wire and on ``poll()``."""

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
    ) -> None:
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
        self._pin_factory = pin_factory
        self._irq: Any = None
        self._sink: EventSink | None = None
        self._lock = threading.Lock()
        self._pending = False
        self._closed = False
        self.edges = 0  # falling edges seen, for diagnostics and the benchmark

    @property
    def poll_interval(self) -> float | None:
        """How often the caller should call ``poll()``: 50 Hz without an IRQ wire, else the
        safety poll (None: never needed)."""
        if self._settings.irq_pin is None:
            return POLL_ONLY_INTERVAL_S
        return self._settings.safety_poll_s

    def start(self, sink: EventSink) -> None:
        """Configure the chips and listen to the IRQ wire.

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
        if self._settings.irq_pin is not None:
            try:
                self._irq = DigitalInputDevice(
                    self._settings.irq_pin, pull_up=True, pin_factory=self._pin_factory
                )
            except GPIOZeroError as error:
                raise RuntimeError(
                    f"cannot watch the touch IRQ on GPIO{self._settings.irq_pin}: {error}"
                ) from error
            self._irq.when_activated = self._on_edge
            if self._irq.is_active:  # a chip asserted before we listened
                self._on_edge()

    def poll(self) -> None:
        """Read every chip, check for resets and retry dead chips that are due; no-op if closed."""
        if self._sink is None or self._closed:
            return
        with self._lock:
            self._cycle(thorough=True)
        self._drain()

    def close(self) -> None:
        """Stop listening to the IRQ wire; safe to call twice. The bus belongs to the caller."""
        self._closed = True
        if self._irq is not None:
            self._irq.close()
            self._irq = None

    def health(self) -> list[ChipHealth]:
        """Per chip: where it is, ok or dead, resets seen, errors."""
        with self._lock:
            return self._bank.health()

    def readings(self) -> list[PadReading]:
        """Filtered data and baseline of every electrode of every working chip."""
        result: list[PadReading] = []
        with self._lock:
            for index, chip in enumerate(self._bank.chips):
                if not chip.ok:
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
    def _on_edge(self) -> None:
        self.edges += 1
        self._pending = True
        self._drain()

    def _drain(self) -> None:
        # An edge that arrives while another thread holds the lock only sets the flag; the
        # holder (or this loop, once the lock is free) reads the chips again for it.
        while self._pending and not self._closed:
            if not self._lock.acquire(blocking=False):
                return
            try:
                while self._pending:
                    self._pending = False
                    self._cycle(thorough=False)
                    if self._line_low() and self._bank.any_dead:
                        # the line is still held: a chip we gave up on is alive and asserting
                        self._cycle(thorough=False, revive=True)
            finally:
                self._lock.release()

    def _line_low(self) -> bool:
        return self._irq is not None and bool(self._irq.is_active)

    def _cycle(self, *, thorough: bool, revive: bool = False) -> None:
        t = self._clock.now()
        line_low = self._line_low if self._irq is not None and not thorough else None
        changed, faults = self._bank.refresh(thorough=thorough, revive=revive, line_low=line_low)
        events: list[HalEvent] = list(faults)
        if changed:
            active, stale = self._bank.active_pads(), self._bank.stale_pads()
            events.extend(self._decoder.update(active, stale, t))
        self._deliver(events)

    def _deliver(self, events: Sequence[HalEvent]) -> None:
        if self._sink is not None:
            for event in events:
                self._sink(event)
