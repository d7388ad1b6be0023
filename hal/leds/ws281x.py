"""The rpi_ws281x driver (Pi 3/4/Zero 2): SPI on GPIO10 by default, PWM on GPIO18 as an option."""

from __future__ import annotations

import atexit
from collections.abc import Sequence
from itertools import compress
from operator import ne
from typing import Any

from hal.interfaces import RGB
from hal.leds.driver import LedDriverError, check_chain, driver_library

SPI_PIN = 10
FREQUENCY_HZ = 800_000
DEFAULT_DMA = 10
_PWM1_PINS = frozenset({13, 19})  # the second PWM channel; every other pin uses channel 0


class Ws281xDriver:
    """A ``PixelDriver`` on rpi_ws281x's ``PixelStrip`` (GRB, 800 kHz), setting changed LEDs."""

    def __init__(
        self,
        count: int,
        *,
        pin: int = SPI_PIN,
        dma: int = DEFAULT_DMA,
        freq_hz: int = FREQUENCY_HZ,
        invert: bool = False,
        strip_type: str = "GRB",
    ) -> None:
        check_chain(count, strip_type)
        rpi_ws281x = driver_library("rpi_ws281x", backend="ws281x", package="rpi_ws281x")
        self.count = count
        self.pin = pin
        self.dma = dma
        self._held: list[RGB | None] = [None] * count  # what the library's buffer holds
        self._swig: Any = rpi_ws281x.ws
        self._strip: Any = rpi_ws281x.PixelStrip(
            count,
            pin,
            freq_hz=freq_hz,
            dma=dma,
            invert=invert,
            brightness=255,
            channel=1 if pin in _PWM1_PINS else 0,
            strip_type=getattr(rpi_ws281x, f"WS2811_STRIP_{strip_type}"),
        )
        self._started = False
        try:
            self._strip.begin()
        except RuntimeError as error:
            self.close()
            raise LedDriverError(self._advice("could not start", error)) from error
        self._started = True

    def set_pixels(self, pixels: Sequence[RGB]) -> None:
        """Copy the colours into the library's buffer, touching only LEDs that changed."""
        if self._strip is None:
            raise LedDriverError("the ws281x LED driver is closed")
        if len(pixels) != self.count:
            raise ValueError(f"got {len(pixels)} pixels for a chain of {self.count} LEDs")
        held = self._held
        strip = self._strip
        for index in compress(range(self.count), map(ne, pixels, held)):
            red, green, blue = pixels[index]
            strip.setPixelColor(index, (red << 16) | (green << 8) | blue)
            held[index] = pixels[index]

    def show(self) -> None:
        """Render the buffer onto the wire."""
        if self._strip is None:
            raise LedDriverError("the ws281x LED driver is closed")
        try:
            self._strip.show()
        except RuntimeError as error:
            raise LedDriverError(self._advice("could not send", error)) from error

    def close(self) -> None:
        """Free the library's buffers and DMA channel; safe to call twice."""
        strip, self._strip = self._strip, None
        if strip is None:
            return
        # PixelStrip has no public close: _cleanup is what it registers to run at exit. After a
        # failed begin() the library has already cleaned up: only the bare struct is left to free.
        atexit.unregister(strip._cleanup)
        if self._started:
            strip._cleanup()
        else:
            self._swig.delete_ws2811_t(strip._leds)

    def _advice(self, what: str, error: RuntimeError) -> str:
        if "Hardware revision is not supported" in str(error):
            fix = (
                "rpi_ws281x knows each Pi by its exact revision code (rpihw.c), so it refuses a"
                " Pi 5 and any Pi 1-4 or Zero 2 revision newer than this copy of the library:"
                " upgrade it (pip install -U rpi-ws281x) or set leds.backend: spi, which drives"
                " every Pi on the same pin"
            )
        elif self.pin == SPI_PIN:
            fix = (
                "enable SPI (dtparam=spi=on in /boot/firmware/config.txt); rpi_ws281x opens"
                " /dev/spidev0.0 and /dev/gpiomem, so the user needs the spi and gpio groups"
                " (and a service unit must allow both devices); pin the core clock"
                " (core_freq=500 core_freq_min=500 on a Pi 4, core_freq=250 on a Pi 3);"
                " cullsboard install-service sets all of this up"
            )
        else:
            fix = (
                f"PWM/PCM output on GPIO{self.pin} needs root (/dev/mem and /dev/vcio) and no"
                " analog audio (dtparam=audio=off), so the kiosk service cannot run it;"
                " use GPIO10 (SPI), which needs neither"
            )
        return f"LEDs on GPIO{self.pin} {what} ({error}): {fix}"

    def __repr__(self) -> str:
        state = "closed" if self._strip is None else "open"
        return f"<Ws281xDriver {self.count} LEDs on GPIO{self.pin}, DMA {self.dma}, {state}>"
