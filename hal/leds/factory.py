"""Open a real LED chain from settings: the driver for the backend under the common pipeline."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal

from hal.interfaces import Cell
from hal.leds.chain import LedChain
from hal.leds.driver import PixelDriver
from hal.leds.mapping import LedMapping
from hal.leds.spi import SpiNeoPixelDriver
from hal.leds.ws281x import SPI_PIN, Ws281xDriver

Backend = Literal["ws281x", "spi"]


def open_led_chain(
    backend: Backend,
    *,
    columns: int,
    rows: int,
    chain: Sequence[Cell] | None = None,
    status_count: int = 0,
    gamma: float = 2.8,
    brightness: float = 1.0,
    max_current_ma: float = 3500.0,
    gpio: int = SPI_PIN,
    dma: int = 10,
    frequency_hz: int = 800_000,
    invert: bool = False,
    strip_type: str = "GRB",
    spi: Any = None,
) -> LedChain:
    """The chain for ``backend``; ``chain`` lists the cells in LED order (None: serpentine)."""
    mapping = (
        LedMapping.serpentine(columns, rows)
        if chain is None
        else LedMapping.from_cells(columns, rows, chain)
    )
    count = columns * rows + status_count
    driver: PixelDriver
    if backend == "ws281x":
        driver = Ws281xDriver(
            count, pin=gpio, dma=dma, freq_hz=frequency_hz, invert=invert, strip_type=strip_type
        )
    elif backend == "spi":
        if gpio != SPI_PIN or invert:
            raise ValueError("the spi LED driver sends on GPIO10 only, without inversion")
        driver = SpiNeoPixelDriver(count, spi=spi, freq_hz=frequency_hz, strip_type=strip_type)
    else:
        raise ValueError(f"unknown LED backend {backend!r}: use ws281x or spi")
    try:
        return LedChain(
            driver,
            mapping,
            status_count=status_count,
            brightness=brightness,
            gamma=gamma,
            max_current_ma=max_current_ma,
        )
    except ValueError:
        driver.close()
        raise
