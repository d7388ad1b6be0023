"""Touch benchmark on the simulated bus: bus traffic while idle and per touch, and edge latency.

Three setups: the matrix, the direct layout on the shared IRQ wire (GPIO4), and the direct
layout with an IRQ wire per mux channel, where an edge reads only that channel's chips.

Run: .venv/bin/python bench/bench_touch.py
"""

from __future__ import annotations

import statistics
import time
from dataclasses import dataclass

from hal.interfaces import HalEvent, TouchEvent, TouchKind
from hal.sim.rig import TouchRig
from hal.touch.settings import DirectLayout, MatrixLayout, TouchSettings

I2C_HZ = 400_000
IDLE_PERIODS = 5_000  # sample periods (16 ms each with the default filter settings)
TAPS = 300
PINS = (4, 5, 6, 23, 24)  # wiring.md: one IRQ GPIO per mux channel


class EdgeStamp:
    """A pin on the IRQ wire that notes when the line falls."""

    def __init__(self) -> None:
        self.last_fall_ns = 0

    def drive_low(self) -> None:
        self.last_fall_ns = time.perf_counter_ns()

    def drive_high(self) -> None:
        pass


@dataclass
class Figures:
    layout: str
    idle_per_s: float
    poll_transactions: int
    per_touch: float
    bytes_per_touch: float
    wire_us_per_touch: float
    edges_per_touch: float
    latency_us: list[float]


def _cells() -> list[tuple[int, int]]:
    return [((7 * i) % 15, (11 * i + 3) % 15) for i in range(TAPS)]


PER_CHANNEL = DirectLayout(irq_pins=tuple((channel, pin) for channel, pin in enumerate(PINS)))
SETUPS: dict[str, MatrixLayout | DirectLayout] = {
    "matrix, shared IRQ on GPIO4": MatrixLayout(),
    "direct, shared IRQ on GPIO4": DirectLayout(),
    "direct, an IRQ per channel": PER_CHANNEL,
}


def measure(name: str) -> Figures:
    layout = SETUPS[name]
    per_channel = isinstance(layout, DirectLayout) and bool(layout.irq_pins)
    settings = TouchSettings(irq_pin=None) if per_channel else TouchSettings()
    rig = TouchRig.build(layout, settings=settings, start=False)
    stamp = EdgeStamp()
    lines = rig.panel.channel_lines.values() if per_channel else [rig.panel.line]
    for line in lines:
        line.attach_pin(stamp, first=True)  # stamped before gpiozero hears the edge
    latencies: list[float] = []

    def sink(event: HalEvent) -> None:
        if isinstance(event, TouchEvent) and event.kind is not TouchKind.AMBIGUOUS:
            latencies.append((time.perf_counter_ns() - stamp.last_fall_ns) / 1000)

    rig.sensor.start(sink)
    rig.panel.step(3)
    bus = rig.panel.bus

    before = bus.transactions
    rig.panel.step(IDLE_PERIODS)
    idle_per_s = (bus.transactions - before) / (IDLE_PERIODS / 1000)

    before = bus.transactions
    rig.sensor.poll()
    poll_transactions = bus.transactions - before

    start_t, start_b, start_w = bus.transactions, bus.bytes_moved, bus.wire_bits
    start_edges = rig.sensor.edges
    for cell in _cells():
        rig.tap(cell, hold=3, after=3)
    taps = len(_cells())
    return Figures(
        name,
        idle_per_s,
        poll_transactions,
        (bus.transactions - start_t) / taps,
        (bus.bytes_moved - start_b) / taps,
        (bus.wire_bits - start_w) / taps / I2C_HZ * 1e6,
        (rig.sensor.edges - start_edges) / taps,
        latencies,
    )


def _worst_edge(layout: MatrixLayout | DirectLayout) -> tuple[int, int]:
    """The chip reads and channel selects when every chip on one IRQ wire must be read."""
    if isinstance(layout, MatrixLayout):
        return len(layout.chips), 0
    channels = {chip.channel or 0 for chip in layout.chips}
    if not layout.irq_pins:
        return len(layout.chips), len(channels)
    return max(len(layout.channel_chips(channel)) for channel in channels), 1


def _p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]


def main() -> None:
    poll_s = TouchSettings().safety_poll_s or 0.0
    one_read_bytes = 5  # address+W, register, address+R, two status bytes
    one_read_us = (one_read_bytes * 9 + 3) / I2C_HZ * 1e6
    print(f"touch benchmark: simulated MPR121s, real Adafruit driver, {TAPS} taps per layout")
    print(
        f"budget (hardware.md): one status read = {one_read_bytes} bytes = "
        f"{one_read_us:.0f} us on the wire at 400 kHz, well under 1 ms"
    )
    for name in SETUPS:
        f = measure(name)
        per_edge_wire = f.wire_us_per_touch / f.edges_per_touch
        median, p99 = statistics.median(f.latency_us), _p99(f.latency_us)
        print(f"\n[{f.layout}]")
        print(f"  idle, interrupts only:      {f.idle_per_s:.0f} I2C transactions/s (target 0)")
        print(
            f"  safety poll:                {f.poll_transactions} transactions per poll, "
            f"{f.poll_transactions / poll_s:.1f}/s at one poll every {poll_s:g} s"
        )
        print(
            f"  per touch (down+up):        {f.per_touch:.1f} transactions, "
            f"{f.bytes_per_touch:.0f} bytes, {f.edges_per_touch:.1f} IRQ edges"
        )
        print(
            f"  wire time at 400 kHz:       {f.wire_us_per_touch:.0f} us per touch, "
            f"{per_edge_wire:.0f} us per edge ({per_edge_wire / one_read_us:.1f} x one read)"
        )
        print(
            f"  IRQ edge -> TouchEvent:     median {median:.0f} us, p99 {p99:.0f} us of software "
            f"time over {len(f.latency_us)} events (simulator work included)"
        )
        chips, channels = _worst_edge(SETUPS[name])
        worst_us = (chips * (one_read_bytes * 9 + 3) + channels * (2 * 9 + 2)) / I2C_HZ * 1e6
        print(
            f"  worst edge (one wire):      {chips} reads + {channels} channel select(s) = "
            f"{worst_us:.0f} us on the wire"
        )
        total = per_edge_wire + median
        verdict = "under" if total < 1000 else "over"
        print(
            f"  edge to event, typical:     {total:.0f} us = wire + median software, {verdict} 1 ms"
        )


if __name__ == "__main__":
    main()
