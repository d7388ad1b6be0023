"""The seam under the LED chain: a driver that takes raw pixels in chain order and sends them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from hal.interfaces import RGB


class LedDriverError(OSError):
    """The LED driver could not start or send; the message names the likely fix."""


class PixelDriver(Protocol):
    """Raw pixels out: already mapped, gamma-corrected and limited; the driver only sends."""

    def set_pixels(self, pixels: Sequence[RGB]) -> None:
        """Put one colour per LED, in chain order, into the send buffer."""

    def show(self) -> None:
        """Send the buffer to the LEDs; raise OSError (e.g. LedDriverError) if that failed."""

    def close(self) -> None:
        """Release the hardware; safe to call twice."""
