"""The seam under the LED chain: a driver that takes raw pixels in chain order and sends them."""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from typing import Any, Protocol

from hal.errors import HardwareError
from hal.interfaces import RGB

STRIP_TYPES = ("GRB", "RGB", "BRG", "RBG", "GBR", "BGR")  # the order the LEDs read the bytes in


class LedDriverError(HardwareError):
    """The LED driver could not start or send; the message names the likely fix."""


class PixelDriver(Protocol):
    """Raw pixels out: already mapped, gamma-corrected and limited; the driver only sends."""

    def set_pixels(self, pixels: Sequence[RGB]) -> None:
        """Put one colour per LED, in chain order, into the send buffer."""

    def show(self) -> None:
        """Send the buffer to the LEDs; raise OSError (e.g. LedDriverError) if that failed."""

    def close(self) -> None:
        """Release the hardware; safe to call twice."""


def check_chain(count: int, strip_type: str) -> None:
    """Raise ValueError for a chain without LEDs or with an unknown byte order."""
    if count < 1:
        raise ValueError(f"the LED chain needs at least one LED, got {count}")
    if strip_type not in STRIP_TYPES:
        raise ValueError(f"unknown strip type {strip_type!r}: use {', '.join(STRIP_TYPES)}")


def driver_library(module: str, *, backend: str, package: str) -> Any:
    """Import the library a backend drives the LEDs with; LedDriverError says how to get it."""
    try:
        return importlib.import_module(module)
    except ImportError as error:
        raise LedDriverError(
            f"the {backend} LED driver needs {package} ({error}): pip install 'cullsboard[board]'"
        ) from error
