"""Software time of one 225-LED frame through the pipeline (limiter, gamma, mapping, driver calls).

The rpi_ws281x C calls are replaced by no-ops, so the figures are the Python work before the wire.
Run: .venv/bin/python -m bench.bench_leds
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from rpi_ws281x import rpi_ws281x as pixelstrip_module

from hal.interfaces import RGB, Frame
from hal.leds import LedChain, LedMapping
from hal.leds.ws281x import Ws281xDriver

COLUMNS = ROWS = 15
FRAMES = 2000
WIRE_US_PER_LED = 30.0  # 24 bits at 800 kHz
RESET_US = 280.0  # the longer reset gap of newer WS2812B parts


@contextmanager
def no_hardware() -> Iterator[None]:
    """Swap the C calls that need a Pi for no-ops, and put them back afterwards."""
    ws: Any = pixelstrip_module.ws
    fakes: dict[str, Callable[..., Any]] = {
        "ws2811_init": lambda leds: 0,
        "ws2811_render": lambda leds: 0,
        "ws2811_led_set": lambda channel, index, value: 0,
        "ws2811_fini": lambda leds: None,
    }
    saved = {name: getattr(ws, name) for name in fakes}
    for name, fake in fakes.items():
        setattr(ws, name, fake)
    try:
        yield
    finally:
        for name, original in saved.items():
            setattr(ws, name, original)


def frame_from(colours: list[RGB]) -> Frame:
    rows = tuple(tuple(colours[r * COLUMNS : (r + 1) * COLUMNS]) for r in range(ROWS))
    return Frame(rows, ())


def one_cell_changes(rng: random.Random) -> Iterator[Frame]:
    """A game: a dim board where one cell changes colour each frame (never limited)."""
    colours: list[RGB] = [(8, 8, 8)] * (COLUMNS * ROWS)
    while True:
        colours[rng.randrange(len(colours))] = (rng.randrange(256), rng.randrange(256), 0)
        yield frame_from(colours)


def all_random(rng: random.Random) -> Iterator[Frame]:
    """Every cell a new random colour each frame (an animation; the limiter usually works)."""
    while True:
        colours = [(rng.randrange(256), rng.randrange(256), rng.randrange(256)) for _ in range(225)]
        yield frame_from(colours)


def measure(frames: Iterator[Frame], max_current_ma: float) -> tuple[list[float], float]:
    """Microseconds per show, and the share of frames the limiter scaled down."""
    chain = LedChain(
        Ws281xDriver(COLUMNS * ROWS),
        LedMapping.serpentine(COLUMNS, ROWS),
        gamma=2.8,
        max_current_ma=max_current_ma,
    )
    timings: list[float] = []
    limited = 0
    try:
        for _ in range(FRAMES):
            frame = next(frames)
            start = time.perf_counter_ns()
            chain.show(frame)
            timings.append((time.perf_counter_ns() - start) / 1000)
            limited += chain.last_scale < 1.0
    finally:
        chain.close()
    return timings, limited / FRAMES


def report(name: str, timings: list[float], limited_share: float) -> None:
    ordered = sorted(timings)
    p99 = ordered[int(len(ordered) * 0.99) - 1]
    print(
        f"{name:<36} median {statistics.median(ordered):7.1f} us   p99 {p99:7.1f} us"
        f"   limited {limited_share:4.0%}"
    )


def main() -> None:
    wire_us = COLUMNS * ROWS * WIRE_US_PER_LED
    print(f"one {COLUMNS * ROWS}-LED frame, {FRAMES} frames each, gamma 2.8, serpentine")
    rng = random.Random(1)
    with no_hardware():
        report("one cell changes, 6 A budget", *measure(one_cell_changes(rng), 6000.0))
        report("all cells random, 6 A budget", *measure(all_random(rng), 6000.0))
        report("all cells random, 2 A budget", *measure(all_random(rng), 2000.0))
    print(
        f"physical floor on the wire: {COLUMNS * ROWS} x {WIRE_US_PER_LED:.0f} us ="
        f" {wire_us / 1000:.2f} ms + {RESET_US:.0f} us reset = {(wire_us + RESET_US) / 1000:.2f} ms"
    )


if __name__ == "__main__":
    main()
