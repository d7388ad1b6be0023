"""The LED chain: one pipeline (brightness, current limiter, gamma, mapping) over swappable drivers.

``ws281x`` (rpi_ws281x, Pi 3/4/Zero 2) and ``spi`` (neopixel_spi, Pi 5) import their libraries only
when opened, so the simulated board needs neither.
"""

from hal.leds.chain import LedChain
from hal.leds.driver import LedDriverError, PixelDriver
from hal.leds.gamma import gamma_table
from hal.leds.limiter import estimate_current_ma
from hal.leds.mapping import LedMapping

__all__ = [
    "LedChain",
    "LedDriverError",
    "LedMapping",
    "PixelDriver",
    "estimate_current_ma",
    "gamma_table",
]
