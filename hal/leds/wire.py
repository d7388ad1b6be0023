"""How many bytes one frame is on the SPI bus, for each driver, and the kernel's limit on a write.

Linux's spidev refuses (EMSGSIZE) a write longer than its ``bufsiz`` module parameter, 4096 bytes
unless ``spidev.bufsiz=`` is on the kernel command line; a frame must go out in one write, or the
pause between two writes can latch the first LEDs early.
"""

from __future__ import annotations

from pathlib import Path

KERNEL_SPI_BUFSIZ = 4096  # spidev's default bufsiz
SPIDEV_BUFSIZ_PATH = Path("/sys/module/spidev/parameters/bufsiz")
SPI_BUFSIZ_SETTING = 32768  # what install-service puts on the kernel command line when needed

# rpi_ws281x (ws2811.c): 3 SPI bits per WS2812 bit at 3x the LED rate, for 4 colour slots
# (R, G, B and W) of 8 bits each, whatever the strip type, plus 55 us of low for the reset.
WS281X_BITS_PER_LED = 4 * 8 * 3
WS281X_RESET_US = 55
# neopixel_spi: one SPI byte per WS2812 bit at 8x the LED rate, 3 bytes per RGB LED, and the
# reset time as zero bytes before and after the frame.
NEOPIXEL_SPI_BYTES_PER_LED = 3 * 8


def ws281x_frame_bytes(count: int, freq_hz: int = 800_000) -> int:
    """rpi_ws281x's SPI transfer for ``count`` LEDs: its PCM_BYTE_COUNT."""
    bits = count * WS281X_BITS_PER_LED + WS281X_RESET_US * freq_hz * 3 // 1_000_000
    return ((bits >> 3) & ~0x7) + 8


def neopixel_spi_frame_bytes(count: int, spi_hz: int, reset_s: float) -> int:
    """neopixel_spi's one write for ``count`` LEDs: reset, 24 bytes per LED, reset."""
    return count * NEOPIXEL_SPI_BYTES_PER_LED + 2 * neopixel_spi_reset_bytes(spi_hz, reset_s)


def neopixel_spi_reset_bytes(spi_hz: int, reset_s: float) -> int:
    """The zero bytes neopixel_spi sends on each side of a frame (``round(freq * t / 8)``)."""
    return round(spi_hz * reset_s / 8)


def kernel_spi_bufsiz(path: Path = SPIDEV_BUFSIZ_PATH) -> int | None:
    """The running kernel's spidev ``bufsiz``, or None when it cannot be read (no spidev)."""
    try:
        return int(path.read_text(encoding="ascii").strip())
    except (OSError, ValueError):
        return None
