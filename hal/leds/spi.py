"""The spi driver (a Pi 5, or a Pi 3/4 with its core clock pinned): WS2812 bits shaped as SPI
bytes by neopixel_spi on GPIO10 (MOSI).

A frame must reach the wire in one write. Adafruit_PureIO (under Blinka's SPI) cuts writes into
4096-byte pieces unless ``SPI_BUFSIZE`` is set when the bus is opened, and the kernel refuses a
write longer than spidev's ``bufsiz``; 229 LEDs are 5,976 bytes. So the driver sets
``SPI_BUFSIZE`` before it opens the board's SPI, and refuses to start when the kernel's buffer
is too small, naming the fix.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from hal.interfaces import RGB
from hal.leds.driver import LedDriverError, check_chain, driver_library
from hal.leds.wire import (
    SPI_BUFSIZ_SETTING,
    SPIDEV_BUFSIZ_PATH,
    kernel_spi_bufsiz,
    neopixel_spi_frame_bytes,
)

SPI_BITS_PER_LED_BIT = 8  # neopixel_spi shapes each WS2812 bit as one SPI byte
RESET_S = 300e-6  # newer WS2812B parts need at least 280 us low between frames
CHUNK_VARIABLE = "SPI_BUFSIZE"  # Adafruit_PureIO's SPI reads it when the bus is opened
_SPI_FIX = (
    "enable SPI (dtparam=spi=on in /boot/firmware/config.txt) and add the user to the spi group"
)


class SpiNeoPixelDriver:
    """A ``PixelDriver`` on ``neopixel_spi.NeoPixel_SPI`` (GRB); ``spi`` defaults to board.SPI()."""

    def __init__(
        self,
        count: int,
        *,
        spi: Any = None,
        freq_hz: int = 800_000,
        strip_type: str = "GRB",
        kernel_bufsiz_path: Path = SPIDEV_BUFSIZ_PATH,
    ) -> None:
        check_chain(count, strip_type)
        neopixel_spi = driver_library(
            "neopixel_spi", backend="spi", package="adafruit-circuitpython-neopixel-spi"
        )
        self.frame_bytes = neopixel_spi_frame_bytes(count, freq_hz * SPI_BITS_PER_LED_BIT, RESET_S)
        if spi is None:
            spi = _open_board_spi(self.frame_bytes, kernel_bufsiz_path)
        self.count = count
        self._pixels: Any = neopixel_spi.NeoPixel_SPI(
            spi,
            count,
            bpp=3,
            brightness=1.0,
            auto_write=False,
            pixel_order=strip_type,
            frequency=freq_hz * SPI_BITS_PER_LED_BIT,
            reset_time=RESET_S,
        )

    def set_pixels(self, pixels: Sequence[RGB]) -> None:
        """Copy the colours into the send buffer."""
        if self._pixels is None:
            raise LedDriverError("the spi LED driver is closed")
        if len(pixels) != self.count:
            raise ValueError(f"got {len(pixels)} pixels for a chain of {self.count} LEDs")
        self._pixels[0 : self.count] = pixels

    def show(self) -> None:
        """Write the bit stream (framed by reset gaps) to the SPI bus."""
        if self._pixels is None:
            raise LedDriverError("the spi LED driver is closed")
        try:
            self._pixels.show()
        except (OSError, RuntimeError) as error:
            raise LedDriverError(f"LEDs on SPI could not send ({error}): {_SPI_FIX}") from error

    def close(self) -> None:
        """Forget the bus; safe to call twice (the chain has already sent an all-off frame)."""
        self._pixels = None

    def __repr__(self) -> str:
        state = "closed" if self._pixels is None else "open"
        return f"<SpiNeoPixelDriver {self.count} LEDs, {state}>"


def _open_board_spi(frame_bytes: int, kernel_bufsiz_path: Path) -> Any:
    """The board's SPI0, set up so that one frame is one write."""
    kernel = kernel_spi_bufsiz(kernel_bufsiz_path)
    if kernel is not None and kernel < frame_bytes:
        raise LedDriverError(
            f"one LED frame is {frame_bytes} bytes but the kernel's SPI buffer is {kernel}: "
            f"add spidev.bufsiz={SPI_BUFSIZ_SETTING} to /boot/firmware/cmdline.txt "
            "(cullsboard install-service does) and reboot"
        )
    chunk = os.environ.get(CHUNK_VARIABLE, "")
    if not chunk.isdigit() or int(chunk) < frame_bytes:
        os.environ[CHUNK_VARIABLE] = str(frame_bytes)
    try:
        import board

        return board.SPI()
    except Exception as error:  # Blinka raises many kinds when there is no usable SPI
        raise LedDriverError(f"LEDs could not open the SPI bus ({error}): {_SPI_FIX}") from error
