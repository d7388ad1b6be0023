"""The project's error root and families (``hal/errors.py``), as the firmware imports them."""

from __future__ import annotations

from hal.errors import (
    CullsboardError,
    HardwareError,
    InputError,
    ReportedError,
    StopSignal,
    UnavailableError,
)

__all__ = [
    "CullsboardError",
    "HardwareError",
    "InputError",
    "ReportedError",
    "StopSignal",
    "UnavailableError",
]
