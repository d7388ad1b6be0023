"""The Pi 5 driver: WS2812 bits shaped as SPI bytes by neopixel_spi on GPIO10 (MOSI)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hal.interfaces import RGB
from hal.leds.driver import LedDriverError, check_chain, driver_library

SPI_BITS_PER_LED_BIT = 8  # neopixel_spi shapes each WS2812 bit as one SPI byte
RESET_S = 300e-6  # newer WS2812B parts need at least 280 us low between frames
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
    ) -> None:
        check_chain(count, strip_type)
        neopixel_spi = driver_library(
            "neopixel_spi", backend="spi", package="adafruit-circuitpython-neopixel-spi"
        )
        if spi is None:
            spi = _open_board_spi()
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


def _open_board_spi() -> Any:
    try:
        import board

        return board.SPI()
    except Exception as error:  # Blinka raises many kinds when there is no usable SPI
        raise LedDriverError(f"LEDs could not open the SPI bus ({error}): {_SPI_FIX}") from error
